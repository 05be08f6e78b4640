import {
  avgPrice,
  type DateRange,
  type EventComparison,
  type EventEdition,
  eventComparison,
  growth,
  isEventRefusal,
  type MessageKey,
  periodStart,
  share,
} from '@marketlens/shared';
import {
  EVENT_REVIEW_TOP_DEFAULT,
  type EventReviewAnswer,
  type ReviewedEdition,
  type ReviewFigures,
  type ReviewMover,
} from '@marketlens/shared/contracts';
import { badRequest } from '../../errors.js';
import type { Dimension, Filter } from '../engine/model.js';
import type { ResultRow } from '../engine/shape.js';
import { mergeWarnings, warningsOf } from '../panels/common.js';
import type { AnalysisRequest } from '../request.js';
import { requireBrands, withBrand } from './brand.js';

/**
 * The event review (docs/metrics.md "Event review"): an edition of a calendar event against the
 * same event's previous edition, over the periods the event-aligned comparison gives each
 * (shared event-windows.ts), so the review and "same event last year" always agree. For Category
 * Insight the selection is the page's filter and the movers are its brands; for Brand Detail the
 * selection is the brand in its market (the page's filter) and the movers are its SKUs. The page's
 * own range and comparison play no part: the event decides both.
 */

export interface EventReviewOptions {
  event?: string;
  year?: number;
  brandId?: number;
  top?: number;
}

/** Editions the review can show: each with its predecessor, both inside the dataset's complete periods. */
function reviewable(editions: readonly EventEdition[], a: AnalysisRequest) {
  const g = a.scope.project.dateField;
  const last = a.scope.coverage.lastComplete ?? a.scope.fullRange.end;
  const available: DateRange = { start: periodStart(a.scope.fullRange.start, g), end: periodStart(last, g) };
  const out: { edition: EventEdition; cmp: EventComparison }[] = [];
  for (const e of editions) {
    const cmp = eventComparison(editions, e.code, e.year, 1, g, available);
    if (!isEventRefusal(cmp)) out.push({ edition: e, cmp });
  }
  // Latest first; an event ending the same day as another by code.
  return out.sort((x, y) => (x.edition.end < y.edition.end ? 1 : x.edition.end > y.edition.end ? -1 : 0));
}

const reviewed = (e: EventEdition, periods: DateRange): ReviewedEdition => ({
  code: e.code,
  year: e.year,
  name: e.name_zh,
  name_en: e.name_en,
  start: e.start,
  end: e.end,
  periods,
});

const EMPTY_FIGURES: ReviewFigures = { sales: 0, count: 0, avg_price: null, share: null };

export async function eventReview(a: AnalysisRequest, o: EventReviewOptions = {}): Promise<EventReviewAnswer> {
  const top = o.top ?? EVENT_REVIEW_TOP_DEFAULT;
  const filter = a.validated.filter;
  let selection: Filter = filter;
  // The market a share is taken of: the brand's market is the page's filter; the selected
  // categories' market is every category under the filter's other parts.
  let market: Filter | undefined;
  if (o.brandId !== undefined) {
    await requireBrands(a, [o.brandId]);
    selection = withBrand(filter, o.brandId);
    market = filter;
  } else if (filter.categories !== undefined) {
    const { categories: _all, ...rest } = filter;
    market = rest;
  }
  const moversKind = o.brandId !== undefined ? 'sku' : 'brand';

  const editions = await a.eventEditions();
  const editionsKnown = editions.length > 0;
  const candidates = reviewable(editions, a);
  const choices = candidates.map(({ edition: e }) => ({
    code: e.code,
    year: e.year,
    name: e.name_zh,
    name_en: e.name_en,
  }));
  const empty: EventReviewAnswer = {
    choices,
    event: null,
    predecessor: null,
    unequal: false,
    approximate: false,
    current: EMPTY_FIGURES,
    base: EMPTY_FIGURES,
    growth: { sales: null, count: null, avg_price: null },
    share_change: null,
    movers_kind: moversKind,
    gainers: [],
    losers: [],
    warnings: [],
  };
  const chosen =
    o.event === undefined
      ? candidates[0]
      : candidates.find((c) => c.edition.code === o.event && (o.year === undefined || c.edition.year === o.year));
  if (!chosen) {
    if (o.event !== undefined) throw badRequest('eventReview.unknownEdition', { code: o.event, year: o.year ?? '' });
    return {
      ...empty,
      warnings: warningsOf(
        { warnings: [editionsKnown ? 'eventReview.noEdition' : 'analytics.event.noCalendar'] },
        a.locale,
      ),
    };
  }
  const { cmp } = chosen;
  const ranges = [cmp.range, cmp.baseRange];

  const dim: Dimension = moversKind === 'sku' ? 'sku' : 'brand';
  const rowsOf = (range: DateRange) =>
    a.query({ dimensions: [dim], range, comparison: { kind: 'none' }, filter: selection });
  const [own, whole, nowRows, baseRows] = await Promise.all([
    a.rangeTotals(selection, ranges),
    market ? a.rangeTotals(market, ranges) : Promise.resolve(undefined),
    rowsOf(cmp.range),
    rowsOf(cmp.baseRange),
  ]);
  const figuresAt = (i: number): ReviewFigures => {
    const t = own.totals[i];
    const sales = t?.sales ?? 0;
    const count = t?.count ?? 0;
    const m = whole?.totals[i];
    return { sales, count, avg_price: avgPrice(sales, count), share: whole ? share(sales, m?.sales ?? 0) : null };
  };
  const current = figuresAt(0);
  const base = figuresAt(1);
  const { gainers, losers } = await moversOf(a, dim, nowRows.rows, baseRows.rows, {
    top,
    total: current.sales,
    baseTotal: base.sales,
  });
  const warnings: MessageKey[] = [];
  if (cmp.unequal) warnings.push('analytics.unequalPeriods');
  if (current.sales === 0 && base.sales === 0) warnings.push('analytics.noData');
  return {
    choices,
    event: reviewed(cmp.current, cmp.range),
    predecessor: reviewed(cmp.base, cmp.baseRange),
    unequal: cmp.unequal,
    approximate: cmp.approximate,
    current,
    base,
    growth: {
      sales: growth(current.sales, base.sales),
      count: growth(current.count, base.count),
      avg_price: growth(current.avg_price, base.avg_price),
    },
    share_change: current.share !== null && base.share !== null ? current.share - base.share : null,
    movers_kind: moversKind,
    gainers,
    losers,
    warnings: warningsOf(mergeWarnings({ warnings }), a.locale),
  };
}

