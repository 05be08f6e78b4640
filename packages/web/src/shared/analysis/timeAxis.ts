/**
 * The time axis of every chart and the coverage of the applied range (docs/product.md §4 "Coverage of
 * the data"): every period of the range is a category; a period that has no data or is not complete is
 * a gap (null, never 0, never skipped) whose reason the tooltip gives. Pure (no React, no ECharts): the
 * chart builders, the coverage warning and the tests share it. The rules of what is missing are
 * @marketlens/shared's coverage.ts; this module only lays them on an axis.
 */
import {
  type CoverageGap,
  type DateRange,
  type Granularity,
  isIsoDate,
  nextPeriod,
  periodStart,
  periodState,
  periodsOf,
} from '@marketlens/shared';

export type GapState = CoverageGap['state'];
/** The reasons in the order a warning names them when they tie. */
export const GAP_STATES: readonly GapState[] = ['missing', 'sparse', 'partial'];

/** What /table_date says of the dataset's periods (the older answers had no gaps). */
export interface TableCoverage {
  readonly farthest_date: string;
  readonly latest_date: string;
  readonly last_complete_date?: string | null;
  readonly gaps?: readonly CoverageGap[];
}

/**
 * The periods of a range that are not complete, oldest first: the dataset's gaps, and every period
 * before its first or after its latest period as missing (coverage.ts `periodState`).
 */
export function tableRangeGaps(table: TableCoverage, range: DateRange, g: Granularity): CoverageGap[] {
  const span = { start: periodStart(table.farthest_date, g), end: periodStart(table.latest_date, g) };
  const gaps = table.gaps ?? [];
  return periodsOf(range, g).flatMap((period) => {
    const state = periodState(gaps, period, span);
    return state === 'complete' ? [] : [{ period, state }];
  });
}

/** The applied range's coverage as a chart needs it; the panels pass it to their builders. */
export interface AxisCoverage {
  /** The applied range (period starts). */
  readonly range: DateRange;
  readonly granularity: Granularity;
  /** The range's gaps ({@link tableRangeGaps}). */
  readonly gaps: readonly CoverageGap[];
  /** The tooltip's words for each reason, in the page's language. */
  readonly reasons: Readonly<Record<GapState, string>>;
}

/** One value of a series at a period (any day of the period: it is aligned to the period's start). */
export interface TimePoint {
  readonly period: string;
  readonly value: number | null | undefined;
}

export interface TimeAxis {
  /** Every period of the range, oldest first: the axis categories. */
  readonly periods: string[];
  /** The series' value per period: null where it has none or where the period is a gap. */
  readonly values: (number | null)[];
  /** Why each period is a gap, or null for a complete one. */
  readonly reasons: (GapState | null)[];
}

/**
 * A series on the axis of a range: every period of the range, the value where the series has one and
 * the period is complete, null elsewhere — a missing, sparse or partial period is drawn as a gap
 * (docs/product.md §4: "never as zero"). Points outside the range are left out.
 */
export function timeAxis(
  range: DateRange | null,
  granularity: Granularity,
  points: readonly TimePoint[],
  gaps: readonly CoverageGap[] = [],
): TimeAxis {
  if (!range) return { periods: [], values: [], reasons: [] };
  const periods = periodsOf(range, granularity);
  const byPeriod = new Map<string, number>();
  for (const p of points) {
    const v = p.value;
    if (typeof v === 'number' && Number.isFinite(v) && isIsoDate(p.period))
      byPeriod.set(periodStart(p.period, granularity), v);
  }
  const reasonOf = new Map(gaps.map((g) => [g.period, g.state] as const));
  const reasons = periods.map((p) => reasonOf.get(p) ?? null);
  const values = periods.map((p, i) => (reasons[i] ? null : (byPeriod.get(p) ?? null)));
  return { periods, values, reasons };
}

/**
 * The range a chart's axis spans: the applied range when the panel passes its coverage, else the
 * answer's own periods from the first to the last (every period between them, none skipped); null
 * when there are none or they are not dates.
 */
export function axisRange(
  periods: readonly string[],
  granularity: Granularity,
  coverage?: AxisCoverage,
): DateRange | null {
  if (coverage) return coverage.range;
  if (periods.length === 0 || !periods.every(isIsoDate)) return null;
  const starts = periods.map((p) => periodStart(p, granularity)).sort();
  return { start: starts[0]!, end: starts[starts.length - 1]! };
}

/** Consecutive gaps of one reason: "2018-10 … 2020-03 missing (18 months)". */
export interface GapRun {
  readonly state: GapState;
  readonly start: string;
  readonly end: string;
  /** How many periods the run covers. */
  readonly count: number;
}

/** The gaps compressed into runs of consecutive periods with the same reason, oldest first. */
export function gapRuns(gaps: readonly CoverageGap[], granularity: Granularity): GapRun[] {
  const runs: GapRun[] = [];
  for (const g of [...gaps].sort((a, b) => a.period.localeCompare(b.period))) {
    const last = runs.at(-1);
    if (last && last.state === g.state && nextPeriod(last.end, granularity) === g.period) {
      runs[runs.length - 1] = { ...last, end: g.period, count: last.count + 1 };
    } else {
      runs.push({ state: g.state, start: g.period, end: g.period, count: 1 });
    }
  }
  return runs;
}
