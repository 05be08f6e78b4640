/**
 * The analysis filter (docs/product.md §3 "filter state per page"): its model, its URL form and its wire form.
 *
 * The URL is the source of truth for the APPLIED filter, so links can be shared and back/forward
 * work. The URL form is compact and stable: defaults are left out, lists are comma-joined, params are
 * written in a fixed order, and anything unknown or invalid is ignored (the default is used instead).
 * The wire form is exactly the server's `FilterFields` (packages/server/src/analytics/validate.ts)
 * without `data_scope_id`.
 */
import {
  addDays,
  addMonths,
  CHANNEL_SOURCES,
  EVENT_YEARS_BACK_MAX,
  type FilterSelector,
  type Granularity,
  isIsoDate,
  periodStart,
} from '@marketlens/shared';

export type Selector = FilterSelector;
/**
 * "Same event, N years" (selector event, docs/metrics.md "Same event last year"): the calendar
 * event's code, the edition compared and how many editions back.
 */
export interface EventPick {
  code: string;
  year: number;
  back: number;
}
export type Condition = 'AND' | 'OR';
export type KeywordMode = 'keyword' | 'super';
export type DatePair = readonly [string, string];
/**
 * docs/product.md §9 channel sources (shops that are not brand shops); docs/product.md §5: chosen only with a
 * shop selection.
 */
export type ChannelSource = (typeof CHANNEL_SOURCES)[number];

export interface AnalysisFilter {
  /** Chosen category ids (any level; the server expands them to leaves). Exclusive with `sql`. */
  category: { enable: boolean; value: number[] };
  /** Custom SQL where-clause mode (docs/product.md §5). */
  sql: { enable: boolean; value: string };
  /** 'platform_id' (all its channels) or 'platform_id,shop_type'. */
  channels: string[];
  brands: number[];
  /** 'platform,shop_id' (docs/product.md §4). */
  shops: string[];
  /**
   * The channel sources among the chosen shops (docs/product.md §5: only with a shop selection); sent as
   * `channel_sources` with the shops, never without them.
   */
  channelSources: ChannelSource[];
  goodsKeywords: { enable: boolean; input_type: KeywordMode; condition_type: Condition; value: string[] | string };
  /** attribute name → chosen values (at most 10 each). */
  attributes: Record<string, string[]>;
  newAttributes: { id: number; values: string[] }[];
  /** Title words (e.g. a word-cloud click). */
  descriptions: string[];
  /** Price band as typed: empty string = open end. */
  bands: [string, string];
  isFollowConcernedBrands: boolean;
  /** null = the default range (ending at the dataset's last complete period), see {@link defaultDateRange}. */
  date: DatePair | null;
  dateBefore: DatePair | null;
  selector: Selector;
  /** The event compared (selector event only); its edition's periods are then the applied range. */
  event: EventPick | null;
}

/** The filter with nothing chosen (the selector defaults to mom, docs/product.md §4). */
export function emptyFilter(): AnalysisFilter {
  return {
    category: { enable: false, value: [] },
    sql: { enable: false, value: '' },
    channels: [],
    brands: [],
    shops: [],
    channelSources: [],
    goodsKeywords: { enable: false, input_type: 'keyword', condition_type: 'AND', value: [] },
    attributes: {},
    newAttributes: [],
    descriptions: [],
    bands: ['', ''],
    isFollowConcernedBrands: false,
    date: null,
    dateBefore: null,
    selector: 'mom',
    event: null,
  };
}

/** How many periods the default range covers: a year of months, a quarter of weeks. */
export const DEFAULT_PERIODS: Record<Granularity, number> = { month: 12, week: 13 };

/**
 * The default period range: {@link DEFAULT_PERIODS} periods ending at the dataset's last complete
 * period (docs/product.md §4 "Coverage of the data": a month still filling would show as a collapse),
 * its latest period when none is complete, and never starting before its farthest one. A year of
 * months gives every trend chart its shape and makes the yoy comparison meaningful; the range moves
 * with new data because it is not written into the URL until the user changes it.
 */
export function defaultDateRange(
  table: { farthest_date: string; latest_date: string; last_complete_date?: string | null },
  g: Granularity,
): DatePair {
  const end = periodStart(table.last_complete_date ?? table.latest_date, g);
  const n = DEFAULT_PERIODS[g] - 1;
  let start = g === 'month' ? addMonths(end, -n) : addDays(end, -7 * n);
  const farthest = periodStart(table.farthest_date, g);
  if (start < farthest) start = farthest;
  return [start, end];
}

