/**
 * The market universe of a region: categories with their market size and growth, brands with their
 * life cycles, products (titles, prices, attributes), shops and listings (SKUs = a product sold by one
 * shop). Datasets are views of a universe over a period grid (see market.ts), so cn_monthly and
 * cn_weekly share brands, shops and SKU ids.
 *
 * The structure is drawn over a fixed horizon (up to 2036) rather than up to the as-of date, so a
 * later as-of date only adds periods and never rewrites history.
 */
import type { ShopType } from '@marketlens/shared';
import { dayOfYearFraction, type Region, type SeasonProfile } from './calendar.js';
import { type ChannelDef, type PlatformDef, platformsOf } from './catalog/channels.js';
import { interpolate, type Knots } from './catalog/dsl.js';
import {
  type AttrCode,
  CATEGORY_TREE,
  type Concept,
  type Leaf,
  type Level1,
  type Level2,
  type Pair,
  type Spec,
  type VocabGroup,
} from './catalog/index.js';
import { BrandNamer, CITIES, SHOP_CATEGORY, SHOP_PREFIXES, SHOP_SUFFIXES } from './catalog/names.js';
import { drawEvents, type UniverseEvent } from './events.js';
import { cumulativeDrift, GROWTH_REGIMES, LAUNCH_PRICE_GAIN, leafTrend, PRICE_REGIMES } from './regimes.js';
import { hash4, hashString, Rng } from './rng.js';
import { type Scale, UNIVERSES, type UniverseConfig } from './scales.js';

/** CNY per USD used to price the global market. */
const CNY_PER_USD = 6.8;
/** The global market (Amazon US + South-East Asia) relative to China, in value. */
const GLOBAL_MARKET_FACTOR = 0.12;
const GROWTH_STEPS_PER_YEAR = 48;

export interface LeafInfo {
  readonly index: number;
  readonly leaf: Leaf;
  readonly l2: Level2;
  readonly l1: Level1;
  readonly season: SeasonProfile;
  readonly promo: number;
  readonly premium: number;
  readonly trend: Knots;
  /** Average monthly market size in 2017 in the region's currency. */
  readonly base: number;
  /** Cumulative log growth since 2017 in steps of 1/48 year. */
  readonly logGrowth: Float64Array;
  /** Cumulative log price drift of the level-2 price regime since 2017 (0 without one; regimes.ts). */
  readonly priceDrift: (year: number) => number;
}

export type BrandKind = 'established' | 'new' | 'star' | 'flop';

export interface Brand {
  readonly index: number;
  readonly id: number;
  readonly name: Pair;
  readonly western: boolean;
  readonly level1: number;
  readonly kind: BrandKind;
  /** Price position: 0 = mass market … 1 = luxury. */
  readonly tier: number;
  readonly size: number;
  /** Rank of `size` among all brands, 0 (smallest) … 1 (largest). */
  sizePct: number;
  /** Calendar years (fractional). */
  readonly launch: number;
  readonly exit: number;
  readonly declineFrom: number;
  readonly declineRate: number;
  /** Yearly log-multipliers from DRIFT_FROM (a smooth random walk). */
  readonly drift: Float64Array;
  readonly series: readonly Pair[];
  /** Join year per platform index (NaN = not on the platform). */
  readonly joins: Float64Array;
  readonly specialty: boolean;
  readonly franchise: boolean;
}

export interface BrandCategory {
  readonly index: number;
  readonly brand: Brand;
  readonly leaf: LeafInfo;
  readonly affinity: number;
  /**
   * Share momentum inside the category: from `momentumFrom` to `momentumTo` (years) the brand's
   * weight changes by `momentumRate` (log) a year — a challenger taking share (> 0) or an incumbent
   * losing it (< 0); 0 for most.
   */
  momentumFrom: number;
  momentumTo: number;
  momentumRate: number;
}

export interface AttributeValue {
  readonly attr: AttrCode;
  readonly zh: string;
  readonly en: string;
}

