import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryGate, FILTER_SECTIONS, FilterPanel, preloadCharts } from '../../shared/analysis/index.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { DiscountSwitch } from './DiscountSwitch.js';
import { useSelection } from './data.js';
import { productAnalysisMessages } from './messages.js';
import { PricePanel } from './PricePanel.js';
import { ProductsPanel } from './ProductsPanel.js';
import { SelectionPicker } from './SelectionPicker.js';
import { SeriesPanel } from './SeriesPanel.js';
import { SummaryCards } from './SummaryCards.js';
import { TrendPanel } from './TrendPanel.js';

registerArea(productAnalysisMessages);
// Charts at first view: the chart library downloads beside the page's data.
preloadCharts();

const PRIMARY = ['date', 'compare', 'category', 'channels'] as const;

/**
 * Product Analysis (/analysis, route id 6): products and product series under the shared filter —
 * how much they sell, at what price against their category, where, and which products make them up.
 * The chosen products and series are the URL's `sp` and `ss`; none = the filtered market. Endpoints
 * and access rules: docs/pages/product-analysis.md.
 */
export default function ProductAnalysisPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.analysis');
  const { body, series } = useSelection();
  return (
    <PageFrame title={title} subtitle={t('pa.subtitle')} extra={<DiscountSwitch />} bare>
      {/* Every section of the analysis pages: products and series are chosen beside it, not in it. */}
      <FilterPanel sections={FILTER_SECTIONS} primary={PRIMARY} />
      <Card variant="borderless">
        <SelectionPicker />
      </Card>
      <CategoryGate>
        <Flex vertical gap={16} data-testid="pa-page">
          <SummaryCards selection={body} />
          <TrendPanel />
          <PricePanel />
          {series.length > 0 && (
            <Card variant="borderless">
              <SeriesPanel />
            </Card>
          )}
          <ProductsPanel />
        </Flex>
      </CategoryGate>
    </PageFrame>
  );
}
