/**
 * A compact notation for the category catalogue, so that the real-world vocabulary stays readable:
 * - word lists: `'保湿/Moisturizing|补水/Hydrating'` (Chinese/English pairs separated by `|`);
 * - pack sizes: `'50g|1.75L=1pcs|10片/10 Sheets=10pcs'` (`label[/English label][=content unit]`);
 *   without `=`, the content is read from the label (g, kg, ml, L);
 * - concepts: `'玻色因/Bosein@2019.5:2.5:ingredient'` (words@first year:strength[:attribute][#leaf ids]),
 *   e.g. `'碳板/Carbon Plate@2020.5:1.8:tech#70101,70105'` only for running and training shoes.
 * Parsing happens once at module load and throws on a malformed entry, so a typo fails every test.
 */
import type { SeasonProfile } from '../calendar.js';
import type { AttrCode } from './attributes.js';

export interface Pair {
  readonly zh: string;
  readonly en: string;
}

export type NetUnit = 'g' | 'ml' | 'pcs';

export interface Spec extends Pair {
  readonly content: number;
  readonly unit: NetUnit;
}

/** A word list that becomes an attribute and, with probability `title`, part of the title. */
export interface VocabGroup {
  readonly attr: AttrCode;
  readonly words: readonly Pair[];
  readonly title: number;
  readonly min: number;
  readonly max: number;
}

/** A product idea that appears at `since` (fractional year) and then takes share. */
export interface Concept extends Pair {
  readonly since: number;
  /** Extra weight of a concept product once the concept is fully popular (1 = doubles). */
  readonly strength: number;
  readonly attr?: AttrCode;
  /** Level-3 ids the concept applies to (all of the level-2 category when absent). */
  readonly leaves?: readonly number[];
}

/** Annual growth rate knots: [year, rate] with linear interpolation in between. */
export type Knots = readonly (readonly [number, number])[];

export interface Leaf {
  readonly id: number;
  readonly name: Pair;
  /** Product nouns used in titles (the category name unless given). */
  readonly nouns: readonly Pair[];
  /** Typical list price range (CNY) of a mid-tier brand for the first pack size. */
  readonly price: readonly [number, number];
  readonly specs: readonly Spec[];
  readonly trend?: Knots;
  readonly season?: SeasonProfile;
  /** Relative market size within the level-2 category. */
  readonly weight: number;
  /** Vocabulary only this category uses, on top of its level-2 groups. */
  readonly groups: readonly VocabGroup[];
}

export interface Level2 {
  readonly id: number;
  readonly name: Pair;
  readonly season: SeasonProfile;
  /** Sensitivity to promotions (1 = average; beauty and appliances are above, groceries below). */
  readonly promo?: number;
  readonly trend?: Knots;
  /** Yearly price step of newly launched products (premiumisation). */
  readonly premium?: number;
  readonly groups: readonly VocabGroup[];
  readonly concepts: readonly Concept[];
  readonly leaves: readonly Leaf[];
}

export interface Level1 {
  readonly id: number;
  readonly name: Pair;
  /** Online market size in 2017, CNY billions per month. */
  readonly size: number;
  readonly promo: number;
  readonly trend: Knots;
  readonly premium: number;
  /** Product series (line) names brands of this category use. */
  readonly series: readonly Pair[];
  readonly children: readonly Level2[];
}

export function pairs(text: string): Pair[] {
  return text.split('|').map((item) => {
    const slash = item.indexOf('/');
    if (slash <= 0 || slash === item.length - 1) throw new Error(`catalogue: bad word pair "${item}"`);
    return { zh: item.slice(0, slash), en: item.slice(slash + 1) };
  });
}

const UNIT_FACTORS: Record<string, [number, NetUnit]> = {
  g: [1, 'g'],
  kg: [1000, 'g'],
  ml: [1, 'ml'],
  l: [1000, 'ml'],
  pcs: [1, 'pcs'],
};

function parseQuantity(text: string): { content: number; unit: NetUnit } | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(g|kg|ml|L|pcs)$/i.exec(text.trim());
  if (!m) return undefined;
  const factor = UNIT_FACTORS[m[2]!.toLowerCase()];
  if (!factor) return undefined;
  return { content: Math.round(Number(m[1]) * factor[0] * 1000) / 1000, unit: factor[1] };
}

export function specs(text: string): Spec[] {
  return text.split('|').map((item) => {
    const [labels = '', quantity] = item.split('=');
    const slash = labels.indexOf('/');
    const zh = slash > 0 ? labels.slice(0, slash) : labels;
    const en = slash > 0 ? labels.slice(slash + 1) : labels;
    const parsed = parseQuantity(quantity ?? zh);
    if (!parsed) throw new Error(`catalogue: bad pack size "${item}"`);
    return { zh, en, ...parsed };
  });
}

export function concepts(...items: string[]): Concept[] {
  return items.map((item) => {
    const m = /^([^/@]+)\/([^@]+)@(\d{4}(?:\.\d+)?):(\d+(?:\.\d+)?)(?::(\w+))?(?:#([\d,]+))?$/.exec(item);
    if (!m) throw new Error(`catalogue: bad concept "${item}"`);
    return {
      zh: m[1]!,
      en: m[2]!,
      since: Number(m[3]),
      strength: Number(m[4]),
      ...(m[5] ? { attr: m[5] as AttrCode } : {}),
      ...(m[6] ? { leaves: m[6].split(',').map(Number) } : {}),
    };
  });
}

export function group(attr: AttrCode, words: string, title: number, min = 1, max = 1): VocabGroup {
  return { attr, words: pairs(words), title, min, max };
}

/** Knots from a flat list: knots(2017, 0.1, 2020, 0.05) → [[2017, 0.1], [2020, 0.05]]. */
export function knots(...flat: number[]): Knots {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

export interface LeafOptions {
  nouns?: string;
  trend?: Knots;
  season?: SeasonProfile;
  weight?: number;
  groups?: VocabGroup[];
}

export function leaf(id: number, name: string, price: [number, number], spec: string, opts: LeafOptions = {}): Leaf {
  const [pair] = pairs(name);
  return {
    id,
    name: pair!,
    nouns: opts.nouns ? pairs(opts.nouns) : [pair!],
    price,
    specs: specs(spec),
    weight: opts.weight ?? 1,
    groups: opts.groups ?? [],
    ...(opts.trend ? { trend: opts.trend } : {}),
    ...(opts.season ? { season: opts.season } : {}),
  };
}

export interface Level2Options {
  season?: SeasonProfile;
  promo?: number;
  trend?: Knots;
  premium?: number;
  groups: VocabGroup[];
  concepts: Concept[];
}

export function level2(id: number, name: string, opts: Level2Options, leaves: Leaf[]): Level2 {
  const [pair] = pairs(name);
  return { id, name: pair!, season: opts.season ?? 'flat', ...opts, leaves };
}

export function level1(
  id: number,
  name: string,
  opts: { size: number; promo: number; trend: Knots; premium: number; series: string },
  children: Level2[],
): Level1 {
  const [pair] = pairs(name);
  return { id, name: pair!, ...opts, series: pairs(opts.series), children };
}

/** Piecewise-linear interpolation of knots (flat beyond the ends). */
export function interpolate(k: Knots, x: number): number {
  const first = k[0];
  if (!first) return 0;
  if (x <= first[0]) return first[1];
  for (let i = 1; i < k.length; i++) {
    const [x1, y1] = k[i]!;
    if (x <= x1) {
      const [x0, y0] = k[i - 1]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return k[k.length - 1]![1];
}
