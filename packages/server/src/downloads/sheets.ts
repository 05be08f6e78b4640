import {
  auditActionKey,
  type FigureFlag,
  formatNumber,
  formatRatio,
  isAuditAction,
  METRIC_DEFINITIONS,
  type MessageKey,
  type MetricDefinitionId,
  periodLabel,
  type WireLocale,
} from '@marketlens/shared';
import type {
  AuditDownloadQuery,
  BrandCharacters,
  Contrast,
  ContrastSlotFigures,
  MovementAnswer,
  MovementSku,
  PotentialBrands,
  PotentialRow,
  ProductRow,
  TopAnswerRowData,
} from '@marketlens/shared/contracts';
import type { FastifyReply } from 'fastify';
import { categoryGranted } from '../analytics/engine/dimensions.js';
import { selectedGrowth } from '../analytics/pages/contrast.js';
import type { Limit } from '../analytics/pages/potential.js';
import type { TopKind } from '../analytics/panels/common.js';
import type { CategoryValuation } from '../analytics/panels/valuation.js';
import type { AnalysisRequest } from '../analytics/request.js';
import { translateFor } from '../i18n.js';
import type { AuditEvent } from '../metadata/index.js';
import { type Column, downloadContext, rangeLabel, type Sheet, sendXlsx } from './xlsx.js';

/**
 * The sheets of each analysis download: which columns of an answer a download shows, headed by the
 * request's filter. The numbers are the answer's own, so a download equals the screen.
 */

const pick = (locale: WireLocale) => (zh: string | undefined, en: string | undefined) => (locale === 'en_us' ? en : zh);

/** The header block of a request: its project, period, comparison and filter (within the grant). */
const contextOf = (a: AnalysisRequest) =>
  downloadContext(
    a.warehouse,
    a.scope,
    a.wire ?? { date: [a.validated.range.start, a.validated.range.end] },
    a.validated,
    a.locale,
  );

/**
 * The flags of a row's growth as words in the request's language ("low base, base incomplete";
 * "低基数、对比期数据不全"), empty when it has none (docs/metrics.md "Flags"): a spreadsheet says
 * what the screen marks.
 */
export function flagsText(flags: readonly FigureFlag[] | null | undefined, locale: WireLocale): string {
  const t = translateFor(locale);
  const words = (flags ?? []).map((f) => t(`download.flag.${f}`));
  return new Intl.ListFormat(locale === 'en_us' ? 'en' : 'zh-CN', { style: 'narrow', type: 'conjunction' }).format(
    words,
  );
}

/** The "Flags" column, beside the growth columns of a sheet. */
export function flagsColumn<R extends { flags?: readonly FigureFlag[] | null }>(locale: WireLocale): Column<R> {
  return { header: 'download.col.flags', format: 'text', value: (r) => flagsText(r.flags, locale) };
}

const TOP_SHEETS: Record<TopKind, MessageKey> = {
  brand: 'insight.download.sheet.brands',
  shop: 'insight.download.sheet.shops',
  product: 'insight.download.sheet.products',
};

