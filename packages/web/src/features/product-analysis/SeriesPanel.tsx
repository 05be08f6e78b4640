import type { SeriesInfo } from '@marketlens/shared/contracts';
import { PRODUCT_ANALYSIS_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Descriptions, Flex, Segmented, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EChart,
  FigureCards,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { seriesTrendChart } from './charts.js';
import { useSelection, useSeriesLabel } from './data.js';
import { PRODUCT_PARAMS } from './params.js';
import { useSummaryFigures } from './SummaryCards.js';

/** Han characters: a name written in Chinese. */
const CJK = /[\u3400-\u9fff]/;

/** Where the series sells and at what prices, and its sales by period. */
function SeriesDetails({ data }: { data: SeriesInfo }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const axis = useAxisCoverage();
  const nameOf = useNameOf();
  const option = useMemo(
    () =>
      seriesTrendChart(data, { metricName: t('analysis.metric.sales'), growthName: t('pa.series.growth') }, fmt, axis),
    [data, fmt, t, axis],
  );
  return (
    <Flex vertical gap={12}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('pa.series.platforms')}>
          <Flex gap={4} wrap data-testid="pa-series-platforms">
            {data.platforms.map((p) => (
              <Tag key={p.id}>
                {nameOf(p)} {fmt.shareRatio(p.share)}
              </Tag>
            ))}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('pa.series.priceRange')}>
          <span data-testid="pa-series-price">
            {data.price ? `${fmt.money(data.price.min)} – ${fmt.money(data.price.max)}` : '-'}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {data.points.length > 0 && <EChart option={option} height={260} />}
    </Flex>
  );
}

/** One chosen series under the filter (POST /series/info): its figures, platforms, price range and trend. */
export function SeriesPanel() {
  const { t, i18n } = useTranslation();
  const seriesLabel = useSeriesLabel();
  const { series } = useSelection();
  const [shown, setShown] = usePanelParam(PRODUCT_PARAMS.seriesShown);
  const name = shown !== null && series.includes(shown) ? shown : series[0]!;
  const q = useAnalysisQuery(PRODUCT_ANALYSIS_ENDPOINTS.seriesInfo, { name });
  const figures = useSummaryFigures('pa-series');
  // Series names come from the dataset's one series column, which has no English name: in English the
  // page says so rather than leaving Chinese names unexplained.
  const untranslated = i18n.language === 'en' && series.some((s) => CJK.test(s));
  return (
    <Flex vertical gap={12} data-testid="pa-series">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <strong>{t('pa.series.title', { series: seriesLabel, name })}</strong>
        {series.length > 1 && (
          <Segmented size="small" value={name} onChange={setShown} options={series} data-testid="pa-series-pick" />
        )}
      </Flex>
      {untranslated && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="pa-series-untranslated">
          {t('pa.series.untranslated', { series: seriesLabel })}
        </Typography.Text>
      )}
      <FigureCards
        query={q}
        subject={t('pa.series.subject', { series: seriesLabel })}
        figures={(d) => figures(d.summary)}
        col={{ xs: 24, sm: 12, xl: 6 }}
        testId="pa-series-summary"
        warningTestId="pa-series"
      />
      {q.data && <SeriesDetails data={q.data} />}
    </Flex>
  );
}
