import type { InsightSummaryData } from '@marketlens/shared/contracts';
import { useTranslation } from 'react-i18next';
import type { FigureComparison, FigureSpec } from './FigureCards.js';
import { growthFlags } from './FlagMark.js';
import { Growth } from './figures.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';
import { useFormatters } from './useFormatters.js';

type Measure = 'sales' | 'count' | 'avg_price';
/** What a summary answer holds for its first three cards (Category Insight's, a concept's …). */
export type TotalsSummary = Pick<
  InsightSummaryData,
  'range' | 'sales' | 'count' | 'avg_price' | 'chain' | 'yoy' | 'custom'
>;

/**
 * The first three summary cards of a page — sales, units, average price — each with its chain and
 * yoy growth (and the benchmark's when the filter compares with one), footnoted with the period.
 */
export function useTotalsFigures(): (d: TotalsSummary) => FigureSpec[] {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter } = useAnalysisFilter();
  return (d) => {
    const comparisons = (m: Measure) => {
      const list: FigureComparison[] = [];
      const of = (c: TotalsSummary['chain'], label: string): FigureComparison => ({
        label,
        value: <Growth value={c.growth[m]} />,
        flags: growthFlags(c.flags, c.growth[m]),
      });
      if (filter.selector === 'custom' && d.custom) list.push(of(d.custom, t('analysis.summary.custom')));
      // "Same event last year" is the answer's third comparison too.
      if (filter.selector === 'event' && d.custom) list.push(of(d.custom, t('analysis.summary.event')));
      list.push(of(d.chain, t('analysis.summary.chain')));
      list.push(of(d.yoy, t('analysis.summary.yoy')));
      return list;
    };
    const period = t('analysis.summary.period', { start: fmt.period(d.range.start), end: fmt.period(d.range.end) });
    return [
      {
        key: 'sales',
        label: t('analysis.summary.sales'),
        value: fmt.money(d.sales),
        comparisons: comparisons('sales'),
        footnote: period,
        definitions: [
          'sales',
          'growth_mom',
          'growth_yoy',
          ...(filter.selector === 'custom' ? ['growth_custom' as const] : []),
          ...(filter.selector === 'event' ? ['growth_event' as const] : []),
        ],
        testId: 'summary-sales',
      },
      {
        key: 'count',
        label: t('analysis.summary.count'),
        value: fmt.number(d.count),
        comparisons: comparisons('count'),
        footnote: period,
        definitions: [
          'count',
          'growth_mom',
          'growth_yoy',
          ...(filter.selector === 'custom' ? ['growth_custom' as const] : []),
          ...(filter.selector === 'event' ? ['growth_event' as const] : []),
        ],
        testId: 'summary-count',
      },
      {
        key: 'avg',
        label: t('analysis.summary.avgPrice'),
        value: fmt.metric('avg_price', d.avg_price),
        comparisons: comparisons('avg_price'),
        footnote: period,
        definitions: [
          'avg_price',
          'growth_mom',
          'growth_yoy',
          ...(filter.selector === 'custom' ? ['growth_custom' as const] : []),
          ...(filter.selector === 'event' ? ['growth_event' as const] : []),
        ],
        testId: 'summary-avg-price',
      },
    ];
  };
}
