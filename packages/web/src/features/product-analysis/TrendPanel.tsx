import type { ProductTrendBy } from '@marketlens/shared/contracts';
import { PRODUCT_ANALYSIS_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EChart,
  MetricSwitch,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { productTrendChart } from './charts.js';
import { useSelection, useSeriesLabel } from './data.js';
import { PRODUCT_PARAMS, TREND_BY } from './params.js';

/**
 * Sales, units or average price by period (POST /analysis/trends): the whole selection as bars with
 * its growth, or one line per product (up to 10) or per chosen series.
 */
export function TrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const axis = useAxisCoverage();
  const nameOf = useNameOf();
  const seriesLabel = useSeriesLabel();
  const { body, series } = useSelection();
  const [chosenBy, setBy] = usePanelParam(PRODUCT_PARAMS.trendBy);
  const [metric, setMetric] = usePanelParam(PRODUCT_PARAMS.trendMetric);
  // Series lines need chosen series.
  const by: ProductTrendBy = chosenBy === 'series' && series.length === 0 ? 'total' : chosenBy;
  const q = useAnalysisQuery(PRODUCT_ANALYSIS_ENDPOINTS.trends, { ...body, by });
  const metricName = t(`analysis.metric.${metric}`);
  const option = useMemo(
    () =>
      productTrendChart(
        q.data,
        { metric, metricName, growthName: t('pa.trend.growth', { metric: metricName }), name: nameOf },
        fmt,
        axis,
      ),
    [q.data, metric, metricName, nameOf, fmt, t, axis],
  );
  const lines = q.data?.lines ?? [];
  return (
    <PanelCard
      title={t('pa.trend.title')}
      definitions={['sales', 'count', 'avg_price', 'growth']}
      subject={t('pa.trend.subject')}
      extra={
        <Flex gap={8} wrap>
          <Segmented<ProductTrendBy>
            size="small"
            value={by}
            onChange={setBy}
            options={TREND_BY.map((b) => ({
              value: b,
              label: t(`pa.trend.by.${b}`, { series: seriesLabel }),
              disabled: b === 'series' && series.length === 0,
            }))}
            data-testid="pa-trend-by"
          />
          <MetricSwitch value={metric} onChange={setMetric} />
        </Flex>
      }
      {...panelState(q)}
      empty={q.data !== undefined && lines.every((l) => l.points.every((p) => p.sales === 0))}
      minHeight={320}
    >
      {lines.length > 0 && (
        <div data-testid="pa-trend-chart">
          <EChart option={option} height={320} />
        </div>
      )}
    </PanelCard>
  );
}
