import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useTranslation } from 'react-i18next';
import {
  FigureCards,
  type FigureSpec,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  useTotalsFigures,
} from '../../shared/analysis/index.js';
import type { SummaryData } from './data.js';

/** Summary cards: sales, units, average price with chain / yoy (or benchmark) growth (the shared three), share of parent. */
export function SummaryCards() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.summary);

  const totals = useTotalsFigures();

  const figures = (d: SummaryData): FigureSpec[] => {
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
      ...totals(d),
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
