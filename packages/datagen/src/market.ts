/**
 * A dataset = a universe seen over a period grid (monthly since 2017 or the last 104 weeks) and a
 * set of categories. It yields the dimension rows and the fact rows exactly as they are written to
 * the files; the writer (writer.ts) and the in-memory API both read them from here.
 */
import {
  type DatasetManifest,
  type DemoDatasetName,
  PLATFORM_CODES,
  PLATFORMS,
  type ShopType,
} from '@marketlens/shared';
import {
  dayOf,
  formatDay,
  mondayOf,
  monthlyPeriods,
  monthStart,
  type Period,
  parseDay,
  seasonFactor,
  weeklyPeriods,
  yearsSince2017,
} from './calendar.js';
import { CHANNEL_DISCOUNT } from './catalog/channels.js';
import { interpolate } from './catalog/dsl.js';
import { ATTRIBUTES, type AttrCode, CATEGORY_TREE } from './catalog/index.js';
import type { PlantedEventKind } from './events.js';
import { type CalendarEventRow, calendarEventRows, holidayFactor, promoFactor } from './promotions.js';
import { LISTED_PRICE_GAIN } from './regimes.js';
import { hash4, hashNormal, hashString, hashUniform } from './rng.js';
import { datasetPlan, MONTHLY_START, type Scale } from './scales.js';
import {
  bcMomentum,
  brandLife,
  buildUniverse,
  type LeafInfo,
  leafGrowth,
  logistic,
  type Universe,
} from './universe.js';

// ---------------------------------------------------------------------------------------------
// Row types: one property per column of dataset-format.ts, in the same order.

export interface PlatformRow {
  platform_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  region: string;
}
export interface ChannelRow {
  platform_id: number;
  shop_type: ShopType;
  name_zh: string;
  name_en: string;
  is_active: boolean;
}
export interface CategoryRow {
  category_id: number;
  parent_id: number | null;
  level: number;
  name_zh: string;
  name_en: string;
}
export interface BrandRow {
  brand_id: number;
  name_zh: string;
  name_en: string;
}
export interface ShopRow {
  shop_id: number;
  platform_id: number;
  shop_type: ShopType;
  brand_id: number | null;
  name_zh: string;
  name_en: string;
}
export interface AttributeRow {
  attr_name: string;
  title_zh: string;
  title_en: string;
}
export interface SkuRow {
  sku_id: number;
  platform_id: number;
  shop_id: number;
  brand_id: number;
  category_id: number;
  title_zh: string;
  title_en: string;
  series: string | null;
  /** Money: a number with at most two decimals. */
  price: number;
  net_content: number | null;
  net_unit: string | null;
  /** 'YYYY-MM-DD'. */
  first_period: string;
  image_id: string | null;
}
export interface SkuAttributeRow {
  sku_id: number;
  attr_name: string;
  value_zh: string;
  value_en: string;
}
export interface FactRow {
  /** 'YYYY-MM-DD'. */
  period: string;
  sku_id: number;
  platform_id: number;
  shop_type: ShopType;
  shop_id: number;
  brand_id: number;
  category_id: number;
  /** Money: a number with at most two decimals (cents / 100). */
  sales: number;
  sales_discount: number;
  count: number;
}

export interface DimensionRows {
  dim_platform: PlatformRow[];
  dim_channel: ChannelRow[];
  dim_category: CategoryRow[];
  dim_brand: BrandRow[];
  dim_shop: ShopRow[];
  dim_attribute: AttributeRow[];
  dim_sku: SkuRow[];
  sku_attribute: SkuAttributeRow[];
}
export type DimensionTableName = keyof DimensionRows;
/** The dimensions plus the optional calendar_event table (promotions.ts) of a demo dataset. */
export interface MarketRows extends DimensionRows {
  calendar_event: CalendarEventRow[];
}
export type MarketTableName = keyof MarketRows;

/** One period of facts in columns. The arrays are reused: read them before asking for the next batch. */
export interface FactBatch {
  readonly periodIndex: number;
  readonly period: Period;
  readonly size: number;
  /** Index into the dataset's SKU columns (`Market.skus`). */
  readonly sku: Int32Array;
  readonly count: Float64Array;
  readonly salesCents: Float64Array;
  readonly discountCents: Float64Array;
}

