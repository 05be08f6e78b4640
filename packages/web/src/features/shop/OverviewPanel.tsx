import type { ShopComparison, ShopOverviewItem } from '@marketlens/shared/contracts';
import { SHOP_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FlaggedGrowth,
  flagsOf,
  LinkedName,
  numericColumn,
  PanelCard,
  panelState,
  ScrollTable,
  ShareChange,
  useAnalysisFilter,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
} from '../../shared/analysis/index.js';
import { columnBudget } from '../../shared/ui/displayText.js';

const SHOP_WIDTH = 260;

/**
 * The shop's name, linked to its page on the platform (docs/product.md §9) when known, with its platform.
 * A long name is cut in the middle: shops of one group share their start ("JD Self-operated · …") and
 * differ at the end (docs/web.md "Fits at 1280 px"), the full name on hover.
 */
function ShopCell({ shop }: { shop: ShopOverviewItem }) {
  const nameOf = useNameOf();
  const name = nameOf(shop);
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Flex gap={6} align="center" style={{ minWidth: 0 }}>
        <Tag style={{ marginInlineEnd: 0 }}>{nameOf(shop.platform)}</Tag>
        <LinkedName text={name} href={shop.link} budget={columnBudget(SHOP_WIDTH, 56)} cut="middle" strong />
      </Flex>
    </Flex>
  );
}

/**
 * The filter's shops side by side (POST /shops/overviews): size, share of the market and of the
 * platform, rank among the market's shops, growth against the filter's comparison, channel type,
 * brands and products sold.
 */
export function OverviewPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const { filter } = useAnalysisFilter();
  const q = useAnalysisQuery(SHOP_ENDPOINTS.overviews);
  const d = q.data;
  const kind = filter.selector === 'custom' || filter.selector === 'event' ? 'custom' : filter.selector;
  const base = t(`shop.cmp.${filter.selector}`);
  const cmp = (r: ShopOverviewItem): ShopComparison | undefined => r[kind] ?? r.mom;
  const columns: TableColumnsType<ShopOverviewItem> = [
    {
      key: 'shop',
      title: t('shop.col.shop'),
      width: SHOP_WIDTH,
      fixed: 'left',
      render: (_, r) => <ShopCell shop={r} />,
    },
    {
      key: 'sales',
      title: t('shop.col.sales'),
      ...numericColumn,
      // The key figure stays beside the name while the other columns scroll.
      fixed: 'left',
      render: (_, r) => <span data-testid="shop-sales">{fmt.money(r.sales)}</span>,
    },
    { key: 'channel', title: t('shop.col.channel'), width: 150, render: (_, r) => nameOf(r.channel) },
    {
      key: 'growth',
      title: t('shop.col.growth', { base }),
      ...numericColumn,
      render: (_, r) => <FlaggedGrowth value={cmp(r)?.growth.sales} flags={flagsOf(cmp(r))} />,
    },
    { key: 'share', title: t('shop.col.share'), ...numericColumn, render: (_, r) => fmt.shareRatio(r.share) },
    {
      key: 'shareChange',
      title: t('shop.col.shareChange', { base }),
      ...numericColumn,
      render: (_, r) => <ShareChange value={cmp(r)?.share_change} />,
    },
    {
      key: 'platformShare',
      title: t('shop.col.platformShare'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.platform_share),
    },
    {
      key: 'rank',
      title: t('shop.col.rank'),
      ...numericColumn,
      render: (_, r) => (r.rank === null ? '-' : fmt.count(r.rank)),
    },
    { key: 'count', title: t('shop.col.count'), ...numericColumn, render: (_, r) => fmt.number(r.count) },
    {
      key: 'avgPrice',
      title: t('shop.col.avgPrice'),
      ...numericColumn,
      render: (_, r) => fmt.metric('avg_price', r.avg_price),
    },
    { key: 'brands', title: t('shop.col.brands'), ...numericColumn, render: (_, r) => fmt.count(r.brand_count) },
    { key: 'products', title: t('shop.col.products'), ...numericColumn, render: (_, r) => fmt.count(r.product_count) },
  ];
  return (
    <PanelCard
      title={t('shop.overview.title')}
      definitions={['sales', 'count', 'avg_price', 'share', 'growth']}
      extra={
        d && (
          <Typography.Text type="secondary">
            {t('shop.overview.marketSales', {
              value: fmt.money(d.market.sales),
              count: fmt.count(d.market.shop_count),
            })}
          </Typography.Text>
        )
      }
      subject={t('shop.overview.subject')}
      {...panelState(q)}
      minHeight={120}
    >
      {d && d.items.length > 0 && (
        <ScrollTable<ShopOverviewItem>
          rowKey="value"
          columns={columns}
          dataSource={d.items}
          pagination={false}
          data-testid="shop-overview"
        />
      )}
    </PanelCard>
  );
}
