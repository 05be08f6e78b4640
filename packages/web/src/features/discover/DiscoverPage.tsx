import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentDef } from '../../app/routeHooks.js';
import { CategoryGate, FilterPanel, Later, preloadCharts } from '../../shared/analysis/index.js';
import { registerArea } from '../../shared/i18n/index.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { DistributionPanel } from './DistributionPanel.js';
import { discoverMessages } from './messages.js';
import { RankingPanel } from './RankingPanel.js';
import { SummaryCards } from './SummaryCards.js';
import { SeriesTrendPanel, TrendPanel } from './TrendPanel.js';
import { ValuationPanel } from './ValuationPanel.js';

registerArea(discoverMessages);
// Charts at first view: the chart library downloads beside the page's data.
preloadCharts();

/**
 * Category Insight (/discover, route id 4): how big and how healthy the category is (summary, trend,
 * valuation), who leads it and who is growing (rankings), at what prices and where (distributions).
 */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const def = useCurrentDef();
  return (
    <PageFrame title={def ? t(def.titleKey) : t('discover.title')} subtitle={t('discover.subtitle')} bare>
      <FilterPanel />
      <CategoryGate>
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
          <Later minHeight={900}>
            <DistributionPanel />
            <RankingPanel />
            <ValuationPanel />
          </Later>
        </Flex>
      </CategoryGate>
    </PageFrame>
  );
}
