import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { EventReviewPanel } from '../../shared/analysis/eventReview/index.js';
import { CategoryGate, FilterPanel, Later, preloadCharts } from '../../shared/analysis/index.js';
import { MovementPanel } from '../../shared/analysis/movement/index.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { DistributionPanel } from './DistributionPanel.js';
import { discoverMessages } from './messages.js';
import { DISCOVER_PARAMS } from './params.js';
import { RankingPanel } from './RankingPanel.js';
import { SummaryCards } from './SummaryCards.js';
import { SeriesTrendPanel, TrendPanel } from './TrendPanel.js';
import { ValuationPanel } from './ValuationPanel.js';

registerArea(discoverMessages);
// Charts at first view: the chart library downloads beside the page's data.
preloadCharts();

/**
 * Category Insight (/discover, route id 4): how big and how healthy the category is (summary, trend,
 * valuation), what moved its sales, who leads it and who is growing (rankings), at what prices and where (distributions).
 */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('discover.title');
  return (
    <PageFrame title={title} subtitle={t('discover.subtitle')} bare>
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
            <MovementPanel view={DISCOVER_PARAMS.movementView} cohorts />
            <EventReviewPanel edition={DISCOVER_PARAMS.eventReview} />
            <DistributionPanel />
            <RankingPanel />
            <ValuationPanel />
          </Later>
        </Flex>
      </CategoryGate>
    </PageFrame>
  );
}
