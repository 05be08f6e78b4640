import { PICTURE_BASE, pictureUrl } from '@marketlens/shared';
import type { TopAnswerData } from '@marketlens/shared/contracts';
import { type Endpoint, INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Params } from '../api/request.js';
import { DisplayText } from '../ui/DisplayText.js';
import { columnBudget } from '../ui/displayText.js';
import { DownloadButton } from './DownloadButton.js';
import { numericColumn, useChangeColumns, useNameOf } from './figures.js';
import { LinkedName } from './LinkedName.js';
import { PagedTable } from './PagedTable.js';
import { PanelCard, panelState } from './PanelCard.js';
import { ProductPicture } from './ProductPicture.js';
import { type PanelParam, usePanelParam } from './panelParams.js';
import { SORTS, type SortBy, SortSwitch } from './switches.js';
import { useAnalysisQuery } from './useAnalysisQuery.js';
import { useFormatters } from './useFormatters.js';

export type TopData = TopAnswerData;
export type TopRow = TopData['items'][number];
export type TopKind = TopData['kind'];

const NAME_WIDTH: Record<TopKind, number> = { product: 380, shop: 260, brand: 260 };
/** The name's display budget: the column less the picture and the platform tag beside it. */
const nameBudget = (kind: TopKind) =>
  columnBudget(NAME_WIDTH[kind], kind === 'product' ? 100 : kind === 'shop' ? 56 : 0);

/**
 * The name cell: a product title or shop name links to its page on the platform (docs/product.md §9) when known;
 * a product shows its picture beside it (the placeholder when it has none). A shop's name is cut in the
 * middle: shops of one group share their start and differ at the end.
 */
function NameCell({ row, kind }: { row: TopRow; kind: TopKind }) {
  const nameOf = useNameOf();
  const name = nameOf(row);
  const sub =
    kind === 'product'
      ? [nameOf(row.brand), nameOf(row.shop)].filter(Boolean).join(' · ')
      : kind === 'shop'
        ? nameOf(row.channel)
        : '';
  const text = (
    <Flex vertical style={{ minWidth: 0, maxWidth: '100%', overflow: 'hidden' }}>
      <Flex gap={6} align="center" style={{ minWidth: 0 }}>
        {row.platform && kind !== 'brand' && <Tag style={{ marginInlineEnd: 0 }}>{nameOf(row.platform)}</Tag>}
        <LinkedName text={name} href={row.link} budget={nameBudget(kind)} cut={kind === 'shop' ? 'middle' : 'end'} />
      </Flex>
      {sub && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <DisplayText text={sub} budget={nameBudget(kind)} />
        </Typography.Text>
      )}
    </Flex>
  );
  if (kind !== 'product') return text;
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <ProductPicture src={pictureUrl(PICTURE_BASE, row.image_id)} alt={name} size={36} />
      {text}
    </Flex>
  );
}

/**
 * One ranking table for brands, shops and products (POST /top), the columns chosen by kind: rank,
 * name (linked to the platform page when known), figures, share, share change and sales growth.
 * Rank, name and the figure it is sorted by come first and stay in view when the table scrolls
 * sideways in a narrow card (docs/web.md "Fits at 1280 px"); the other figures scroll.
 */