export interface Product {
  readonly index: number;
  readonly bc: BrandCategory;
  /** Days. */
  readonly launch: number;
  readonly end: number;
  readonly hero: boolean;
  readonly weight: number;
  readonly concept: Concept | undefined;
  readonly title: Pair;
  readonly series: Pair | undefined;
  readonly spec: Spec;
  readonly priceCents: number;
  readonly attributes: readonly AttributeValue[];
  readonly imageId: string | null;
}

export interface Shop {
  readonly index: number;
  readonly id: number;
  readonly platform: number;
  readonly type: ShopType;
  readonly brand: Brand | undefined;
  readonly name: Pair;
}

/** Listings as columns (there are up to a few million). */
export interface Listings {
  readonly count: number;
  readonly product: Int32Array;
  readonly shop: Int32Array;
  readonly platform: Int32Array;
  /** Channel index within the platform's channel list. */
  readonly channel: Int32Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly weight: Float64Array;
  readonly skuId: Float64Array;
  /** 1 when a reseller decorated the title with 【正品】. */
  readonly decorated: Uint8Array;
}

export interface Universe {
  readonly region: Region;
  readonly scale: Scale;
  readonly seed: number;
  readonly horizon: number;
  readonly platforms: readonly PlatformDef[];
  readonly leaves: readonly LeafInfo[];
  readonly brands: readonly Brand[];
  readonly brandCategories: readonly BrandCategory[];
  readonly products: readonly Product[];
  readonly shops: readonly Shop[];
  readonly listings: Listings;
  /** Unusual brand × month moves planted in the data (events.ts). */
  readonly events: readonly UniverseEvent[];
}

const DRIFT_FROM = 2005;
const FIRST_PRODUCT_YEAR = 2012;

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Brand drift multiplier at a fractional year. */
function brandDrift(brand: Brand, year: number): number {
  const x = Math.min(Math.max(year - DRIFT_FROM, 0), brand.drift.length - 1.001);
  const i = Math.floor(x);
  const f = x - i;
  return Math.exp(brand.drift[i]! * (1 - f) + brand.drift[i + 1]! * f);
}

/** Size multiplier of a brand over its life cycle (0 before launch and after exit). */
export function brandLife(brand: Brand, year: number): number {
  if (year < brand.launch || year >= brand.exit) return 0;
  let f = 1;
  if (brand.kind === 'new' || brand.kind === 'flop') f = logistic((year - brand.launch - 1.2) / 0.5);
  else if (brand.kind === 'star') f = logistic((year - brand.launch - 0.9) / 0.28);
  if (year > brand.declineFrom) f *= Math.exp(-brand.declineRate * (year - brand.declineFrom));
  return f * brandDrift(brand, year);
}

/** Momentum multiplier of a brand's weight in a category (challengers and fading incumbents). */
export function bcMomentum(bc: BrandCategory, year: number): number {
  if (bc.momentumRate === 0 || year <= bc.momentumFrom) return 1;
  return Math.exp(bc.momentumRate * (Math.min(year, bc.momentumTo) - bc.momentumFrom));
}

/** Market growth multiplier of a category since 2017. */
export function leafGrowth(leaf: LeafInfo, year: number): number {
  const x = Math.max(0, (year - 2017) * GROWTH_STEPS_PER_YEAR);
  const i = Math.min(Math.floor(x), leaf.logGrowth.length - 2);
  const f = Math.min(1, x - i);
  return Math.exp(leaf.logGrowth[i]! * (1 - f) + leaf.logGrowth[i + 1]! * f);
}

export function buildUniverse(region: Region, scale: Scale, seed: number, horizon: number): Universe {
  const config = UNIVERSES[scale][region];
  const platforms = platformsOf(region);
  const leaves = buildLeaves(region, config, horizon);
  const brands = buildBrands(region, config, seed, horizon, leaves, platforms);
  const brandCategories = assignCategories(seed, region, brands, leaves);
  assignMomentum(seed, region, brandCategories);
  const builder = new ListingBuilder(region, seed, config, platforms, horizon);
  for (const leaf of leaves) {
    const rng = Rng.derive(seed, region, 'leaf', leaf.leaf.id);
    for (const bc of brandCategories) if (bc.leaf === leaf) builder.addProducts(rng, bc);
  }
  const events = drawEvents(seed, region, horizon, brandCategories, platforms, builder.products);
  return {
    region,
    scale,
    seed,
    horizon,
    platforms,
    leaves,
    brands,
    brandCategories,
    products: builder.products,
    shops: builder.shops,
    listings: builder.finish(),
    events,
  };
}

