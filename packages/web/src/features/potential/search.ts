/**
 * The search of the Potential Brand page (docs/product.md §3 "Potential config") as the form edits it and the
 * URL keeps it: defaults (docs/product.md §9), the benchmark a quick selector sets, the period pickers' pairs,
 * the checks of docs/product.md §5 (the server runs the same validators) and the link to Brand Detail. Pure.
 */
import {
  addDays,
  addMonths,
  type DateRange,
  type Granularity,
  type MessageKey,
  monthStart,
  monthsBetween,
  POTENTIAL_DEFAULTS,
  periodStart,
  potentialDefaults,
  splitCategories,
  validateBenchmarkPeriod,
  validateRange,
} from '@marketlens/shared';
import type { PotentialConfig, PotentialLimit, PotentialSelector } from '@marketlens/shared/contracts';
import { type DatePair, emptyFilter, encodeFilter } from '../../shared/analysis/filter.js';
import type { PanelParam } from '../../shared/analysis/panelParams.js';

export type { PotentialConfig, PotentialLimit, PotentialSelector };

type HalfOpen = PotentialConfig['date_range'];
type Bound = string | number | null | undefined;

/** The limits in the form's order, each with its wire fields (the names of docs/product.md §3). */
export const LIMITS: readonly {
  limit: PotentialLimit;
  group: 'categories_filter' | 'brands_filter';
  min: string;
  max: string;
  percent: boolean;
}[] = [
  {
    limit: 'category_sales',
    group: 'categories_filter',
    min: 'sales_range_min',
    max: 'sales_range_max',
    percent: false,
  },
  {
    limit: 'category_growth',
    group: 'categories_filter',
    min: 'sales_ratio_range_min',
    max: 'sales_ratio_range_max',
    percent: true,
  },
  {
    limit: 'brand_category_sales',
    group: 'brands_filter',
    min: 'category_sales_range_min',
    max: 'category_sales_range_max',
    percent: false,
  },
  {
    limit: 'brand_category_growth',
    group: 'brands_filter',
    min: 'category_sales_ratio_range_min',
    max: 'category_sales_ratio_range_max',
    percent: true,
  },
  { limit: 'brand_sales', group: 'brands_filter', min: 'sales_range_min', max: 'sales_range_max', percent: false },
  {
    limit: 'brand_growth',
    group: 'brands_filter',
    min: 'sales_ratio_range_min',
    max: 'sales_ratio_range_max',
    percent: true,
  },
];
export type LimitDef = (typeof LIMITS)[number];

/** A limit's bounds in a config. */
export function boundsOf(c: PotentialConfig, l: LimitDef): [Bound, Bound] {
  const group = c[l.group] as Record<string, Bound>;
  return [group[l.min], group[l.max]];
}

/** The config with one bound of a limit set (as typed; '' = none). */
export function withBound(c: PotentialConfig, l: LimitDef, side: 'min' | 'max', value: string): PotentialConfig {
  return { ...c, [l.group]: { ...c[l.group], [l[side]]: value === '' ? null : value } };
}

/**
 * The defaults of docs/product.md §9 for a dataset: target = last month, benchmark a year earlier. "Last month"
 * is the latest complete one the data holds: the month before today's, or the dataset's latest month
 * when the data ends earlier.
 */
export function defaultConfig(today: string, latestPeriod: string | undefined): PotentialConfig {
  const current = monthStart(today);
  const afterLatest = latestPeriod ? addMonths(monthStart(latestPeriod), 1) : current;
  const d = potentialDefaults(afterLatest < current ? afterLatest : current);
  return { ...d, categories_filter: { ...d.categories_filter, category_level: POTENTIAL_DEFAULTS.categoryLevel } };
}

/** The start of the period after `p`. */
const nextPeriod = (p: string, g: Granularity) => (g === 'week' ? addDays(p, 7) : addMonths(p, 1));

/** The period pickers' pair (first and last period) of a half-open range. */
export function pickerPair(r: HalfOpen, g: Granularity): DatePair {
  return [periodStart(r.start, g), periodStart(addDays(r.end, -1), g)];
}

/** The ranges a search covers, each by its first and last period: the target, then the benchmark. */
export function searchedRanges(c: PotentialConfig, g: Granularity): DateRange[] {
  return [c.date_range, c.benchmark_date_range].map((r) => {
    const [start, end] = pickerPair(r, g);
    return { start, end };
  });
}

/** The half-open range of a picked pair. */
export function fromPickerPair(pair: DatePair, g: Granularity): HalfOpen {
  return { start: pair[0], end: nextPeriod(pair[1], g) };
}

