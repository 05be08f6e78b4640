import {
  addDays,
  addMonths,
  avgPrice,
  type CoverageGap,
  type DatasetCoverage,
  type DateRange,
  type FigureFlag,
  figureFlags,
  type Granularity,
  growth,
  rangeGaps,
  share,
  tgi,
} from '@marketlens/shared';
import type { Row } from '../../warehouse/engine.js';
import type { AnalyticsQuery, Dimension, Measure } from './model.js';
import { keyAlias } from './sql.js';

/** Sums of one group (or one total). */
export interface Sums {
  sales: number;
  count: number;
}

/** A result row read from SQL, before derived measures: keys, sums, totals of its subsets, labels. */
export interface RawRow {
  /** One value per dimension (channel: 'platform_id,shop_type'). */
  keys: (string | number | null)[];
  sums: Sums;
  /** Totals of the subsets the query asked for, in the order of `subsets`. */
  totals: (Sums | undefined)[];
  labels: ({ zh: string; en: string } | null)[];
}

/** A display name as rows show it: a missing English name falls back to the Chinese one. */
export function displayName(zh: unknown, en: unknown): { zh: string; en: string } {
  return { zh: String(zh ?? ''), en: String(en ?? zh ?? '') };
}

/** Reads SQL rows (sql.ts column naming) into RawRows. */
export function readRows(rows: readonly Row[], dims: readonly Dimension[], windows: readonly number[]): RawRow[] {
  // A grand total over no rows comes back as one row of NULL sums: that is "no data", not zero.
  return rows
    .filter((r) => r.sales !== null)
    .map((r) => ({
      keys: dims.map((dim, i) =>
        dim === 'channel' ? `${r[keyAlias(i)]},${r[keyAlias(i, 1)]}` : (r[keyAlias(i)] as string | number | null),
      ),
      sums: { sales: Number(r.sales ?? 0), count: Number(r.cnt ?? 0) },
      totals: windows.map((j) =>
        r[`w${j}_sales`] === undefined ? undefined : { sales: Number(r[`w${j}_sales`]), count: Number(r[`w${j}_cnt`]) },
      ),
      labels: dims.map((dim, i) => {
        const zh = r[`l${i}_zh`];
        if (zh === undefined) return null;
        // Attribute values: the English value is the second key column.
        return displayName(zh, dim.startsWith('attribute:') ? r[keyAlias(i, 1)] : r[`l${i}_en`]);
      }),
    }));
}

/** The key of a subset of a row's dimensions, for joining separately queried totals. */
export function subsetKey(row: Pick<RawRow, 'keys'>, dims: readonly Dimension[], subset: readonly Dimension[]): string {
  return subset.map((d) => String(row.keys[dims.indexOf(d)])).join('\u0001');
}

export interface MetricValues {
  sales: number;
  count: number;
  avg_price: number | null;
  share?: number | null;
  tgi?: number | null;
}

export interface ResultRow extends MetricValues {
  /** Dimension name → value. */
  keys: Record<string, string | number | null>;
  /** Dimension name → display names, for dimensions that have them. */
  labels: Record<string, { zh: string; en: string }>;
  base?: MetricValues;
  /** Growth of each measure against the base ((current − base) / base; null when the base is 0 or missing). */
  growth?: { sales: number | null; count: number | null; avg_price: number | null; share?: number | null };
  /** The marks of the growth (docs/metrics.md "Flags"), beside `growth`: empty without a comparison. */
  flags?: FigureFlag[];
}

/** Which totals a query needs, as subsets of its dimensions (index 0 = the scope of shares). */
export interface TotalsLayout {
  /** The dimensions of each subset. */
  subsets: Dimension[][];
  scope: number;
  segment?: number;
  entity?: number;
}

/**
 * Totals a query needs: the scope (per period on a trend) for shares; for TGI with dimensions
 * [segment, entity] (plus an optional period), the segment's and the entity's totals too.
 */
export function totalsLayout(query: Pick<AnalyticsQuery, 'dimensions' | 'measures'>): TotalsLayout {
  const periodOnly = query.dimensions.filter((d) => d === 'period');
  const layout: TotalsLayout = { subsets: [periodOnly], scope: 0 };
  if (query.measures.includes('tgi')) {
    const [segment, entity] = query.dimensions.filter((d) => d !== 'period');
    if (segment && entity) {
      layout.subsets.push([...periodOnly, segment], [...periodOnly, entity]);
      layout.segment = 1;
      layout.entity = 2;
    }
  }
  return layout;
}

function values(
  sums: Sums,
  totals: readonly (Sums | undefined)[],
  layout: TotalsLayout,
  measures: readonly Measure[],
): MetricValues {
  const out: MetricValues = { sales: sums.sales, count: sums.count, avg_price: avgPrice(sums.sales, sums.count) };
  const scope = totals[layout.scope]?.sales;
  if (measures.includes('share')) out.share = share(sums.sales, scope);
  if (measures.includes('tgi') && layout.segment !== undefined && layout.entity !== undefined) {
    // TGI = 100 × (entity's share within the segment) / (entity's share within the whole).
    out.tgi = tgi(share(sums.sales, totals[layout.segment]?.sales), share(totals[layout.entity]?.sales, scope));
  }
  return out;
}

/** Moves a period by n periods (months or weeks). */
export function shiftPeriod(period: string, n: number, granularity: Granularity): string {
  return granularity === 'month' ? addMonths(period, n) : addDays(period, 7 * n);
}