function buildLeaves(region: Region, config: UniverseConfig, horizon: number): LeafInfo[] {
  const leaves: LeafInfo[] = [];
  const currency = (region === 'cn' ? 1 : GLOBAL_MARKET_FACTOR / CNY_PER_USD) * config.marketScale;
  for (const l1 of CATEGORY_TREE) {
    const l1Weight = l1.children.reduce((s, l2) => s + l2.leaves.reduce((t, l) => t + l.weight, 0), 0);
    for (const l2 of l1.children) {
      const limit = config.categories ? config.categories.find(([id]) => id === l2.id)?.[1] : l2.leaves.length;
      if (!limit) continue;
      for (const leaf of l2.leaves.slice(0, limit)) {
        const trend = leafTrend(l2.id, leaf.trend, l2.trend ?? l1.trend, horizon);
        const steps = (horizon - 2017) * GROWTH_STEPS_PER_YEAR + 2;
        const logGrowth = new Float64Array(steps);
        for (let i = 1; i < steps; i++) {
          const year = 2017 + (i - 0.5) / GROWTH_STEPS_PER_YEAR;
          logGrowth[i] = logGrowth[i - 1]! + Math.log1p(interpolate(trend, year)) / GROWTH_STEPS_PER_YEAR;
        }
        leaves.push({
          index: leaves.length,
          leaf,
          l2,
          l1,
          season: leaf.season ?? l2.season,
          promo: l2.promo ?? l1.promo,
          premium: l2.premium ?? l1.premium,
          trend,
          base: ((l1.size * 1e9 * leaf.weight) / l1Weight) * currency,
          logGrowth,
          priceDrift: cumulativeDrift(PRICE_REGIMES[l2.id]),
        });
      }
    }
  }
  return leaves;
}

function buildBrands(
  region: Region,
  config: UniverseConfig,
  seed: number,
  horizon: number,
  leaves: readonly LeafInfo[],
  platforms: readonly PlatformDef[],
): Brand[] {
  const rng = Rng.derive(seed, region, 'brands');
  const namer = new BrandNamer(Rng.derive(seed, region, 'brand-names'));
  const level1Weights = new Map<number, number>();
  for (const leaf of leaves) level1Weights.set(leaf.l1.id, (level1Weights.get(leaf.l1.id) ?? 0) + leaf.base);
  const level1Ids = [...level1Weights.keys()];
  const established = config.establishedBrands;
  const zipf = (rank: number) => 1 / (rank + 2);
  const brands: Brand[] = [];

  const add = (kind: BrandKind, launch: number, size: number, level1: number) => {
    const western = rng.chance(config.importShare);
    const tierDraw = rng.float();
    const tier = western ? 0.25 + 0.75 * tierDraw : 0.85 * tierDraw ** 1.3;
    let exit = Number.POSITIVE_INFINITY;
    let declineFrom = Number.POSITIVE_INFINITY;
    let declineRate = 0;
    if (kind === 'flop') exit = launch + rng.range(1, 3);
    if (kind === 'established' && rng.chance(0.2)) {
      declineFrom = rng.range(2017.5, 2025);
      declineRate = rng.range(0.2, 0.55);
      if (rng.chance(0.35)) exit = declineFrom + rng.range(2, 6);
    }
    const drift = new Float64Array(horizon - DRIFT_FROM + 2);
    for (let i = 1; i < drift.length; i++) drift[i] = 0.85 * drift[i - 1]! + 0.12 * rng.normal();
    const joins = new Float64Array(platforms.length).fill(Number.NaN);
    const index = brands.length;
    const brand: Brand = {
      index,
      id: 10001 + index,
      name: namer.next(western, level1),
      western,
      level1,
      kind,
      tier,
      size,
      sizePct: 0,
      launch,
      exit,
      declineFrom,
      declineRate,
      drift,
      series: rng.sample(CATEGORY_TREE.find((l1) => l1.id === level1)!.series, rng.int(1, 4)),
      joins,
      specialty: !western && rng.chance(0.25),
      franchise: rng.chance(0.45),
    };
    brands.push(brand);
  };

  const pickLevel1 = () => level1Ids[rng.weightedIndex(level1Ids.map((id) => level1Weights.get(id)!))]!;
  const ranks = rng.sample(
    Array.from({ length: established }, (_, i) => i),
    established,
  );
  for (let i = 0; i < established; i++) add('established', rng.range(2000, 2016), zipf(ranks[i]!), pickLevel1());
  for (let year = 2017; year < horizon; year++) {
    for (let i = 0; i < config.newBrandsPerYear; i++) {
      const rank = rng.range(0.25, 1) * established;
      add(rng.chance(0.2) ? 'flop' : 'new', year + rng.float(), zipf(rank), pickLevel1());
    }
    for (let i = 0; i < config.starsPerYear; i++) {
      // Stars grow where the market grows.
      const growing = level1Ids.map((id) => {
        const trend = CATEGORY_TREE.find((l1) => l1.id === id)!.trend;
        return level1Weights.get(id)! * Math.max(0.02, interpolate(trend, year));
      });
      // Ranks 0.5–5 % of the established brands: a star leads its category within two years
      // without taking half of a small category (and its platform mix) overnight.
      const rank = rng.range(0.005, 0.05) * established;
      add('star', year + rng.float() * 0.9, zipf(rank), level1Ids[rng.weightedIndex(growing)]!);
    }
  }

  const bySize = brands.map((b) => b.index).sort((a, b) => brands[a]!.size - brands[b]!.size || a - b);
  bySize.forEach((brandIndex, rank) => {
    brands[brandIndex]!.sizePct = bySize.length > 1 ? rank / (bySize.length - 1) : 1;
  });
  for (const brand of brands) joinPlatforms(rng, brand, platforms);
  return brands;
}

