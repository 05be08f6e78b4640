import type { MessageKey, WireLocale } from '@marketlens/shared';
import type { BrandCharacters, InsightTopRowData } from '@marketlens/shared/contracts';
import type { FastifyReply } from 'fastify';
import type { TopKind } from '../analytics/panels/common.js';
import type { CategoryValuation } from '../analytics/panels/valuation.js';
import type { AnalysisRequest } from '../analytics/request.js';
import { translateFor } from '../i18n.js';
import { type Column, downloadContext, type Sheet, sendXlsx } from './xlsx.js';

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

const TOP_SHEETS: Record<TopKind, MessageKey> = {
  brand: 'insight.download.sheet.brands',
  shop: 'insight.download.sheet.shops',
  product: 'insight.download.sheet.products',
};

/** Columns of the ranking download: the numbers of the /top answer, names in the request's language. */
function topColumns(kind: TopKind, locale: WireLocale): Column<InsightTopRowData>[] {
  const name = pick(locale);
  const nameColumn: Column<InsightTopRowData> = {
    header: kind === 'brand' ? 'download.col.brand' : kind === 'shop' ? 'download.col.shop' : 'download.col.product',
    format: 'text',
    value: (r) => name(r.name, r.name_en),
  };
  const figures: Column<InsightTopRowData>[] = [
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
  ];
  const rank: Column<InsightTopRowData> = { header: 'download.col.rank', format: 'integer', value: (r) => r.rank };
  const platform: Column<InsightTopRowData> = {
    header: 'download.col.platform',
    format: 'text',
    value: (r) => name(r.platform?.name, r.platform?.name_en),
  };
  const link: Column<InsightTopRowData> = { header: 'download.col.link', format: 'text', value: (r) => r.link };
  if (kind === 'shop') {
    const channel: Column<InsightTopRowData> = {
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

/** POST /top/downloads: the ranking of one kind as the page shows it. */
export function sendTop(reply: FastifyReply, a: AnalysisRequest, kind: TopKind, rows: readonly InsightTopRowData[]) {
  return sendOneSheet(reply, a, {
    file: 'insight.download.file.top',
    title: 'insight.download.topTitle',
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
