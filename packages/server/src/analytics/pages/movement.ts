import { comparisonPeriod, type DateRange, type MessageKey, periodLengthsDiffer } from '@marketlens/shared';
import {
  MOVEMENT_TOP_DEFAULT,
  type MovementAnswer,
  type MovementCategory,
  type MovementCohorts,
  type MovementLifecycle,
  type MovementSku,
  type ShareContribution,
} from '@marketlens/shared/contracts';
import { badRequest } from '../../errors.js';
import type { Dimension, Filter } from '../engine/model.js';
import { comparisonWarnings, type WarningParams, warnCoverage } from '../engine/service.js';
import { type ResultRow, shiftPeriod } from '../engine/shape.js';
import { selectionOf, warningsOf } from '../panels/common.js';
import type { AnalysisRequest } from '../request.js';
import { requireBrands, withBrand } from './brand.js';
import { marketOf, requireShops } from './shop.js';

/**
 * "What moved it" (docs/metrics.md "What moved it"): the change in sales of a selection between the
 * comparison's base range and the range, split at SKU grain. Every figure comes from `a.query`
 * under the user's grant: one grouped read per range at SKU grain (the rule picks the SKU-level
 * table), and for a share split one read per range of the market and of the focus by category and
 * platform. The arithmetic is in whole cents (BigInt where products of cents and units could pass
 * 2^53), so each SKU's terms and every total add up to the cent.
 */

/** One SKU's sums in both ranges: sales in cents, units. */
export interface SkuSums {
  readonly sku_id: number;
  readonly s0: bigint;
  readonly s1: bigint;
  readonly q0: bigint;
  readonly q1: bigint;
}

export interface SkuTerms {
  readonly lifecycle: MovementLifecycle;
  readonly change: bigint;
  readonly volume: bigint;
  readonly price: bigint;
  readonly mix: bigint;
  readonly residual: bigint;
}

/** n / d rounded to the nearest integer, halves away from zero (d > 0). */
export function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** Which life-cycle term a SKU is in: by its units in the two ranges. */
export function lifecycleOf(q0: bigint, q1: bigint): MovementLifecycle {
  if (q0 > 0n && q1 > 0n) return 'continuing';
  return q0 > 0n ? 'discontinued' : 'launches';
}

/**
 * The terms of one SKU (docs/metrics.md): with P̄0 = S0 / Q0 the selection's base average price,
 * volume = (q1 − q0) × P̄0 for every SKU; a continuing SKU's price = q0 × (p1 − p0) and mix =
 * (q1 − q0) × (p0 − P̄0); a launch's mix = s1 − q1 × P̄0, a discontinued SKU's mix = q0 × P̄0 − s0
 * (no like-for-like price, so its price difference to the base average is mix). Each term is rounded
 * to the cent; residual = change − the three, which holds the interaction (q1 − q0) × (p1 − p0) of
 * continuing SKUs and the cent rounding. Without base units there is no base price: the whole
 * change is mix.
 */
export function skuTerms(s: SkuSums, S0: bigint, Q0: bigint): SkuTerms {
  const { s0, s1, q0, q1 } = s;
  const change = s1 - s0;
  const lifecycle = lifecycleOf(q0, q1);
  if (Q0 === 0n) return { lifecycle, change, volume: 0n, price: 0n, mix: change, residual: 0n };
  const volume = roundDiv((q1 - q0) * S0, Q0);
  let price = 0n;
  let mix: bigint;
  if (lifecycle === 'continuing') {
    price = roundDiv(q0 * s1 - s0 * q1, q1);
    mix = roundDiv((q1 - q0) * (s0 * Q0 - S0 * q0), q0 * Q0);
  } else if (lifecycle === 'launches') {
    mix = roundDiv(s1 * Q0 - q1 * S0, Q0);
  } else {
    mix = roundDiv(q0 * S0 - s0 * Q0, Q0);
  }
  return { lifecycle, change, volume, price, mix, residual: change - volume - price - mix };
}

const cents = (money: number) => BigInt(Math.round(money * 100));
const money = (c: bigint) => Number(c) / 100;
const abs = (x: bigint) => (x < 0n ? -x : x);

interface SkuRow extends SkuSums {
  leaf: number;
}

/**
 * The selection's SKUs with their sums in both ranges, from one grouped read per range. The rows
 * are not named: a market has many SKUs and only the listed ones are shown (their details are read
 * by id once the lists are known).
 */