function joinPlatforms(rng: Rng, brand: Brand, platforms: readonly PlatformDef[]): void {
  const young = brand.kind !== 'established';
  platforms.forEach((platform, p) => {
    let chance = platform.presence * (0.45 + 1.1 * brand.sizePct);
    if (platform.strong?.includes(brand.level1)) chance *= 2.5;
    if (platform.weak?.includes(brand.level1)) chance *= 0.3;
    if (platform.importFocus && brand.western) chance *= 4;
    if (platform.code === 'douyin' && young) chance *= brand.kind === 'star' ? 3 : 1.5;
    if (!rng.chance(Math.min(0.97, chance))) return;
    const opened = Math.max(platform.from, brand.launch);
    let join: number;
    if (young) join = opened + rng.range(0, brand.kind === 'star' ? 0.3 : 1.5);
    else if (platform.from >= 2015) join = opened + rng.range(0, 4.5);
    else join = opened + (rng.chance(0.2) ? rng.range(0, 7) : 0);
    brand.joins[p] = join;
  });
  if (brand.joins.every((j) => Number.isNaN(j))) brand.joins[0] = Math.max(platforms[0]!.from, brand.launch);
}

function assignCategories(seed: number, region: Region, brands: readonly Brand[], leaves: readonly LeafInfo[]) {
  const rng = Rng.derive(seed, region, 'brand-categories');
  const memberships: { brand: Brand; leaf: LeafInfo; affinity: number }[] = [];
  for (const brand of brands) {
    const own = leaves.filter((l) => l.l1.id === brand.level1);
    const level2Ids = [...new Set(own.map((l) => l.l2.id))];
    const level2Weight = (id: number) => own.filter((l) => l.l2.id === id).reduce((s, l) => s + l.base, 0);
    const weightOf = (l: LeafInfo) =>
      brand.kind === 'star' ? l.base * Math.max(0.02, interpolate(l.trend, brand.launch) + 0.1) : l.base;
    const home = level2Ids[rng.weightedIndex(level2Ids.map(level2Weight))]!;
    const homeLeaves = own.filter((l) => l.l2.id === home);
    const count = Math.min(
      homeLeaves.length,
      brand.kind === 'star' ? rng.int(1, 2) : 1 + rng.poisson(0.6 + 2 * brand.sizePct),
    );
    const chosen: LeafInfo[] = [];
    while (chosen.length < count) {
      const rest = homeLeaves.filter((l) => !chosen.includes(l));
      chosen.push(rest[rng.weightedIndex(rest.map(weightOf))]!);
    }
    const others = own.filter((l) => l.l2.id !== home);
    if (others.length > 0 && brand.kind !== 'star' && rng.chance(0.15 + 0.35 * brand.sizePct)) {
      chosen.push(others[rng.weightedIndex(others.map(weightOf))]!);
    }
    chosen.forEach((leaf, i) => {
      memberships.push({ brand, leaf, affinity: rng.lognormal(0.5) * (i === 0 ? 1.5 : 1) });
    });
  }
  memberships.sort((a, b) => a.leaf.index - b.leaf.index || a.brand.index - b.brand.index);
  return memberships.map(
    (m, index): BrandCategory => ({ index, ...m, momentumFrom: 0, momentumTo: 0, momentumRate: 0 }),
  );
}

