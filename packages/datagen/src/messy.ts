/**
 * The messy fixture (`--shape messy`, docs/datagen.md "The messy fixture"): one brand's own export as
 * real marketplace exports come, not the dense, regular demo market. It exists to exercise the
 * coverage rules (packages/shared/src/coverage.ts, ADR 0016) end to end: a thin first month, a long
 * run of missing months, a handful of stray rows in the latest month, a single brand that is the
 * whole market, large gappy ids, no series and no discount prices. Small (a few thousand fact rows)
 * so that the API and browser tests on it are fast; deterministic from the seed and the as-of date.
 */
import type { DatasetManifest, ShopType } from '@marketlens/shared';
import { dayOf, formatDay, monthStart, type Period, parseDay, ymd } from './calendar.js';
import {
  type AttributeRow,
  type BrandRow,
  type CategoryRow,
  type ChannelRow,
  type DimensionRows,
  type DimensionTableName,
  type FactBatch,
  type FactRow,
  factRows,
  type PlatformRow,
  SHOP_TYPE_ORDER,
  type ShopRow,
  type SkuAttributeRow,
  type SkuColumns,
  type SkuRow,
} from './market.js';
import { Rng } from './rng.js';

export const MESSY_DATASET = 'messy_monthly';
export type MessyDatasetName = typeof MESSY_DATASET;

/**
 * The promised calendar, as month indexes of a span that ends with the last complete month before
 * the as-of date: month 0 is thin (the export starts mid-month), months 1 … lastFull have rows, the
 * `gapMonths` after them have none, and the last month holds only `strayRows` rows.
 */
export const MESSY_SHAPE = {
  months: 36,
  lastFull: 15,
  gapMonths: 19,
  strayRows: 4,
} as const;

export interface MessyOptions {
  /** Integer in [0, 2^32). */
  seed: number;
  /** 'YYYY-MM-DD': the span ends with the month before this date's month. */
  asOf: string;
}

/** The messy dataset in memory, as the writer (writer.ts) and tests read it. */
export interface MessyMarket {
  readonly name: MessyDatasetName;
  readonly seed: number;
  readonly asOf: string;
  readonly manifest: DatasetManifest;
  /** Every month of the span ('YYYY-MM-DD'), the missing ones included, oldest first. */
  readonly months: readonly string[];
  /** The months that have rows, oldest first. */
  readonly periods: readonly string[];
  readonly dims: DimensionRows;
  readonly skus: SkuColumns;
  rows<T extends DimensionTableName>(table: T): Iterable<DimensionRows[T][number]>;
  factBatches(): Generator<FactBatch>;
  facts(): Generator<FactRow>;
}

const MANIFEST: DatasetManifest = {
  name: MESSY_DATASET,
  title_zh: '单品牌店铺导出（不规整）',
  title_en: 'Single-brand shop export (messy)',
  date_field: 'month',
  currency_unit: 'CNY',
  cur_symbol: '¥',
  has_series: false,
  discount_price: false,
};

const PLATFORMS: readonly Omit<PlatformRow, 'platform_id'>[] = [
  { code: 'tmall', name_zh: '天猫', name_en: 'Tmall', region: 'CN' },
  { code: 'jd', name_zh: '京东', name_en: 'JD', region: 'CN' },
  { code: 'douyin', name_zh: '抖音', name_en: 'Douyin', region: 'CN' },
  { code: 'pdd', name_zh: '拼多多', name_en: 'Pinduoduo', region: 'CN' },
];

const CHANNEL_NAMES: Record<ShopType, [string, string]> = {
  flagship: ['旗舰店', 'Flagship store'],
  specialty: ['专营店', 'Specialty store'],
  franchise: ['专卖店', 'Franchise store'],
  supermarket: ['自营', 'Self-operated'],
  global: ['全球购', 'Cross-border'],
  others: ['其他', 'Others'],
};

/** Channels by platform code; the cross-border channel no longer trades and has no shop. */
const CHANNELS: readonly [string, ShopType, boolean][] = [
  ['tmall', 'flagship', true],
  ['tmall', 'franchise', true],
  ['tmall', 'global', false],
  ['jd', 'flagship', true],
  ['jd', 'supermarket', true],
  ['douyin', 'flagship', true],
  ['pdd', 'franchise', true],
];

