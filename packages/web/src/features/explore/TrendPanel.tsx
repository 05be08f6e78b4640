import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Segmented, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EChart,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { conceptTrendsChart } from './charts.js';
import { wordsConcept } from './concept.js';
import {
  comparedConcepts,
  EXPLORE_PARAMS,
  formatCompared,
  MAX_COMPARED,
  TREND_METRICS,
  type TrendMetric,
} from './params.js';

/**
 * The concept's trend per period (sales, units, average price or its penetration of its categories),
 * with up to two more concepts drawn beside it under the same filter (in the URL).
 */
export function TrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const [metric, setMetric] = usePanelParam(EXPLORE_PARAMS.trendMetric);
  const [rawCompare, setCompare] = usePanelParam(EXPLORE_PARAMS.compare);
  const compared = useMemo(() => comparedConcepts(rawCompare), [rawCompare]);
  const q = useAnalysisQuery(EXPLORE_ENDPOINTS.trends, {
    // Penetration comes with every point: the server ranks nothing by it.
    metric: metric === 'penetration' ? 'sales' : metric,
    ...(compared.length > 0 ? { compare: compared.map(wordsConcept) } : {}),
  });
  const axis = useAxisCoverage();
  const option = useMemo(
    () => (q.data ? conceptTrendsChart(q.data, metric, fmt, axis) : null),
    [q.data, metric, fmt, axis],
  );
  const label = (m: TrendMetric) => (m === 'penetration' ? t('explore.trend.penetration') : t(`analysis.metric.${m}`));
  return (
    <PanelCard
      title={t('explore.trend.title')}
      definitions={['sales', 'count', 'avg_price', 'penetration', 'growth']}
      extra={
        <Segmented<TrendMetric>
          size="small"
          value={metric}
          onChange={setMetric}
          aria-label={t('analysis.metric.label')}
          options={TREND_METRICS.map((m) => ({ value: m, label: label(m) }))}
        />
      }
      subject={t('explore.trend.subject')}
      minHeight={380}
      {...panelState(q)}
      empty={q.data?.concepts.every((c) => c.points.every((p) => p.sales === 0))}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={8}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{t('explore.trend.compare')}</Typography.Text>
          <Select
            mode="tags"
            size="small"
            open={false}
            maxCount={MAX_COMPARED}
            value={compared.map((c) => c.join(' '))}
            onChange={(values: string[]) =>
              setCompare(formatCompared(values.map((v) => v.split(/\s+/).filter(Boolean))))
            }
            placeholder={t('explore.trend.comparePlaceholder')}
            aria-label={t('explore.trend.compare')}
            style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 480 }}
            data-testid="concept-compare"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('explore.trend.compareMax', { max: MAX_COMPARED + 1 })}
          </Typography.Text>
        </Flex>
        {option && <EChart option={option} height={320} />}
      </Flex>
    </PanelCard>
  );
}