/** The applied filter with its date resolved (an absent date is the default range); undefined until that is known. */
export function resolveFilter(
  filter: AnalysisFilter,
  defaultDate: DatePair | undefined,
): (AnalysisFilter & { date: DatePair }) | undefined {
  const date = filter.date ?? defaultDate;
  return date ? { ...filter, date } : undefined;
}

// ---------------------------------------------------------------------------------------------
// URL codec

/** Query parameter names; also the order they are written in. */
export const URL_PARAMS = {
  date: 't',
  selector: 'vs',
  dateBefore: 'bt',
  event: 'ev',
  category: 'c',
  sql: 'sql',
  channels: 'ch',
  brands: 'b',
  shops: 's',
  channelSources: 'src',
  keywords: 'kw',
  condition: 'op',
  superQuery: 'sq',
  attributes: 'a',
  newAttributes: 'na',
  descriptions: 'w',
  price: 'p',
  favourites: 'fav',
} as const;
const OWN = new Set<string>(Object.values(URL_PARAMS));

/** Whether a query parameter belongs to the filter (pages keep their own params beside it). */
export function isFilterParam(name: string): boolean {
  return OWN.has(name);
}

const ID = /^\d{1,12}$/;
const CHANNEL = /^\d{1,9}(,[a-z_]{1,32})?$/;
const SHOP = /^\d{1,9},\d{1,16}$/;
const PRICE = /^\d+(\.\d+)?$/;

const list = (raw: string | null): string[] =>
  raw === null
    ? []
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
const unique = <T>(items: T[]): T[] => [...new Set(items)];
const ids = (raw: string | null): number[] => unique(list(raw).filter((s) => ID.test(s))).map(Number);

const EVENT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const YEAR = /^\d{4}$/;
const BACK = /^\d{1,2}$/;

/**
 * The URL form of an event pick: 'code:year', with ':back' when it is not 1 ('double11:2025',
 * 'spring_festival:2025:2'); null for anything else.
 */
export function eventPickOf(raw: string | null): EventPick | null {
  if (raw === null) return null;
  const [code, year, back, extra] = raw.split(':');
  if (!code || !EVENT_CODE.test(code) || !year || !YEAR.test(year) || extra !== undefined) return null;
  if (back !== undefined && !BACK.test(back)) return null;
  const n = back === undefined ? 1 : Number(back);
  if (n < 1 || n > EVENT_YEARS_BACK_MAX) return null;
  return { code, year: Number(year), back: n };
}

export function eventPickText(e: EventPick): string {
  return e.back === 1 ? `${e.code}:${e.year}` : `${e.code}:${e.year}:${e.back}`;
}

function datePair(raw: string | null): DatePair | null {
  const [a, b, extra] = list(raw);
  if (!a || !b || extra !== undefined || !isIsoDate(a) || !isIsoDate(b) || a > b) return null;
  return [a, b];
}