/** Shops: platform, channel, whether the brand owns it, names; distributors own none. */
const SHOPS: readonly [string, ShopType, boolean, string, string][] = [
  ['tmall', 'flagship', true, '澜汐官方旗舰店', 'Lanxi Official Flagship Store'],
  ['tmall', 'franchise', false, '澜汐华东专卖店', 'Lanxi East China Franchise Store'],
  ['tmall', 'franchise', false, '澜汐美妆专卖店', 'Lanxi Beauty Franchise Store'],
  ['jd', 'flagship', true, '澜汐京东自营旗舰店', 'Lanxi JD Flagship Store'],
  ['jd', 'supermarket', false, '京东自营', 'JD Self-operated'],
  ['douyin', 'flagship', true, '澜汐抖音旗舰店', 'Lanxi Douyin Flagship Store'],
  ['pdd', 'franchise', false, '澜汐拼多多专卖店', 'Lanxi Pinduoduo Franchise Store'],
];

/** The leaves: names, price range (¥), pack sizes (ml or g). */
const LEAVES: readonly [string, string, number, number, readonly number[]][] = [
  ['面霜', 'Face cream', 89, 459, [30, 50]],
  ['精华', 'Serum', 129, 699, [15, 30, 50]],
  ['洁面', 'Cleanser', 39, 129, [100, 150]],
  ['防晒', 'Sunscreen', 59, 219, [30, 50]],
  ['面膜', 'Face mask', 49, 199, [5, 10]],
];

const LINES: readonly [string, string][] = [
  ['水光', 'Hydra'],
  ['焕亮', 'Bright'],
  ['修护', 'Repair'],
  ['清透', 'Clear'],
  ['赋活', 'Revive'],
  ['柔润', 'Soft'],
  ['净颜', 'Pure'],
  ['臻萃', 'Elite'],
];

const EFFICACY: readonly [string, string][] = [
  ['保湿', 'Moisturizing'],
  ['美白', 'Brightening'],
  ['修护', 'Repair'],
  ['控油', 'Oil control'],
];

const PRODUCTS = 60;

/** A month's sales factor: a plain seasonal shape (618 and Double 11 up, New Year down). */
const SEASON = [0.95, 0.7, 1, 1, 1.05, 1.3, 0.95, 0.95, 1, 1.05, 1.5, 1.1];

/** `n` distinct integers in [lo, hi], ascending, drawn uniformly: far apart, never a dense run. */
function gappyIds(rng: Rng, n: number, lo: number, hi: number): number[] {
  const out = new Set<number>();
  while (out.size < n) out.add(lo + Math.floor(rng.float() * (hi - lo + 1)));
  return [...out].sort((a, b) => a - b);
}

