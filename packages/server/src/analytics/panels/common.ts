import {
  countPeriods,
  type DateRange,
  type FigureFlag,
  growth,
  type MessageKey,
  periodLabel,
  type WireLocale,
} from '@marketlens/shared';
import { translateFor } from '../../i18n.js';
import type { Dimension } from '../engine/model.js';
import type { AnalyticsResult, CoverageWarning, WarningParams } from '../engine/service.js';
import { growthFlags, type ResultRow, shiftPeriod } from '../engine/shape.js';
import type { AnalysisRequest, DataScope } from '../request.js';

/**
 * What every panel shares: the figures each of its rows carries, the selection of sub-categories
 * and how rows are named. A panel asks through the analysis request (request.ts: `query` and
 * `dims`, bound to the user's grant). Pages compose panels (pages/).
 */

export type InsightMetric = 'sales' | 'count' | 'avg_price';
export type SortBy = 'sales' | 'count';
export type TopKind = 'brand' | 'shop' | 'product';
export type DistributionDimension = 'category' | 'platform' | 'channel';
export type TrendsListDimension = 'category' | 'brand' | 'platform' | 'channel';

/** Gap periods a warning names at most; the rest are counted. */
const NAMED_GAPS = 6;

/**
 * The answer's warnings, each its key (what the web translates) and its text in the request's
 * language; a warning with details (the gap periods of 'analytics.unequalCoverage') names them.
 */
export function warningsOf(
  result: { readonly warnings: readonly MessageKey[]; readonly warningParams?: WarningParams | undefined },
  locale: WireLocale,
) {
  const t = translateFor(locale);
  return [...new Set(result.warnings)].map((code: MessageKey) => {
    const detail = result.warningParams?.[code];
    return { code, msg: detail ? coverageText(detail, locale) : t(code) };
  });
}

/** The unequal-coverage warning naming its gap periods: '2024-03 (missing), 2024-04 (sparse)'. */
function coverageText(w: CoverageWarning, locale: WireLocale): string {
  const t = translateFor(locale);
  const lang = locale === 'en_us' ? 'en' : 'zh-CN';
  const named = w.gaps
    .slice(0, NAMED_GAPS)
    .map((g) => t(`analytics.coverageGap.${g.state}`, { period: periodLabel(g.period, w.granularity) }));
  if (w.gaps.length > NAMED_GAPS) named.push(t('analytics.coverageMore', { count: w.gaps.length - NAMED_GAPS }));
  const periods = new Intl.ListFormat(lang, { style: 'narrow', type: 'conjunction' }).format(named);
  return t('analytics.unequalCoverageAt', { periods });
}

/** Merges the warnings of several answers (and what they name) into one list for a page. */
export function mergeWarnings(
  ...results: readonly {
    readonly warnings: readonly MessageKey[];
    readonly warningParams?: WarningParams | undefined;
  }[]
): { warnings: MessageKey[]; warningParams?: WarningParams } {
  const out: { warnings: MessageKey[]; warningParams?: WarningParams } = { warnings: [] };
  for (const r of results) {
    for (const w of r.warnings) if (!out.warnings.includes(w)) out.warnings.push(w);
    if (r.warningParams) out.warningParams = { ...out.warningParams, ...r.warningParams };
  }
  return out;
}

/**
 * The flags of a figure compared over `range` with `base` (docs/metrics.md "Flags"), from the
 * request's dataset coverage; none without a base.
 */
export function flagsOf(
  a: Pick<AnalysisRequest, 'scope'>,
  salesGrowth: number | null | undefined,
  range: DateRange,
  base: DateRange | null | undefined,
): FigureFlag[] {
  return growthFlags(a.scope.coverage, salesGrowth, range, base);
}

export const metricValue = (m: { sales: number; count: number; avg_price: number | null }, metric: InsightMetric) =>
  metric === 'sales' ? m.sales : metric === 'count' ? m.count : m.avg_price;

/**
 * share − base share (a ratio difference); no value when either is missing. A row new in the range
 * (no base sales while the base scope sold) has base share 0 (engine/shape.ts), so its change is its share.
 */
export function shareChange(row: Pick<ResultRow, 'share' | 'base'>): number | null {
  const now = row.share;
  const before = row.base?.share;
  return typeof now === 'number' && typeof before === 'number' ? now - before : null;
}

/** An entity's figures in a range (a brand's, a shop's): what a comparison with a base range reads. */
export interface RangeFigures {
  sales: number;
  count: number;
  avg_price: number | null;
  share: number | null;
}