async function skuSums(a: AnalysisRequest, filter: Filter, range: DateRange, base: DateRange): Promise<SkuRow[]> {
  const read = (r: DateRange) =>
    a.query({ dimensions: ['category_3', 'sku'], measures: ['sales', 'count'], filter, range: r, names: false });
  const [now, before] = await Promise.all([read(range), read(base)]);
  // One mutable row per SKU, filled in place: a market has many SKUs, and copies per row cost
  // the garbage collector more than the sums.
  const bySku = new Map<number, { -readonly [K in keyof SkuRow]: SkuRow[K] }>();
  const add = (rows: readonly ResultRow[], current: boolean) => {
    for (const r of rows) {
      const id = Number(r.keys.sku);
      let got = bySku.get(id);
      if (!got) {
        got = { sku_id: id, leaf: Number(r.keys.category_3), s0: 0n, s1: 0n, q0: 0n, q1: 0n };
        bySku.set(id, got);
      }
      const s = cents(r.sales);
      const q = BigInt(Math.round(r.count));
      if (current) {
        got.s1 += s;
        got.q1 += q;
      } else {
        got.s0 += s;
        got.q0 += q;
      }
    }
  };
  add(now.rows, true);
  add(before.rows, false);
  return [...bySku.values()];
}

interface Acc {
  base_sales: bigint;
  sales: bigint;
  base_count: bigint;
  count: bigint;
  change: bigint;
  volume: bigint;
  price: bigint;
  mix: bigint;
  residual: bigint;
  launches: bigint;
  continuing: bigint;
  discontinued: bigint;
}
const zeroAcc = (): Acc => ({
  base_sales: 0n,
  sales: 0n,
  base_count: 0n,
  count: 0n,
  change: 0n,
  volume: 0n,
  price: 0n,
  mix: 0n,
  residual: 0n,
  launches: 0n,
  continuing: 0n,
  discontinued: 0n,
});
function accumulate(acc: Acc, s: SkuSums, t: SkuTerms): void {
  acc.base_sales += s.s0;
  acc.sales += s.s1;
  acc.base_count += s.q0;
  acc.count += s.q1;
  acc.change += t.change;
  acc.volume += t.volume;
  acc.price += t.price;
  acc.mix += t.mix;
  acc.residual += t.residual;
  acc[t.lifecycle] += t.change;
}
const moneyOf = (acc: Acc) => ({
  base_sales: money(acc.base_sales),
  sales: money(acc.sales),
  base_count: Number(acc.base_count),
  count: Number(acc.count),
  change: money(acc.change),
  volume: money(acc.volume),
  price: money(acc.price),
  mix: money(acc.mix),
  residual: money(acc.residual),
  launches: money(acc.launches),
  continuing: money(acc.continuing),
  discontinued: money(acc.discontinued),
});

/** The base range of the request's comparison; a filter without one compares with the preceding range (mom). */
export function movementBase(a: AnalysisRequest): { kind: 'mom' | 'yoy' | 'custom' | 'event'; base: DateRange } {
  const c = a.validated.comparison;
  if (c.kind === 'custom' || c.kind === 'event') return { kind: c.kind, base: c.base };
  const kind = c.kind === 'yoy' ? 'yoy' : 'mom';
  return { kind, base: comparisonPeriod(a.validated.range, kind, a.scope.project.dateField) };
}

/** The brand or shop whose share is split: its selection (the focus) and the market it is measured in. */
interface Focus {
  kind: 'brand' | 'shop';
  key: string;
  name: string;
  name_en: string;
  selection: Filter;
  market: Filter;
}

/** The brand or shop asked, checked against the grant (403 / 404 before anything is read). */
async function focusOf(a: AnalysisRequest, brandId?: number, shop?: string): Promise<Focus | undefined> {
  if (brandId !== undefined && shop !== undefined) throw badRequest('movement.oneFocus');
  const filter = a.validated.filter;
  if (brandId !== undefined) {
    const names = await requireBrands(a, [brandId]);
    const n = names.get(brandId)!;
    // Brand Detail's market: the filter itself; the brand within it.
    return {
      kind: 'brand',
      key: String(brandId),
      name: n.name_zh,
      name_en: n.name_en || n.name_zh,
      selection: withBrand(filter, brandId),
      market: filter,
    };
  }
  if (shop !== undefined) {
    const [picked] = await requireShops(a, [shop]);
    const s = picked!;
    // Store Analysis' market: the filter without its shop parts; the shop in it with the filter's channel sources.
    return {
      kind: 'shop',
      key: s.value,
      name: s.info.name_zh,
      name_en: s.info.name_en || s.info.name_zh,
      selection: {
        ...marketOf(filter),
        shops: [{ platformId: s.platformId, shopId: Number(s.info.shop_id) }],
        ...(filter.channelSources ? { channelSources: filter.channelSources } : {}),
      },
      market: marketOf(filter),
    };
  }
  return undefined;
}