/**
 * Challengers and fading incumbents inside categories, from a stream of their own (so the rest of the
 * market is drawn as before). Challengers are likelier where the category booms.
 */
function assignMomentum(seed: number, region: Region, bcs: readonly BrandCategory[]): void {
  const rng = Rng.derive(seed, region, 'momentum');
  for (const bc of bcs) {
    const booming = GROWTH_REGIMES[bc.leaf.l2.id] !== undefined && interpolate(bc.leaf.trend, 2026) > 0.2;
    const challenger = rng.float();
    const incumbent = rng.float();
    const from = rng.range(Math.max(2017.5, bc.brand.launch + 0.5), 2034);
    const length = rng.range(1.5, 3.5);
    const rate = rng.float();
    if (bc.brand.kind !== 'flop' && challenger < (booming ? 0.06 : 0.04)) {
      bc.momentumFrom = from;
      bc.momentumTo = from + length;
      bc.momentumRate = 0.25 + 0.35 * rate;
    } else if (bc.brand.sizePct > 0.85 && incumbent < 0.2) {
      bc.momentumFrom = from;
      bc.momentumTo = from + length + 1.5;
      bc.momentumRate = -(0.2 + 0.4 * rate);
    }
  }
}

/** Title word order: who-for words, concept, ingredients/materials, efficacy/function, the rest. */
const TITLE_ORDER: Partial<Record<AttrCode, number>> = {
  scene: 0,
  crowd: 0,
  gender: 0,
  age: 0,
  skin_type: 0,
  hair_type: 0,
  pet_stage: 0,
  pet_size: 0,
  pet_type: 0,
  ingredient: 2,
  material: 2,
  protein: 2,
  origin: 2,
  milk_source: 2,
  flavor: 2,
  scent: 2,
  grade: 2,
  roast: 2,
  efficacy: 3,
  function: 3,
  tech: 3,
  finish: 3,
  energy: 3,
};

const ASCII_END = /[A-Za-z0-9%)]$/;
const ASCII_START = /^[A-Za-z0-9(]/;

/** Joins Chinese title parts without spaces, except between two Latin words. */
function joinZh(parts: readonly string[]): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    out += out && ASCII_END.test(out) && ASCII_START.test(part) ? ` ${part}` : part;
  }
  return out;
}

/** A spec like 1台 / 1件 says nothing in a title or as a pack size. */
function isSingleUnit(spec: Spec): boolean {
  return /^1[台件双个条支张把顶辆根块只套]$/.test(spec.zh);
}

function nicePrice(region: Region, price: number): number {
  if (region === 'global') {
    if (price < 10) return Math.floor(price) + 0.99;
    if (price < 100) return Math.max(1, Math.round(price)) - 0.01;
    return Math.round(price / 10) * 10 - 0.01;
  }
  if (price < 20) return Math.floor(price) + 0.9;
  if (price < 1000) return Math.max(2, Math.round(price / 10)) * 10 - 1;
  return Math.round(price / 100) * 100 - 1;
}

