import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_METRIC,
  EChart,
  type Metric,
  MetricSwitch,
  PanelCard,
  panelState,
  useAnalysisFilter,
  useFormatters,
  useNameOf,
} from '../../shared/analysis/index.js';
import { seriesOption, trendOption } from './charts.js';
import { type TrendsData, type TrendsListData, useInsightQuery } from './data.js';

/** The category's metric by period with its growth against the filter's comparison (POST /trends). */
export function TrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter } = useAnalysisFilter();
  const [metric, setMetric] = useState<Metric>(DEFAULT_METRIC);
  const q = useInsightQuery<TrendsData>('trends', { metric });
  const points = q.data?.points ?? [];
  const metricName = t(`analysis.metric.${metric}`);
  const growthKey =
    filter.selector === 'yoy'
      ? 'discover.trend.growthYoy'
      : filter.selector === 'custom'
        ? 'discover.trend.growthCustom'
        : 'discover.trend.growth';
  const option = useMemo(
    () =>
      trendOption({
        periods: points.map((p) => p.period),
        values: points.map((p) => p.value),
        growth: points.map((p) => p.value_growth),
        metric: q.data?.metric ?? metric,
        metricName,
        growthName: t(growthKey, { metric: metricName }),
        fmt,
      }),
    [points, q.data?.metric, metric, metricName, growthKey, fmt, t],
  );
  return (
    <PanelCard
      title={t('discover.trend.title')}
      extra={<MetricSwitch value={metric} onChange={setMetric} />}
      subject={t('discover.trend.subject')}
      {...panelState(q)}
      minHeight={320}
    >
      {points.length > 0 && <EChart option={option} height={320} />}
    </PanelCard>
  );
}

const DIMENSIONS = ['category', 'brand', 'platform', 'channel'] as const;
type Dimension = (typeof DIMENSIONS)[number];

/** The top series of a dimension by period (POST /trends_list): which sub-categories, brands … move. */
export function SeriesTrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [metric, setMetric] = useState<Metric>(DEFAULT_METRIC);
  const [dimension, setDimension] = useState<Dimension>('category');
  const q = useInsightQuery<TrendsListData>('trends_list', { metric, dimension });
  const d = q.data;
  const option = useMemo(() => {
    if (!d) return null;
    return seriesOption({
      periods: d.periods,
      series: d.series.map((s) => {
        const byPeriod = new Map(s.points.map((p) => [p.period, p.value]));
        return { name: nameOf(s), values: d.periods.map((p) => byPeriod.get(p) ?? null) };
      }),
      metric: d.metric,
      fmt,
    });
  }, [d, fmt, nameOf]);
  return (
    <PanelCard
      title={t('discover.series.title')}
      extra={
        <>
          <Segmented<Dimension>
            size="small"
            value={dimension}
            onChange={setDimension}
            options={DIMENSIONS.map((v) => ({ value: v, label: t(`discover.dimension.${v}`) }))}
            style={{ marginRight: 8 }}
          />
          <MetricSwitch value={metric} onChange={setMetric} />
        </>
      }
      subject={t('discover.series.subject')}
      {...panelState(q)}
      empty={d !== undefined && d.series.length === 0}
      minHeight={320}
    >
      {option && d && d.series.length > 0 && <EChart option={option} height={320} />}
    </PanelCard>
  );
}
