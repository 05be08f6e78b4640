/**
 * How complete a dataset is, period by period, and the marks a figure carries when its range or its
 * base is not fully covered (docs/data-format.md §11, docs/metrics.md "Flags", ADR 0016).
 *
 * One rule set, pure, used by the importers (coverage stored with the dataset version), the analytics
 * (a `flags` field on every answer with a growth) and the web (default ranges, warnings, gaps on
 * charts), so the server, the screens and the downloads can never disagree about what is missing.
 */
import { addDays, addMonths, countPeriods, type DateRange, type Granularity, inRange, periodStart } from './dates.js';

/** A period whose rows or sales are below this share of the typical period is sparse. */
export const SPARSE_SHARE = 0.1;
/** The first or last period below this share of its neighbours' sales is partial (still filling). */
export const PARTIAL_SHARE = 0.5;
/** How many of the nearest periods with rows an end period is measured against. */
export const EDGE_NEIGHBOURS = 3;
/** A growth at or above this ratio (+1 000 %, current ≥ 11 × base) is against a low base. */
export const LOW_BASE_GROWTH = 10;

/** What the importer counts for each period that has rows. */
export interface PeriodStats {
  readonly period: string;
  readonly rows: number;
  readonly sales: number;
  readonly skus: number;
  readonly shops: number;
}

export type PeriodState = 'complete' | 'missing' | 'sparse' | 'partial';

export interface PeriodCoverage extends PeriodStats {
  readonly state: PeriodState;
  /** The period's sales as a share of the typical period's (1 = typical); null when the typical sold nothing. */
  readonly level: number | null;
}

export interface DatasetCoverage {
  readonly granularity: Granularity;
  /** The median period (of the periods with rows): the yardstick of "sparse" and "partial". */
  readonly typical: Omit<PeriodStats, 'period'>;
  /** Every period from the first to the last with rows, missing ones included, oldest first. */
  readonly periods: readonly PeriodCoverage[];
  /** The latest period whose state is complete, or null when none is. */
  readonly lastComplete: string | null;
}