export interface ShapeInput {
  query: Pick<AnalyticsQuery, 'dimensions' | 'measures' | 'granularity'>;
  layout: TotalsLayout;
  current: readonly RawRow[];
  base?: readonly RawRow[];
  /** On a trend, base rows are matched to the period this many periods later. */
  periodShift?: number;
  /**
   * What the flags of a compared row are read from: the dataset's coverage, the query's range and the
   * comparison's base range (a trend row: its own period and its base period instead).
   */
  coverage?: DatasetCoverage;
  range?: DateRange;
  baseRange?: DateRange;
}

/** The gaps of a range; none without a coverage (a dataset whose coverage is not known). */
export function gapsOf(coverage: DatasetCoverage | undefined, range: DateRange | undefined): CoverageGap[] {
  return coverage && range ? rangeGaps(coverage, range) : [];
}

/**
 * The flags of a growth of `range` against `base` (docs/metrics.md "Flags"): low base from the sales
 * growth, incomplete base or range from the dataset's coverage. No base: no comparison, no marks.
 */
export function growthFlags(
  coverage: DatasetCoverage | undefined,
  salesGrowth: number | null | undefined,
  range: DateRange,
  base: DateRange | null | undefined,
): FigureFlag[] {
  if (!base) return [];
  return figureFlags({
    growth: salesGrowth,
    baseIncomplete: gapsOf(coverage, base).length > 0,
    rangeIncomplete: gapsOf(coverage, range).length > 0,
  });
}

/** Derived measures and the comparison, row by row (pure: the heart of the unit tests). */
export function shapeRows(input: ShapeInput): ResultRow[] {
  const { query, layout } = input;
  const dims = query.dimensions;
  const periodIndex = dims.indexOf('period');
  const keyOf = (keys: readonly (string | number | null)[]) => keys.map(String).join('\u0001');
  // Whether a range has gaps: every row of a query shares its two ranges, a trend row has its own
  // period and base period, so each period is looked up once.
  const incomplete = new Map<string, boolean>();
  const hasGaps = (range: DateRange | undefined) => {
    if (!range) return false;
    const key = `${range.start}\u0001${range.end}`;
    let hit = incomplete.get(key);
    if (hit === undefined) {
      hit = gapsOf(input.coverage, range).length > 0;
      incomplete.set(key, hit);
    }
    return hit;
  };
  const rangesOf = (row: RawRow): { range: DateRange | undefined; base: DateRange | undefined } => {
    if (periodIndex < 0) return { range: input.range, base: input.baseRange };
    const period = String(row.keys[periodIndex]);
    const basePeriod = input.periodShift ? shiftPeriod(period, -input.periodShift, query.granularity) : period;
    return { range: { start: period, end: period }, base: { start: basePeriod, end: basePeriod } };
  };
  const baseByKey = new Map<string, RawRow>();
  const baseScopes = new Map<string, Sums>();
  for (const b of input.base ?? []) {
    const keys = [...b.keys];
    if (periodIndex >= 0 && input.periodShift) {
      keys[periodIndex] = shiftPeriod(String(keys[periodIndex]), input.periodShift, query.granularity);
    }
    baseByKey.set(keyOf(keys), b);
    // The base scope per period (or overall), for rows new in the range: their base share is 0
    // when the scope sold then, not "no value" (every base row of a scope carries its total).
    const scope = b.totals[layout.scope];
    if (scope) baseScopes.set(keyOf(keys.filter((_, i) => i === periodIndex)), scope);
  }
  return input.current.map((row) => {
    const out: ResultRow = {
      keys: Object.fromEntries(dims.map((d, i) => [d, row.keys[i] ?? null])),
      labels: Object.fromEntries(dims.flatMap((d, i) => (row.labels[i] ? [[d, row.labels[i]] as const] : []))),
      ...values(row.sums, row.totals, layout, query.measures),
    };
    if (input.base) {
      const b = baseByKey.get(keyOf(row.keys));
      // No base row: the entity had no sales then (growth has no value, never Infinity).
      const totals =
        b?.totals ?? scopeOnly(baseScopes.get(keyOf(row.keys.filter((_, i) => i === periodIndex))), layout);
      const base = values(b?.sums ?? { sales: 0, count: 0 }, totals, layout, query.measures);
      out.base = base;
      out.growth = {
        sales: growth(out.sales, base.sales),
        count: growth(out.count, base.count),
        avg_price: growth(out.avg_price, base.avg_price),
        ...(query.measures.includes('share') ? { share: growth(out.share, base.share) } : {}),
      };
      const ranges = rangesOf(row);
      out.flags = figureFlags({
        growth: out.growth.sales,
        baseIncomplete: hasGaps(ranges.base),
        rangeIncomplete: hasGaps(ranges.range),
      });
    } else {
      out.flags = [];
    }
    return out;
  });
}

/** Totals with only the scope known (a row absent from the base has no segment or entity totals). */
function scopeOnly(scope: Sums | undefined, layout: TotalsLayout): (Sums | undefined)[] {
  const totals: (Sums | undefined)[] = [];
  totals[layout.scope] = scope;
  return totals;
}

/** The scope totals of a result (summary numbers): sales, count, average price. */
export function totalsOf(sums: Sums | undefined): MetricValues {
  const s = sums ?? { sales: 0, count: 0 };
  return { sales: s.sales, count: s.count, avg_price: avgPrice(s.sales, s.count) };
}
