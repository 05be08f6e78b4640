import {
  type DateRange,
  EVENT_YEARS_BACK_MAX,
  type EventEdition,
  eventComparison,
  type Granularity,
  isEventRefusal,
  isIsoDate,
  type Locale,
  MAX_ATTRIBUTE_VALUES,
  type MessageKey,
  parseSuperQuery,
  periodStart,
  SHOP_SELECTION_SEPARATOR,
  type SuperQueryNode,
  validateAttributeValueCount,
  validateBenchmarkPeriod,
  validateRange,
} from '@marketlens/shared';
import type { GoodsKeywords, WireFilter } from '@marketlens/shared/contracts';
import { AppError, badRequest } from '../../errors.js';
import type { Band, Comparison, CustomSqlNode, Filter, KeywordFilter, ShopPick } from './model.js';
import type { DatasetCatalog } from './service.js';

/**
 * The filter state (docs/product.md §3) as it arrives on the wire, and its validation (docs/product.md §5
 * rules) into the engine's {@link Filter}. Field names follow docs/product.md §3 (goodsKeywords,
 * isFollowConcernedBrands …).
 */

/** The wire filter's schema lives with the endpoint contracts; its rules are checked here. */
export { FilterFields, type WireFilter, WireFilterSchema } from '@marketlens/shared/contracts';

/** What validation needs from outside (the engine, the metadata store), injected for tests. */
export interface FilterContext {
  catalog: Pick<DatasetCatalog, 'leavesOf' | 'attributes'>;
  granularity: Granularity;
  parseSql(text: string): Promise<CustomSqlNode>;
  favouriteBrands(): Promise<number[]>;
  customAttributes(): Promise<{ id: number; rules: { value: string; query: string }[] }[]>;
  /** The editions of the dataset's calendar (selector event); none: the dataset has no calendar. */
  eventEditions?(): Promise<readonly EventEdition[]>;
  /** The dataset's first and last period: an event edition outside them is refused. */
  fullRange?: DateRange;
  /** The request's language, for the event's name in a refusal. */
  locale?: Locale;
}

export interface ValidatedFilter {
  filter: Filter;
  range: DateRange;
  comparison: Comparison;
}

function invalid(key: MessageKey, params?: Record<string, string | number>): AppError {
  return badRequest(key, params);
}

/**
 * The calendar a period may lie in. Pages compute periods around the chosen ones (a base a year
 * earlier, the period after the last one): a year-9999 date made that overflow the calendar (a 500,
 * found by the bad-input fuzz), and a range of centuries is no market data, only unbounded work.
 */
export const PERIOD_MIN = '2000-01-01';
export const PERIOD_MAX = '2099-12-31';

function dateRange(pair: readonly [string, string], g: Granularity): DateRange {
  if (!isIsoDate(pair[0]) || !isIsoDate(pair[1]) || pair[0] > pair[1]) throw invalid('validation.period.invalid');
  if (pair[0] < PERIOD_MIN || pair[1] > PERIOD_MAX) {
    throw invalid('validation.period.outOfRange', { min: PERIOD_MIN, max: PERIOD_MAX });
  }
  return { start: periodStart(pair[0], g), end: periodStart(pair[1], g) };
}

function superQuery(text: string): SuperQueryNode {
  const parsed = parseSuperQuery(text);
  if (!parsed.ok)
    throw new AppError(400, 'super_query', 'superQuery.invalidFormatAt', { position: parsed.error.position + 1 });
  return parsed.ast;
}

/**
 * A keyword expression (goodsKeywords) parsed: undefined when it is off or empty; a malformed super
 * query is a 400 with the message of docs/product.md §5 and its position.
 */
export function keywordFilterOf(k: GoodsKeywords | undefined): KeywordFilter | undefined {
  if (!k?.enable) return undefined;
  if (k.input_type === 'super') {
    const text = Array.isArray(k.value) ? k.value.join(' ') : k.value;
    return text.trim() ? { kind: 'super', ast: superQuery(text) } : undefined;
  }
  const words = (Array.isArray(k.value) ? k.value : k.value.split(/[\s,，;；]+/)).map((w) => w.trim()).filter(Boolean);
  return words.length ? { kind: 'keywords', condition: k.condition_type ?? 'AND', words } : undefined;
}