/** A period of a range that is not fully covered, and why. */
export interface CoverageGap {
  readonly period: string;
  /** 'missing' also stands for a period before the dataset's first or after its last. */
  readonly state: Exclude<PeriodState, 'complete'>;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The period after `period`. */
export function nextPeriod(period: string, granularity: Granularity): string {
  return granularity === 'month' ? addMonths(period, 1) : addDays(period, 7);
}

/** Every period start of an inclusive range, oldest first. */
export function periodsOf(range: DateRange, granularity: Granularity): string[] {
  const out: string[] = [];
  let p = periodStart(range.start, granularity);
  const n = countPeriods(range, granularity);
  for (let i = 0; i < n; i += 1) {
    out.push(p);
    p = nextPeriod(p, granularity);
  }
  return out;
}

/**
 * Classifies each period of a dataset. `asOf` is the import date: a last period that has not ended by
 * then is partial whatever its size. Stats may come in any order; periods are aligned to their start.
 */
export function classifyCoverage(
  stats: readonly PeriodStats[],
  granularity: Granularity,
  asOf?: string,
): DatasetCoverage {
  const byPeriod = new Map<string, PeriodStats>();
  for (const s of stats) {
    if (s.rows <= 0) continue;
    const period = periodStart(s.period, granularity);
    const prev = byPeriod.get(period);
    byPeriod.set(
      period,
      prev
        ? {
            period,
            rows: prev.rows + s.rows,
            sales: prev.sales + s.sales,
            skus: Math.max(prev.skus, s.skus),
            shops: Math.max(prev.shops, s.shops),
          }
        : { ...s, period },
    );
  }
  const present = [...byPeriod.values()];
  const typical = {
    rows: median(present.map((s) => s.rows)),
    sales: median(present.map((s) => s.sales)),
    skus: median(present.map((s) => s.skus)),
    shops: median(present.map((s) => s.shops)),
  };
  if (present.length === 0) return { granularity, typical, periods: [], lastComplete: null };
  const keys = [...byPeriod.keys()].sort();
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  const all = periodsOf({ start: first, end: last }, granularity);
  // An end period is judged against its own neighbours, not the whole dataset's median: a growing
  // market's first months are below the median without being cut short, an export that starts or
  // stops mid-period is far below the months next to it.
  const neighbours = (i: number): number[] => {
    const step = i === 0 ? 1 : -1;
    const out: number[] = [];
    for (let j = i + step; j >= 0 && j < all.length && out.length < EDGE_NEIGHBOURS; j += step) {
      const n = byPeriod.get(all[j]!);
      if (n) out.push(n.sales);
    }
    return out;
  };
  const thinEdge = (i: number): boolean => {
    if (all.length < 2 || (i !== 0 && i !== all.length - 1)) return false;
    const near = median(neighbours(i));
    const sales = byPeriod.get(all[i]!)?.sales ?? 0;
    return near > 0 && sales < PARTIAL_SHARE * near;
  };
  const periods = all.map((period, i): PeriodCoverage => {
    const s = byPeriod.get(period);
    if (!s) return { period, rows: 0, sales: 0, skus: 0, shops: 0, state: 'missing', level: 0 };
    const level = typical.sales > 0 ? s.sales / typical.sales : null;
    const rowLevel = typical.rows > 0 ? s.rows / typical.rows : 1;
    const unfinished = i === all.length - 1 && asOf !== undefined && nextPeriod(period, granularity) > asOf;
    let state: PeriodState = 'complete';
    if (rowLevel < SPARSE_SHARE || (level !== null && level < SPARSE_SHARE)) state = 'sparse';
    else if (unfinished || thinEdge(i)) state = 'partial';
    return { ...s, state, level };
  });
  const complete = periods.filter((p) => p.state === 'complete');
  return { granularity, typical, periods, lastComplete: complete.at(-1)?.period ?? null };
}

/** The periods of a range that are not complete, oldest first (outside the dataset counts as missing). */
export function rangeGaps(coverage: DatasetCoverage, range: DateRange): CoverageGap[] {
  const known = new Map(coverage.periods.map((p) => [p.period, p.state] as const));
  const out: CoverageGap[] = [];
  for (const period of periodsOf(range, coverage.granularity)) {
    const state = known.get(period) ?? 'missing';
    if (state !== 'complete') out.push({ period, state });
  }
  return out;
}

/** The gaps of the whole dataset (every period that is not complete). */
export function datasetGaps(coverage: DatasetCoverage): CoverageGap[] {
  return coverage.periods.flatMap((p) => (p.state === 'complete' ? [] : [{ period: p.period, state: p.state }]));
}

/** The state of one period ('missing' outside the dataset). */
export function periodState(gaps: readonly CoverageGap[], period: string, span?: DateRange): PeriodState {
  if (span && !inRange(period, span)) return 'missing';
  return gaps.find((g) => g.period === period)?.state ?? 'complete';
}

/** The marks a growth figure can carry; the order is the order they are shown in. */
export const FIGURE_FLAGS = ['low_base', 'base_incomplete', 'range_incomplete'] as const;
export type FigureFlag = (typeof FIGURE_FLAGS)[number];

export interface FlagInput {
  /** The growth ratio of the figure (null: no growth, so no low-base mark). */
  readonly growth: number | null | undefined;
  /** The comparison base's range has missing, sparse or partial periods. */
  readonly baseIncomplete?: boolean;
  /** The figure's own range has missing, sparse or partial periods. */
  readonly rangeIncomplete?: boolean;
}

/**
 * The flags of a growth: low base when the growth is at least LOW_BASE_GROWTH (a "1 529 ×" means the
 * base was next to nothing); base/range incomplete from the coverage of the two ranges.
 */
export function figureFlags(input: FlagInput): FigureFlag[] {
  const out: FigureFlag[] = [];
  const g = input.growth;
  if (typeof g === 'number' && Number.isFinite(g) && g >= LOW_BASE_GROWTH) out.push('low_base');
  if (input.baseIncomplete) out.push('base_incomplete');
  if (input.rangeIncomplete) out.push('range_incomplete');
  return out;
}

/** Whether two ranges are covered unequally (one has gaps the other has not). */
export function unequalCoverage(current: readonly CoverageGap[], base: readonly CoverageGap[]): boolean {
  return (current.length === 0) !== (base.length === 0);
}
