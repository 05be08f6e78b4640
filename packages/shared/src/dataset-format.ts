/**
 * The import format of a dataset (docs/data-format.md): a folder with `dataset.json` and one
 * file per table below, `<table>.parquet` or `<table>.csv` (UTF-8, header row, comma separated).
 * The generator writes exactly this and the importer reads exactly this, so both use these definitions.
 */

export type ColumnType = 'integer' | 'bigint' | 'double' | 'money' | 'varchar' | 'boolean' | 'date';

export interface ColumnDef {
  readonly name: string;
  readonly type: ColumnType;
  /** Nullable columns may be empty; all others must have a value in every row. */
  readonly nullable?: boolean;
  /** The value must be >= 0 (sales, counts, prices). */
  readonly nonNegative?: boolean;
  /** `table.column` this column refers to; every value must exist there. */
  readonly references?: string;
  readonly description: string;
}

export interface TableDef<Name extends string = DatasetTableName> {
  readonly name: Name;
  /** Columns that together identify a row; duplicates are rejected. */
  readonly key: readonly string[];
  readonly columns: readonly ColumnDef[];
  readonly description: string;
}

export const DATASET_TABLE_NAMES = [
  'dim_platform',
  'dim_channel',
  'dim_category',
  'dim_brand',
  'dim_shop',
  'dim_attribute',
  'dim_sku',
  'sku_attribute',
  'fact_sales',
] as const;
export type DatasetTableName = (typeof DATASET_TABLE_NAMES)[number];

