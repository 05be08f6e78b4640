/**
 * Wire contract of the reference data (docs/product.md §7 "Data"): what every analysis page needs to draw its
 * filters (category tree, brands, shops, attributes, channels, period range), always within the
 * user's grant. Request schemas are closed (unknown fields rejected); GET requests are query strings.
 * The endpoints are `DATA_ENDPOINTS` in endpoints.ts; the project-independent ones (the user's
 * projects, clearing the cache) are ordinary routes with their schemas here too.
 */
import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { DataScopeId, FilterBody, LocaleField } from './common.js';

/** A closed request: locale, the data scope and the endpoint's own fields (body or query string). */
const Scoped = <P extends TProperties>(props: P = {} as P) =>
  Type.Object({ ...LocaleField, data_scope_id: DataScopeId, ...props }, { additionalProperties: false });
const ItemsOf = <T extends TSchema>(t: T) => Type.Object({ items: Type.Array(t) });
const PageOf = <T extends TSchema>(t: T) =>
  Type.Object({ items: Type.Array(t), total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() });
const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};
const Prefix = Type.Optional(Type.String({ maxLength: 100 }));

/** A brand (or anything named) with its names in both languages. */
export const NamedItem = Type.Object({ id: Type.Number(), name: Type.String(), name_en: Type.String() });
export type NamedItem = Static<typeof NamedItem>;
/** A shop: its selection value 'platform,shop_id' (docs/product.md §4) and names. */
export const ShopItem = Type.Object({ value: Type.String(), name: Type.String(), name_en: Type.String() });
export type ShopItem = Static<typeof ShopItem>;

/** A category's name at one level of its path: the level's own name, '' below the category's level. */
const PathName = Type.String();
/**
 * A category (docs/web-analysis.md): its id, names, level (1–3) and parent, and its path — `category_name_1..3`
 * (`_en` in English) name its level-1, level-2 and level-3 ancestors, itself at its own level, so a
 * list of categories from several branches reads without the tree. `category_self_id` is the
 * category's own id: the same as `category_id`, since ids are unique across levels here; docs/product.md §3
 * names both.
 */
export const CategoryItem = Type.Object({
  category_id: Type.Integer(),
  category_self_id: Type.Integer(),
  category_name: Type.String(),
  category_name_en: Type.String(),
  category_name_1: PathName,
  category_name_2: PathName,
  category_name_3: PathName,
  category_name_1_en: PathName,
  category_name_2_en: PathName,
  category_name_3_en: PathName,
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  parent: Type.Union([Type.Integer(), Type.Null()]),
});
export type CategoryItem = Static<typeof CategoryItem>;
/**
 * A node of the granted tree. `ready` is false when the project's administrator has not yet marked
 * the category (or a category above it) ready: its data is not reviewed, and the analysis pages show
 * the docs/product.md §6 "not ready" warning instead of its figures.
 */
const TreeItem = Type.Object({ ...CategoryItem.properties, ready: Type.Boolean() });
// The tree has three levels (docs/data-format.md, `dim_category`), so its schema is written out rather than recursive.
const WithChildren = <T extends TSchema>(child: T) =>
  Type.Object({ ...TreeItem.properties, children: Type.Array(child) });
export const CategoryTree = WithChildren(WithChildren(WithChildren(TreeItem)));
export interface CategoryNode extends Static<typeof TreeItem> {
  children: CategoryNode[];
}

/** One platform with its channels (shop types), in id order. */
export const PlatformChannels = Type.Object({
  platform_id: Type.Integer(),
  code: Type.String(),
  platform: Type.String(),
  platform_en: Type.String(),
  channels: Type.Array(
    Type.Object({
      code: Type.String(),
      shop_type: Type.String(),
      shop_type_en: Type.String(),
      is_active: Type.Boolean(),
    }),
  ),
});
export type PlatformChannels = Static<typeof PlatformChannels>;

/**
 * A filter attribute with its values among the products of the granted categories, and the granted
 * categories (any level, ascending) whose products have a value of it: the filter panel shows a chosen
 * category's own attributes first (docs/web-analysis.md "Attributes").
 */
export const FilterAttribute = Type.Object({
  name: Type.String(),
  title: Type.String(),
  title_en: Type.String(),
  filter_values: Type.Array(Type.Object({ value: Type.String(), value_en: Type.String() })),
  category_ids: Type.Array(Type.Integer()),
});
export type FilterAttribute = Static<typeof FilterAttribute>;

