import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { BrandComparison, BrandOverview } from '@marketlens/shared/contracts';
import { BRAND_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DOWN_COLOR,
  FigureCards,
  type FigureComparison,
  type FigureSpec,
  Growth,
  growthFlags,
  ShareChange,
  UP_COLOR,
  useAnalysisFilter,
  useAnalysisQuery,
  useFormatters,
} from '../../shared/analysis/index.js';

type Kind = 'custom' | 'event' | 'mom' | 'yoy';

/** A rank against its base rank: up (a smaller number) in green, down in red. */
function RankChange({ now, base }: { now: number | null; base: number | null }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  if (now === null || base === null) return <Typography.Text type="secondary">-</Typography.Text>;
  const moved = base - now;
  if (moved === 0) return <Typography.Text type="secondary">{t('brand.overview.rankSame')}</Typography.Text>;
  return (
    <Typography.Text style={{ color: moved > 0 ? UP_COLOR : DOWN_COLOR, whiteSpace: 'nowrap' }}>
      {moved > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {fmt.count(Math.abs(moved))}
    </Typography.Text>
  );
}

/**
 * The brand's headline figures in the filtered market (POST /brands/overview): sales, share, rank,
 * units, average price and its contribution to the market's growth, each against the previous
 * period and last year (and the custom benchmark when chosen).
 */
export function OverviewCards({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter } = useAnalysisFilter();
  const q = useAnalysisQuery(BRAND_ENDPOINTS.overview, { brand_id: brandId });

  const figures = (d: BrandOverview): FigureSpec[] => {
    const b = d.brand;
    const kinds: { kind: Kind; cmp: BrandComparison }[] = [
      ...(filter.selector === 'custom' && b.custom ? [{ kind: 'custom' as const, cmp: b.custom }] : []),
      // "Same event last year" comes in the answer's custom slot.
      ...(filter.selector === 'event' && b.custom ? [{ kind: 'event' as const, cmp: b.custom }] : []),
      { kind: 'mom', cmp: b.mom },
      { kind: 'yoy', cmp: b.yoy },
    ];
    const each = (value: (c: BrandComparison) => FigureComparison['value']): FigureComparison[] =>
      kinds.map(({ kind, cmp }) => ({ label: t(`brand.cmp.${kind}`), value: value(cmp) }));
    // A growth carries its marks: the comparison's range flags and its own low base (FlagMark.tsx).
    const growthIn = (cmp: BrandComparison, value: number | null): Omit<FigureComparison, 'label'> => ({
      value: <Growth value={value} />,
      flags: growthFlags(cmp.flags, value),
    });
    const growths = (pick: (c: BrandComparison) => number | null): FigureComparison[] =>
      kinds.map(({ kind, cmp }) => ({ label: t(`brand.cmp.${kind}`), ...growthIn(cmp, pick(cmp)) }));
    // The contribution is read against the comparison the filter chose.
    const primary = kinds.find((k) => k.kind === filter.selector) ?? kinds[0]!;
    return [
      {
        key: 'sales',
        label: t('brand.overview.sales'),
        value: fmt.money(b.sales),
        comparisons: growths((c) => c.growth.sales),
        footnote: t('brand.overview.period', { start: fmt.period(d.range.start), end: fmt.period(d.range.end) }),
      },
      {
        key: 'share',
        label: t('brand.overview.share'),
        value: fmt.shareRatio(b.share),
        comparisons: each((c) => <ShareChange value={c.share_change} />),
        footnote: t('brand.overview.marketSales', { value: fmt.money(d.market.sales) }),
      },
      {
        key: 'rank',
        label: t('brand.overview.rank'),
        value: b.rank === null ? '-' : t('brand.overview.rankValue', { rank: fmt.count(b.rank) }),
        comparisons: each((c) => <RankChange now={b.rank} base={c.base.rank} />),
        footnote: t('brand.overview.brandCount', { count: fmt.count(d.market.brand_count) }),
      },
      {
        key: 'count',
        label: t('brand.overview.count'),
        value: fmt.number(b.count),
        comparisons: growths((c) => c.growth.count),
        footnote: t('brand.overview.marketCount', { value: fmt.number(d.market.count) }),
      },
      {
        key: 'avg-price',
        label: t('brand.overview.avgPrice'),
        value: fmt.metric('avg_price', b.avg_price),
        comparisons: growths((c) => c.growth.avg_price),
        footnote: t('brand.overview.marketAvgPrice', { value: fmt.metric('avg_price', d.market.avg_price) }),
      },
      {
        key: 'contribution',
        label: t('brand.overview.contribution', { base: t(`brand.cmp.${primary.kind}`) }),
        value: fmt.ratio(primary.cmp.contribution),
        comparisons: [
          { label: t('brand.overview.marketGrowth'), ...growthIn(primary.cmp, primary.cmp.market_growth) },
          { label: t('brand.overview.brandGrowth'), ...growthIn(primary.cmp, primary.cmp.growth.sales) },
        ],
        footnote: t('brand.overview.contributionHint'),
      },
    ].map((f) => ({ ...f, testId: `brand-${f.key}` }));
  };

  return (
    <FigureCards
      query={q}
      subject={t('brand.overview.subject')}
      figures={figures}
      notice={(d) =>
        // A brand outside the user's categories (or the filter) has empty figures, not an error.
        d.brand.sales === 0 &&
        !q.warnings.includes('analytics.noData') && (
          <Alert type="info" showIcon title={t('brand.overview.noSales')} data-testid="overview-no-sales" />
        )
      }
      col={{ xs: 24, sm: 12, xl: 8, xxl: 4 }}
      testId="brand-overview"
      warningTestId="overview"
    />
  );
}
