import type { BrandTrendMetric } from '@marketlens/shared/contracts';
import { Flex, Segmented, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  activeCount,
  EChart,
  PanelCard,
  useAnalysisFilter,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { brandTrendChart } from './charts.js';
import { useBrandTrend } from './data.js';
import { BRAND_PARAMS, TREND_METRICS, TREND_SELECTORS, type TrendSelector } from './params.js';

/**
 * The brand by period (GET /brands/trends): sales, units, average price or its market share as bars,
 * the growth against the previous period or last year as a line.
 */
export function TrendPanel({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const axis = useAxisCoverage();
  const { filter } = useAnalysisFilter();
  const [metric, setMetric] = usePanelParam(BRAND_PARAMS.trendMetric);
  // The filter's comparison unless the user switches here (the endpoint knows mom and yoy only).
  const [chosen, setChosen] = usePanelParam(BRAND_PARAMS.trendCompare);
  const selector: TrendSelector = chosen ?? (filter.selector === 'yoy' ? 'yoy' : 'mom');
  const q = useBrandTrend(brandId, metric, selector);
  const points = q.data?.points ?? [];
  const metricName = t(`brand.metric.${metric}`);
  const option = useMemo(
    () =>
      brandTrendChart(
        q.data,
        { metric, metricName, growthName: t(`brand.trend.growth.${selector}`, { metric: metricName }) },
        fmt,
        axis,
      ),
    [q.data, metric, metricName, selector, fmt, t, axis],
  );
  // Only the period and the categories reach this endpoint: say so when other filters are set.
  const narrowed = activeCount({ ...filter, category: { enable: false, value: [] } }) > 0;

  return (
    <PanelCard
      title={t('brand.trend.title')}
      definitions={['sales', 'count', 'avg_price', 'share', 'growth']}
      extra={
        <Flex gap={8} wrap>
          <Segmented<TrendSelector>
            size="small"
            value={selector}
            onChange={setChosen}
            options={TREND_SELECTORS.map((s) => ({ value: s, label: t(`brand.cmp.${s}`) }))}
            data-testid="trend-selector"
          />
          <Segmented<BrandTrendMetric>
            size="small"
            value={metric}
            onChange={setMetric}
            aria-label={t('analysis.metric.label')}
            options={TREND_METRICS.map((m) => ({ value: m, label: t(`brand.metric.${m}`) }))}
            data-testid="trend-metric"
          />
        </Flex>
      }
      subject={t('brand.trend.subject')}
      loading={q.isFetching}
      error={q.error ?? undefined}
      onRetry={() => void q.refetch()}
      empty={q.data !== undefined && points.every((p) => p.sales === 0)}
      minHeight={320}
    >
      {points.length > 0 && (
        <Flex vertical gap={4}>
          <EChart option={option} height={320} />
          {narrowed && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="trend-scope-hint">
              {t('brand.trend.scopeHint')}
            </Typography.Text>
          )}
        </Flex>
      )}
    </PanelCard>
  );
}
