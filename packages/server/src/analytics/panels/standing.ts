import {
  avgPrice,
  comparisonPeriod,
  type DatasetCoverage,
  type DateRange,
  type FigureFlag,
  type MessageKey,
  periodLengthsDiffer,
  share,
} from '@marketlens/shared';
import type { Dimension, Filter } from '../engine/model.js';
import { comparisonWarnings, type WarningParams, warnCoverage } from '../engine/service.js';
import { growthFlags, type ResultRow } from '../engine/shape.js';
import type { AnalysisRequest } from '../request.js';
import { againstBase, type RangeFigures } from './common.js';

/**
 * The standing panel: where some brands or shops stand in their market — their figures and share,
 * their rank among the market's entities, and each against the preceding range (mom), a year
 * earlier (yoy) and the user's base range (custom). Brand Detail and Store Analysis answer their
 * overviews with it and add only their own extras. Each range is read by grouped queries over the
 * whole market, so ranks hold and an entity that sold only in the base still counts.
 */

/** What to rank, in which market, and how the selected entities are read. */
export interface StandingQuestion {
  /** The dimension whose entities are ranked (every entity of the market). */
  readonly entity: Extract<Dimension, 'brand' | 'shop'>;
  /** The market the entities are ranked in and their shares are of. */
  readonly market: Filter;
  /**
   * How the selected entities' figures are read when they are not the market's own rows (a shop
   * selection names a platform too): grouped by these dimensions under this filter, each row under
   * its key. Without it the selected entities are the market's rows, keyed by the entity's id.
   */
  readonly selected?: {
    readonly dimensions: Dimension[];
    readonly filter: Filter;
    keyOf(row: ResultRow): string;
  };
}

/** The market in one range: the selected entities' figures and every entity's sales for ranks. */
export interface Standing {
  readonly range: DateRange;
  /** The selected entities' figures, by key. */
  readonly figures: ReadonlyMap<string, RangeFigures>;
  /** Sales of every entity of the market, biggest first. */
  readonly ranked: readonly number[];
  readonly market: { sales: number; count: number };
}

/** One entity against a base range: the base's figures, growth of each, the share change. */
export interface StandingComparison {
  base_range: DateRange;
  base: RangeFigures;
  growth: ReturnType<typeof againstBase>['growth'];
  /** The marks of the sales growth (docs/metrics.md "Flags"). */
  flags: FigureFlag[];
  share_change: number | null;
}

/** The market in one range (two grouped queries, one when the selected entities are the market's rows). */
export async function standingIn(a: AnalysisRequest, q: StandingQuestion, range: DateRange): Promise<Standing> {
  const ask = (dimensions: Dimension[], filter: Filter) =>
    a.query({ dimensions, measures: ['sales', 'count'], filter, range });
  const [market, selected] = await Promise.all([
    ask([q.entity], q.market),
    q.selected ? ask(q.selected.dimensions, q.selected.filter) : undefined,
  ]);
  const total = market.total ?? { sales: 0, count: 0 };
  const keyOf = q.selected?.keyOf ?? ((r: ResultRow) => String(Number(r.keys[q.entity])));
  const figures = new Map(
    (selected ?? market).rows.map((r) => [
      keyOf(r),
      { sales: r.sales, count: r.count, avg_price: avgPrice(r.sales, r.count), share: share(r.sales, total.sales) },
    ]),
  );
  return {
    range,
    figures,
    ranked: market.rows.map((r) => r.sales).sort((x, y) => y - x),
    market: { sales: total.sales, count: total.count },
  };
}

/** An entity's figures ('platform,shop_id' for a shop selection, the id for a brand); zero where it sold nothing. */
export function figuresOf(s: Standing, key: string): RangeFigures {
  return s.figures.get(key) ?? { sales: 0, count: 0, avg_price: null, share: share(0, s.market.sales) };
}

/** Rank among the market's entities: 1 + those that sold strictly more (ties share a rank); none without sales. */
export function rankOf(s: Standing, sales: number): number | null {
  return sales > 0 ? 1 + s.ranked.filter((x) => x > sales).length : null;
}

/** Entities of the market with sales. */
export const entityCount = (s: Standing) => s.ranked.filter((x) => x > 0).length;

/**
 * The entity now against a base range's standing; `current` is the range it stands in now and the
 * dataset's coverage, what the growth's flags are read from.
 */
export function compareWith(
  now: RangeFigures,
  base: Standing,
  key: string,
  current: Pick<Standings, 'coverage' | 'now'>,
): StandingComparison {
  const b = figuresOf(base, key);
  const compared = againstBase(now, b);
  const flags = growthFlags(current.coverage, compared.growth.sales, current.now.range, base.range);
  return { base_range: base.range, base: b, ...compared, flags };
}

/** The current range and its bases: mom, yoy and — with a custom selector — the user's base. */
export interface Standings {
  now: Standing;
  mom: Standing;
  yoy: Standing;
  custom: Standing | undefined;
  /** Unequal period lengths of a custom base, unequal coverage of the chosen base (the page warns). */
  warnings: MessageKey[];
  warningParams?: WarningParams;
  /** The dataset's coverage, what the flags of each comparison are read from. */
  coverage: DatasetCoverage;
}

/** The market in the request's range and in each of its bases, read at once. */
export async function standings(a: AnalysisRequest, q: StandingQuestion): Promise<Standings> {
  const v = a.validated;
  const g = a.scope.project.dateField;
  // The user's own base, or "same event last year" (its base edition's periods), is the third comparison.
  const custom = v.comparison.kind === 'custom' || v.comparison.kind === 'event' ? v.comparison.base : undefined;
  const [now, mom, yoy, base] = await Promise.all([
    standingIn(a, q, v.range),
    standingIn(a, q, comparisonPeriod(v.range, 'mom', g)),
    standingIn(a, q, comparisonPeriod(v.range, 'yoy', g)),
    custom ? standingIn(a, q, custom) : Promise.resolve(undefined),
  ]);
  const out: Standings = { now, mom, yoy, custom: base, warnings: [], coverage: a.scope.coverage };
  if (v.comparison.kind === 'event') out.warnings.push(...comparisonWarnings(v.comparison, v.comparison.unequal));
  else if (custom && periodLengthsDiffer(v.range, custom, g)) out.warnings.push('analytics.unequalPeriods');
  // The comparison the filter chose warns of unequal coverage; every comparison has its flags.
  const chosen = custom ? base : v.comparison.kind === 'yoy' ? yoy : mom;
  if (v.comparison.kind !== 'none') warnCoverage(out, a.scope.coverage, v.range, chosen?.range);
  return out;
}

/** One entity's standing: its figures and rank now, and each comparison. */
export function standingOf(s: Standings, key: string) {
  const now = figuresOf(s.now, key);
  return {
    now,
    rank: rankOf(s.now, now.sales),
    mom: compareWith(now, s.mom, key, s),
    yoy: compareWith(now, s.yoy, key, s),
    custom: s.custom && compareWith(now, s.custom, key, s),
  };
}