/**
 * The `top` brands or SKUs that gained most and lost most between the editions, of every one sold
 * in either (a row sold in one edition only counts 0 in the other); ties by id. Only the rows shown
 * are named (SKUs with their shops and platforms).
 */
async function moversOf(
  a: AnalysisRequest,
  dim: Dimension,
  now: readonly ResultRow[],
  before: readonly ResultRow[],
  o: { top: number; total: number; baseTotal: number },
): Promise<{ gainers: ReviewMover[]; losers: ReviewMover[] }> {
  const byId = new Map<number, { now?: ResultRow; base?: ResultRow }>();
  for (const r of now) byId.set(Number(r.keys[dim]), { now: r });
  for (const r of before) {
    const id = Number(r.keys[dim]);
    byId.set(id, { ...byId.get(id), base: r });
  }
  const all = [...byId.entries()].map(([id, { now: n, base: b }]) => {
    const sales = n?.sales ?? 0;
    const baseSales = b?.sales ?? 0;
    const label = n?.labels[dim] ?? b?.labels[dim];
    return { id, sales, baseSales, change: Math.round((sales - baseSales) * 100) / 100, label };
  });
  const gained = all.filter((m) => m.change > 0).sort((x, y) => y.change - x.change || x.id - y.id);
  const lost = all.filter((m) => m.change < 0).sort((x, y) => x.change - y.change || x.id - y.id);
  const shown = [...gained.slice(0, o.top), ...lost.slice(0, o.top)];
  const [products, platforms] =
    dim === 'sku'
      ? await Promise.all([a.dims.products(shown.map((m) => m.id)), a.dims.platforms()])
      : [undefined, undefined];
  const mover = (m: (typeof all)[number]): ReviewMover => {
    const s = share(m.sales, o.total);
    const bs = share(m.baseSales, o.baseTotal);
    const p = products?.get(m.id);
    const platform = p ? platforms?.get(Number(p.platform_id)) : undefined;
    return {
      id: m.id,
      name: (p ? p.title_zh : m.label?.zh) || String(m.id),
      name_en: (p ? p.title_en || p.title_zh : m.label?.en || m.label?.zh) || String(m.id),
      ...(p
        ? {
            shop: { name: p.shop_zh ?? '', name_en: p.shop_en ?? p.shop_zh ?? '' },
            platform: {
              code: platform?.code ?? '',
              name: platform?.name_zh ?? '',
              name_en: platform?.name_en ?? platform?.name_zh ?? '',
            },
          }
        : {}),
      sales: m.sales,
      base_sales: m.baseSales,
      change: m.change,
      share: s,
      base_share: bs,
      share_change: s !== null && bs !== null ? s - bs : null,
    };
  };
  return { gainers: gained.slice(0, o.top).map(mover), losers: lost.slice(0, o.top).map(mover) };
}
