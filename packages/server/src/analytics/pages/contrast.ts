import { setMaxListeners } from 'node:events';
import { type DateRange, type MessageKey, periodLengthsDiffer, share } from '@marketlens/shared';
import {
  type BrandMovement,
  CONTRAST_TOP_PRODUCTS,
  type Contrast,
  type ContrastSlot,
  type ContrastSlotFigures,
  type FavoriteBrands,
} from '@marketlens/shared/contracts';
import type { BrandName } from '../engine/dimensions.js';
import type { Filter } from '../engine/model.js';
import { comparisonOf, comparisonWarnings, type WarningParams, warnCoverage } from '../engine/service.js';
import type { ValidatedFilter } from '../engine/validate.js';
import { bandsValues } from '../panels/bands.js';
import { channelsOverview } from '../panels/channels.js';
import { periodsOf, warningsOf } from '../panels/common.js';
import { top } from '../panels/rankings.js';
import type { AnalysisRequest } from '../request.js';
import { brandCategories, brandOverviews, brandTrend, type CategoryLevel, withBrand } from './brand.js';

/**
 * Brand Comparison (/contrast) and Favourite Brands (/favorite-brand), docs/pages/contrast.md: both
 * compose Brand Detail's page functions and the shared panels over the one analysis request; every
 * query carries the user's grant.
 */

export interface SlotInput {
  brand_id: number;
  categories?: readonly number[] | undefined;
}

/**
 * The request of one slot: the filter with the slot's own categories in place of the filter's
 * category selection (or custom SQL); the request itself when the slot has none.
 */
export function slotRequest(a: AnalysisRequest, categories: readonly number[]): AnalysisRequest {
  if (categories.length === 0) return a;
  const { customSql: _sql, ...filter } = a.validated.filter;
  const validated: ValidatedFilter = {
    ...a.validated,
    filter: { ...filter, categories: a.scope.catalog.leavesOf(categories) },
  };
  const { sql: _wireSql, ...wire } = a.wire ?? { date: [a.validated.range.start, a.validated.range.end] as const };
  return {
    ...a,
    validated,
    wire: { ...wire, date: [...wire.date], category: { enable: true, value: [...categories] } },
    selected: [...categories],
  };
}

/** The request narrowed to one brand (the panels then answer for the brand's own sales). */
function narrowed(a: AnalysisRequest, brandId: number): AnalysisRequest {
  return { ...a, validated: { ...a.validated, filter: withBrand(a.validated.filter, brandId) } };
}

/** The slot's figures: the brand in its own market, its trend, and its category, channel, band and product mix. */
async function slotFigures(
  s: AnalysisRequest,
  brandId: number,
  name: BrandName,
  level: CategoryLevel,
): Promise<{ figures: ContrastSlotFigures; warnings: MessageKey[] }> {
  const own = narrowed(s, brandId);
  const [overview, trend, categories, channels, bands, products] = await Promise.all([
    brandOverviews(s, new Map([[brandId, name]])),
    brandTrend(s, brandId, 'mom', 'sales'),
    brandCategories(s, brandId, level),
    channelsOverview(own, 'sales'),
    bandsValues(own, 'sales'),
    top(own, 'product', 'sales'),
  ]);
  const item = overview.items[0]!;
  const warnings: MessageKey[] = [];
  if (overview.market.sales === 0) warnings.push('analytics.noData');
  else if (item.sales === 0) warnings.push('contrast.brandNoData');
  return {
    figures: {
      overview: item,
      market: overview.market,
      trend,
      categories: categories.items,
      channels: channels.platforms,
      price_bands: { rows: bands.rows, bands: bands.bands },
      top_products: products.items.slice(0, CONTRAST_TOP_PRODUCTS),
    },
    warnings,
  };
}

/** Categories of a slot the user has no granted leaf under (unknown ids included). */
function ungrantedCategories(a: AnalysisRequest, ids: readonly number[]): number[] {
  const granted = new Set(a.scope.grant.categories);
  return ids.filter((id) => !a.scope.catalog.leavesOf([id]).some((leaf) => granted.has(leaf)));
}