/** The ancestor of a leaf at a level (the leaf itself at level 3). */
function ancestorAt(catalog: AnalysisRequest['scope']['catalog'], leaf: number, level: number): number {
  let node = catalog.categories.get(leaf);
  while (node && node.level > level && node.parent_id !== null) node = catalog.categories.get(node.parent_id);
  return node?.category_id ?? leaf;
}

/**
 * The n items with the largest absolute non-zero value, largest first, ties by SKU id: one pass
 * keeping the best n in order (n is small, the items are every SKU of the selection).
 */
export function topBy<T extends { sku: { sku_id: number } }>(
  items: readonly T[],
  value: (x: T) => bigint,
  n: number,
): T[] {
  const best: { x: T; v: bigint }[] = [];
  // x ranks before y: larger absolute value, then the smaller id.
  const before = (v: bigint, id: number, y: { x: T; v: bigint }) => v > y.v || (v === y.v && id < y.x.sku.sku_id);
  for (const x of items) {
    const raw = value(x);
    if (raw === 0n) continue;
    const v = abs(raw);
    const id = x.sku.sku_id;
    if (best.length === n && !before(v, id, best[n - 1]!)) continue;
    let i = best.length;
    while (i > 0 && before(v, id, best[i - 1]!)) i--;
    best.splice(i, 0, { x, v });
    if (best.length > n) best.pop();
  }
  return best.map((b) => b.x);
}

type SkuDetails = Awaited<ReturnType<AnalysisRequest['dims']['products']>>;

/** A listed SKU with its title, shop and platform (from its details; the id where it has none). */
function skuOut({ sku, terms }: { sku: SkuRow; terms: SkuTerms }, details: SkuDetails): MovementSku {
  const p = details.get(sku.sku_id);
  const id = String(sku.sku_id);
  return {
    sku_id: sku.sku_id,
    name: p?.title_zh || id,
    name_en: p?.title_en || p?.title_zh || id,
    shop: {
      key: p ? `${p.platform_id},${p.shop_id}` : '',
      name: p?.shop_zh ?? '',
      name_en: p?.shop_en || p?.shop_zh || '',
    },
    platform: { id: p?.platform_id ?? 0, name: p?.platform_zh ?? '', name_en: p?.platform_en || p?.platform_zh || '' },
    lifecycle: terms.lifecycle,
    base_sales: money(sku.s0),
    sales: money(sku.s1),
    base_count: Number(sku.q0),
    count: Number(sku.q1),
    change: money(terms.change),
    volume: money(terms.volume),
    price: money(terms.price),
    mix: money(terms.mix),
    residual: money(terms.residual),
  };
}

// ---------------------------------------------------------------------------------------------
// The share split.

interface Cell {
  m0: bigint;
  m1: bigint;
  f0: bigint;
  f1: bigint;
  name: string;
  name_en: string;
}

/**
 * One part of a share change (docs/metrics.md): contribution = f1 / M1 − f0 / M0, split as
 * within = w̄ × (s1 − s0) and weight = s̄ × (w1 − w0) (w its weight in the market, s the focus'
 * share within it, bars the means of both ranges). A part without market sales in one range has no
 * share there: the other range's share stands in, so all of its change is weight.
 */
export function sharePart(c: Pick<Cell, 'm0' | 'm1' | 'f0' | 'f1'>, M0: bigint, M1: bigint) {
  const ratio = (x: bigint, y: bigint) => (y === 0n ? 0 : Number(x) / Number(y));
  const w0 = ratio(c.m0, M0);
  const w1 = ratio(c.m1, M1);
  let s0 = c.m0 === 0n ? null : Number(c.f0) / Number(c.m0);
  let s1 = c.m1 === 0n ? null : Number(c.f1) / Number(c.m1);
  s0 ??= s1 ?? 0;
  s1 ??= s0;
  const contribution = ratio(c.f1, M1) - ratio(c.f0, M0);
  const within = ((w0 + w1) / 2) * (s1 - s0);
  // The weight part as the rest: within + weight = contribution in floating point too.
  return { contribution, within, weight: contribution - within };
}