/** The filter a URL stands for; every param that does not parse is ignored. */
export function decodeFilter(params: URLSearchParams): AnalysisFilter {
  const f = emptyFilter();
  const P = URL_PARAMS;
  f.date = datePair(params.get(P.date));
  const selector = params.get(P.selector);
  if (selector === 'yoy' || selector === 'custom') f.selector = selector;
  f.dateBefore = f.selector === 'custom' ? datePair(params.get(P.dateBefore)) : null;
  // An event comparison without a valid event is no comparison of its own: the default stays.
  const event = selector === 'event' ? eventPickOf(params.get(P.event)) : null;
  if (event) {
    f.selector = 'event';
    f.event = event;
  }

  const sql = params.get(P.sql)?.trim();
  const categories = ids(params.get(P.category));
  // The two modes are exclusive (docs/product.md §4); a hand-made URL with both keeps the categories.
  if (categories.length) f.category = { enable: true, value: categories };
  else if (sql) f.sql = { enable: true, value: sql.slice(0, 4000) };

  // Inside one URL item ':' stands for the wire's ',' so items can be comma-joined.
  f.channels = unique(list(params.get(P.channels)).map((c) => c.replace(':', ','))).filter((c) => CHANNEL.test(c));
  f.brands = ids(params.get(P.brands));
  f.shops = unique(list(params.get(P.shops)).map((c) => c.replace(':', ','))).filter((c) => SHOP.test(c));
  // docs/product.md §5: a channel source needs a shop selection; without one it is ignored.
  if (f.shops.length)
    f.channelSources = unique(list(params.get(P.channelSources))).filter((c): c is ChannelSource =>
      (CHANNEL_SOURCES as readonly string[]).includes(c),
    );

  const superQuery = params.get(P.superQuery)?.trim();
  const words = unique(list(params.get(P.keywords))).slice(0, 50);
  const condition: Condition = params.get(P.condition) === 'or' ? 'OR' : 'AND';
  if (superQuery) {
    f.goodsKeywords = { enable: true, input_type: 'super', condition_type: 'AND', value: superQuery.slice(0, 1000) };
  } else if (words.length) {
    f.goodsKeywords = { enable: true, input_type: 'keyword', condition_type: condition, value: words };
  }

  for (const item of params.getAll(P.attributes)) {
    const at = item.indexOf(':');
    if (at <= 0) continue;
    const name = item.slice(0, at);
    const value = item.slice(at + 1);
    if (!value) continue;
    const values = f.attributes[name] ?? [];
    if (!values.includes(value)) values.push(value);
    f.attributes[name] = values;
  }
  for (const item of params.getAll(P.newAttributes)) {
    const at = item.indexOf(':');
    const id = item.slice(0, at);
    const value = item.slice(at + 1);
    if (at <= 0 || !ID.test(id) || Number(id) < 1 || !value) continue;
    let entry = f.newAttributes.find((a) => a.id === Number(id));
    if (!entry) {
      entry = { id: Number(id), values: [] };
      f.newAttributes.push(entry);
    }
    if (!entry.values.includes(value)) entry.values.push(value);
  }
  f.descriptions = unique(list(params.get(P.descriptions))).slice(0, 100);

  const price = params.get(P.price);
  if (price !== null) {
    const parts = price.split(',');
    const [min = '', max = ''] = parts;
    if (parts.length === 2 && (min === '' || PRICE.test(min)) && (max === '' || PRICE.test(max)) && (min || max)) {
      f.bands = [min, max];
    }
  }
  f.isFollowConcernedBrands = params.get(P.favourites) === '1';
  return f;
}

/** The filter's own params, in a fixed order, defaults left out. */
export function filterEntries(f: AnalysisFilter): [string, string][] {
  const P = URL_PARAMS;
  const out: [string, string][] = [];
  if (f.date) out.push([P.date, f.date.join(',')]);
  if (f.selector !== 'mom') out.push([P.selector, f.selector]);
  if (f.selector === 'custom' && f.dateBefore) out.push([P.dateBefore, f.dateBefore.join(',')]);
  if (f.selector === 'event' && f.event) out.push([P.event, eventPickText(f.event)]);
  if (f.category.enable && f.category.value.length) out.push([P.category, f.category.value.join(',')]);
  else if (f.sql.enable && f.sql.value.trim()) out.push([P.sql, f.sql.value.trim()]);
  if (f.channels.length) out.push([P.channels, f.channels.map((c) => c.replace(',', ':')).join(',')]);
  if (f.brands.length) out.push([P.brands, f.brands.join(',')]);
  if (f.shops.length) out.push([P.shops, f.shops.map((c) => c.replace(',', ':')).join(',')]);
  if (f.shops.length && f.channelSources.length) out.push([P.channelSources, f.channelSources.join(',')]);
  const k = f.goodsKeywords;
  if (k.enable) {
    if (k.input_type === 'super') {
      const text = (Array.isArray(k.value) ? k.value.join(' ') : k.value).trim();
      if (text) out.push([P.superQuery, text]);
    } else {
      const words = Array.isArray(k.value) ? k.value : list(k.value);
      if (words.length) {
        out.push([P.keywords, words.join(',')]);
        if (k.condition_type === 'OR') out.push([P.condition, 'or']);
      }
    }
  }
  for (const [name, values] of Object.entries(f.attributes)) {
    for (const v of values) out.push([P.attributes, `${name}:${v}`]);
  }
  for (const a of f.newAttributes) for (const v of a.values) out.push([P.newAttributes, `${a.id}:${v}`]);
  if (f.descriptions.length) out.push([P.descriptions, f.descriptions.join(',')]);
  const [min, max] = f.bands.map((b) => b.trim());
  if (min || max) out.push([P.price, `${min},${max}`]);
  if (f.isFollowConcernedBrands) out.push([P.favourites, '1']);
  return out;
}

// RFC 3986 allows these in a query; leaving them unescaped keeps shared links readable.
const READABLE: [RegExp, string][] = [
  [/%2C/g, ','],
  [/%3A/g, ':'],
];
const encode = (s: string) => READABLE.reduce((acc, [re, ch]) => acc.replace(re, ch), encodeURIComponent(s));

/**
 * The search string for a filter, keeping the page's own params (anything not a filter param) first
 * and in their order. Returns '' or a string starting with '?'.
 */