/**
 * The comparison: every slot in the order asked, each in its own market. A slot whose brand or
 * category is not granted, or whose brand is not in the data, answers its state and nothing else —
 * not even the brand's name — while the other slots answer their figures.
 */
export async function contrast(
  a: AnalysisRequest,
  slots: readonly SlotInput[],
  level: CategoryLevel,
): Promise<Contrast> {
  // Four slots of about fifteen statements each share the request's signal.
  setMaxListeners(64 * slots.length, a.signal);
  const grantedBrands = a.scope.grant.brands;
  const visible = slots.map((s) => s.brand_id).filter((id) => grantedBrands === null || grantedBrands.includes(id));
  const names = await a.dims.brandNames([...new Set(visible)]);
  const out = await Promise.all(
    slots.map(async (slot): Promise<ContrastSlot> => {
      const categories = [...new Set(slot.categories ?? [])];
      const empty = { brand_id: slot.brand_id, categories, name: '', name_en: '', figures: null, warnings: [] };
      if (grantedBrands !== null && !grantedBrands.includes(slot.brand_id))
        return { ...empty, access: 'no_access_brand' };
      if (ungrantedCategories(a, categories).length > 0) return { ...empty, access: 'no_access_category' };
      const name = names.get(slot.brand_id);
      if (!name) return { ...empty, access: 'not_found' };
      const { figures, warnings } = await slotFigures(slotRequest(a, categories), slot.brand_id, name, level);
      return {
        ...empty,
        access: 'ok',
        name: name.name_zh,
        name_en: name.name_en,
        figures,
        warnings: warningsOf({ warnings }, a.locale),
      };
    }),
  );
  const v = a.validated;
  const granularity = a.scope.project.dateField;
  const unequal =
    v.comparison.kind === 'event'
      ? v.comparison.unequal
      : v.comparison.kind === 'custom' && periodLengthsDiffer(v.range, v.comparison.base, granularity);
  const warned: { warnings: MessageKey[]; warningParams?: WarningParams } = {
    warnings: comparisonWarnings(v.comparison, unequal),
  };
  // Every slot compares the same two ranges: their coverage warns once, for the page.
  const base = comparisonOf({ comparison: v.comparison, range: v.range, granularity, dimensions: [] })?.base;
  warnCoverage(warned, a.scope.coverage, v.range, base);
  return {
    range: v.range,
    level,
    slots: out,
    warnings: warningsOf(warned, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Favourite brands

/** A movement is flagged beyond this many standard deviations of the brand's own earlier periods. */
export const MOVEMENT_Z = 2;
/** Fewer earlier periods than this are too short a history to judge. */
export const MOVEMENT_MIN_HISTORY = 3;

/**
 * The latest value of a series against the earlier ones: flagged when it lies more than
 * {@link MOVEMENT_Z} sample standard deviations from their mean. Null values (no market) are left
 * out; a flat history (sd 0) flags nothing.
 */
export function movementOf(
  metric: BrandMovement['metric'],
  series: readonly { period: string; value: number | null }[],
): BrandMovement | null {
  const latest = series.at(-1);
  if (!latest || latest.value === null) return null;
  const history = series
    .slice(0, -1)
    .map((p) => p.value)
    .filter((x): x is number => x !== null);
  if (history.length < MOVEMENT_MIN_HISTORY) return null;
  const mean = history.reduce((s, x) => s + x, 0) / history.length;
  const sd = Math.sqrt(history.reduce((s, x) => s + (x - mean) ** 2, 0) / (history.length - 1));
  if (!(sd > 0)) return null;
  const z = (latest.value - mean) / sd;
  if (Math.abs(z) <= MOVEMENT_Z) return null;
  return { metric, direction: z > 0 ? 'up' : 'down', period: latest.period, value: latest.value, mean, sd, z };
}

/**
 * A followed brand's movement (docs/pages/contrast.md "Movements"): its sales first, then its share. Its
 * sales are judged only while the market's own latest period is ordinary: when the whole market moved
 * (a seasonal peak, a sales festival) every brand's sales moved with it, and flagging each one's "jump"
 * said nothing about the brand; its share then tells whether it moved beyond its market.
 */
export function brandMovement(
  trend: readonly { period: string; sales: number; share: number | null }[],
  marketSales: readonly { period: string; value: number | null }[],
): BrandMovement | null {
  const marketMoved = movementOf('sales', marketSales) !== null;
  return (
    (marketMoved
      ? null
      : movementOf(
          'sales',
          trend.map((p) => ({ period: p.period, value: p.sales })),
        )) ??
    movementOf(
      'share',
      trend.map((p) => ({ period: p.period, value: p.share })),
    )
  );
}

/** Sales and share per period of the range for each brand (zeros where it sold nothing), and the market's sales. */
async function brandSeries(a: AnalysisRequest, ids: readonly number[], range: DateRange) {
  const filter: Filter = {
    ...a.validated.filter,
    brands: a.validated.filter.brands ? a.validated.filter.brands.filter((b) => ids.includes(b)) : [...ids],
  };
  const [byBrand, market] = await Promise.all([
    a.query({ dimensions: ['period', 'brand'], measures: ['sales'], filter, range }),
    a.query({ dimensions: ['period'], measures: ['sales'], filter: a.validated.filter, range }),
  ]);
  const marketAt = new Map(market.rows.map((r) => [String(r.keys.period), r.sales]));
  const salesAt = new Map(byBrand.rows.map((r) => [`${Number(r.keys.brand)}|${String(r.keys.period)}`, r.sales]));
  const periods = periodsOf(range, a.scope.project.dateField);
  return {
    of: (id: number) =>
      periods.map((period) => {
        const sales = salesAt.get(`${id}|${period}`) ?? 0;
        return { period, sales, share: share(sales, marketAt.get(period) ?? 0) };
      }),
    // A period without any sale has no market to judge: left out, like the share series' gaps.
    market: periods.map((period) => ({ period, value: marketAt.get(period) ?? null })),
  };
}

/**
 * The brands the user follows in the project, in the filtered market: the overview figures of
 * Brand Detail, the small trend line and the latest period's movement (sales first, then share).
 */
export async function favoriteBrands(a: AnalysisRequest): Promise<FavoriteBrands> {
  const followed = await a.metadata.favoriteBrands.list(a.scope.project.id, a.user.id);
  const grantedBrands = a.scope.grant.brands;
  const mayView = (id: number) => grantedBrands === null || grantedBrands.includes(id);
  const ungranted = followed.filter((f) => !mayView(f.brandId)).map((f) => f.brandId);
  const names = await a.dims.brandNames(followed.filter((f) => mayView(f.brandId)).map((f) => f.brandId));
  const shown = followed.filter((f) => names.has(f.brandId));
  const ids = shown.map((f) => f.brandId);
  const [overviews, series] = await Promise.all([
    brandOverviews(a, new Map(ids.map((id) => [id, names.get(id)!]))),
    brandSeries(a, ids, a.validated.range),
  ]);
  const items = overviews.items.map((item, i) => {
    const trend = series.of(item.brand_id);
    const movement = brandMovement(trend, series.market);
    return { ...item, followed_at: shown[i]!.createdAt, trend, movement };
  });
  return { range: overviews.range, market: overviews.market, items, ungranted, warnings: overviews.warnings };
}

/** The comparison's growth of a slot under the request's selector (mom by default). */
export function selectedGrowth(a: AnalysisRequest, item: ContrastSlotFigures['overview']) {
  const kind = a.validated.comparison.kind;
  const c = kind === 'custom' || kind === 'event' ? item.custom : kind === 'yoy' ? item.yoy : item.mom;
  return {
    sales_growth: c?.growth.sales ?? null,
    flags: c?.flags ?? [],
    share_change: c?.share_change ?? null,
    contribution: c?.contribution ?? null,
  };
}