async function shareSplit(
  a: AnalysisRequest,
  focus: Focus,
  catDim: Dimension,
  range: DateRange,
  base: DateRange,
): Promise<MovementAnswer['share']> {
  const read = (filter: Filter, r: DateRange) =>
    a.query({ dimensions: [catDim, 'platform'], measures: ['sales', 'count'], filter, range: r });
  const [m1, m0, f1, f0] = await Promise.all([
    read(focus.market, range),
    read(focus.market, base),
    read(focus.selection, range),
    read(focus.selection, base),
  ]);
  const byCategory = new Map<string, Cell>();
  const byPlatform = new Map<string, Cell>();
  const totals = { m0: 0n, m1: 0n, f0: 0n, f1: 0n };
  const add = (rows: readonly ResultRow[], field: 'm0' | 'm1' | 'f0' | 'f1') => {
    for (const r of rows) {
      const c = cents(r.sales);
      totals[field] += c;
      for (const [map, dim] of [
        [byCategory, catDim],
        [byPlatform, 'platform'],
      ] as const) {
        const key = String(r.keys[dim]);
        const label = r.labels[dim];
        const cell = map.get(key) ?? {
          m0: 0n,
          m1: 0n,
          f0: 0n,
          f1: 0n,
          name: label?.zh || key,
          name_en: label?.en || label?.zh || key,
        };
        cell[field] += c;
        map.set(key, cell);
      }
    }
  };
  add(m1.rows, 'm1');
  add(m0.rows, 'm0');
  add(f1.rows, 'f1');
  add(f0.rows, 'f0');
  const list = (map: Map<string, Cell>): ShareContribution[] =>
    [...map.entries()]
      .map(([key, c]) => ({
        key,
        name: c.name,
        name_en: c.name_en,
        market_sales: money(c.m1),
        market_base_sales: money(c.m0),
        sales: money(c.f1),
        base_sales: money(c.f0),
        ...sharePart(c, totals.m0, totals.m1),
      }))
      .sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution) || x.key.localeCompare(y.key));
  const share = totals.m1 === 0n ? null : Number(totals.f1) / Number(totals.m1);
  const baseShare = totals.m0 === 0n ? null : Number(totals.f0) / Number(totals.m0);
  return {
    focus: { kind: focus.kind, key: focus.key, name: focus.name, name_en: focus.name_en },
    market_sales: money(totals.m1),
    market_base_sales: money(totals.m0),
    share,
    base_share: baseShare,
    change: share === null || baseShare === null ? null : share - baseShare,
    by_category: list(byCategory),
    by_platform: list(byPlatform),
  };
}

// ---------------------------------------------------------------------------------------------
// Launch cohorts.

/** Months (weeks) of the "recently launched" window, as the new-brand share counts them. */
const RECENT_MONTHS = 12;
const RECENT_WEEKS = 52;

/**
 * The range's sales of the selection by the first sale of its SKUs (dim_sku.first_period): the
 * last 12 months (52 weeks) of the range, and each year from the dataset's first. One total per
 * cohort, each a read under the same filter narrowed by first period.
 */
async function cohortSums(a: AnalysisRequest, filter: Filter, range: DateRange) {
  const g = a.scope.project.dateField;
  const since = shiftPeriod(range.end, -((g === 'month' ? RECENT_MONTHS : RECENT_WEEKS) - 1), g);
  const first = Number(a.scope.fullRange.start.slice(0, 4));
  const last = Number(range.end.slice(0, 4));
  const years = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
  const total = async (firstPeriod: DateRange) => {
    const r = await a.query({
      dimensions: [],
      measures: ['sales', 'count'],
      filter: { ...filter, firstPeriod },
      range,
    });
    return r.rows.reduce((t, row) => t + cents(row.sales), 0n);
  };
  const [recent, ...perYear] = await Promise.all([
    total({ start: since, end: range.end }),
    // The first year also holds any first sale before the dataset's range, so the years add up
    // (from 1970: ClickHouse's Date starts there).
    ...years.map((y, i) => total({ start: i === 0 ? '1970-01-01' : `${y}-01-01`, end: `${y}-12-31` })),
  ]);
  return { since, recent: recent!, years, perYear };
}

/** The cohorts as parts of the range's sales (`all`, in cents). */
function cohortsOf(c: Awaited<ReturnType<typeof cohortSums>>, all: bigint): MovementCohorts {
  const part = (x: bigint) => (all === 0n ? null : Number(x) / Number(all));
  return {
    recent_since: c.since,
    recent_sales: money(c.recent),
    recent_share: part(c.recent),
    by_year: c.years.map((year, i) => ({ year, sales: money(c.perYear[i]!), share: part(c.perYear[i]!) })),
  };
}

// ---------------------------------------------------------------------------------------------

export interface MovementOptions {
  brandId?: number;
  shop?: string;
  top?: number;
  categoryLevel?: 1 | 2 | 3;
  cohorts?: boolean;
}