/** 'platform,shop_id' selections (the wire schema checked their form) as pairs, each once, in the order given. */
export function shopPicksOf(values: readonly string[]): ShopPick[] {
  const seen = new Set<string>();
  return values.flatMap((value) => {
    const [platformId, shopId] = value.split(SHOP_SELECTION_SEPARATOR).map(Number) as [number, number];
    const key = `${platformId},${shopId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ platformId, shopId }];
  });
}

/** docs/product.md §5 checks and normalisation of a wire filter. Throws a 400 with the rule's message. */
export async function validateFilter(
  wire: Omit<WireFilter, 'data_scope_id'>,
  ctx: FilterContext,
): Promise<ValidatedFilter> {
  const g = ctx.granularity;
  let range = dateRange(wire.date, g);
  const filter: { -readonly [K in keyof Filter]: Filter[K] } = {};

  const categoryOn = wire.category?.enable === true;
  const sqlOn = wire.sql?.enable === true;
  if (categoryOn && sqlOn) throw invalid('analytics.categoryAndSql');
  if (categoryOn) filter.categories = ctx.catalog.leavesOf(wire.category!.value);
  if (sqlOn) filter.customSql = await ctx.parseSql(wire.sql!.value);

  if (wire.channels?.length) {
    filter.channels = wire.channels.map((c) => {
      const [platform, shopType] = c.split(',');
      return { platformId: Number(platform), ...(shopType ? { shopType } : {}) };
    });
  }
  if (wire.brands?.length) filter.brands = wire.brands;
  // docs/product.md §4: 'platform,shop_id' names the shop on that platform; the pairs are kept as pairs.
  if (wire.shops?.length) filter.shops = shopPicksOf(wire.shops);
  if (wire.channel_sources?.length) {
    // docs/product.md §5: "Channel source requires a shop selection first."
    if (!filter.shops) throw invalid('shop.filter.sourceNeedsShop');
    filter.channelSources = [...new Set(wire.channel_sources)];
  }

  const keywords = keywordFilterOf(wire.goodsKeywords);
  if (keywords) filter.keywords = keywords;

  const attributes = Object.entries(wire.attributes ?? {}).filter(([, v]) => v.length > 0);
  for (const [name, values] of attributes) {
    const tooMany = validateAttributeValueCount(values);
    if (tooMany) throw invalid(tooMany, { max: MAX_ATTRIBUTE_VALUES });
    if (!ctx.catalog.attributes.includes(name)) throw invalid('analytics.unknownAttribute', { name });
  }
  if (attributes.length) filter.attributes = Object.fromEntries(attributes);

  const chosen = (wire.newAttributes ?? []).filter((a) => a.values.length > 0);
  if (chosen.length) {
    const defs = new Map((await ctx.customAttributes()).map((d) => [d.id, d]));
    filter.customAttributes = chosen.map((a) => {
      const tooMany = validateAttributeValueCount(a.values);
      if (tooMany) throw invalid(tooMany, { max: MAX_ATTRIBUTE_VALUES });
      const def = defs.get(a.id);
      if (!def) throw invalid('analytics.unknownAttribute', { name: String(a.id) });
      return def.rules.filter((r) => a.values.includes(r.value)).map((r) => superQuery(r.query));
    });
  }
  if (wire.descriptions?.length) filter.descriptions = wire.descriptions;

  if (wire.bands && !(isEmptyBound(wire.bands[0]) && isEmptyBound(wire.bands[1]))) {
    const problem = validateRange(wire.bands);
    if (problem) throw invalid(problem);
    const min = isEmptyBound(wire.bands[0]) ? 0 : Number(wire.bands[0]);
    const max = isEmptyBound(wire.bands[1]) ? null : Number(wire.bands[1]);
    filter.price = [min, max] satisfies Band;
  }
  if (wire.isFollowConcernedBrands) filter.favouriteBrands = await ctx.favouriteBrands();

  let comparison: Comparison = { kind: 'none' };
  const selector = wire.selector ?? 'mom';
  if (selector === 'custom') {
    if (wire.dateBefore) {
      const base = dateRange(wire.dateBefore, g);
      const problem = validateBenchmarkPeriod(base, range);
      if (problem) throw invalid(problem);
      comparison = { kind: 'custom', base };
    }
  } else if (selector === 'event') {
    const event = await eventComparisonOf(wire.event, ctx);
    // The applied range is the current edition's periods, whatever the range picker sent.
    range = event.range;
    comparison = event.comparison;
  } else {
    comparison = { kind: selector };
  }
  return { filter, range, comparison };
}

/**
 * Selector event resolved against the dataset's calendar (docs/metrics.md "Same event last year"):
 * the periods of the chosen edition and of the edition `back` years earlier. Refusals are 400s in
 * the comparison's own words, the event named in the request's language.
 */
async function eventComparisonOf(
  wire: WireFilter['event'],
  ctx: FilterContext,
): Promise<{ range: DateRange; comparison: Comparison }> {
  if (!wire) throw invalid('analytics.event.required');
  const back = wire.back ?? 1;
  if (!Number.isInteger(back) || back < 1 || back > EVENT_YEARS_BACK_MAX) {
    throw invalid('analytics.event.yearsBack', { max: EVENT_YEARS_BACK_MAX });
  }
  const editions = ctx.eventEditions ? await ctx.eventEditions() : [];
  if (editions.length === 0) throw invalid('analytics.event.noCalendar');
  const c = eventComparison(editions, wire.code, wire.year, back, ctx.granularity, ctx.fullRange);
  if (isEventRefusal(c)) {
    const p = c.params ?? {};
    const name = ctx.locale === 'en' ? p.name_en : p.name_zh;
    throw invalid(c.problem, { ...p, ...(name !== undefined ? { name } : {}) });
  }
  return {
    range: c.range,
    comparison: {
      kind: 'event',
      base: c.baseRange,
      periodShift: c.periodShift,
      unequal: c.unequal,
      approximate: c.approximate,
      event: {
        code: c.current.code,
        year: c.current.year,
        baseYear: c.base.year,
        back,
        name_zh: c.current.name_zh,
        name_en: c.current.name_en,
        window: { start: c.current.start, end: c.current.end },
        baseWindow: { start: c.base.start, end: c.base.end },
      },
    },
  };
}

function isEmptyBound(b: number | string | null): boolean {
  return b === null || (typeof b === 'string' && b.trim() === '');
}
