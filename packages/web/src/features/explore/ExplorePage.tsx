import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Alert, Card, Col, Empty, Flex, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  CategoryGate,
  CategoryTrendsPanel,
  decodeFilter,
  encodeFilter,
  FILTER_SECTIONS,
  FilterPanel,
  PanelCard,
  panelState,
  useAnalysisQuery,
  usePanelParam,
  useParentCategory,
} from '../../shared/analysis/index.js';
import { MovementPanel } from '../../shared/analysis/movement/index.js';
import { PanelDefinitions } from '../../shared/analysis/PanelCard.js';
import { registerArea } from '../../shared/i18n/index.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { ConceptBar } from './ConceptBar.js';
import { useConcept, wordsConcept } from './concept.js';
import { DetailDrawer } from './DetailDrawer.js';
import { exploreMessages } from './messages.js';
import { PenetrationPanel } from './PenetrationPanel.js';
import { EXPLORE_PARAMS } from './params.js';
import { RankingPanel } from './RankingPanel.js';
import { RelatedWords } from './RelatedWords.js';
import { SummaryCards } from './SummaryCards.js';
import { TrendPanel } from './TrendPanel.js';
import { ValuationPanel } from './ValuationPanel.js';

registerArea(exploreMessages);

/** The concept bar edits the filter's keywords: the filter panel leaves that section out. */
const SECTIONS = FILTER_SECTIONS.filter((s) => s !== 'keywords');

/** `?keyword=` (a word-cloud click on Trend Overview) becomes the concept of the URL's filter. */
function useKeywordLink() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const word = params.get('keyword')?.trim();
    if (word === undefined) return;
    params.delete('keyword');
    const filter = decodeFilter(params);
    const search = word ? encodeFilter({ ...filter, goodsKeywords: wordsConcept([word]) }, params) : `?${params}`;
    void navigate({ pathname: location.pathname, search }, { replace: true });
  }, [location.search, location.pathname, navigate]);
}

/** The panels of a concept that matched something under the filter. */
function ConceptPanels() {
  const { t } = useTranslation();
  const parent = useParentCategory(EXPLORE_PARAMS.parent);
  const [, setDetail] = usePanelParam(EXPLORE_PARAMS.detail);
  return (
    <Flex vertical gap={16} data-testid="explore-panels">
      <SummaryCards />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16} style={{ display: 'flex' }}>
          <TrendPanel />
        </Col>
        <Col xs={24} xl={8} style={{ display: 'flex' }}>
          <RelatedWords />
        </Col>
      </Row>
      <PanelDefinitions value={['sales', 'count', 'avg_price', 'share', 'growth']}>
        <CategoryTrendsPanel
          endpoint={EXPLORE_ENDPOINTS.categoryTrends}
          parent={parent}
          metricParam={EXPLORE_PARAMS.categoryMetric}
          title={{
            all: t('explore.categories.title'),
            under: (name) => t('explore.categories.titleUnder', { parent: name }),
          }}
          testId="concept-categories"
          onOpen={(c) => setDetail(c.category_id)}
        />
      </PanelDefinitions>
      <MovementPanel view={EXPLORE_PARAMS.movementView} />
      <PenetrationPanel parent={parent} />
      <ValuationPanel />
      <RankingPanel />
      <DetailDrawer />
    </Flex>
  );
}

/**
 * Whether the concept sells at all under the filter: the docs/product.md §8 "no data" message instead of
 * empty charts.
 */
function ConceptResult() {
  const { t } = useTranslation();
  const q = useAnalysisQuery(EXPLORE_ENDPOINTS.empty);
  if (q.data?.empty) {
    return (
      <Alert
        type="warning"
        showIcon
        message={q.data.warnings[0]?.msg ?? t('analytics.noData')}
        data-testid="concept-no-data"
      />
    );
  }
  if (!q.data) return <PanelCard {...panelState(q)} subject={t('explore.empty.subject')} minHeight={160} />;
  return <ConceptPanels />;
}

/**
 * Concept Explore (/explore, route id 2): a market defined by words in product titles — its size,
 * growth, penetration, categories, brands and products. The concept is the filter's keywords, set by
 * the concept bar (or `?keyword=` from the Trend Overview word cloud). Endpoints: docs/pages/explore.md.
 */
export default function ExplorePage() {
  const { t } = useTranslation();
  useKeywordLink();
  const { concept } = useConcept();
  return (
    <PageFrame title={t('route.explore')} subtitle={t('explore.subtitle')} bare>
      <Flex vertical gap={16} data-testid="explore-page">
        <ConceptBar />
        <FilterPanel sections={SECTIONS} />
        <CategoryGate>
          {concept ? (
            <ConceptResult />
          ) : (
            <Card data-testid="concept-start">
              <Empty description={t('explore.start.text')}>
                <strong>{t('explore.start.title')}</strong>
              </Empty>
            </Card>
          )}
        </CategoryGate>
      </Flex>
    </PageFrame>
  );
}