/** Columns of the ranking download: the numbers of the /top answer, names in the request's language. */
function topColumns(kind: TopKind, locale: WireLocale): Column<TopAnswerRowData>[] {
  const name = pick(locale);
  const nameColumn: Column<TopAnswerRowData> = {
    header: kind === 'brand' ? 'download.col.brand' : kind === 'shop' ? 'download.col.shop' : 'download.col.product',
    format: 'text',
    value: (r) => name(r.name, r.name_en),
  };
  const figures: Column<TopAnswerRowData>[] = [
    { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
    { header: 'download.col.count', format: 'integer', value: (r) => r.count },
    { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
    { header: 'download.col.share', format: 'share', value: (r) => r.share },
    // Points: the share difference × 100 (0.012 → 1.2).
    {
      header: 'download.col.shareChange',
      format: 'number',
      value: (r) => (r.share_change === null ? null : r.share_change * 100),
    },
    { header: 'download.col.salesGrowth', format: 'percent', value: (r) => r.growth?.sales },
    { header: 'download.col.countGrowth', format: 'percent', value: (r) => r.growth?.count },
    { header: 'download.col.avgPriceGrowth', format: 'percent', value: (r) => r.growth?.avg_price },
    flagsColumn(locale),
  ];
  const rank: Column<TopAnswerRowData> = { header: 'download.col.rank', format: 'integer', value: (r) => r.rank };
  const platform: Column<TopAnswerRowData> = {
    header: 'download.col.platform',
    format: 'text',
    value: (r) => name(r.platform?.name, r.platform?.name_en),
  };
  const link: Column<TopAnswerRowData> = { header: 'download.col.link', format: 'text', value: (r) => r.link };
  if (kind === 'shop') {
    const channel: Column<TopAnswerRowData> = {
      header: 'download.col.channel',
      format: 'text',
      value: (r) => name(r.channel?.name, r.channel?.name_en),
    };
    return [rank, nameColumn, platform, channel, ...figures, link];
  }
  if (kind === 'product') {
    return [
      rank,
      nameColumn,
      { header: 'download.col.brand', format: 'text', value: (r) => name(r.brand?.name, r.brand?.name_en) },
      platform,
      { header: 'download.col.shop', format: 'text', value: (r) => name(r.shop?.name, r.shop?.name_en) },
      { header: 'download.col.price', format: 'money', value: (r) => r.price },
      ...figures,
      link,
    ];
  }
  return [rank, nameColumn, ...figures];
}

/** A one-sheet download headed by the request's filter. */
async function sendOneSheet<R>(
  reply: FastifyReply,
  a: AnalysisRequest,
  doc: { file: MessageKey; title: MessageKey; sheet: Sheet<R> },
): Promise<FastifyReply> {
  return sendXlsx(reply, {
    locale: a.locale,
    fileName: translateFor(a.locale)(doc.file),
    title: doc.title,
    context: await contextOf(a),
    sheets: [doc.sheet],
  });
}

/** File name and title of each page's ranking download (the columns are the same for a kind). */
export const RANKING_DOCS = {
  insight: { file: 'insight.download.file.top', title: 'insight.download.topTitle' },
  conceptBrands: { file: 'explore.download.file.brands', title: 'explore.download.brandsTitle' },
  conceptProducts: { file: 'explore.download.file.products', title: 'explore.download.productsTitle' },
  shopRankings: { file: 'shop.download.file.rankings', title: 'shop.download.rankingsTitle' },
} as const satisfies Record<string, { file: MessageKey; title: MessageKey }>;

/** POST /top/downloads and the pages' other rankings: the ranking of one kind as the page shows it. */
export function sendTop(
  reply: FastifyReply,
  a: AnalysisRequest,
  kind: TopKind,
  rows: readonly TopAnswerRowData[],
  doc: { file: MessageKey; title: MessageKey } = RANKING_DOCS.insight,
) {
  return sendOneSheet(reply, a, {
    ...doc,
    sheet: { name: TOP_SHEETS[kind], columns: topColumns(kind, a.locale), rows },
  });
}

function valuationColumns(locale: WireLocale): Column<CategoryValuation>[] {
  const name = pick(locale);
  return [
    { header: 'download.col.rank', format: 'integer', value: (r) => r.rank },
    { header: 'download.col.category', format: 'text', value: (r) => name(r.name, r.name_en) },
    { header: 'insight.download.col.score', format: 'number', value: (r) => r.score },
    { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
    { header: 'download.col.count', format: 'integer', value: (r) => r.count },
    { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
    { header: 'insight.download.col.growth', format: 'percent', value: (r) => r.growth },
    flagsColumn(locale),
    { header: 'insight.download.col.cr5', format: 'share', value: (r) => r.cr5 },
    { header: 'insight.download.col.hhi', format: 'number', value: (r) => r.hhi },
    { header: 'insight.download.col.brandCount', format: 'integer', value: (r) => r.brand_count },
    { header: 'insight.download.col.newBrandShare', format: 'share', value: (r) => r.new_brand_share },
    { header: 'insight.download.col.scoreMarketSize', format: 'number', value: (r) => r.scores.market_size },
    { header: 'insight.download.col.scoreGrowth', format: 'number', value: (r) => r.scores.growth },
    { header: 'insight.download.col.scoreConcentration', format: 'number', value: (r) => r.scores.concentration },
    { header: 'insight.download.col.scoreAvgPrice', format: 'number', value: (r) => r.scores.avg_price },
    { header: 'insight.download.col.scoreNewBrand', format: 'number', value: (r) => r.scores.new_brand },
  ];
}

/** POST /categories/valuations/downloads: the scored sub-categories. */
export function sendValuation(reply: FastifyReply, a: AnalysisRequest, items: readonly CategoryValuation[]) {
  return sendOneSheet(reply, a, {
    file: 'insight.download.file.valuation',
    title: 'insight.download.valuationTitle',
    sheet: { name: 'insight.download.sheet.valuation', columns: valuationColumns(a.locale), rows: items },
  });
}

type CharacterRow = BrandCharacters['attributes'][number];

/** POST /brands/characters/downloads: attributes, price bands and keywords, each ranked. */
export async function sendCharacters(
  reply: FastifyReply,
  a: AnalysisRequest,
  brandName: string,
  data: BrandCharacters,
): Promise<FastifyReply> {
  const name = pick(a.locale);
  const figures: Column<CharacterRow>[] = [
    { header: 'brand.characters.col.brandSales', format: 'money', value: (r) => r.brand_sales },
    { header: 'brand.characters.col.segmentSales', format: 'money', value: (r) => r.segment_sales },
    { header: 'brand.characters.col.shareInSegment', format: 'share', value: (r) => r.share_in_segment },
    { header: 'brand.characters.col.tgi', format: 'number', value: (r) => r.tgi },
    { header: 'brand.characters.col.distinction', format: 'number', value: (r) => r.distinction },
  ];
  const sheet = (
    title: MessageKey,
    rows: readonly CharacterRow[],
    first: Column<CharacterRow>[],
  ): Sheet<CharacterRow> => ({
    name: title,
    rows,
    columns: [
      { header: 'download.col.rank', format: 'integer', value: (r) => rows.indexOf(r) + 1 },
      ...first,
      ...figures,
    ],
  });
  const t = translateFor(a.locale);
  const context = await contextOf(a);
  return sendXlsx(reply, {
    locale: a.locale,
    fileName: `${brandName}-${t('brand.characters.title')}`,
    title: 'brand.characters.title',
    // The brand the sheet is about heads the filter lines.
    context: { ...context, lines: [[t('download.col.brand'), brandName], ...context.lines] },
    sheets: [
      sheet('brand.characters.sheet.attributes', data.attributes, [
        {
          header: 'brand.characters.col.attribute',
          format: 'text',
          value: (r) => name(r.group_name ?? undefined, r.group_name_en ?? undefined),
        },
        { header: 'brand.characters.col.value', format: 'text', value: (r) => name(r.value, r.value_en) },
      ]),
      sheet('brand.characters.sheet.priceBands', data.price_bands, [
        { header: 'brand.characters.col.band', format: 'text', value: (r) => r.value },
      ]),
      sheet('brand.characters.sheet.keywords', data.keywords, [
        { header: 'brand.characters.col.keyword', format: 'text', value: (r) => r.value },
      ]),
    ],
  });
}

/** POST /potential/brands/downloads: the brands that passed, as the table shows them, headed by the limits. */
export async function sendPotential(
  reply: FastifyReply,
  a: AnalysisRequest,
  limits: readonly Limit[],
  data: PotentialBrands,
): Promise<FastifyReply> {
  const name = pick(a.locale);
  const t = translateFor(a.locale);
  const context = await contextOf(a);
  // Growth limits are fractions here: shown as the percent the user typed.
  const bound = (l: Limit, v: number | null) =>
    v === null ? '' : l.limit.endsWith('growth') ? formatRatio(v) : formatNumber(v, { decimals: 2 });
  const limitLines = limits.map(
    (l) => [t(`potential.limit.${l.limit}`), `${bound(l, l.min)} ~ ${bound(l, l.max)}`] as const,
  );
  const columns: Column<PotentialRow>[] = [
    { header: 'download.col.brand', format: 'text', value: (r) => name(r.brand.name, r.brand.name_en) },
    { header: 'download.col.category', format: 'text', value: (r) => name(r.category.name, r.category.name_en) },
    { header: 'potential.download.col.path', format: 'text', value: (r) => name(r.category.path, r.category.path_en) },
    { header: 'potential.download.col.brandSales', format: 'money', value: (r) => r.sales },
    { header: 'potential.download.col.baseSales', format: 'money', value: (r) => r.base_sales },
    { header: 'potential.download.col.brandGrowth', format: 'percent', value: (r) => r.growth },
    { header: 'potential.download.col.categorySales', format: 'money', value: (r) => r.category_sales },
    { header: 'potential.download.col.categoryGrowth', format: 'percent', value: (r) => r.category_growth },
    { header: 'potential.download.col.share', format: 'share', value: (r) => r.share },
    {
      header: 'potential.download.col.shareChange',
      format: 'number',
      value: (r) => (r.share_change === null ? null : r.share_change * 100),
    },
    { header: 'potential.download.col.rank', format: 'integer', value: (r) => r.rank },
    { header: 'potential.download.col.brandCount', format: 'integer', value: (r) => r.brand_count },
    { header: 'potential.download.col.totalSales', format: 'money', value: (r) => r.total_sales },
    { header: 'potential.download.col.totalGrowth', format: 'percent', value: (r) => r.total_growth },
    flagsColumn(a.locale),
  ];
  return sendXlsx(reply, {
    locale: a.locale,
    fileName: t('potential.download.file'),
    title: 'potential.download.title',
    context: { ...context, lines: [...context.lines, ...limitLines] },
    sheets: [{ name: 'potential.download.sheet', columns, rows: data.items }],
  });
}

/**
 * POST /analysis/products/downloads: the products table as the page sorts it, headed by the filter
 * and the selection (chosen series and product ids).
 */
export async function sendProducts(
  reply: FastifyReply,
  a: AnalysisRequest,
  selection: { products: readonly number[]; series: readonly string[] },
  rows: readonly ProductRow[],
): Promise<FastifyReply> {
  const name = pick(a.locale);
  const t = translateFor(a.locale);
  const context = await contextOf(a);
  const lines: [string, string][] = [];
  if (selection.series.length) lines.push([t('products.col.series'), selection.series.join(', ')]);
  if (selection.products.length) lines.push([t('download.col.product'), selection.products.join(', ')]);
  return sendXlsx(reply, {
    locale: a.locale,
    fileName: t('products.download.file'),
    title: 'products.download.title',
    context: { ...context, lines: [...lines, ...context.lines] },
    sheets: [
      {
        name: 'products.download.sheet',
        rows,
        columns: [
          { header: 'download.col.rank', format: 'integer', value: (r) => r.rank },
          { header: 'download.col.product', format: 'text', value: (r) => name(r.title, r.title_en) },
          { header: 'download.col.brand', format: 'text', value: (r) => name(r.brand.name, r.brand.name_en) },
          { header: 'download.col.shop', format: 'text', value: (r) => name(r.shop.name, r.shop.name_en) },
          { header: 'download.col.platform', format: 'text', value: (r) => name(r.platform.name, r.platform.name_en) },
          { header: 'download.col.channel', format: 'text', value: (r) => name(r.channel.name, r.channel.name_en) },
          { header: 'products.col.series', format: 'text', value: (r) => r.series },
          { header: 'products.col.firstPeriod', format: 'text', value: (r) => r.first_period },
          { header: 'download.col.price', format: 'money', value: (r) => r.price },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'download.col.count', format: 'integer', value: (r) => r.count },
          { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
          { header: 'download.col.share', format: 'share', value: (r) => r.share },
          { header: 'download.col.salesGrowth', format: 'percent', value: (r) => r.growth },
          flagsColumn(a.locale),
          { header: 'download.col.link', format: 'text', value: (r) => r.link },
        ],
      },
    ],
  });
}

type SlotOf<K extends keyof ContrastSlotFigures> = {
  slot: number;
  brand: string;
} & (ContrastSlotFigures[K] extends readonly (infer R)[] ? R : never);

/**
 * A slot's figures when its market has data. A slot whose filter selects no sales at all (a keyword
 * that matches nothing) has only zeros to show — the screen says "no data" there; a brand without
 * sales in a market that has them is still a row (its rank and share say so).
 */
const slotFigures = (s: Contrast['slots'][number]) =>
  s.figures && (s.figures.market.sales > 0 || s.figures.market.count > 0) ? s.figures : null;

/**
 * POST /contrast/brands/downloads: the comparison as the page shows it, one sheet per panel, each
 * row headed by its slot (1–4) and brand. Slots without figures (no access, not found, no data in
 * the slot's market) are left out, so a comparison with nothing to show is 400 `download.empty`,
 * as every other download — not a workbook of zeros.
 */
export async function sendContrast(reply: FastifyReply, a: AnalysisRequest, data: Contrast): Promise<FastifyReply> {
  const name = pick(a.locale);
  const t = translateFor(a.locale);
  const shown = data.slots.flatMap((s, i) => {
    const figures = slotFigures(s);
    return figures ? [{ ...s, slot: i + 1, figures }] : [];
  });
  const rowsOf = <K extends 'trend' | 'categories' | 'top_products'>(k: K) =>
    shown.flatMap((s) =>
      (s.figures[k] as readonly object[]).map((r) => ({ ...r, slot: s.slot, brand: name(s.name, s.name_en) })),
    ) as SlotOf<K>[];
  const slotColumns = <R extends { slot: number; brand: string }>(): Column<R>[] => [
    { header: 'contrast.download.col.slot', format: 'integer', value: (r) => r.slot },
    { header: 'download.col.brand', format: 'text', value: (r) => r.brand },
  ];
  const categoryName = (id: number) => {
    const node = categoryGranted(a.scope.catalog, a.scope.grant, id) ? a.scope.catalog.categories.get(id) : undefined;
    return node ? (name(node.name_zh, node.name_en) ?? String(id)) : String(id);
  };
  const overview = shown.map((s) => ({
    slot: s.slot,
    brand: name(s.name, s.name_en) ?? '',
    categories: s.categories.length ? s.categories.map(categoryName).join(', ') : t('contrast.download.value.filter'),
    ...s.figures.overview,
    ...selectedGrowth(a, s.figures.overview),
  }));
  const channels = shown.flatMap((s) =>
    s.figures.channels.flatMap((p) =>
      p.channels.map((c) => ({
        slot: s.slot,
        brand: name(s.name, s.name_en) ?? '',
        platform: name(p.name, p.name_en),
        channel: name(c.name, c.name_en),
        sales: c.sales,
        share: c.share,
      })),
    ),
  );
  const bands = shown.flatMap((s) =>
    s.figures.price_bands.rows.map((r) => ({ slot: s.slot, brand: name(s.name, s.name_en) ?? '', ...r })),
  );
  return sendXlsx(reply, {
    locale: a.locale,
    fileName: t('contrast.download.title'),
    title: 'contrast.download.title',
    context: await contextOf(a),
    sheets: [
      {
        name: 'contrast.download.sheet.overview',
        rows: overview,
        columns: [
          ...slotColumns<(typeof overview)[number]>(),
          { header: 'contrast.download.col.categories', format: 'text', value: (r) => r.categories },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'download.col.count', format: 'integer', value: (r) => r.count },
          { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
          { header: 'download.col.share', format: 'share', value: (r) => r.share },
          { header: 'download.col.rank', format: 'integer', value: (r) => r.rank },
          { header: 'download.col.salesGrowth', format: 'percent', value: (r) => r.sales_growth },
          {
            header: 'download.col.shareChange',
            format: 'number',
            value: (r) => (r.share_change === null ? null : r.share_change * 100),
          },
          { header: 'contrast.download.col.contribution', format: 'percent', value: (r) => r.contribution },
          flagsColumn(a.locale),
        ],
      },
      {
        name: 'contrast.download.sheet.trend',
        rows: rowsOf('trend'),
        columns: [
          ...slotColumns<SlotOf<'trend'>>(),
          { header: 'download.col.period', format: 'text', value: (r) => r.period },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'download.col.count', format: 'integer', value: (r) => r.count },
          { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
          { header: 'download.col.share', format: 'share', value: (r) => r.share },
        ],
      },
      {
        name: 'contrast.download.sheet.categories',
        rows: rowsOf('categories'),
        columns: [
          ...slotColumns<SlotOf<'categories'>>(),
          { header: 'download.col.category', format: 'text', value: (r) => name(r.name, r.name_en) },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'contrast.download.col.partOfBrand', format: 'share', value: (r) => r.brand_part },
          { header: 'download.col.share', format: 'share', value: (r) => r.share },
        ],
      },
      {
        name: 'contrast.download.sheet.channels',
        rows: channels,
        columns: [
          ...slotColumns<(typeof channels)[number]>(),
          { header: 'download.col.platform', format: 'text', value: (r) => r.platform },
          { header: 'download.col.channel', format: 'text', value: (r) => r.channel },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'contrast.download.col.partOfBrand', format: 'share', value: (r) => r.share },
        ],
      },
      {
        name: 'contrast.download.sheet.bands',
        rows: bands,
        columns: [
          ...slotColumns<(typeof bands)[number]>(),
          { header: 'contrast.download.col.band', format: 'text', value: (r) => name(r.name, r.name_en) },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'contrast.download.col.partOfBrand', format: 'share', value: (r) => r.share },
        ],
      },
      {
        name: 'contrast.download.sheet.products',
        rows: rowsOf('top_products'),
        columns: [
          ...slotColumns<SlotOf<'top_products'>>(),
          ...topColumns('product', a.locale).filter((c) => c.header !== 'download.col.brand'),
        ] as Column<SlotOf<'top_products'>>[],
      },
    ],
  });
}

/**
 * A "How computed" sheet: each figure's name and text from the on-screen definitions
 * (METRIC_DEFINITIONS, the "?" of the panel), then the download's own notes — the same words.
 */
export function notesSheet(
  locale: WireLocale,
  name: MessageKey,
  ids: readonly MetricDefinitionId[],
  notes: readonly { name: MessageKey; text: MessageKey }[] = [],
): Sheet<{ name: string; text: string }> {
  const t = translateFor(locale);
  const rows = [...ids.map((id) => METRIC_DEFINITIONS[id]), ...notes].map((d) => ({
    name: t(d.name),
    text: t(d.text),
  }));
  return {
    name,
    rows,
    columns: [
      { header: 'movement.download.col.definition', format: 'text', value: (r) => r.name },
      { header: 'movement.download.col.text', format: 'text', value: (r) => r.text },
    ],
  };
}

const MOVEMENT_LISTS = ['volume', 'price', 'mix', 'residual', 'launches', 'continuing', 'discontinued'] as const;

/**
 * POST /movement/downloads: the "What moved it" panel's figures — the bridge (base, volume, price,
 * mix, residual, current), the life-cycle split, the categories, the share split by category and by
 * platform (with a brand or a shop), every top-SKU list with its shop and platform, the launch
 * cohorts (when asked) and how each figure is computed. The numbers are the answer's own.
 */
export async function sendMovement(reply: FastifyReply, a: AnalysisRequest, data: MovementAnswer) {
  const name = pick(a.locale);
  const t = translateFor(a.locale);
  const context = await contextOf(a);
  const g = a.scope.project.dateField;
  const total = data.total;
  const term = (k: string) => t(`movement.download.term.${k}` as MessageKey);
  const part = (v: number) => (total.change === 0 ? null : v / total.change);
  type Step = { term: string; amount: number; part: number | null; skus?: number };
  const bridge: Step[] = [
    { term: term('base'), amount: total.base_sales, part: null },
    ...(['volume', 'price', 'mix', 'residual'] as const).map((k) => ({
      term: term(k),
      amount: total[k],
      part: part(total[k]),
    })),
    { term: term('current'), amount: total.sales, part: null },
    { term: term('change'), amount: total.change, part: total.change === 0 ? null : 1 },
  ];
  const lifecycle: Step[] = [
    { term: term('base'), amount: total.base_sales, part: null },
    ...(['launches', 'continuing', 'discontinued'] as const).map((k) => ({
      term: term(k),
      amount: total[k],
      part: part(total[k]),
      skus: data.sku_counts[k],
    })),
    { term: term('current'), amount: total.sales, part: null },
    { term: term('change'), amount: total.change, part: total.change === 0 ? null : 1 },
  ];
  const stepColumns = (skus: boolean): Column<Step>[] => [
    { header: 'movement.download.col.term', format: 'text', value: (r) => r.term },
    { header: 'movement.download.col.amount', format: 'money', value: (r) => r.amount },
    { header: 'movement.download.col.partOfChange', format: 'percent', value: (r) => r.part },
    ...(skus
      ? [{ header: 'movement.download.col.skuCount', format: 'integer', value: (r) => r.skus } as Column<Step>]
      : []),
  ];
  type Listed = MovementSku & { list: (typeof MOVEMENT_LISTS)[number]; rank: number };
  const skus: Listed[] = MOVEMENT_LISTS.flatMap((list) => data.top[list].map((r, i) => ({ ...r, list, rank: i + 1 })));
  const termValue = (r: Listed) =>
    r.list === 'launches' || r.list === 'continuing' || r.list === 'discontinued' ? r.change : r[r.list];
  type Category = MovementAnswer['categories'][number];
  type Part = NonNullable<MovementAnswer['share']>['by_category'][number];
  const points = (v: number) => v * 100;
  const shareColumns = (first: MessageKey): Column<Part>[] => [
    { header: first, format: 'text', value: (r) => name(r.name, r.name_en) },
    { header: 'movement.download.col.marketBaseSales', format: 'money', value: (r) => r.market_base_sales },
    { header: 'movement.download.col.marketSales', format: 'money', value: (r) => r.market_sales },
    { header: 'movement.download.col.baseSales', format: 'money', value: (r) => r.base_sales },
    { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
    { header: 'movement.download.col.contribution', format: 'number', value: (r) => points(r.contribution) },
    { header: 'movement.download.col.within', format: 'number', value: (r) => points(r.within) },
    { header: 'movement.download.col.weight', format: 'number', value: (r) => points(r.weight) },
  ];
  type Cohort = { cohort: string; sales: number; share: number | null };
  const co = data.cohorts;
  const cohorts: Cohort[] = co
    ? [
        {
          cohort: t('movement.download.cohort.recent', { since: periodLabel(co.recent_since, g) }),
          sales: co.recent_sales,
          share: co.recent_share,
        },
        ...co.by_year.map((y, i) => ({
          cohort: t(i === 0 ? 'movement.download.cohort.firstYear' : 'movement.download.cohort.year', { year: y.year }),
          sales: y.sales,
          share: y.share,
        })),
      ]
    : [];
  const share = data.share;
  const lines: [string, string][] = [
    [t('movement.download.header.base'), rangeLabel(data.base, g)],
    [t('movement.download.header.priceBasis'), t(`movement.download.value.${data.price_basis}`)],
    ...(share
      ? ([
          [t('movement.download.header.focus'), name(share.focus.name, share.focus.name_en) ?? share.focus.key],
          [t('movement.download.header.shareBase'), share.base_share === null ? '-' : formatRatio(share.base_share)],
          [t('movement.download.header.share'), share.share === null ? '-' : formatRatio(share.share)],
        ] as [string, string][])
      : []),
  ];
  const ids: MetricDefinitionId[] = [
    'sales',
    'movement_volume',
    'movement_price',
    'movement_mix',
    'movement_residual',
    'movement_lifecycle',
    ...(share ? (['share_change', 'share_split'] as const) : []),
  ];
  const notes: { name: MessageKey; text: MessageKey }[] = [
    { name: 'movement.download.note.cents.name', text: 'movement.download.note.cents.text' },
    ...(co
      ? [{ name: 'movement.download.note.cohorts.name', text: 'movement.download.note.cohorts.text' } as const]
      : []),
  ];
  const compared = context.lines.findIndex(([label]) => label === t('download.header.comparison'));
  const at = compared >= 0 ? compared + 1 : 2;
  // An empty selection has only zeros: the screen says "no data", and so does the download (400).
  const any = total.base_sales !== 0 || total.sales !== 0;
  return sendXlsx(reply, {
    locale: a.locale,
    fileName: share
      ? `${name(share.focus.name, share.focus.name_en)}-${t('movement.download.file')}`
      : t('movement.download.file'),
    title: 'movement.download.title',
    // The base range and the share right after the comparison line (or the period without one).
    context: { ...context, lines: [...context.lines.slice(0, at), ...lines, ...context.lines.slice(at)] },
    sheets: [
      { name: 'movement.download.sheet.bridge', rows: any ? bridge : [], columns: stepColumns(false) },
      { name: 'movement.download.sheet.lifecycle', rows: any ? lifecycle : [], columns: stepColumns(true) },
      {
        name: 'movement.download.sheet.categories',
        rows: any ? data.categories : [],
        columns: [
          { header: 'download.col.category', format: 'text', value: (r) => name(r.name, r.name_en) },
          { header: 'movement.download.col.baseSales', format: 'money', value: (r) => r.base_sales },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'movement.download.col.change', format: 'money', value: (r) => r.change },
          ...(['volume', 'price', 'mix', 'residual', 'launches', 'continuing', 'discontinued'] as const).map(
            (k): Column<Category> => ({ header: `movement.download.term.${k}`, format: 'money', value: (r) => r[k] }),
          ),
        ],
      },
      ...(share && any
        ? [
            {
              name: 'movement.download.sheet.shareCategories',
              rows: share.by_category,
              columns: shareColumns('download.col.category'),
            } satisfies Sheet<Part>,
            {
              name: 'movement.download.sheet.sharePlatforms',
              rows: share.by_platform,
              columns: shareColumns('download.col.platform'),
            } satisfies Sheet<Part>,
          ]
        : []),
      {
        name: 'movement.download.sheet.skus',
        rows: any ? skus : [],
        columns: [
          { header: 'movement.download.col.list', format: 'text', value: (r) => term(r.list) },
          { header: 'download.col.rank', format: 'integer', value: (r) => r.rank },
          { header: 'download.col.product', format: 'text', value: (r) => name(r.name, r.name_en) },
          { header: 'download.col.shop', format: 'text', value: (r) => name(r.shop.name, r.shop.name_en) },
          { header: 'download.col.platform', format: 'text', value: (r) => name(r.platform.name, r.platform.name_en) },
          { header: 'movement.download.col.skuId', format: 'text', value: (r) => String(r.sku_id) },
          { header: 'movement.download.col.kind', format: 'text', value: (r) => term(r.lifecycle) },
          { header: 'movement.download.col.termValue', format: 'money', value: termValue },
          { header: 'movement.download.col.change', format: 'money', value: (r) => r.change },
          { header: 'movement.download.col.baseSales', format: 'money', value: (r) => r.base_sales },
          { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
          { header: 'movement.download.col.baseCount', format: 'integer', value: (r) => r.base_count },
          { header: 'download.col.count', format: 'integer', value: (r) => r.count },
        ],
      },
      ...(co && any
        ? [
            {
              name: 'movement.download.sheet.cohorts',
              rows: cohorts,
              columns: [
                { header: 'movement.download.col.cohort', format: 'text', value: (r) => r.cohort },
                { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
                { header: 'movement.download.col.partOfSales', format: 'share', value: (r) => r.share },
              ],
            } satisfies Sheet<Cohort>,
          ]
        : []),
      // Only beside figures: a download with nothing to show stays 400 download.empty.
      ...(any ? [notesSheet(a.locale, 'movement.download.sheet.notes', ids, notes)] : []),
    ],
  });
}

/** At most this many entries in one audit download (newest first); the header says how many matched. */
export const AUDIT_DOWNLOAD_LIMIT = 10_000;

/** An ISO instant as the downloads write times: 'YYYY-MM-DD HH:mm:ss UTC'. */
const utcText = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The audit trail download: the same filters and order as the screen's list, actions and outcomes
 * in the request's language (the code beside the label, for searching the docs).
 */
export function sendAuditTrail(
  reply: FastifyReply,
  locale: WireLocale,
  filters: AuditDownloadQuery,
  found: { items: readonly AuditEvent[]; total: number },
): Promise<FastifyReply> {
  const t = translateFor(locale);
  const all = t('audit.download.all');
  const lines: [string, string][] = [
    [t('audit.col.actor'), filters.actor?.trim() || all],
    [t('audit.col.action'), filters.action ? t(auditActionKey(filters.action)) : all],
    [t('audit.col.target'), filters.target?.trim() || all],
    [t('audit.col.outcome'), filters.outcome ? t(`audit.outcome.${filters.outcome}`) : all],
    [t('audit.download.from'), filters.from ? utcText(new Date(filters.from).toISOString()) : all],
    [t('audit.download.to'), filters.to ? utcText(new Date(filters.to).toISOString()) : all],
    [t('audit.download.count'), `${found.items.length} / ${found.total}`],
    [t('download.header.generatedAt'), utcText(new Date().toISOString())],
  ];
  return sendXlsx(reply, {
    locale,
    fileName: t('audit.download.title'),
    title: 'audit.download.title',
    context: { lines, currencySymbol: '' },
    sheets: [
      {
        name: 'audit.download.sheet',
        rows: found.items,
        columns: [
          { header: 'audit.col.at', format: 'text', value: (e: AuditEvent) => utcText(e.at) },
          { header: 'audit.col.actor', format: 'text', value: (e: AuditEvent) => e.username },
          { header: 'audit.col.ip', format: 'text', value: (e: AuditEvent) => e.ip },
          {
            header: 'audit.col.action',
            format: 'text',
            value: (e: AuditEvent) => (isAuditAction(e.action) ? t(auditActionKey(e.action)) : e.action),
          },
          { header: 'audit.col.actionCode', format: 'text', value: (e: AuditEvent) => e.action },
          { header: 'audit.col.target', format: 'text', value: (e: AuditEvent) => e.target },
          { header: 'audit.col.outcome', format: 'text', value: (e: AuditEvent) => t(`audit.outcome.${e.outcome}`) },
          {
            header: 'audit.col.detail',
            format: 'text',
            value: (e: AuditEvent) => (e.detail === null ? '' : JSON.stringify(e.detail)),
          },
        ] satisfies Column<AuditEvent>[],
      },
    ],
  });
}