class ListingBuilder {
  readonly products: Product[] = [];
  readonly shops: Shop[] = [];
  private readonly shopByKey = new Map<string, Shop>();
  private readonly cols = {
    product: [] as number[],
    shop: [] as number[],
    platform: [] as number[],
    channel: [] as number[],
    start: [] as number[],
    end: [] as number[],
    weight: [] as number[],
    decorated: [] as number[],
  };
  private readonly salt: number;

  constructor(
    private readonly region: Region,
    seed: number,
    private readonly config: UniverseConfig,
    private readonly platforms: readonly PlatformDef[],
    private readonly horizon: number,
  ) {
    this.salt = hash4(seed, hashString(region));
  }

  addProducts(rng: Rng, bc: BrandCategory): void {
    const { brand } = bc;
    const from = Math.max(brand.launch, FIRST_PRODUCT_YEAR);
    const to = Math.min(brand.exit, this.horizon);
    if (to <= from) return;
    const perYear = this.config.productsPerYear * (0.4 + 4 * brand.sizePct ** 2) * (brand.kind === 'star' ? 2 : 1);
    const count = 1 + rng.poisson(perYear * (to - from));
    const launches: number[] = [];
    // An established brand already sells its classic product before the data starts.
    launches.push(brand.kind === 'established' ? rng.range(2008, 2016.5) : brand.launch);
    for (let i = 1; i < count; i++) launches.push(rng.range(from, to));
    launches.sort((a, b) => a - b);
    // A leading brand keeps a hero product in each of its categories: the first launch in the last
    // year of the current hero (or after it ended) succeeds it. Without a successor its sales and
    // platform mix rested on a few short-lived products once its first hero ended. (Smaller brands
    // do without: every hero is listed everywhere, which costs rows.)
    const succeeds = brand.sizePct > 0.8;
    let heroEnd = Number.NEGATIVE_INFINITY;
    launches.forEach((launch, i) => {
      const picked = rng.chance(0.12);
      const hero = i === 0 || picked || (succeeds && launch >= heroEnd - 1);
      const life = hero ? rng.range(6, 14) : Math.max(0.4, -3.2 * Math.log(1 - rng.float()));
      if (hero) heroEnd = Math.max(heroEnd, launch + life);
      this.addProduct(rng, bc, launch, Math.min(launch + life, brand.exit), hero);
    });
  }

  private addProduct(rng: Rng, bc: BrandCategory, launchYear: number, endYear: number, hero: boolean): void {
    const { brand, leaf } = bc;
    const concept = this.pickConcept(rng, leaf, brand, launchYear);
    const spec = leaf.leaf.specs[rng.weightedIndex(leaf.leaf.specs.map((_, i) => 0.55 ** i))]!;
    const series = rng.chance(0.7) ? rng.pick(brand.series) : undefined;
    const noun = rng.pick(leaf.leaf.nouns);
    const attributes: AttributeValue[] = [];
    const titleWords: { order: number; word: Pair }[] = [];
    for (const g of [...leaf.l2.groups, ...leaf.leaf.groups]) {
      const words = this.pickWords(rng, g);
      const inTitle = rng.chance(g.title);
      for (const word of words) {
        attributes.push({ attr: g.attr, zh: word.zh, en: word.en });
        if (inTitle && word.zh !== concept?.zh) titleWords.push({ order: TITLE_ORDER[g.attr] ?? 4, word });
      }
    }
    if (concept?.attr) attributes.push({ attr: concept.attr, zh: concept.zh, en: concept.en });
    if (!isSingleUnit(spec)) attributes.push({ attr: 'pack_size', zh: spec.zh, en: spec.en });
    if (concept) titleWords.push({ order: 1, word: concept });
    titleWords.sort((a, b) => a.order - b.order);
    const words = titleWords.map((t) => t.word);
    const specText = isSingleUnit(spec) ? undefined : spec;
    const title = {
      zh: joinZh([brand.name.zh, series?.zh ?? '', ...words.map((w) => w.zh), noun.zh, specText?.zh ?? '']),
      en: [brand.name.en, series?.en, ...words.map((w) => w.en), noun.en, specText?.en].filter(Boolean).join(' '),
    };
    const product: Product = {
      index: this.products.length,
      bc,
      launch: dayOfYearFraction(launchYear),
      end: dayOfYearFraction(endYear),
      hero,
      weight: rng.lognormal(0.8) * (hero ? 2.5 : 1),
      concept,
      title,
      series,
      spec,
      priceCents: Math.round(this.price(rng, leaf, brand, spec, launchYear, concept !== undefined) * 100),
      attributes: dedupeAttributes(attributes),
      imageId: imageId(this.salt, this.products.length),
    };
    // Every product has a picture now; the draw that once left 3 % without one stays (in its place,
    // after the price), so that the rest of the market and every figure derived from it is unchanged.
    rng.chance(0.03);
    this.products.push(product);
    this.addListings(rng, product);
  }

