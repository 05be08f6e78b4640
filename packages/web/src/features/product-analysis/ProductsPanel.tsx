import { PlusOutlined } from '@ant-design/icons';
import type { ProductRow } from '@marketlens/shared/contracts';
import { PRODUCT_ANALYSIS_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BarCell,
  DownloadButton,
  FlaggedGrowth,
  flagsOf,
  LinkedName,
  numericColumn,
  PanelCard,
  ProductPicture,
  panelState,
  ScrollTable,
  SORTS,
  SortSwitch,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useSession } from '../../shared/auth/session.js';
import { DisplayText } from '../../shared/ui/DisplayText.js';
import { columnBudget } from '../../shared/ui/displayText.js';
import { useSelection, useSeriesLabel } from './data.js';
import { MAX_PRODUCTS, PAGE_SIZE, PRODUCT_PARAMS } from './params.js';

/** Widths of the name columns, which their names are cut to (docs/product.md §5). */
const WIDTH = { title: 260, brand: 120, shop: 180 };

/**
 * The selection's products (POST /analysis/products), paged on the server and sorted by sales or
 * units: picture, title, brand, shop, platform and channel, series, first period on sale, price,
 * figures, share of the selection and sales growth; the whole table as .xlsx. Rank, picture, title and the
 * figure it is sorted by stay in view (fixed) while the rest scrolls sideways in the card (docs/web.md
 * "Fits at 1280 px"); the figures come before the descriptive columns.
 */
export function ProductsPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const seriesLabel = useSeriesLabel();
  const hasSeries = useSession().scope?.hasSeries ?? false;
  const { body, products, setProducts } = useSelection();
  const [sort, setSort] = usePanelParam(PRODUCT_PARAMS.sort);
  const [page, setPage] = usePanelParam(PRODUCT_PARAMS.page);
  const q = useAnalysisQuery(PRODUCT_ANALYSIS_ENDPOINTS.products, { ...body, sort, page, page_size: PAGE_SIZE });
  const d = q.data;
  // A narrower filter may leave the page in the URL beyond the last one: back to the first.
  useEffect(() => {
    if (d && page > 1 && d.items.length === 0 && d.total > 0) setPage(1);
  }, [d, page, setPage]);

  const sortedBy: Record<typeof sort, TableColumnsType<ProductRow>[number]> = {
    sales: {
      title: t('analysis.col.sales'),
      dataIndex: 'sales',
      ...numericColumn,
      render: (v: number) => fmt.money(v),
    },
    count: {
      title: t('analysis.col.count'),
      dataIndex: 'count',
      ...numericColumn,
      render: (v: number) => fmt.number(v),
    },
  };
  const others = SORTS.filter((s) => s !== sort).map((s) => sortedBy[s]);
  const columns: TableColumnsType<ProductRow> = [
    { title: t('analysis.col.rank'), dataIndex: 'rank', width: 56, fixed: 'left', render: (v: number) => fmt.count(v) },
    {
      title: t('pa.products.picture'),
      key: 'picture',
      width: 56,
      fixed: 'left',
      render: (_, r) => (
        <ProductPicture src={r.picture} alt={nameOf({ name: r.title, name_en: r.title_en })} size={36} />
      ),
    },
    {
      title: t('analysis.col.product'),
      key: 'title',
      width: WIDTH.title,
      fixed: 'left',
      render: (_, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <LinkedName
            text={nameOf({ name: r.title, name_en: r.title_en })}
            href={r.link}
            budget={columnBudget(WIDTH.title)}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{r.id}
          </Typography.Text>
        </Flex>
      ),
    },
    { ...sortedBy[sort], fixed: 'left' },
    {
      title: t('analysis.col.price'),
      dataIndex: 'price',
      ...numericColumn,
      render: (v: number | null) => fmt.money(v),
    },
    ...others,
    {
      title: t('pa.products.shareOfSelection'),
      dataIndex: 'share',
      width: 150,
      render: (v: number | null) => <BarCell percent={v === null ? null : v * 100} text={fmt.shareRatio(v)} />,
    },
    {
      title: t('pa.products.growth'),
      key: 'growth',
      ...numericColumn,
      render: (_, r) => <FlaggedGrowth value={r.growth} flags={flagsOf(r)} />,
    },
    {
      title: t('analysis.col.brand'),
      key: 'brand',
      width: WIDTH.brand,
      render: (_, r) => <DisplayText text={nameOf(r.brand)} budget={columnBudget(WIDTH.brand)} />,
    },
    {
      title: t('analysis.col.shop'),
      key: 'shop',
      width: WIDTH.shop,
      render: (_, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <LinkedName text={nameOf(r.shop)} href={r.shop.link} budget={columnBudget(WIDTH.shop)} cut="middle" />
          <Flex gap={4}>
            <Tag style={{ marginInlineEnd: 0 }}>{nameOf(r.platform)}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {nameOf(r.channel)}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    // A project without series has no series to show: no column of dashes.
    ...(hasSeries
      ? [{ title: seriesLabel, key: 'series', width: 110, render: (_: unknown, r: ProductRow) => r.series ?? '-' }]
      : []),
    {
      title: t('pa.products.firstPeriod'),
      dataIndex: 'first_period',
      width: 96,
      render: (v: string) => fmt.period(v),
    },
    {
      key: 'choose',
      width: 48,
      fixed: 'right',
      render: (_, r) =>
        products.includes(r.id) ? null : (
          <Tooltip title={t('pa.products.choose')}>
            <Button
              size="small"
              type="text"
              icon={<PlusOutlined />}
              aria-label={t('pa.products.choose')}
              disabled={products.length >= MAX_PRODUCTS}
              onClick={() => setProducts((cur) => (cur.includes(r.id) ? cur : [...cur, r.id]))}
            />
          </Tooltip>
        ),
    },
  ];

  return (
    <PanelCard
      title={t('pa.products.title')}
      definitions={['sales', 'count', 'avg_price', 'share', 'growth']}
      subject={t('pa.products.subject')}
      extra={
        <Flex gap={8} align="center" wrap>
          {d && (
            <Typography.Text type="secondary" data-testid="pa-products-total">
              {t('pa.products.total', { count: fmt.count(d.total) })}
            </Typography.Text>
          )}
          <SortSwitch
            value={sort}
            onChange={(s) => {
              setSort(s);
              setPage(1);
            }}
          />
          <DownloadButton
            endpoint={PRODUCT_ANALYSIS_ENDPOINTS.productsDownload}
            body={{ ...body, sort }}
            fileName={t('pa.products.file')}
          />
        </Flex>
      }
      {...panelState(q)}
      empty={d !== undefined && d.total === 0}
      minHeight={240}
    >
      {d && d.total > 0 && (
        <ScrollTable<ProductRow>
          rowKey="id"
          columns={columns}
          dataSource={d.items}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: d.total,
            showSizeChanger: false,
            size: 'small',
            onChange: setPage,
          }}
          data-testid="pa-products"
        />
      )}
    </PanelCard>
  );
}