/** A period of the dataset that is not complete (docs/data-format.md §11): missing, sparse or partial. */
export const CoverageGapItem = Type.Object({
  period: Type.String(),
  state: Type.Union([Type.Literal('missing'), Type.Literal('sparse'), Type.Literal('partial')]),
});
/**
 * The dataset's period range and its coverage: `last_complete_date` is the latest complete period
 * (where every page's default range ends, docs/product.md §4), `gaps` every period between the first
 * and the last that is not complete. `as_of` is the import date of the dataset version.
 */
export const TableDate = Type.Object({
  farthest_date: Type.String(),
  latest_date: Type.String(),
  last_complete_date: Type.Union([Type.String(), Type.Null()]),
  gaps: Type.Array(CoverageGapItem),
  as_of: Type.String(),
});
export type TableDate = Static<typeof TableDate>;

/** POST /categories: without a data scope the answer is an empty tree, not an error (docs/product.md §5). */
export const CategoriesBody = Type.Object(
  {
    ...LocaleField,
    data_scope_id: Type.Optional(Type.Union([DataScopeId, Type.Null()])),
    /**
     * docs/product.md §7 "category reading sends brands_filtering": only the categories in which these brands
     * sold (within the grant); empty or absent, the whole granted tree.
     */
    brands_filtering: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
/** The path parameter of the child-category lists. */
export const CategoryParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9]{1,12}$' }) },
  { additionalProperties: false },
);

export const DATA_SCHEMAS = {
  tableDate: { body: Scoped(), data: TableDate },
  rawCategories: { body: Scoped(), data: ItemsOf(CategoryItem) },
  secondCategories: { body: Scoped(), params: CategoryParams, data: ItemsOf(CategoryItem) },
  thirdCategories: { body: Scoped(), params: CategoryParams, data: ItemsOf(CategoryItem) },
  categories: { body: CategoriesBody, data: ItemsOf(CategoryTree) },
  categoryPrefix: {
    body: Scoped({ prefix: Type.String({ minLength: 1, maxLength: 100 }) }),
    data: ItemsOf(CategoryItem),
  },
  categorySql: { body: Scoped({ sql: Type.String({ minLength: 1, maxLength: 4000 }) }), data: ItemsOf(CategoryItem) },
  brands: { body: Scoped({ prefix: Prefix, ...PageFields }), data: PageOf(NamedItem) },
  defaultBrands: { body: Scoped(), data: ItemsOf(NamedItem) },
  brandScope: { body: Scoped(), data: Type.Object({ limited: Type.Boolean(), items: Type.Array(NamedItem) }) },
  shops: { body: Scoped({ prefix: Prefix, ...PageFields }), data: PageOf(ShopItem) },
  attributes: { body: Scoped(), data: ItemsOf(FilterAttribute) },
  attributeValues: {
    body: Scoped({ name: Type.String({ minLength: 1, maxLength: 64 }) }),
    data: ItemsOf(FilterAttribute),
  },
  channels: { body: Scoped(), data: ItemsOf(PlatformChannels) },
  permission: {
    body: Scoped(),
    data: Type.Object({
      categories: Type.Array(Type.Integer()),
      brands: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
      shops: Type.Union([Type.Array(Type.Number()), Type.Null()]),
    }),
  },
  search: {
    body: Scoped({ keyword: Type.String({ minLength: 1, maxLength: 100 }) }),
    data: Type.Object({
      categories: Type.Array(CategoryItem),
      brands: Type.Array(NamedItem),
      shops: Type.Array(ShopItem),
    }),
  },
  empty: { body: FilterBody({}), data: Type.Object({ empty: Type.Boolean() }) },
} as const;

/** GET /data_scopes (not in the table: it lists the user's projects, it is not about one). */
export const DataScopesData = ItemsOf(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    table: Type.String(),
    has_series: Type.Boolean(),
    series_name: Type.String(),
    series_name_en: Type.String(),
    hide_keywords: Type.Boolean(),
    discount_price: Type.Boolean(),
    discount_price_on: Type.Boolean(),
    limit_brands: Type.Boolean(),
    date_field: Type.String(),
    currency_unit: Type.String(),
    cur_symbol: Type.String(),
  }),
);
export type DataScopesData = Static<typeof DataScopesData>;
