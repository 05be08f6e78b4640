import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useTranslation } from 'react-i18next';
import {
  FigureCards,
  type FigureComparison,
  type FigureSpec,
  Growth,
  useAnalysisFilter,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
} from '../../shared/analysis/index.js';
import type { SummaryData } from './data.js';

type Measure = 'sales' | 'count' | 'avg_price';

/** Summary cards: sales, units, average price with chain / yoy (or benchmark) growth, share of parent. */
export function SummaryCards() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const { filter } = useAnalysisFilter();
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.summary);

  const figures = (d: SummaryData): FigureSpec[] => {
    const comparisons = (m: Measure) => {
      const list: FigureComparison[] = [];
      if (filter.selector === 'custom' && d.custom)
        list.push({ label: t('discover.summary.custom'), value: <Growth value={d.custom.growth[m]} /> });
      list.push({ label: t('discover.summary.chain'), value: <Growth value={d.chain.growth[m]} /> });
      list.push({ label: t('discover.summary.yoy'), value: <Growth value={d.yoy.growth[m]} /> });
      return list;
    };
    const period = t('discover.summary.period', { start: fmt.period(d.range.start), end: fmt.period(d.range.end) });
    // A level-1 selection is shared within the whole market; without a selection there is no share.
    const shareLabel =
      d.parent || d.share_of_parent === null
        ? t('discover.summary.shareOfParent')
        : t('discover.summary.shareOfMarket');
    const parentNote = d.parent
      ? t('discover.summary.parentSales', { name: nameOf(d.parent), value: fmt.money(d.parent_sales) })
      : d.parent_sales !== null
        ? t('discover.summary.marketSales', { value: fmt.money(d.parent_sales) })
        : t('discover.summary.shareHint');
    return [
      {
        key: 'sales',
        label: t('discover.summary.sales'),
        value: fmt.money(d.sales),
        comparisons: comparisons('sales'),
        footnote: period,
        testId: 'summary-sales',
      },
      {
        key: 'count',
        label: t('discover.summary.count'),
        value: fmt.number(d.count),
        comparisons: comparisons('count'),
        footnote: period,
        testId: 'summary-count',
      },
      {
        key: 'avg',
        label: t('discover.summary.avgPrice'),
        value: fmt.metric('avg_price', d.avg_price),
        comparisons: comparisons('avg_price'),
        footnote: period,
        testId: 'summary-avg-price',
      },
      {
        key: 'share',
        label: shareLabel,
        value: fmt.shareRatio(d.share_of_parent),
        comparisons: [],
        footnote: parentNote,
        testId: 'summary-share',
      },
    ];
  };

  return (
    <FigureCards
      query={q}
      subject={t('discover.summary.subject')}
      figures={figures}
      col={{ xs: 24, sm: 12, xl: 6 }}
      testId="summary-cards"
      warningTestId="summary"
    />
  );
}
