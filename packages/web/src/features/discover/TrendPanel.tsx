import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EChart,
  MetricSwitch,
  PanelCard,
  panelState,
  useAnalysisFilter,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { categoryTrendChart, seriesTrendChart } from './charts.js';
import { DISCOVER_PARAMS, SERIES_DIMENSIONS } from './params.js';

/** The category's metric by period with its growth against the filter's comparison (POST /trends). */
export function TrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter } = useAnalysisFilter();
  const [metric, setMetric] = usePanelParam(DISCOVER_PARAMS.trendMetric);
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.trends, { metric });
  const points = q.data?.points ?? [];
  const metricName = t(`analysis.metric.${metric}`);
  const growthKey =
    filter.selector === 'yoy'
      ? 'discover.trend.growthYoy'
      : filter.selector === 'custom'
        ? 'discover.trend.growthCustom'
        : filter.selector === 'event'
          ? 'discover.trend.growthEvent'
          : 'discover.trend.growth';
  const axis = useAxisCoverage();
  const option = useMemo(
    () =>
      categoryTrendChart(q.data, { metric, metricName, growthName: t(growthKey, { metric: metricName }) }, fmt, axis),
    [q.data, metric, metricName, growthKey, fmt, t, axis],
  );
  return (
    <PanelCard
      title={t('discover.trend.title')}
      definitions={['sales', 'count', 'avg_price', 'growth']}
      extra={<MetricSwitch value={metric} onChange={setMetric} />}
      subject={t('discover.trend.subject')}
      {...panelState(q)}
      minHeight={320}
    >
      {points.length > 0 && <EChart option={option} height={320} />}
    </PanelCard>
  );
}

type Dimension = (typeof SERIES_DIMENSIONS)[number];

/** The top series of a dimension by period (POST /trends_list): which sub-categories, brands … move. */
export function SeriesTrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [metric, setMetric] = usePanelParam(DISCOVER_PARAMS.seriesMetric);
  const [dimension, setDimension] = usePanelParam(DISCOVER_PARAMS.seriesDimension);
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.trendsList, { metric, dimension });
  const d = q.data;
  const axis = useAxisCoverage();
  const option = useMemo(() => (d ? seriesTrendChart(d, nameOf, fmt, axis) : null), [d, fmt, nameOf, axis]);
  return (
    <PanelCard
      title={t('discover.series.title')}
      definitions={['sales', 'count', 'avg_price', 'share']}
      extra={
        <>
          <Segmented<Dimension>
            size="small"
            value={dimension}
            onChange={setDimension}
            options={SERIES_DIMENSIONS.map((v) => ({ value: v, label: t(`discover.dimension.${v}`) }))}
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