/** The required tables (every dataset folder has a file for each). */
export const DATASET_TABLES: readonly TableDef[] = [
  {
    name: 'dim_platform',
    key: ['platform_id'],
    description: 'Online retail platforms (Tmall, JD, Amazon, …).',
    columns: [
      { name: 'platform_id', type: 'integer', description: 'Platform id, unique in the dataset.' },
      { name: 'code', type: 'varchar', description: 'Platform code, one of PLATFORM_CODES (tmall, jd, …).' },
      { name: 'name_zh', type: 'varchar', description: 'Chinese name.' },
      { name: 'name_en', type: 'varchar', description: 'English name.' },
      { name: 'region', type: 'varchar', description: 'Market region code: CN, US, SEA, ID, …' },
    ],
  },
  {
    name: 'dim_channel',
    key: ['platform_id', 'shop_type'],
    description: 'Channels (shop types) of each platform: flagship, specialty, supermarket (self-run), global, others.',
    columns: [
      { name: 'platform_id', type: 'integer', references: 'dim_platform.platform_id', description: 'Platform.' },
      { name: 'shop_type', type: 'varchar', description: 'Channel code, one of SHOP_TYPES.' },
      { name: 'name_zh', type: 'varchar', description: 'Chinese channel name (shop_type in the API).' },
      { name: 'name_en', type: 'varchar', description: 'English channel name (shop_type_en in the API).' },
      { name: 'is_active', type: 'boolean', description: 'Whether the channel still trades.' },
    ],
  },
  {
    name: 'dim_category',
    key: ['category_id'],
    description: 'Three-level category tree; facts and SKUs point at level-3 (leaf) categories.',
    columns: [
      { name: 'category_id', type: 'integer', description: 'Category id.' },
      {
        name: 'parent_id',
        type: 'integer',
        nullable: true,
        references: 'dim_category.category_id',
        description: 'Parent category; empty for level 1.',
      },
      { name: 'level', type: 'integer', description: '1, 2 or 3.' },
      { name: 'name_zh', type: 'varchar', description: 'Chinese name.' },
      { name: 'name_en', type: 'varchar', description: 'English name.' },
    ],
  },
  {
    name: 'dim_brand',
    key: ['brand_id'],
    description: 'Brands.',
    columns: [
      { name: 'brand_id', type: 'integer', description: 'Brand id.' },
      { name: 'name_zh', type: 'varchar', description: 'Chinese name.' },
      { name: 'name_en', type: 'varchar', description: 'English name.' },
    ],
  },
  {
    name: 'dim_shop',
    key: ['shop_id'],
    description: 'Shops; a shop trades on one platform in one channel.',
    columns: [
      { name: 'shop_id', type: 'bigint', description: 'Shop id (the id on the platform).' },
      { name: 'platform_id', type: 'integer', references: 'dim_platform.platform_id', description: 'Platform.' },
      {
        name: 'shop_type',
        type: 'varchar',
        description: 'Channel code; (platform_id, shop_type) must be in dim_channel.',
      },
      {
        name: 'brand_id',
        type: 'integer',
        nullable: true,
        references: 'dim_brand.brand_id',
        description: 'Owning brand for brand shops; empty for multi-brand shops.',
      },
      { name: 'name_zh', type: 'varchar', description: 'Chinese name.' },
      { name: 'name_en', type: 'varchar', description: 'English name.' },
    ],
  },
  {
    name: 'dim_attribute',
    key: ['attr_name'],
    description: 'Product attributes that can be filtered on (efficacy, skin type, …).',
    columns: [
      { name: 'attr_name', type: 'varchar', description: 'Attribute code, e.g. efficacy.' },
      { name: 'title_zh', type: 'varchar', description: 'Chinese title.' },
      { name: 'title_en', type: 'varchar', description: 'English title.' },
    ],
  },
  {
    name: 'dim_sku',
    key: ['sku_id'],
    description: 'Products (SKUs) as listed by one shop.',
    columns: [
      { name: 'sku_id', type: 'bigint', description: 'SKU id (the id on the platform).' },
      { name: 'platform_id', type: 'integer', references: 'dim_platform.platform_id', description: 'Platform.' },
      { name: 'shop_id', type: 'bigint', references: 'dim_shop.shop_id', description: 'Shop.' },
      { name: 'brand_id', type: 'integer', references: 'dim_brand.brand_id', description: 'Brand.' },
      {
        name: 'category_id',
        type: 'integer',
        references: 'dim_category.category_id',
        description: 'Level-3 category.',
      },
      { name: 'title_zh', type: 'varchar', description: 'Product title in Chinese.' },
      { name: 'title_en', type: 'varchar', description: 'Product title in English.' },
      { name: 'series', type: 'varchar', nullable: true, description: 'Product series (line) name; empty when none.' },
      { name: 'price', type: 'money', nonNegative: true, description: 'List price in the dataset currency.' },
      { name: 'net_content', type: 'double', nullable: true, nonNegative: true, description: 'Net weight or volume.' },
      { name: 'net_unit', type: 'varchar', nullable: true, description: 'Unit of net_content: g, ml or pcs.' },
      { name: 'first_period', type: 'date', description: 'First period the SKU sold in.' },
      {
        name: 'image_id',
        type: 'varchar',
        nullable: true,
        description: 'Picture id: a file in pictures/ (docs/data-format.md §10) or on the file service.',
      },
    ],
  },
  {
    name: 'sku_attribute',
    key: ['sku_id', 'attr_name', 'value_zh'],
    description: 'Attribute values of each SKU (a SKU may have several values of one attribute).',
    columns: [
      { name: 'sku_id', type: 'bigint', references: 'dim_sku.sku_id', description: 'SKU.' },
      { name: 'attr_name', type: 'varchar', references: 'dim_attribute.attr_name', description: 'Attribute.' },
      { name: 'value_zh', type: 'varchar', description: 'Value in Chinese.' },
      { name: 'value_en', type: 'varchar', description: 'Value in English.' },
    ],
  },
  {
    name: 'fact_sales',
    key: ['period', 'sku_id'],
    description:
      'Sales of one SKU in one period. The dimension ids are repeated from dim_sku so that every group-by is one scan; they must agree with dim_sku.',
    columns: [
      {
        name: 'period',
        type: 'date',
        description: 'First day of the month (monthly) or the Monday of the week (weekly).',
      },
      { name: 'sku_id', type: 'bigint', references: 'dim_sku.sku_id', description: 'SKU.' },
      {
        name: 'platform_id',
        type: 'integer',
        references: 'dim_platform.platform_id',
        description: 'Platform of the SKU.',
      },
      { name: 'shop_type', type: 'varchar', description: 'Channel of the shop.' },
      { name: 'shop_id', type: 'bigint', references: 'dim_shop.shop_id', description: 'Shop of the SKU.' },
      { name: 'brand_id', type: 'integer', references: 'dim_brand.brand_id', description: 'Brand of the SKU.' },
      {
        name: 'category_id',
        type: 'integer',
        references: 'dim_category.category_id',
        description: 'Level-3 category of the SKU.',
      },
      { name: 'sales', type: 'money', nonNegative: true, description: 'Sales at list price, in the dataset currency.' },
      { name: 'sales_discount', type: 'money', nonNegative: true, description: 'Transaction value after discounts.' },
      { name: 'count', type: 'bigint', nonNegative: true, description: 'Units sold.' },
    ],
  },
];