  private pickConcept(rng: Rng, leaf: LeafInfo, brand: Brand, year: number): Concept | undefined {
    for (const concept of rng.sample(leaf.l2.concepts, leaf.l2.concepts.length)) {
      if (concept.since > year || (concept.leaves && !concept.leaves.includes(leaf.leaf.id))) continue;
      const adoption = (brand.kind === 'star' ? 0.9 : 0.5) * logistic((year - concept.since - 0.4) / 0.6);
      if (rng.chance(adoption)) return concept;
    }
    return undefined;
  }

  private pickWords(rng: Rng, g: VocabGroup): Pair[] {
    let n = rng.int(g.min, g.max);
    if (g.min === 0 && n === 0 && rng.chance(0.3)) n = 1;
    return rng.sample(g.words, n);
  }

  private price(rng: Rng, leaf: LeafInfo, brand: Brand, spec: Spec, launchYear: number, concept: boolean): number {
    const [lo, hi] = leaf.leaf.price;
    const position = Math.min(1.15, Math.max(0, brand.tier + 0.12 * rng.normal()));
    const first = leaf.leaf.specs[0]!;
    const specFactor = spec.unit === first.unit && first.content > 0 ? (spec.content / first.content) ** 0.8 : 1;
    const years = Math.max(0, launchYear - 2017);
    const cny =
      lo *
      (hi / lo) ** position *
      specFactor *
      (1 + leaf.premium + 0.02) ** years *
      (concept ? 1.15 : 1) *
      Math.exp(LAUNCH_PRICE_GAIN * leaf.priceDrift(launchYear)) *
      rng.lognormal(0.06);
    return nicePrice(this.region, this.region === 'cn' ? cny : cny / CNY_PER_USD);
  }

  private addListings(rng: Rng, product: Product): void {
    const { brand } = product.bc;
    const before = this.cols.product.length;
    // Hero products are everywhere the brand sells; the long tail only in a few places.
    const breadth = product.hero ? 1 : 0.1 + 0.9 * rng.float() ** 1.5;
    this.platforms.forEach((platform, p) => {
      const join = brand.joins[p]!;
      if (Number.isNaN(join)) return;
      platform.channels.forEach((channel, c) => {
        const chance = this.listingChance(channel.type, brand) * channel.reach * breadth;
        if (rng.chance(Math.min(0.95, chance))) this.addListing(rng, product, p, c, join, platform, channel);
      });
    });
    if (this.cols.product.length > before) return;
    // Every product is sold somewhere: fall back to the brand's first platform and channel that fit.
    for (let p = 0; p < this.platforms.length && this.cols.product.length === before; p++) {
      const join = brand.joins[p]!;
      if (Number.isNaN(join)) continue;
      const platform = this.platforms[p]!;
      for (let c = 0; c < platform.channels.length && this.cols.product.length === before; c++) {
        this.addListing(rng, product, p, c, join, platform, platform.channels[c]!);
      }
    }
  }

  private listingChance(type: ShopType, brand: Brand): number {
    switch (type) {
      case 'flagship':
        return 0.8;
      case 'specialty':
        return brand.specialty ? 0.35 : 0;
      case 'franchise':
        return brand.franchise ? 0.25 : 0.02;
      case 'supermarket':
        return 0.04 + 0.3 * brand.sizePct;
      case 'global':
        return brand.western ? 0.4 : 0.01;
      case 'others':
        return 0.04 + 0.12 * brand.sizePct;
    }
  }