/** The SKU dimension ids as columns, indexed like FactBatch.sku. */
export interface SkuColumns {
  readonly size: number;
  readonly skuId: Float64Array;
  readonly platformId: Int32Array;
  readonly shopTypeIndex: Int32Array;
  readonly shopId: Float64Array;
  readonly brandId: Int32Array;
  readonly categoryId: Int32Array;
}

/** An unusual move planted in the data (events.ts): where it is and how strong it was made. */
export interface PlantedEvent {
  readonly kind: PlantedEventKind;
  /** The month of the event ('YYYY-MM-01'); in weekly data the weeks whose middle falls in it. */
  readonly month: string;
  readonly brand_id: number;
  readonly brand_zh: string;
  readonly brand_en: string;
  /** The level-3 category the brand's move happens in, and its level-2 parent. */
  readonly category_id: number;
  readonly category_zh: string;
  readonly category_en: string;
  readonly level2_id: number;
  /** Multiplier of the brand's weight in the category (before normalising over the category's brands). */
  readonly factor: number;
  /** The livestream platform whose listings of the brand sell `platform_boost` times more, else null. */
  readonly platform: string | null;
  readonly platform_boost: number;
}

export interface Market {
  readonly name: DemoDatasetName;
  readonly scale: Scale;
  readonly seed: number;
  readonly asOf: string;
  readonly manifest: DatasetManifest;
  /** Period labels ('YYYY-MM-DD'), oldest first. */
  readonly periods: readonly string[];
  /** Dimension rows; each table is built on first access. */
  readonly dims: MarketRows;
  readonly skus: SkuColumns;
  /** Dimension rows without keeping them (for writing large tables). */
  rows<T extends MarketTableName>(table: T): Iterable<MarketRows[T][number]>;
  factBatches(): Generator<FactBatch>;
  /** Every fact row in file order (period, then sku_id). */
  facts(): Generator<FactRow>;
  /** The planted events inside the dataset's periods and categories (planted_events.json). */
  readonly plantedEvents: readonly PlantedEvent[];
}

export const SHOP_TYPE_ORDER: readonly ShopType[] = [
  'flagship',
  'specialty',
  'franchise',
  'supermarket',
  'global',
  'others',
];

const MANIFESTS: Record<DemoDatasetName, Omit<DatasetManifest, 'name'>> = {
  cn_monthly: {
    title_zh: '中国电商市场（月度）',
    title_en: 'China e-commerce market (monthly)',
    date_field: 'month',
    currency_unit: 'CNY',
    cur_symbol: '¥',
    has_series: true,
    series_name: '系列',
    series_name_en: 'Series',
    discount_price: true,
  },
  cn_weekly: {
    title_zh: '中国电商市场（周度）',
    title_en: 'China e-commerce market (weekly)',
    date_field: 'week',
    currency_unit: 'CNY',
    cur_symbol: '¥',
    has_series: true,
    series_name: '系列',
    series_name_en: 'Series',
    discount_price: true,
  },
  global_monthly: {
    title_zh: '海外电商市场（月度）',
    title_en: 'Global e-commerce market (monthly)',
    date_field: 'month',
    currency_unit: 'USD',
    cur_symbol: '$',
    has_series: true,
    series_name: '系列',
    series_name_en: 'Series',
    discount_price: true,
  },
};

export interface MarketOptions {
  scale: Scale;
  seed: number;
  /** 'YYYY-MM-DD'; periods end before it. */
  asOf: string;
  dataset: DemoDatasetName;
}

/** Universes are drawn up to this year (later as-of dates extend it). */
export function horizonFor(asOf: number): number {
  return Math.max(2036, new Date(asOf * 86_400_000).getUTCFullYear() + 1);
}

export function buildMarket(opts: MarketOptions): Market {
  const asOf = parseDay(opts.asOf);
  if (asOf === undefined) throw new Error(`invalid as-of date ${opts.asOf} (expected YYYY-MM-DD)`);
  const plan = datasetPlan(opts.dataset, opts.scale);
  const universe = buildUniverse(plan.region, opts.scale, opts.seed, horizonFor(asOf));
  return marketFromUniverse(universe, opts.dataset, opts.asOf);
}