function addMonthsDay(day: number, months: number): number {
  const { year, month } = ymd(day);
  const index = year * 12 + (month - 1) + months;
  return dayOf(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** Builds the messy dataset in memory; nothing is written. */
export function buildMessyMarket(opts: MessyOptions): MessyMarket {
  const asOfDay = parseDay(opts.asOf);
  if (asOfDay === undefined) throw new Error(`invalid as-of date "${opts.asOf}" (expected YYYY-MM-DD)`);
  const seed = opts.seed >>> 0;
  const rng = (stream: string) => Rng.derive(seed, 'messy', stream);

  const last = addMonthsDay(monthStart(asOfDay), -1);
  const first = addMonthsDay(last, -(MESSY_SHAPE.months - 1));
  const monthDays = Array.from({ length: MESSY_SHAPE.months }, (_, i) => addMonthsDay(first, i));
  const months = monthDays.map(formatDay);

  // Ids: large and gappy, as platform, shop and product ids of a real export are.
  const ids = rng('ids');
  const platformIds = gappyIds(ids, PLATFORMS.length, 3, 9_999);
  const [brandId] = gappyIds(ids, 1, 100_000_000, 2_000_000_000);
  const categoryIds = gappyIds(ids, 2 + LEAVES.length, 10_000_000, 1_999_999_999);
  const shopIds = gappyIds(ids, SHOPS.length, 100_000_000, 999_999_999_999);

  const dim_platform: PlatformRow[] = PLATFORMS.map((p, i) => ({ platform_id: platformIds[i]!, ...p }));
  const platformOf = (code: string) => dim_platform.find((p) => p.code === code)!.platform_id;
  const dim_channel: ChannelRow[] = CHANNELS.map(([code, shop_type, is_active]) => ({
    platform_id: platformOf(code),
    shop_type,
    name_zh: CHANNEL_NAMES[shop_type][0],
    name_en: CHANNEL_NAMES[shop_type][1],
    is_active,
  }));
  // Three levels are mandatory (docs/data-format.md §4): one root and one level-2 hold every leaf,
  // the flattest tree the format allows. Ids in shuffled order, so a parent's id is not below its children's.
  const catOrder = rng('category-order').sample(categoryIds, categoryIds.length);
  const [rootId, midId, ...leafIds] = catOrder as [number, number, ...number[]];
  const dim_category: CategoryRow[] = [
    { category_id: rootId, parent_id: null, level: 1, name_zh: '澜汐全部商品', name_en: 'All Lanxi products' },
    { category_id: midId, parent_id: rootId, level: 2, name_zh: '护肤', name_en: 'Skin care' },
    ...LEAVES.map(([zh, en], i) => ({
      category_id: leafIds[i]!,
      parent_id: midId,
      level: 3,
      name_zh: zh,
      name_en: en,
    })),
  ].sort((a, b) => a.category_id - b.category_id);
  const dim_brand: BrandRow[] = [{ brand_id: brandId!, name_zh: '澜汐', name_en: 'Lanxi' }];
  const dim_shop: ShopRow[] = SHOPS.map(([code, shop_type, own, name_zh, name_en], i) => ({
    shop_id: shopIds[i]!,
    platform_id: platformOf(code),
    shop_type,
    brand_id: own ? brandId! : null,
    name_zh,
    name_en,
  }));
  const dim_attribute: AttributeRow[] = [{ attr_name: 'efficacy', title_zh: '功效', title_en: 'Efficacy' }];

  // Products, each listed in a few shops; a listing is a SKU.
  const pr = rng('products');
  interface Listing {
    sku: Omit<SkuRow, 'sku_id' | 'first_period'>;
    product: number;
    /** Month index of the first sale; negative: launched before the export starts. */
    launch: number;
    units: number;
  }
  const listings: Listing[] = [];
  const productEfficacy: number[][] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const leaf = pr.int(0, LEAVES.length - 1);
    const [leafZh, leafEn, lo, hi, sizes] = LEAVES[leaf]!;
    const [lineZh, lineEn] = pr.pick(LINES);
    const size = pr.pick(sizes);
    const unit = leaf === 4 ? 'pcs' : 'ml';
    const basePrice = Math.round(lo + (hi - lo) * pr.float() ** 1.5) - 0.1;
    const launch = pr.chance(0.7) ? -pr.int(1, 48) : pr.int(2, MESSY_SHAPE.lastFull);
    const popularity = pr.lognormal(0.9) * 40;
    const withSize = pr.chance(0.7);
    productEfficacy.push(pr.chance(0.6) ? pr.sample([0, 1, 2, 3], pr.int(1, 2)).sort() : []);
    const shops = pr.sample(
      SHOPS.map((_, i) => i),
      pr.int(2, 5),
    );
    for (const s of shops.sort((a, b) => a - b)) {
      const shop = dim_shop[s]!;
      const discount = shop.shop_type === 'franchise' ? 0.92 : 1;
      listings.push({
        sku: {
          platform_id: shop.platform_id,
          shop_id: shop.shop_id,
          brand_id: brandId!,
          category_id: leafIds[leaf]!,
          title_zh: `澜汐${lineZh}${leafZh} ${size}${unit === 'pcs' ? '片' : unit}`,
          title_en: `Lanxi ${lineEn} ${leafEn} ${size}${unit === 'pcs' ? ' pcs' : unit}`,
          series: null,
          price: Math.max(9.9, Math.round(basePrice * discount) - 0.1),
          net_content: withSize ? size : null,
          net_unit: withSize ? unit : null,
          image_id: null,
        },
        product: p,
        launch,
        units: popularity * (s === 0 || s === 3 ? 1.6 : 0.7) * pr.lognormal(0.3),
      });
    }
  }
  const skuIds = gappyIds(rng('sku-ids'), listings.length, 100_000_000_000, 9_999_999_999_999);
  // SKU ids in id order, assigned to listings in a shuffled order (ids say nothing about the shop).
  const order = rng('sku-order').sample(
    listings.map((_, i) => i),
    listings.length,
  );
  const skuOf = new Map<number, number>(order.map((listing, k) => [listing, skuIds[k]!]));
  const byId = listings.map((l, i) => ({ l, id: skuOf.get(i)! })).sort((a, b) => a.id - b.id);
  const firstSold = (l: Listing) => (l.launch < 0 ? addMonthsDay(first, l.launch) : monthDays[l.launch]!);
  const dim_sku: SkuRow[] = byId.map(({ l, id }) => {
    const { title_zh, title_en, series, price, net_content, net_unit, image_id, ...keys } = l.sku;
    return {
      sku_id: id,
      ...keys,
      title_zh,
      title_en,
      series,
      price,
      net_content,
      net_unit,
      first_period: formatDay(firstSold(l)),
      image_id,
    };
  });
  const sku_attribute: SkuAttributeRow[] = byId.flatMap(({ l, id }) =>
    productEfficacy[l.product]!.map((e) => ({
      sku_id: id,
      attr_name: 'efficacy',
      value_zh: EFFICACY[e]![0],
      value_en: EFFICACY[e]![1],
    })),
  );

  // Facts, month by month in SKU id order (the file order: period, then sku_id).
  const n = byId.length;
  const presence = (m: number) => (m === 0 ? 0.5 : m === 1 ? 0.7 : 0.85);
  const batches: { month: number; sku: number[]; count: number[]; cents: number[] }[] = [];
  const sold = new Uint8Array(n);
  for (let m = 0; m <= MESSY_SHAPE.lastFull; m++) {
    const r = rng(`facts-${m}`);
    const season = SEASON[ymd(monthDays[m]!).month - 1]!;
    // The export starts late in the month: half the listings, each with about a third of a month.
    const partOfMonth = m === 0 ? 0.35 : 1;
    const batch = { month: m, sku: [] as number[], count: [] as number[], cents: [] as number[] };
    for (let s = 0; s < n; s++) {
      const { l } = byId[s]!;
      const draw = r.float();
      const noise = r.lognormal(0.35);
      if (l.launch > m) continue;
      // Launch month always sells (first_period is that month); before the first full month every
      // older listing is given one row, so each SKU has at least one.
      const must = l.launch === m || (m === 2 && l.launch < 0 && !sold[s]);
      if (!must && draw >= presence(m)) continue;
      const count = Math.max(1, Math.round(l.units * season * partOfMonth * noise));
      batch.sku.push(s);
      batch.count.push(count);
      batch.cents.push(count * Math.round(l.sku.price * 100));
      sold[s] = 1;
    }
    batches.push(batch);
  }
  // The latest month: a few orders booked late, nothing else.
  const stray = rng('stray');
  const strays = stray
    .sample(
      Array.from({ length: n }, (_, s) => s),
      MESSY_SHAPE.strayRows,
    )
    .sort((a, b) => a - b);
  const latest = { month: MESSY_SHAPE.months - 1, sku: strays, count: [] as number[], cents: [] as number[] };
  for (const s of strays) {
    const count = stray.int(1, 3);
    latest.count.push(count);
    latest.cents.push(count * Math.round(byId[s]!.l.sku.price * 100));
  }
  batches.push(latest);

  const skus: SkuColumns = {
    size: n,
    skuId: Float64Array.from(dim_sku, (s) => s.sku_id),
    platformId: Int32Array.from(dim_sku, (s) => s.platform_id),
    shopTypeIndex: Int32Array.from(dim_sku, (s) =>
      SHOP_TYPE_ORDER.indexOf(dim_shop.find((h) => h.shop_id === s.shop_id)!.shop_type),
    ),
    shopId: Float64Array.from(dim_sku, (s) => s.shop_id),
    brandId: Int32Array.from(dim_sku, (s) => s.brand_id),
    categoryId: Int32Array.from(dim_sku, (s) => s.category_id),
  };
  const dims: DimensionRows = {
    dim_platform,
    dim_channel,
    dim_category,
    dim_brand,
    dim_shop,
    dim_attribute,
    dim_sku,
    sku_attribute,
  };
  const periodOf = (m: number): Period => ({
    start: monthDays[m]!,
    end: addMonthsDay(monthDays[m]!, 1),
    label: months[m]!,
  });

  function* factBatches(): Generator<FactBatch> {
    for (const [periodIndex, b] of batches.entries()) {
      // No discount prices in this export: the transaction value is the list-price value.
      const cents = Float64Array.from(b.cents);
      yield {
        periodIndex,
        period: periodOf(b.month),
        size: b.sku.length,
        sku: Int32Array.from(b.sku),
        count: Float64Array.from(b.count),
        salesCents: cents,
        discountCents: cents,
      };
    }
  }

  return {
    name: MESSY_DATASET,
    seed,
    asOf: opts.asOf,
    manifest: MANIFEST,
    months,
    periods: batches.map((b) => months[b.month]!),
    dims,
    skus,
    rows: (table) => dims[table] as Iterable<DimensionRows[typeof table][number]>,
    factBatches,
    facts: () => factRows(skus, factBatches()),
  };
}