export function TopTable({
  data,
  kind,
  shareTitle,
  sortBy = 'sales',
}: {
  data: TopData | undefined;
  kind: TopKind;
  /** The share column's title when the scope is not the market (e.g. "share of the brand's sales"). */
  shareTitle?: string;
  /** The figure the ranking is sorted by: its column is fixed beside the name. */
  sortBy?: SortBy;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const figures: Record<SortBy, TableColumnsType<TopRow>[number]> = {
    sales: { key: 'sales', title: t('analysis.col.sales'), ...numericColumn, render: (_, r) => fmt.money(r.sales) },
    count: { key: 'count', title: t('analysis.col.count'), ...numericColumn, render: (_, r) => fmt.number(r.count) },
  };
  const others = SORTS.filter((s) => s !== sortBy).map((s) => figures[s]);
  const columns: TableColumnsType<TopRow> = [
    { key: 'rank', title: t('analysis.col.rank'), dataIndex: 'rank', width: 64, align: 'center', fixed: 'left' },
    {
      key: 'name',
      fixed: 'left',
      title: t(`analysis.col.${kind}`),
      render: (_, r) => <NameCell row={r} kind={kind} />,
      width: NAME_WIDTH[kind],
    },
    { ...figures[sortBy], fixed: 'left' },
    ...(kind === 'product'
      ? [
          {
            key: 'price',
            title: t('analysis.col.price'),
            ...numericColumn,
            render: (_: unknown, r: TopRow) => fmt.metric('avg_price', r.price),
          },
        ]
      : []),
    ...others,
    ...(kind !== 'product'
      ? [
          {
            key: 'avg',
            title: t('analysis.col.avgPrice'),
            ...numericColumn,
            render: (_: unknown, r: TopRow) => fmt.metric('avg_price', r.avg_price),
          },
        ]
      : []),
    {
      key: 'share',
      title: shareTitle ?? t('analysis.col.share'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.share),
    },
    ...useChangeColumns<TopRow>(),
  ];
  return (
    <PagedTable<TopRow>
      rowKey={(r) => `${r.rank}-${r.id}`}
      columns={columns}
      rows={data?.items ?? []}
      testId={`top-${kind}`}
    />
  );
}

/** Where a page's ranking of one kind comes from: the list and its download, and their own body fields. */
export interface TopSource {
  list: Endpoint<unknown, TopData>;
  download: Endpoint;
  body: Params;
}

/** Category Insight's (and Brand Detail's) rankings: POST /top and /top/downloads with the kind in the body. */
const insightTop = (kind: TopKind): TopSource => ({
  list: INSIGHT_ENDPOINTS.top,
  download: INSIGHT_ENDPOINTS.topDownload,
  body: { kind },
});

/**
 * A ranking panel: one tab per kind, the sort switch and the .xlsx download of the same body. `body`
 * narrows the scope, e.g. `{ brands: [id] }` for the products and shops of one brand; `source` names a
 * page's own endpoints (default POST /top).
 */
export function TopPanel<K extends TopKind>({
  kinds,
  title,
  subject,
  tabLabel,
  fileName,
  body,
  shareTitle,
  params,
  source = insightTop,
}: {
  kinds: readonly [K, ...K[]];
  /** The tab and the sort in the URL (the page declares them, so their names are the page's). */
  params: { kind: PanelParam<K>; sort: PanelParam<SortBy> };
  title: ReactNode;
  /** What failed to load, for the error message. */
  subject: string;
  tabLabel(kind: K): string;
  fileName(kind: K): string;
  body?: Params;
  shareTitle?: string;
  source?(kind: K): TopSource;
}) {
  const [kind, setKind] = usePanelParam(params.kind);
  const [sortBy, setSortBy] = usePanelParam(params.sort);
  const from = source(kind);
  const request = { ...body, ...from.body, sort_by: sortBy };
  const q = useAnalysisQuery(from.list, request);
  return (
    <PanelCard
      title={title}
      extra={
        <Flex gap={8}>
          <SortSwitch value={sortBy} onChange={setSortBy} />
          <DownloadButton
            endpoint={from.download}
            body={request}
            fileName={fileName(kind)}
            disabled={!q.data?.items.length}
          />
        </Flex>
      }
      minHeight={0}
    >
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as K)}
        items={kinds.map((k) => ({ key: k, label: tabLabel(k) }))}
        style={{ marginTop: -8 }}
      />
      <PanelCard {...panelState(q)} subject={subject} empty={q.data?.items.length === 0} style={{ boxShadow: 'none' }}>
        {q.data && q.data.kind === kind && q.data.items.length > 0 && (
          <TopTable data={q.data} kind={kind} shareTitle={shareTitle} sortBy={sortBy} />
        )}
      </PanelCard>
    </PanelCard>
  );
}