export function platformId(code: string): number {
  return PLATFORM_CODES.indexOf(code as (typeof PLATFORM_CODES)[number]) + 1;
}

/** Builds a dataset view of a universe (generate() shares one universe between cn datasets). */
export function marketFromUniverse(universe: Universe, name: DemoDatasetName, asOfText: string): Market {
  const asOf = parseDay(asOfText);
  if (asOf === undefined) throw new Error(`invalid as-of date ${asOfText}`);
  const plan = datasetPlan(name, universe.scale);
  const periods =
    plan.kind === 'month'
      ? monthlyPeriods(dayOf(MONTHLY_START.year, MONTHLY_START.month, 1), asOf)
      : weeklyPeriods(plan.weeks ?? 104, asOf);
  if (periods.length === 0) throw new Error(`as-of date ${asOfText} leaves no complete period`);
  const windowStart = periods[0]!.start;
  const windowEnd = periods[periods.length - 1]!.end;
  const inLeaf = universe.leaves.map((l) => !plan.level2 || plan.level2.includes(l.l2.id));

  // SKUs of the dataset: listings of its categories that trade inside the window, in sku_id order.
  const L = universe.listings;
  const picked: number[] = [];
  for (let i = 0; i < L.count; i++) {
    const leaf = universe.products[L.product[i]!]!.bc.leaf;
    if (inLeaf[leaf.index] && L.start[i]! < windowEnd && L.end[i]! > windowStart) picked.push(i);
  }
  const listingIndex = Int32Array.from(picked);
  const ctx = new DatasetContext(universe, name, plan.kind, periods, listingIndex, asOf);
  const manifest: DatasetManifest = { name, ...MANIFESTS[name] };
  const cache: Partial<MarketRows> = {};
  const dims = {} as MarketRows;
  for (const table of Object.keys(DIMENSION_BUILDERS) as MarketTableName[]) {
    Object.defineProperty(dims, table, {
      enumerable: true,
      get: () => {
        if (!cache[table]) (cache as Record<string, unknown>)[table] = [...ctx.rows(table)];
        return cache[table];
      },
    });
  }
  return {
    name,
    scale: universe.scale,
    seed: universe.seed,
    asOf: asOfText,
    manifest,
    periods: periods.map((p) => p.label),
    dims,
    skus: ctx.skuColumns,
    rows: (table) => ctx.rows(table),
    factBatches: () => ctx.factBatches(),
    facts: () => ctx.facts(),
    plantedEvents: ctx.plantedEvents(),
  };
}

type Builders = { [T in MarketTableName]: (ctx: DatasetContext) => Iterable<MarketRows[T][number]> };

const DIMENSION_BUILDERS: Builders = {
  dim_platform: (ctx) => ctx.platformRows(),
  dim_channel: (ctx) => ctx.channelRows(),
  dim_category: (ctx) => ctx.categoryRows(),
  dim_brand: (ctx) => ctx.brandRows(),
  dim_shop: (ctx) => ctx.shopRows(),
  dim_attribute: (ctx) => ctx.attributeRows(),
  dim_sku: (ctx) => ctx.skuRows(),
  sku_attribute: (ctx) => ctx.skuAttributeRows(),
  // Every edition of the region's calendar in the years the periods cover.
  calendar_event: (ctx) =>
    calendarEventRows(
      ctx.universe.region,
      Number(formatDay(ctx.periods[0]!.start).slice(0, 4)),
      Number(formatDay(ctx.periods.at(-1)!.end - 1).slice(0, 4)),
    ),
};

const DAYS_PER_MONTH = 30.4375;
/** Exponent of a platform's raw part of a brand-category (0 = presence only, 1 = as listed). */
const MIX_DAMPING = 0.5;
/** Inflation of the realised unit price of a listed product, per year since launch. */
const PRICE_DRIFT = Math.log(1.015);

class DatasetContext {
  readonly skuColumns: SkuColumns;
  /** Per dataset SKU: index of the first period it trades in (where a row is guaranteed). */
  private readonly firstPeriod: Int32Array;
  private readonly salt: number;

