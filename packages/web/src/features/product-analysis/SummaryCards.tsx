import type { ProductSummary } from '@marketlens/shared/contracts';
import { PRODUCT_ANALYSIS_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useTranslation } from 'react-i18next';
import {
  FigureCards,
  type FigureComparison,
  type FigureSpec,
  Growth,
  growthFlags,
  useAnalysisFilter,
  useAnalysisQuery,
  useFormatters,
} from '../../shared/analysis/index.js';

type Kind = 'custom' | 'mom' | 'yoy';
type Compared = ProductSummary['chain'];

/** Figures of a summary answer (the page's cards and the series panel's). */
export function useSummaryFigures(prefix: string) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter } = useAnalysisFilter();
  return (d: ProductSummary): FigureSpec[] => {
    const kinds: { kind: Kind; cmp: Compared }[] = [
      ...(d.custom ? [{ kind: 'custom' as const, cmp: d.custom }] : []),
      { kind: 'mom' as const, cmp: d.chain },
      { kind: 'yoy' as const, cmp: d.yoy },
    ].sort((a, b) => Number(b.kind === filter.selector) - Number(a.kind === filter.selector));
    // Each growth carries its marks: the comparison's range flags and its own low base (FlagMark.tsx).
    const each = (pick: (g: Compared['growth']) => number | null): FigureComparison[] =>
      kinds.map(({ kind, cmp }) => ({
        label: t(`pa.cmp.${kind}`),
        value: <Growth value={pick(cmp.growth)} />,
        flags: growthFlags(cmp.flags, pick(cmp.growth)),
      }));
    const period = t('pa.summary.period', { start: fmt.period(d.range.start), end: fmt.period(d.range.end) });
    return [
      {
        key: 'sales',
        label: t('pa.summary.sales'),
        value: fmt.money(d.sales),
        comparisons: each((g) => g.sales),
        footnote: period,
      },
      {
        key: 'count',
        label: t('pa.summary.count'),
        value: fmt.number(d.count),
        comparisons: each((g) => g.count),
        footnote: period,
      },
      {
        key: 'avg-price',
        label: d.discount ? t('pa.summary.avgPriceDiscount') : t('pa.summary.avgPrice'),
        value: fmt.metric('avg_price', d.avg_price),
        comparisons: each((g) => g.avg_price),
        footnote: period,
      },
      {
        key: 'coverage',
        label: t('pa.summary.products'),
        value: fmt.count(d.product_count),
        comparisons: [
          { label: t('pa.summary.shops'), value: fmt.count(d.shop_count) },
          { label: t('pa.summary.platforms'), value: fmt.count(d.platform_count) },
        ],
        footnote: t('pa.summary.withSales'),
      },
    ].map((f) => ({ ...f, testId: `${prefix}-${f.key}` }));
  };
}

/** The selection's headline figures (POST /analysis/summary). */
export function SummaryCards({ selection }: { selection: object }) {
  const { t } = useTranslation();
  const q = useAnalysisQuery(PRODUCT_ANALYSIS_ENDPOINTS.summary, selection);
  const figures = useSummaryFigures('pa');
  return (
    <FigureCards
      query={q}
      subject={t('pa.summary.subject')}
      figures={figures}
      col={{ xs: 24, sm: 12, xl: 6 }}
      testId="pa-summary"
      warningTestId="pa-summary"
    />
  );
}
