import { Col, Flex, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentDef } from '../../app/router.js';
import {
  type CategoryNode,
  FilterPanel,
  NoAccess,
  useAnalysisFilter,
  useCategoryTree,
} from '../../shared/analysis/index.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { DistributionPanel } from './DistributionPanel.js';
import { RankingPanel } from './RankingPanel.js';
import { SummaryCards } from './SummaryCards.js';
import { SeriesTrendPanel, TrendPanel } from './TrendPanel.js';
import { ValuationPanel } from './ValuationPanel.js';

function collectIds(nodes: readonly CategoryNode[], into: Set<number>): Set<number> {
  for (const n of nodes) {
    into.add(n.category_id);
    collectIds(n.children, into);
  }
  return into;
}

/**
 * The chosen categories the user was not granted (spec §6): ids in the URL that the granted tree
 * does not hold. Empty until the tree is known.
 */
function useUngrantedCategories(): number[] {
  const { filter } = useAnalysisFilter();
  const tree = useCategoryTree();
  return useMemo(() => {
    if (!tree.data || !filter.category.enable) return [];
    const granted = collectIds(tree.data, new Set());
    return filter.category.value.filter((id) => !granted.has(id));
  }, [tree.data, filter.category]);
}

/**
 * Category Insight (/discover, route id 4): how big and how healthy the category is (summary, trend,
 * valuation), who leads it and who is growing (rankings), at what prices and where (distributions).
 */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const def = useCurrentDef();
  const ungranted = useUngrantedCategories();
  return (
    <PageFrame title={def ? t(def.titleKey) : t('discover.title')} subtitle={t('discover.subtitle')} bare>
      <FilterPanel />
      {ungranted.length > 0 ? (
        <NoAccess kind="category" />
      ) : (
        <Flex vertical gap={16} data-testid="discover-page">
          <SummaryCards />
          <Row gutter={[16, 16]}>
            <Col xs={24} xxl={12}>
              <TrendPanel />
            </Col>
            <Col xs={24} xxl={12}>
              <SeriesTrendPanel />
            </Col>
          </Row>
          <DistributionPanel />
          <RankingPanel />
          <ValuationPanel />
        </Flex>
      )}
    </PageFrame>
  );
}