/** Growth of each figure against the base range's, and the share change (share − base share). */
export function againstBase(now: RangeFigures, base: RangeFigures) {
  return {
    growth: {
      sales: growth(now.sales, base.sales),
      count: growth(now.count, base.count),
      avg_price: growth(now.avg_price, base.avg_price),
      share: growth(now.share, base.share),
    },
    share_change: now.share !== null && base.share !== null ? now.share - base.share : null,
  };
}

/** The figures every distribution and ranking row carries. */
export function figures(row: ResultRow, metric: InsightMetric) {
  return {
    sales: row.sales,
    count: row.count,
    avg_price: row.avg_price,
    share: row.share ?? null,
    share_change: shareChange(row),
    growth: row.growth ? { sales: row.growth.sales, count: row.growth.count, avg_price: row.growth.avg_price } : null,
    flags: row.flags ?? [],
    value: metricValue(row, metric),
  };
}

export function totals(result: AnalyticsResult) {
  const t = result.total;
  return { sales: t?.sales ?? 0, count: t?.count ?? 0, avg_price: t?.avg_price ?? null };
}

/** Rows ordered by the chosen measure, biggest first (key for ties, so the order is stable). */
export function sortRows<T extends { sales: number; count: number; avg_price: number | null; key?: string }>(
  rows: T[],
  by: InsightMetric,
): T[] {
  return rows.sort(
    (a, b) => (metricValue(b, by) ?? -1) - (metricValue(a, by) ?? -1) || String(a.key).localeCompare(String(b.key)),
  );
}

/** Dimension of a trends list / distribution and how its rows are named. */
export function groupingOf(a: AnalysisRequest, dimension: TrendsListDimension | DistributionDimension) {
  if (dimension !== 'category') return { dimension: dimension as Dimension, keep: () => true };
  const sel = selectionOf(a.scope, a.selected);
  const kids = new Set(sel.children);
  return { dimension: sel.dimension, keep: (key: unknown) => kids.has(Number(key)) };
}

export function nameOf(row: ResultRow, dim: Dimension) {
  const label = row.labels[dim];
  const key = String(row.keys[dim]);
  return { key, name: label?.zh || key, name_en: label?.en || label?.zh || key };
}

/** Every period of a range (month starts or Mondays). */
export function periodsOf(range: DateRange, g: 'month' | 'week'): string[] {
  const n = countPeriods(range, g);
  return Array.from({ length: n }, (_, i) => shiftPeriod(range.start, i, g));
}

// ---------------------------------------------------------------------------------------------
// The selection: which sub-categories a page shows.

export interface Selection {
  /** Deepest selected level (0 = no selection). */
  level: number;
  /** The selected categories at that level. */
  deepest: number[];
  /** Sub-categories: children of the deepest selection, level-1 categories without one, the leaves themselves at level 3. */
  children: number[];
  /** The dimension that groups by them. */
  dimension: Dimension;
}

export function selectionOf(scope: DataScope, selected: readonly number[]): Selection {
  const { categories, children } = scope.catalog;
  const known = selected.map(Number).filter((id) => categories.has(id));
  const level = known.reduce((m, id) => Math.max(m, categories.get(id)!.level), 0);
  const deepest = [...new Set(known.filter((id) => categories.get(id)!.level === level))].sort((a, b) => a - b);
  const granted = new Set(scope.grant.categories);
  const hasGrant = (id: number) => scope.catalog.leavesOf([id]).some((l) => granted.has(l));
  const kids =
    level === 0
      ? (children.get(null) ?? []).map((c) => c.category_id)
      : level === 3
        ? deepest
        : deepest.flatMap((id) => (children.get(id) ?? []).map((c) => c.category_id));
  return {
    level,
    deepest,
    children: kids.filter(hasGrant),
    dimension: `category_${Math.min(level + 1, 3)}` as Dimension,
  };
}

/** A category's path from its level-1 ancestor, in both languages ('美妆护肤 / 面部护理'). */
export function categoryPath(catalog: DataScope['catalog'], id: number): { path: string; path_en: string } {
  const zh: string[] = [];
  const en: string[] = [];
  for (
    let n = catalog.categories.get(id);
    n;
    n = n.parent_id === null ? undefined : catalog.categories.get(n.parent_id)
  ) {
    zh.unshift(n.name_zh);
    en.unshift(n.name_en);
  }
  return { path: zh.join(' / '), path_en: en.join(' / ') };
}