export function encodeFilter(f: AnalysisFilter, keep: URLSearchParams = new URLSearchParams()): string {
  const entries: [string, string][] = [...keep.entries()].filter(([k]) => !isFilterParam(k));
  entries.push(...filterEntries(f));
  return toSearch(entries);
}

/** A search string of params in the given order, in the readable form ('' or starting with '?'). */
export function toSearch(entries: Iterable<[string, string]>): string {
  const search = [...entries].map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return search ? `?${search}` : '';
}

// ---------------------------------------------------------------------------------------------
// Wire form

/** The request body fields of a filter (FilterFields without data_scope_id); empty parts left out. */
export interface WireFilter {
  category?: { enable: boolean; value: number[] };
  sql?: { enable: boolean; value: string };
  channels?: string[];
  brands?: number[];
  shops?: string[];
  channel_sources?: ChannelSource[];
  goodsKeywords?: { enable: boolean; input_type: KeywordMode; condition_type?: Condition; value: string | string[] };
  attributes?: Record<string, string[]>;
  newAttributes?: { id: number; values: string[] }[];
  descriptions?: string[];
  bands?: [number | null, number | null];
  isFollowConcernedBrands?: boolean;
  date: [string, string];
  dateBefore?: [string, string];
  selector: Selector;
  event?: EventPick;
}

/**
 * The wire fields of an applied filter whose date range is known (resolve `date: null` with
 * {@link defaultDateRange} first).
 */
export function toWire(f: AnalysisFilter & { date: DatePair }): WireFilter {
  const w: WireFilter = { date: [f.date[0], f.date[1]], selector: f.selector };
  if (f.category.enable && f.category.value.length) w.category = { enable: true, value: [...f.category.value] };
  else if (f.sql.enable && f.sql.value.trim()) w.sql = { enable: true, value: f.sql.value.trim() };
  if (f.channels.length) w.channels = [...f.channels];
  if (f.brands.length) w.brands = [...f.brands];
  if (f.shops.length) w.shops = [...f.shops];
  if (f.shops.length && f.channelSources.length) w.channel_sources = [...f.channelSources];
  const k = f.goodsKeywords;
  if (k.enable) {
    if (k.input_type === 'super') {
      const text = (Array.isArray(k.value) ? k.value.join(' ') : k.value).trim();
      if (text) w.goodsKeywords = { enable: true, input_type: 'super', value: text };
    } else {
      const words = Array.isArray(k.value) ? k.value : list(k.value);
      if (words.length)
        w.goodsKeywords = { enable: true, input_type: 'keyword', condition_type: k.condition_type, value: [...words] };
    }
  }
  const attributes = Object.entries(f.attributes).filter(([, v]) => v.length > 0);
  if (attributes.length) w.attributes = Object.fromEntries(attributes.map(([n, v]) => [n, [...v]]));
  const custom = f.newAttributes.filter((a) => a.values.length > 0);
  if (custom.length) w.newAttributes = custom.map((a) => ({ id: a.id, values: [...a.values] }));
  if (f.descriptions.length) w.descriptions = [...f.descriptions];
  const [min, max] = f.bands.map((b) => b.trim());
  if (min || max) w.bands = [min ? Number(min) : null, max ? Number(max) : null];
  if (f.isFollowConcernedBrands) w.isFollowConcernedBrands = true;
  if (f.selector === 'custom' && f.dateBefore) w.dateBefore = [f.dateBefore[0], f.dateBefore[1]];
  if (f.selector === 'event' && f.event) w.event = { ...f.event };
  return w;
}

/** Two filters are the same when their URL forms are (the canonical form). */
export function sameFilter(a: AnalysisFilter, b: AnalysisFilter): boolean {
  return encodeFilter(a) === encodeFilter(b);
}

/** How many filter sections are set (for the "n set" badge of a collapsed panel). */
export function activeCount(f: AnalysisFilter): number {
  let n = 0;
  if ((f.category.enable && f.category.value.length) || (f.sql.enable && f.sql.value.trim())) n++;
  if (f.channels.length) n++;
  if (f.brands.length) n++;
  if (f.shops.length) n++;
  const k = f.goodsKeywords;
  if (k.enable && (Array.isArray(k.value) ? k.value.length : k.value.trim())) n++;
  if (Object.values(f.attributes).some((v) => v.length) || f.newAttributes.some((a) => a.values.length)) n++;
  if (f.descriptions.length) n++;
  if (f.bands.some((b) => b.trim())) n++;
  if (f.isFollowConcernedBrands) n++;
  return n;
}
