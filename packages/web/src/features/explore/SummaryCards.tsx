import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useTranslation } from 'react-i18next';
import {
  FigureCards,
  type FigureSpec,
  useAnalysisQuery,
  useFormatters,
  useTotalsFigures,
} from '../../shared/analysis/index.js';

/**
 * The concept's summary cards: sales, units and average price with their growth (the shared three),
 * its penetration of the categories it sells in, and how many brands and products carry it.
 */
export function SummaryCards() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const totals = useTotalsFigures();
  const q = useAnalysisQuery(EXPLORE_ENDPOINTS.summary);
  const figures = (d: NonNullable<typeof q.data>): FigureSpec[] => [
    ...totals(d),
    {
      key: 'penetration',
      label: t('explore.summary.penetration'),
      value: fmt.shareRatio(d.penetration),
      comparisons: [],
      footnote: t('explore.summary.penetrationNote', {
        count: fmt.count(d.category_count),
        value: fmt.money(d.categories_sales),
      }),
      testId: 'summary-penetration',
    },
    {
      key: 'brands',
      label: t('explore.summary.brands'),
      value: fmt.count(d.brand_count),
      comparisons: [],
      footnote: t('explore.summary.brandsNote'),
      testId: 'summary-brands',
    },
    {
      key: 'products',
      label: t('explore.summary.products'),
      value: fmt.count(d.product_count),
      comparisons: [],
      footnote: t('explore.summary.productsNote'),
      testId: 'summary-products',
    },
  ];
  return (
    <FigureCards
      query={q}
      subject={t('explore.summary.subject')}
      figures={figures}
      col={{ xs: 24, sm: 12, lg: 8, xxl: 4 }}
      testId="summary-cards"
      warningTestId="summary"
    />
  );
}