/** POST /movement: the selection's sales change split (docs/metrics.md "What moved it"). */
export async function movement(a: AnalysisRequest, o: MovementOptions = {}): Promise<MovementAnswer> {
  const focus = await focusOf(a, o.brandId, o.shop);
  const n = o.top ?? MOVEMENT_TOP_DEFAULT;
  const { range } = a.validated;
  const { kind, base } = movementBase(a);
  const level = o.categoryLevel ?? (Math.min(selectionOf(a.scope, a.selected).level + 1, 3) as 1 | 2 | 3);
  const catDim = `category_${level}` as Dimension;
  const selection = focus?.selection ?? a.validated.filter;

  const [skus, share, cohortRaw] = await Promise.all([
    skuSums(a, selection, range, base),
    focus ? shareSplit(a, focus, catDim, range, base) : Promise.resolve(null),
    o.cohorts ? cohortSums(a, selection, range) : Promise.resolve(null),
  ]);

  let S0 = 0n;
  let Q0 = 0n;
  for (const s of skus) {
    S0 += s.s0;
    Q0 += s.q0;
  }
  const items = skus.map((sku) => ({ sku, terms: skuTerms(sku, S0, Q0) }));
  const total = zeroAcc();
  const counts = { launches: 0, continuing: 0, discontinued: 0 };
  const byCategory = new Map<number, Acc>();
  const ancestors = new Map<number, number>();
  for (const { sku, terms } of items) {
    accumulate(total, sku, terms);
    counts[terms.lifecycle] += 1;
    let cat = ancestors.get(sku.leaf);
    if (cat === undefined) {
      cat = ancestorAt(a.scope.catalog, sku.leaf, level);
      ancestors.set(sku.leaf, cat);
    }
    const acc = byCategory.get(cat) ?? zeroAcc();
    accumulate(acc, sku, terms);
    byCategory.set(cat, acc);
  }
  const categories: MovementCategory[] = [...byCategory.entries()]
    .sort(([ka, x], [kb, y]) => {
      const d = abs(y.change) - abs(x.change);
      return d > 0n ? 1 : d < 0n ? -1 : ka - kb;
    })
    .slice(0, n)
    .map(([id, acc]) => {
      const node = a.scope.catalog.categories.get(id);
      return {
        category_id: id,
        name: node?.name_zh ?? String(id),
        name_en: node?.name_en || node?.name_zh || String(id),
        ...moneyOf(acc),
      };
    });

  const inTerm = (l: MovementLifecycle) => items.filter((x) => x.terms.lifecycle === l);
  const listed = {
    volume: topBy(items, (x) => x.terms.volume, n),
    price: topBy(items, (x) => x.terms.price, n),
    mix: topBy(items, (x) => x.terms.mix, n),
    residual: topBy(items, (x) => x.terms.residual, n),
    launches: topBy(inTerm('launches'), (x) => x.terms.change, n),
    continuing: topBy(inTerm('continuing'), (x) => x.terms.change, n),
    discontinued: topBy(inTerm('discontinued'), (x) => x.terms.change, n),
  };
  // Titles, shops and platforms of the listed SKUs only (at most 7 × top ids, looked up by id).
  const ids = [...new Set(Object.values(listed).flatMap((xs) => xs.map((x) => x.sku.sku_id)))];
  const details = await a.dims.products(ids, a.statementOptions);
  const out = (xs: (typeof listed)['volume']) => xs.map((x) => skuOut(x, details));
  const top = {
    volume: out(listed.volume),
    price: out(listed.price),
    mix: out(listed.mix),
    residual: out(listed.residual),
    launches: out(listed.launches),
    continuing: out(listed.continuing),
    discontinued: out(listed.discontinued),
  };

  const warned: { warnings: MessageKey[]; warningParams?: WarningParams } = { warnings: [] };
  if (skus.length === 0) warned.warnings.push('analytics.noData');
  const c = a.validated.comparison;
  if (c.kind === 'event') warned.warnings.push(...comparisonWarnings(c, c.unequal));
  else if (kind === 'custom' && periodLengthsDiffer(range, base, a.scope.project.dateField))
    warned.warnings.push('analytics.unequalPeriods');
  warnCoverage(warned, a.scope.coverage, range, base);

  return {
    range,
    base,
    comparison: kind,
    price_basis: a.scope.discount ? 'discount' : 'list',
    total: moneyOf(total),
    sku_counts: counts,
    top,
    category_level: level,
    categories,
    share,
    cohorts: cohortRaw ? cohortsOf(cohortRaw, total.sales) : null,
    warnings: warningsOf(warned, a.locale),
  };
}
