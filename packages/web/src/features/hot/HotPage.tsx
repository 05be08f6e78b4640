import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CategoryGate,
  CategoryTrendsPanel,
  FilterPanel,
  Later,
  preloadCharts,
  useParentCategory,
} from '../../shared/analysis/index.js';
import { PanelDefinitions } from '../../shared/analysis/PanelCard.js';
import { registerArea } from '../../shared/i18n/index.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { FreshPanel } from './FreshPanel.js';
import { HotGoodsPanel } from './HotGoodsPanel.js';
import { KeywordCloudPanel } from './KeywordCloudPanel.js';
import { hotMessages } from './messages.js';
import { HOT_PARAMS } from './params.js';
import { RisingPanel } from './RisingPanel.js';

registerArea(hotMessages);
// Charts at first view: the chart library downloads beside the page's data.
preloadCharts();

/**
 * Trend Overview (/hot, route id 1): what is hot right now. The top 10 categories under a parent and
 * their trends, the fastest growers, newcomers, the hot-keyword cloud and a sample of best sellers,
 * all under the shared filter of the URL. Endpoints and rules: docs/pages/hot.md.
 */
export default function HotPage() {
  const { t } = useTranslation();
  // A shared link may name a category this user was not granted: the panels wait for the tree.
  const parent = useParentCategory(HOT_PARAMS.parent);

  return (
    <PageFrame title={t('route.hot')} subtitle={t('hot.subtitle')} bare>
      <Flex vertical gap={16} data-testid="hot-page">
        <FilterPanel />
        <CategoryGate>
          <PanelDefinitions value={['sales', 'count', 'avg_price', 'share', 'growth']}>
            <CategoryTrendsPanel
              endpoint={HOT_ENDPOINTS.categoryTrends}
              parent={parent}
              metricParam={HOT_PARAMS.metric}
              title={{ all: t('hot.trends.title'), under: (name) => t('hot.trends.titleUnder', { parent: name }) }}
              testId="hot-trends"
            />
          </PanelDefinitions>
          <Row gutter={[16, 16]}>
            {/* Side by side on a wide screen, the two cards share the row's height; on a laptop the
                rising table (six columns, growth with its flag) needs the whole width to keep names readable. */}
            <Col xs={24} xxl={10} style={{ display: 'flex' }}>
              <KeywordCloudPanel />
            </Col>
            <Col xs={24} xxl={14} style={{ display: 'flex' }}>
              <RisingPanel parent={parent.parent} parentDenied={parent.denied} parentReady={parent.ready} />
            </Col>
          </Row>
          <Later minHeight={900}>
            <FreshPanel />
            <HotGoodsPanel />
          </Later>
        </CategoryGate>
      </Flex>
    </PageFrame>
  );
}