  constructor(
    readonly universe: Universe,
    readonly name: DemoDatasetName,
    readonly kind: 'month' | 'week',
    readonly periods: readonly Period[],
    /** Universe listing index per dataset SKU. */
    readonly listing: Int32Array,
    readonly asOf: number,
  ) {
    this.salt = hash4(universe.seed, hashString(name));
    const n = listing.length;
    const L = universe.listings;
    const cols = {
      size: n,
      skuId: new Float64Array(n),
      platformId: new Int32Array(n),
      shopTypeIndex: new Int32Array(n),
      shopId: new Float64Array(n),
      brandId: new Int32Array(n),
      categoryId: new Int32Array(n),
    };
    this.firstPeriod = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      const l = listing[s]!;
      const product = universe.products[L.product[l]!]!;
      const shop = universe.shops[L.shop[l]!]!;
      cols.skuId[s] = L.skuId[l]!;
      cols.platformId[s] = platformId(universe.platforms[L.platform[l]!]!.code);
      cols.shopTypeIndex[s] = SHOP_TYPE_ORDER.indexOf(shop.type);
      cols.shopId[s] = shop.id;
      cols.brandId[s] = product.bc.brand.id;
      cols.categoryId[s] = product.bc.leaf.leaf.id;
      this.firstPeriod[s] = this.periodIndexOf(Math.max(L.start[l]!, periods[0]!.start));
    }
    this.skuColumns = cols;
  }

  private periodIndexOf(day: number): number {
    let lo = 0;
    let hi = this.periods.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.periods[mid]!.start <= day) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  rows<T extends MarketTableName>(table: T): Iterable<MarketRows[T][number]> {
    return DIMENSION_BUILDERS[table](this);
  }

  *platformRows(): Generator<PlatformRow> {
    for (const p of [...this.universe.platforms].sort((a, b) => platformId(a.code) - platformId(b.code))) {
      const info = PLATFORMS.find((x) => x.code === p.code)!;
      yield {
        platform_id: platformId(p.code),
        code: p.code,
        name_zh: info.name_zh,
        name_en: info.name_en,
        region: info.region,
      };
    }
  }

  *channelRows(): Generator<ChannelRow> {
    const asOfYear = 2017 + yearsSince2017(this.asOf);
    for (const p of [...this.universe.platforms].sort((a, b) => platformId(a.code) - platformId(b.code))) {
      const channels = [...p.channels].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
      for (const c of channels) {
        yield {
          platform_id: platformId(p.code),
          shop_type: c.type,
          name_zh: c.zh,
          name_en: c.en,
          is_active: c.until === undefined || c.until > asOfYear,
        };
      }
    }
  }

  *categoryRows(): Generator<CategoryRow> {
    const used = new Set(this.usedLeaves().map((l) => l.leaf.id));
    const rows: CategoryRow[] = [];
    for (const l1 of CATEGORY_TREE) {
      let l1Used = false;
      for (const l2 of l1.children) {
        const leaves = l2.leaves.filter((l) => used.has(l.id));
        if (leaves.length === 0) continue;
        l1Used = true;
        rows.push({ category_id: l2.id, parent_id: l1.id, level: 2, name_zh: l2.name.zh, name_en: l2.name.en });
        for (const leaf of leaves) {
          rows.push({ category_id: leaf.id, parent_id: l2.id, level: 3, name_zh: leaf.name.zh, name_en: leaf.name.en });
        }
      }
      if (l1Used)
        rows.push({ category_id: l1.id, parent_id: null, level: 1, name_zh: l1.name.zh, name_en: l1.name.en });
    }
    yield* rows.sort((a, b) => a.category_id - b.category_id);
  }

  private usedLeaves(): LeafInfo[] {
    const seen = new Set<number>();
    const L = this.universe.listings;
    for (const l of this.listing) seen.add(this.universe.products[L.product[l]!]!.bc.leaf.index);
    return this.universe.leaves.filter((l) => seen.has(l.index));
  }

  *brandRows(): Generator<BrandRow> {
    const used = new Set(this.skuColumns.brandId);
    for (const b of this.universe.brands) {
      if (used.has(b.id)) yield { brand_id: b.id, name_zh: b.name.zh, name_en: b.name.en };
    }
  }

  *shopRows(): Generator<ShopRow> {
    const used = new Set<number>();
    for (const l of this.listing) used.add(this.universe.listings.shop[l]!);
    for (const shop of this.universe.shops) {
      if (!used.has(shop.index)) continue;
      yield {
        shop_id: shop.id,
        platform_id: platformId(this.universe.platforms[shop.platform]!.code),
        shop_type: shop.type,
        brand_id: shop.brand?.id ?? null,
        name_zh: shop.name.zh,
        name_en: shop.name.en,
      };
    }
  }

  *attributeRows(): Generator<AttributeRow> {
    const used = new Set<AttrCode>();
    const L = this.universe.listings;
    for (const l of this.listing) for (const a of this.universe.products[L.product[l]!]!.attributes) used.add(a.attr);
    for (const code of [...used].sort()) {
      const [title_zh, title_en] = ATTRIBUTES[code];
      yield { attr_name: code, title_zh, title_en };
    }
  }

  *skuRows(): Generator<SkuRow> {
    const { universe } = this;
    const L = universe.listings;
    const series = universe.region === 'cn' ? 'zh' : 'en';
    for (let s = 0; s < this.listing.length; s++) {
      const l = this.listing[s]!;
      const product = universe.products[L.product[l]!]!;
      const decorated = L.decorated[l] === 1;
      yield {
        sku_id: this.skuColumns.skuId[s]!,
        platform_id: this.skuColumns.platformId[s]!,
        shop_id: this.skuColumns.shopId[s]!,
        brand_id: this.skuColumns.brandId[s]!,
        category_id: this.skuColumns.categoryId[s]!,
        title_zh: decorated ? `【正品】${product.title.zh}` : product.title.zh,
        title_en: decorated ? `[Authentic] ${product.title.en}` : product.title.en,
        series: product.series ? product.series[series] : null,
        price: product.priceCents / 100,
        net_content: product.spec.content,
        net_unit: product.spec.unit,
        first_period: formatDay(this.kind === 'month' ? monthStart(L.start[l]!) : mondayOf(L.start[l]!)),
        image_id: product.imageId,
      };
    }
  }

  *skuAttributeRows(): Generator<SkuAttributeRow> {
    const L = this.universe.listings;
    for (let s = 0; s < this.listing.length; s++) {
      const product = this.universe.products[L.product[this.listing[s]!]!]!;
      for (const a of product.attributes) {
        yield { sku_id: this.skuColumns.skuId[s]!, attr_name: a.attr, value_zh: a.zh, value_en: a.en };
      }
    }
  }

  *facts(): Generator<FactRow> {
    yield* factRows(this.skuColumns, this.factBatches());
  }

  plantedEvents(): PlantedEvent[] {
    const leaves = new Set(this.usedLeaves().map((l) => l.index));
    const brands = new Set(this.skuColumns.brandId);
    const first = this.periods[0]!;
    const last = this.periods[this.periods.length - 1]!;
    const mid = (p: Period) => (p.start + p.end) / 2;
    return this.universe.events
      .filter(
        (e) => leaves.has(e.bc.leaf.index) && brands.has(e.bc.brand.id) && e.start <= mid(last) && e.end > mid(first),
      )
      .map((e) => ({
        kind: e.kind,
        month: formatDay(e.start),
        brand_id: e.bc.brand.id,
        brand_zh: e.bc.brand.name.zh,
        brand_en: e.bc.brand.name.en,
        category_id: e.bc.leaf.leaf.id,
        category_zh: e.bc.leaf.leaf.name.zh,
        category_en: e.bc.leaf.leaf.name.en,
        level2_id: e.bc.leaf.l2.id,
        factor: Math.round(e.factor * 100) / 100,
        platform: e.platform < 0 ? null : this.universe.platforms[e.platform]!.code,
        platform_boost: e.platformBoost,
      }));
  }

  /**
   * The sales model, per period: category market size (trend × season × promotions) → brand share
   * within the category (size × life cycle × drift) → listing share within the brand (product
   * weight × launch ramp × concept popularity × platform trend × channel) → units at the realised
   * price, with hash-based noise so every value depends only on (SKU, period).
   */
  *factBatches(): Generator<FactBatch> {
    const { universe, periods, listing } = this;
    const L = universe.listings;
    const region = universe.region;
    const n = listing.length;
    const weekly = this.kind === 'week';

    // Dataset-local indices of products, brand-categories and leaves.
    const productOf = new Int32Array(n);
    const bcOf = new Int32Array(n);
    const leafOf = new Int32Array(n);
    const productLocal = new Map<number, number>();
    const bcLocal = new Map<number, number>();
    const products: number[] = [];
    const bcs: number[] = [];
    for (let s = 0; s < n; s++) {
      const p = L.product[listing[s]!]!;
      let lp = productLocal.get(p);
      if (lp === undefined) {
        lp = products.length;
        productLocal.set(p, lp);
        products.push(p);
      }
      const bc = universe.products[p]!.bc;
      let lb = bcLocal.get(bc.index);
      if (lb === undefined) {
        lb = bcs.length;
        bcLocal.set(bc.index, lb);
        bcs.push(bc.index);
      }
      productOf[s] = lp;
      bcOf[s] = lb;
      leafOf[s] = bc.leaf.index;
    }

    const leafMarket = this.leafMarketSizes();
    const promoDepth = periods.map((p) => {
      let excess = 0;
      for (let d = p.start; d < p.end; d++) excess += promoFactor(region, d) - 1;
      return Math.min(1, excess / (p.end - p.start) / 0.8);
    });
    const platformWeights = universe.platforms.map((pl) =>
      periods.map((p) => Math.max(0, interpolate(pl.weight, 2017 + yearsSince2017((p.start + p.end) / 2)))),
    );
    const channelDiscount = universe.platforms.map((pl) =>
      pl.channels.map((c) => CHANNEL_DISCOUNT[c.type] + pl.discount),
    );

    const salt = this.salt;
    const productFactor = new Float64Array(products.length);
    // Price regimes (regimes.ts): a listed product's price follows part of its category's drift.
    const launchDrift = Float64Array.from(products, (p) => {
      const product = universe.products[p]!;
      return product.bc.leaf.priceDrift(2017 + yearsSince2017(product.launch));
    });
    const priceShift = new Float64Array(products.length);
    // Planted events (events.ts) per dataset brand-category.
    const eventsOf = new Map<number, (typeof universe.events)[number][]>();
    for (const e of universe.events) {
      const lb = bcLocal.get(e.bc.index);
      if (lb === undefined) continue;
      if (!eventsOf.has(lb)) eventsOf.set(lb, []);
      eventsOf.get(lb)!.push(e);
    }
    const eventFactor = new Float64Array(bcs.length).fill(1);
    const eventPlatform = new Int32Array(bcs.length).fill(-1);
    const eventBoost = new Float64Array(bcs.length).fill(1);
    // Platform mix of a brand in a category: each platform's part of the raw weights (what the
    // brand's listed products would sell there) is dampened towards the brand's presence, so one
    // product more or less on a platform moves the brand's mix by points, not tens of points.
    const NP = universe.platforms.length;
    const bcPlatform = new Float64Array(bcs.length * NP);
    const platformScale = new Float64Array(bcs.length * NP);
    const platformAffinity = new Float64Array(bcs.length * NP);
    for (let b = 0; b < bcs.length; b++) {
      const brand = universe.brandCategories[bcs[b]!]!.brand;
      for (let p = 0; p < NP; p++) platformAffinity[b * NP + p] = Math.exp(0.3 * hashNormal(salt, brand.index, p, 9));
    }
    const joins = bcs.map((bc) => universe.brandCategories[bc]!.brand.joins);
    const raw = new Float64Array(n);
    const bcSum = new Float64Array(bcs.length);
    const bcWeight = new Float64Array(bcs.length);
    const leafSum = new Float64Array(universe.leaves.length);
    const out = {
      sku: new Int32Array(n),
      count: new Float64Array(n),
      salesCents: new Float64Array(n),
      discountCents: new Float64Array(n),
    };
    const listingSigma = weekly ? 0.35 : 0.25;

    for (let t = 0; t < periods.length; t++) {
      const period = periods[t]!;
      const key = period.start;
      const mid = (period.start + period.end) / 2;
      const year = 2017 + yearsSince2017(mid);
      const span = period.end - period.start;

      for (let lp = 0; lp < products.length; lp++) {
        const product = universe.products[products[lp]!]!;
        const ageMonths = (mid - product.launch) / DAYS_PER_MONTH;
        const leftMonths = (product.end - mid) / DAYS_PER_MONTH;
        let f = product.weight * Math.min(1, 0.35 + 0.22 * Math.max(0, ageMonths));
        if (leftMonths < 6) f *= Math.max(0.15, leftMonths / 6);
        if (!product.hero) f *= Math.exp(-0.12 * Math.max(0, ageMonths / 12 - 1.5));
        const concept = product.concept;
        if (concept) f *= 1 + concept.strength * logistic((year - concept.since - 1) / 0.6);
        productFactor[lp] = f;
        priceShift[lp] = Math.exp(LISTED_PRICE_GAIN * (product.bc.leaf.priceDrift(year) - launchDrift[lp]!));
      }

      eventFactor.fill(1);
      eventPlatform.fill(-1);
      eventBoost.fill(1);
      for (const [lb, list] of eventsOf) {
        for (const e of list) {
          if (mid < e.start || mid >= e.end) continue;
          eventFactor[lb] = e.factor;
          eventPlatform[lb] = e.platform;
          eventBoost[lb] = e.platformBoost;
        }
      }

      bcSum.fill(0);
      for (let s = 0; s < n; s++) {
        const l = listing[s]!;
        const start = L.start[l]!;
        const end = L.end[l]!;
        if (start >= period.end || end <= period.start) {
          raw[s] = 0;
          continue;
        }
        const covered = (Math.min(end, period.end) - Math.max(start, period.start)) / span;
        const b = bcOf[s]!;
        const r =
          productFactor[productOf[s]!]! * L.weight[l]! * covered * Math.exp(listingSigma * hashNormal(salt, l, key));
        raw[s] = r;
        bcSum[b]! += r;
        bcPlatform[b * NP + L.platform[l]!]! += r;
      }

      for (let b = 0; b < bcs.length; b++) {
        const total = bcSum[b]!;
        if (total === 0) continue;
        let sum = 0;
        for (let p = 0; p < NP; p++) {
          const part = bcPlatform[b * NP + p]!;
          if (part === 0) {
            platformScale[b * NP + p] = 0;
            continue;
          }
          // A brand opening on a platform builds its business there over three years, not in a month.
          const sinceJoin = year - joins[b]![p]!;
          const ramp = sinceJoin >= 3 ? 1 : 0.1 + 0.3 * Math.max(0, sinceJoin);
          const boost = eventPlatform[b] === p ? eventBoost[b]! : 1;
          const target =
            platformAffinity[b * NP + p]! * (part / total) ** MIX_DAMPING * platformWeights[p]![t]! * ramp * boost;
          platformScale[b * NP + p] = target;
          sum += target;
        }
        if (sum === 0) continue;
        for (let p = 0; p < NP; p++) {
          const part = bcPlatform[b * NP + p]!;
          if (part > 0) platformScale[b * NP + p] = (platformScale[b * NP + p]! * total) / sum / part;
        }
      }
      for (let s = 0; s < n; s++) {
        if (raw[s] !== 0) raw[s]! *= platformScale[bcOf[s]! * NP + L.platform[listing[s]!]!]!;
      }
      bcPlatform.fill(0);

      leafSum.fill(0);
      for (let b = 0; b < bcs.length; b++) {
        if (bcSum[b] === 0) {
          bcWeight[b] = 0;
          continue;
        }
        const bc = universe.brandCategories[bcs[b]!]!;
        // A brand launching (or leaving) within the period still sells in it.
        const lifeYear = Math.min(Math.max(year, bc.brand.launch), bc.brand.exit - 1e-6);
        const life = brandLife(bc.brand, lifeYear);
        const w =
          bc.brand.size *
          bc.affinity *
          life *
          bcMomentum(bc, lifeYear) *
          Math.exp(0.08 * hashNormal(salt, bc.index, key, 1));
        bcWeight[b] = w;
        leafSum[bc.leaf.index]! += w;
      }

      let size = 0;
      for (let s = 0; s < n; s++) {
        const r = raw[s]!;
        if (r === 0) continue;
        const b = bcOf[s]!;
        const leaf = leafOf[s]!;
        if (bcWeight[b] === 0 || leafSum[leaf] === 0) continue;
        const l = listing[s]!;
        const product = universe.products[L.product[l]!]!;
        // A planted event adds (livestream) or loses (stock-out) the brand's own sales: the buyers
        // neither came from nor went to the category's other brands.
        const expected = (leafMarket[leaf]![t]! * (bcWeight[b]! / leafSum[leaf]!) * r * eventFactor[b]!) / bcSum[b]!;
        const unitPrice =
          (product.priceCents / 100) *
          priceShift[productOf[s]!]! *
          Math.exp(PRICE_DRIFT * Math.max(0, (mid - product.launch) / 365.25) + 0.02 * hashNormal(salt, l, key, 2));
        let count = Math.floor(expected / unitPrice + hashUniform(salt, l, key, 3));
        const first = this.firstPeriod[s] === t;
        // Small resellers do not sell every period.
        const channel = universe.platforms[L.platform[l]!]!.channels[L.channel[l]!]!;
        if (!first && channel.type === 'others' && hashUniform(salt, l, key, 4) < 0.2) count = 0;
        if (first && count < 1) count = 1;
        if (count < 1) continue;
        const salesCents = Math.round(count * unitPrice * 100);
        const discount = Math.min(
          0.7,
          Math.max(
            0.01,
            channelDiscount[L.platform[l]!]![L.channel[l]!]! +
              0.22 * promoDepth[t]! * universe.leaves[leaf]!.promo +
              0.025 * hashNormal(salt, l, key, 5),
          ),
        );
        out.sku[size] = s;
        out.count[size] = count;
        out.salesCents[size] = salesCents;
        out.discountCents[size] = Math.round(salesCents * (1 - discount));
        size++;
      }
      yield { periodIndex: t, period, size, ...out };
    }
  }

  /** Market size per leaf and period: base × growth × Σ daily demand (season, promotions, holidays). */
  private leafMarketSizes(): Float64Array[] {
    const { universe, periods } = this;
    const region = universe.region;
    const first = periods[0]!.start;
    const last = periods[periods.length - 1]!.end;
    const promo = new Float64Array(last - first);
    const holiday = new Float64Array(last - first);
    for (let d = first; d < last; d++) {
      promo[d - first] = promoFactor(region, d) - 1;
      holiday[d - first] = holidayFactor(region, d);
    }
    const ref = dayOf(2019, 1, 1);
    const sigma = this.kind === 'week' ? 0.05 : 0.03;
    return universe.leaves.map((leaf) => {
      const daily = (d: number, p: number, h: number) =>
        seasonFactor(leaf.season, region, d) * (1 + leaf.promo * p) * h;
      // Normalise so that an average day of 2019 is 1.
      let norm = 0;
      for (let d = ref; d < ref + 365; d++) norm += daily(d, promoFactor(region, d) - 1, holidayFactor(region, d));
      norm /= 365;
      const sizes = new Float64Array(periods.length);
      periods.forEach((p, t) => {
        let demand = 0;
        for (let d = p.start; d < p.end; d++) demand += daily(d, promo[d - first]!, holiday[d - first]!);
        const year = 2017 + yearsSince2017((p.start + p.end) / 2);
        const noise = Math.exp(sigma * hashNormal(this.salt, leaf.leaf.id, p.start, 7));
        sizes[t] = ((leaf.base * leafGrowth(leaf, year) * demand) / norm / DAYS_PER_MONTH) * noise;
      });
      return sizes;
    });
  }
}

/** The fact rows of column batches, one row per SKU and period (the demo market's and the messy fixture's). */
export function* factRows(c: SkuColumns, batches: Iterable<FactBatch>): Generator<FactRow> {
  for (const batch of batches) {
    const period = batch.period.label;
    for (let i = 0; i < batch.size; i++) {
      const s = batch.sku[i]!;
      yield {
        period,
        sku_id: c.skuId[s]!,
        platform_id: c.platformId[s]!,
        shop_type: SHOP_TYPE_ORDER[c.shopTypeIndex[s]!]!,
        shop_id: c.shopId[s]!,
        brand_id: c.brandId[s]!,
        category_id: c.categoryId[s]!,
        sales: batch.salesCents[i]! / 100,
        sales_discount: batch.discountCents[i]! / 100,
        count: batch.count[i]!,
      };
    }
  }
}