/** The benchmark a quick selector sets: a year earlier (yoy) or the span just before (mom). */
export function benchmarkFor(r: HalfOpen, selector: 'yoy' | 'mom'): HalfOpen {
  if (selector === 'yoy') return { start: addMonths(r.start, -12), end: addMonths(r.end, -12) };
  const months = monthsBetween(r.start, r.end);
  // Whole months step by months; a range of weeks by its days.
  if (r.start === monthStart(r.start) && r.end === monthStart(r.end) && months > 0)
    return { start: addMonths(r.start, -months), end: r.start };
  const days = (Date.parse(r.end) - Date.parse(r.start)) / 86_400_000;
  return { start: addDays(r.start, -days), end: r.start };
}

/** A new target period: the benchmark follows it unless the user set one by hand. */
export function withTarget(c: PotentialConfig, r: HalfOpen): PotentialConfig {
  return {
    ...c,
    date_range: r,
    benchmark_date_range: c.quick_selector === 'custom' ? c.benchmark_date_range : benchmarkFor(r, c.quick_selector),
  };
}

export function withSelector(c: PotentialConfig, s: PotentialSelector): PotentialConfig {
  return {
    ...c,
    quick_selector: s,
    benchmark_date_range: s === 'custom' ? c.benchmark_date_range : benchmarkFor(c.date_range, s),
  };
}

const isEmpty = (b: Bound) => b === null || b === undefined || String(b).trim() === '';

/** What is wrong with a search, by field ('benchmark', 'limits' or a limit); empty when it can run. */
export type SearchProblems = Partial<Record<PotentialLimit | 'benchmark' | 'limits', MessageKey>>;

/** docs/product.md §5: each limit a valid range, at least one limit, the benchmark earlier than the target. */
export function checkSearch(c: PotentialConfig, g: Granularity): SearchProblems {
  const out: SearchProblems = {};
  let set = 0;
  for (const l of LIMITS) {
    const bounds = boundsOf(c, l);
    if (isEmpty(bounds[0]) && isEmpty(bounds[1])) continue;
    set++;
    const problem = validateRange([bounds[0] ?? null, bounds[1] ?? null]);
    if (problem) out[l.limit] = problem;
  }
  if (set === 0) out.limits = 'potential.limitRequired';
  const [t0, t1] = pickerPair(c.date_range, g);
  const [b0, b1] = pickerPair(c.benchmark_date_range, g);
  const period = validateBenchmarkPeriod({ start: b0, end: b1 }, { start: t0, end: t1 });
  if (period) out.benchmark = period;
  return out;
}

/** The categories chosen (ids), from the semicolon-joined list of docs/product.md §3. */
export const chosenCategories = (c: PotentialConfig) => splitCategories(c.categories_filter.categories).map(Number);

const isRange = (v: unknown): v is HalfOpen =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as HalfOpen).start === 'string' &&
  typeof (v as HalfOpen).end === 'string';

/** A saved or linked search, if it has the config's shape (the server checks the rest). */
export function asConfig(v: unknown): PotentialConfig | null {
  if (typeof v !== 'object' || v === null) return null;
  const c = v as PotentialConfig;
  return isRange(c.date_range) &&
    isRange(c.benchmark_date_range) &&
    ['yoy', 'mom', 'custom'].includes(c.quick_selector) &&
    typeof c.categories_filter === 'object' &&
    c.categories_filter !== null &&
    typeof c.categories_filter.categories === 'string' &&
    [1, 2, 3].includes(c.categories_filter.category_level) &&
    typeof c.brands_filter === 'object' &&
    c.brands_filter !== null
    ? c
    : null;
}

/** The applied search in the URL (`q`, JSON): a shared link or a reload runs the same search. */
export const SEARCH_PARAM: PanelParam<PotentialConfig | null> = {
  name: 'q',
  fallback: null,
  parse: (raw) => {
    try {
      return asConfig(JSON.parse(raw)) ?? undefined;
    } catch {
      return undefined;
    }
  },
  format: (c) => JSON.stringify(c),
  history: 'push',
};

/** Brand Detail for a brand in a category, with the search's periods: the target against the benchmark. */
export function brandDetailLink(
  brandId: number,
  categoryId: number,
  range: { start: string; end: string },
  benchmark: { start: string; end: string },
): string {
  const filter = {
    ...emptyFilter(),
    category: { enable: true, value: [categoryId] },
    date: [range.start, range.end] as DatePair,
    selector: 'custom' as const,
    dateBefore: [benchmark.start, benchmark.end] as DatePair,
  };
  return `/brand${encodeFilter(filter, new URLSearchParams({ brand: String(brandId) }))}`;
}