  private addListing(
    rng: Rng,
    product: Product,
    p: number,
    c: number,
    join: number,
    platform: PlatformDef,
    channel: ChannelDef,
  ): void {
    const opened = Math.max(join, platform.from, channel.from ?? 0);
    const start = Math.max(product.launch, dayOfYearFraction(opened));
    const end = Math.min(
      product.end,
      channel.until === undefined ? Number.POSITIVE_INFINITY : dayOfYearFraction(channel.until),
    );
    if (end - start < 7) return;
    const shop = this.shopFor(rng, product.bc, p, channel);
    const cols = this.cols;
    cols.product.push(product.index);
    cols.shop.push(shop.index);
    cols.platform.push(p);
    cols.channel.push(c);
    cols.start.push(start);
    cols.end.push(end);
    cols.weight.push(channel.weight * rng.lognormal(0.45));
    cols.decorated.push(channel.type === 'others' && rng.chance(0.15) ? 1 : 0);
  }

  private shopFor(rng: Rng, bc: BrandCategory, p: number, channel: ChannelDef): Shop {
    const { brand } = bc;
    const level1 = bc.leaf.l1.id;
    const owned = channel.type === 'flagship' || channel.type === 'specialty';
    const slots =
      channel.type === 'supermarket' ? 1 : this.config.multiBrandShops * (channel.type === 'others' ? 2 : 1);
    const slot = owned ? 0 : rng.int(0, slots - 1);
    const key = owned ? `${channel.type}:${p}:b${brand.index}` : `${channel.type}:${p}:${level1}:${slot}`;
    const existing = this.shopByKey.get(key);
    if (existing) return existing;
    const category = SHOP_CATEGORY[level1]!;
    const prefix = SHOP_PREFIXES[(slot * 3 + level1 * 7 + p) % SHOP_PREFIXES.length]!;
    const suffix = SHOP_SUFFIXES[slot % SHOP_SUFFIXES.length]!;
    const cities = CITIES[this.region];
    const city = cities[(brand.index + p) % cities.length]!;
    const fill = (template: string, lang: 'zh' | 'en') =>
      template
        .replace('{b}', brand.name[lang])
        .replace('{p}', prefix[lang])
        .replace('{c}', category[lang])
        .replace('{s}', suffix[lang])
        .replace('{city}', city[lang])
        .replace('{ch}', lang === 'zh' ? channel.zh : channel.en);
    const index = this.shops.length;
    const shop: Shop = {
      index,
      id: 100_000_000 + index * 17 + (hash4(this.salt, index, 1) % 17),
      platform: p,
      type: channel.type,
      brand: owned ? brand : undefined,
      name: { zh: fill(channel.shopZh, 'zh'), en: fill(channel.shopEn, 'en') },
    };
    this.shops.push(shop);
    this.shopByKey.set(key, shop);
    return shop;
  }

  finish(): Listings {
    const c = this.cols;
    const count = c.product.length;
    const skuId = new Float64Array(count);
    for (let i = 0; i < count; i++) skuId[i] = 100_000_000_000 + i * 11 + (hash4(this.salt, i, 2) % 11);
    return {
      count,
      product: Int32Array.from(c.product),
      shop: Int32Array.from(c.shop),
      platform: Int32Array.from(c.platform),
      channel: Int32Array.from(c.channel),
      start: Int32Array.from(c.start),
      end: Int32Array.from(c.end),
      weight: Float64Array.from(c.weight),
      skuId,
      decorated: Uint8Array.from(c.decorated),
    };
  }
}

function dedupeAttributes(values: AttributeValue[]): AttributeValue[] {
  const seen = new Set<string>();
  const out: AttributeValue[] = [];
  for (const v of values) {
    const key = `${v.attr}\u0000${v.zh}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out.sort((a, b) => (a.attr < b.attr ? -1 : a.attr > b.attr ? 1 : a.zh < b.zh ? -1 : a.zh > b.zh ? 1 : 0));
}

function imageId(salt: number, productIndex: number): string {
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return hex(hash4(salt, productIndex, 3)) + hex(hash4(salt, productIndex, 4));
}