/**
 * Tables a dataset folder may bring; without their file the dataset imports as before. The
 * importer loads one only when its file is there (LoadedDataset.rows then names it).
 */
export const OPTIONAL_TABLE_NAMES = ['calendar_event'] as const;
export type OptionalTableName = (typeof OPTIONAL_TABLE_NAMES)[number];
export type AnyTableName = DatasetTableName | OptionalTableName;

/** Kinds of calendar events (calendar_event.kind). */
export const CALENDAR_EVENT_KINDS = ['promotion', 'holiday', 'season'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const OPTIONAL_TABLES: readonly TableDef<OptionalTableName>[] = [
  {
    name: 'calendar_event',
    key: ['code', 'year', 'phase'],
    description:
      'The shopping calendar of the market: promotions, holidays and seasons, one row per event, year and phase (a promotion may have a pre-sale, a first wave, a peak and a return phase).',
    columns: [
      {
        name: 'code',
        type: 'varchar',
        description: 'Event code, the same every year (e.g. double11, 618, spring_festival).',
      },
      { name: 'year', type: 'integer', description: 'The edition: the year the event is held for (its peak year).' },
      {
        name: 'phase',
        type: 'varchar',
        description: 'Phase of the event, e.g. presale, wave, peak, return; main for a single-phase event.',
      },
      { name: 'name_zh', type: 'varchar', description: 'Chinese name of the event.' },
      { name: 'name_en', type: 'varchar', description: 'English name of the event.' },
      { name: 'kind', type: 'varchar', description: 'promotion, holiday or season.' },
      {
        name: 'platforms',
        type: 'varchar',
        nullable: true,
        description: 'Platform codes the event is run by, comma separated (tmall,jd); empty for all platforms.',
      },
      { name: 'start_date', type: 'date', description: 'First day of the phase.' },
      { name: 'end_date', type: 'date', description: 'Last day of the phase (inclusive); not before start_date.' },
      {
        name: 'peak_date',
        type: 'date',
        nullable: true,
        description: 'The peak day when it falls in this phase (between start_date and end_date); empty otherwise.',
      },
    ],
  },
];

export function tableDef<Name extends AnyTableName = DatasetTableName>(name: Name): TableDef<Name> {
  const def = [...DATASET_TABLES, ...OPTIONAL_TABLES].find((t) => t.name === name);
  if (!def) throw new Error(`unknown dataset table ${name}`);
  return def as TableDef<Name>;
}

export type DateField = 'month' | 'week';

/** `dataset.json` in the dataset folder. */
export interface DatasetManifest {
  /** Dataset name: lower-case letters, digits and underscores, starting with a letter. */
  name: string;
  title_zh: string;
  title_en: string;
  date_field: DateField;
  /** ISO 4217 code, e.g. CNY, USD. */
  currency_unit: string;
  cur_symbol: string;
  /** Whether SKUs carry series names worth analysing. */
  has_series: boolean;
  series_name?: string;
  series_name_en?: string;
  /** Whether sales_discount is meaningful (the discount-price switch). */
  discount_price: boolean;
}

export const DATASET_NAME_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;

/** The demo datasets generated on first start. */
export const DEMO_DATASETS = ['cn_monthly', 'cn_weekly', 'global_monthly'] as const;
export type DemoDatasetName = (typeof DEMO_DATASETS)[number];

/** Channel codes (dim_channel.shop_type). */
export const SHOP_TYPES = ['flagship', 'specialty', 'franchise', 'supermarket', 'global', 'others'] as const;
export type ShopType = (typeof SHOP_TYPES)[number];

/** docs/product.md §9: the channel sources that are not brand shops. */
export const CHANNEL_SOURCES = ['supermarket', 'global', 'others'] as const;
