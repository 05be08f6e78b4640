/**
 * Wire contract of project administration (docs/product.md §7 "Projects"): projects themselves and
 * the pickers of the project form, members with their grants, categories, price bands, attributes
 * and the user's custom attributes. The endpoint table is `PROJECT_ENDPOINTS` (admin-endpoints.ts).
 */
import { type Static, type TSchema, Type } from 'typebox';
import { MAX_CATEGORY_ROWS } from '../limits.js';
import { AdminBody, CheckReport, Done, IdParams, IdParamsOf, NoBody, RoleField, UploadFile } from './accounts.js';
import { CustomAttributesData, CustomAttributesQueryBody, CustomAttributesSaveBody } from './custom-attributes.js';
import { PlatformChannels } from './data.js';

const Items = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });
/**
 * A nullable number: `type: [..., 'null']` rather than a union, because with coerceTypes ajv turns
 * null into 0 in a union's number branch (an open-ended band or "no owner" would become 0).
 */
const NullableNumber = (type: 'number' | 'integer', opts: { minimum?: number } = {}) =>
  Type.Unsafe<number | null>({ type: [type, 'null'], ...opts });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const ProjectPages = Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { maxItems: 9 });
const CategoryIds = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 10_000 });
export const ProjectStatusField = Type.Union([Type.Literal('in_service'), Type.Literal('stopped')]);

export const ProjectView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  owner_id: Nullable(Type.Integer()),
  owner: Nullable(Type.String()),
  data_scope: Type.String(),
  currency_unit: Type.String(),
  cur_symbol: Type.String(),
  date_field: Type.String(),
  has_series: Type.Boolean(),
  series_name: Type.String(),
  series_name_en: Type.String(),
  hide_keywords: Type.Boolean(),
  discount_price: Type.Boolean(),
  limit_brands: Type.Boolean(),
  limit_shops: Type.Boolean(),
  pages: Type.Array(Type.Integer()),
  status: Type.String(),
  created_at: Type.String(),
});
export type ProjectView = Static<typeof ProjectView>;

/** A project's settings as the analysis pages read them. */
export const ProjectBrief = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  data_scope: Type.String(),
  date_field: Type.String(),
  currency_unit: Type.String(),
  cur_symbol: Type.String(),
  has_series: Type.Boolean(),
  series_name: Type.String(),
  series_name_en: Type.String(),
  discount_price: Type.Boolean(),
  discount_price_on: Type.Boolean(),
  hide_keywords: Type.Boolean(),
  status: Type.String(),
});
export type ProjectBrief = Static<typeof ProjectBrief>;

/** The project form's fields; an update sends any of them. */
export const ProjectFields = {
  name: Type.String({ minLength: 1, maxLength: 128 }),
  data_scope: Type.String({ minLength: 1, maxLength: 64 }),
  owner_id: Type.Optional(NullableNumber('integer', { minimum: 1 })),
  currency_unit: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  cur_symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  date_field: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('week')])),
  has_series: Type.Optional(Type.Boolean()),
  series_name: Type.Optional(Type.String({ maxLength: 64 })),
  series_name_en: Type.Optional(Type.String({ maxLength: 64 })),
  hide_keywords: Type.Optional(Type.Boolean()),
  discount_price: Type.Optional(Type.Boolean()),
  limit_brands: Type.Optional(Type.Boolean()),
  limit_shops: Type.Optional(Type.Boolean()),
  pages: Type.Optional(ProjectPages),
  status: Type.Optional(ProjectStatusField),
};
export const ProjectInput = AdminBody(ProjectFields);
export type ProjectInput = Static<typeof ProjectInput>;
export const ProjectChange = Type.Partial(AdminBody(ProjectFields));
export type ProjectChange = Static<typeof ProjectChange>;

/** A dataset of the warehouse, for the project form. */
export const DatasetTable = Type.Object({
  table_name: Type.String(),
  title: Type.String(),
  title_en: Type.String(),
  /** The dataset's period, from its manifest (checked on import to be one of these). */
  date_field: Type.Union([Type.Literal('month'), Type.Literal('week')]),
  currency_unit: Type.String(),
  cur_symbol: Type.String(),
  has_series: Type.Boolean(),
  discount_price: Type.Boolean(),
  farthest_date: Type.String(),
  latest_date: Type.String(),
});
export type DatasetTable = Static<typeof DatasetTable>;
export const Currency = Type.Object({ currency_unit: Type.String(), cur_symbol: Type.String() });
export type Currency = Static<typeof Currency>;

/** A member of a project: contact fields under the tenancy rule, project role, pages and data grant. */
export const ProjectMember = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  enterprise: Type.String(),
  role: Type.String(),
  pages: Type.Array(Type.Integer()),
  categories: Type.Array(Type.Integer()),
  brands: Type.Array(Type.String()),
  shops: Type.Array(Type.String()),
  /** A root or admin account: every category, brand and shop of the project, whatever the grant (docs/security.md). */
  sees_all: Type.Boolean(),
  /** Every category of the project: `sees_all`, or a grant holding each of the project's categories. */
  all_categories: Type.Boolean(),
  discount_price_on: Type.Boolean(),
});
export type ProjectMember = Static<typeof ProjectMember>;
const GrantValues = <T extends TSchema>(item: T) => Type.Optional(Type.Array(item, { maxItems: 100_000 }));
/** A member's role, pages and grant as the project's user management sets them. */
export const MemberFields = {
  role: Type.Optional(RoleField),
  pages: Type.Optional(ProjectPages),
  categories: GrantValues(Type.Integer({ minimum: 0 })),
  brands: GrantValues(Type.String({ minLength: 1, maxLength: 255 })),
  shops: GrantValues(Type.String({ minLength: 1, maxLength: 255 })),
};
export const MemberChange = AdminBody(MemberFields);
export type MemberChange = Static<typeof MemberChange>;
const Members = Items(ProjectMember);

export const CategoryStatus = Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]);
export const ProjectCategory = Type.Object({
  category_id: Type.Integer(),
  category_name: Type.String(),
  category_name_en: Type.String(),
  level: Type.Integer(),
  parent: Nullable(Type.Integer()),
  status: Type.String(),
});
export type ProjectCategory = Static<typeof ProjectCategory>;
const Categories = Items(ProjectCategory);
/**
 * A node of the project's dataset's category tree, for the administrator's picker: `status` is the
 * node's status in the project, null when the project does not have it yet.
 */
export const DatasetCategory = Type.Object({
  category_id: Type.Integer(),
  category_name: Type.String(),
  category_name_en: Type.String(),
  level: Type.Integer(),
  parent: Nullable(Type.Integer()),
  status: Nullable(CategoryStatus),
});
export type DatasetCategory = Static<typeof DatasetCategory>;
/**
 * What goes with a project when it is deleted: its members (and their grants and saved settings),
 * categories, attributes, price bands, custom attributes, favourites (followed brands, collections)
 * and its own events.
 */
export const ProjectTies = Type.Object({
  members: Type.Integer(),
  grants: Type.Integer(),
  saved_configs: Type.Integer(),
  categories: Type.Integer(),
  attributes: Type.Integer(),
  bands: Type.Integer(),
  custom_attributes: Type.Integer(),
  favorite_brands: Type.Integer(),
  collections: Type.Integer(),
  events: Type.Integer(),
  /** Notes on its charts and its members' saved views. */
  notes: Type.Integer(),
  views: Type.Integer(),
});
export type ProjectTies = Static<typeof ProjectTies>;

/**
 * A band [min, max]; max null = open-ended. Requests accept any numbers so that a negative or
 * reversed band gets the message of docs/product.md §5 instead of a schema error. The response is a plain
 * two-item array on the wire (fast-json-stringify cannot serialise a tuple whose item is a union),
 * typed as the pair it always is: the server answers only bands it stored as [from, to].
 */
const BandIn = Type.Tuple([Type.Number(), NullableNumber('number')]);
const BandOut = Type.Unsafe<[number, number | null]>(
  Type.Array(NullableNumber('number'), { minItems: 2, maxItems: 2 }),
);
const BandKind = Type.Union([Type.Literal('price'), Type.Literal('weight')]);
/** A category's bands: each [from, to], `to` null for the open-ended last band. */
export const CategoryBands = Type.Object({
  category_id: Type.Integer(),
  kind: Type.String(),
  bands: Type.Array(BandOut),
});
export type CategoryBands = Static<typeof CategoryBands>;

export const AttributeInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  title: Type.String({ maxLength: 64 }),
  title_en: Type.String({ maxLength: 64 }),
  sort_order: Type.Optional(Type.Integer()),
  config: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
});
export type AttributeInput = Static<typeof AttributeInput>;
const AttributesBody = AdminBody({ attributes: Type.Array(AttributeInput, { maxItems: 200 }) });
/**
 * An attribute of the saved draft, answered as it was saved: the fields of an attribute input and any
 * other the saved item had (open, so the answer drops nothing the draft holds).
 */
const DraftAttribute = Type.Object(AttributeInput.properties, { additionalProperties: true });
/** An attribute's code and its titles in both languages. */
const Titled = { name: Type.String(), title: Type.String(), title_en: Type.String() };
export const ProjectAttributes = Type.Object({
  items: Type.Array(
    Type.Object({ ...Titled, sort_order: Type.Integer(), config: Type.Record(Type.String(), Type.Unknown()) }),
  ),
  /** The dataset's attributes the project may offer. */
  available: Type.Array(Type.Object(Titled)),
});
export type ProjectAttributes = Static<typeof ProjectAttributes>;
export const FilterAttributes = Items(
  Type.Object({
    ...Titled,
    filter_values: Type.Array(Type.Object({ value: Type.String(), value_en: Type.String() })),
  }),
);
export type FilterAttributes = Static<typeof FilterAttributes>;

const None = AdminBody({});

/** Schemas of the project endpoints, by the key of `PROJECT_ENDPOINTS` (as `ACCOUNT_SCHEMAS`). */
export const PROJECT_SCHEMAS = {
  list: {
    body: AdminBody({
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      search: Type.Optional(Type.String({ maxLength: 100 })),
      status: Type.Optional(ProjectStatusField),
    }),
    data: Type.Object({
      items: Type.Array(ProjectView),
      total: Type.Integer(),
      page: Type.Integer(),
      page_size: Type.Integer(),
    }),
  },
  create: { body: ProjectInput, data: ProjectView },
  check: {
    body: AdminBody({ name: Type.String({ maxLength: 128 }), id: Type.Optional(Type.Integer()) }),
    data: Type.Object({ exists: Type.Boolean(), message: Type.String() }),
  },
  get: { body: None, params: IdParams, data: ProjectView },
  brief: { body: None, params: IdParams, data: ProjectBrief },
  update: { body: ProjectChange, params: IdParams, data: ProjectView },
  /** Root only (the handler checks): the project and everything of {@link ProjectTies} go. */
  remove: { body: NoBody, params: IdParams, data: Done },
  ties: { body: None, params: IdParams, data: ProjectTies },
  setStatus: { body: AdminBody({ status: ProjectStatusField }), params: IdParams, data: ProjectView },
  pages: { body: None, params: IdParamsOf('project_id'), data: Type.Object({ pages: Type.Array(Type.Integer()) }) },
  discountPrice: {
    body: AdminBody({ discount_price_on: Type.Boolean() }),
    params: IdParamsOf('project_id'),
    data: Type.Object({ discount_price_on: Type.Boolean() }),
  },
  tables: { body: None, data: Items(DatasetTable) },
  currencies: { body: None, data: Items(Currency) },
  platformChannels: {
    body: None,
    params: Type.Object(
      { table_name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' }) },
      { additionalProperties: false },
    ),
    data: Items(PlatformChannels),
  },

  members: { body: None, params: IdParams, data: Members },
  addMember: {
    body: AdminBody({
      user_id: Type.Optional(Type.Integer({ minimum: 1 })),
      username: Type.Optional(Type.String({ maxLength: 64 })),
      ...MemberFields,
    }),
    params: IdParams,
    data: Members,
  },
  updateMember: { body: MemberChange, params: IdParamsOf('p_id', 'u_id'), data: Members },
  removeMember: { body: NoBody, params: IdParamsOf('p_id', 'u_id'), data: Done },

  categories: { body: None, params: IdParams, data: Categories },
  /** The whole category tree of the project's dataset, each node with its status in the project. */
  datasetCategories: { body: None, params: IdParams, data: Items(DatasetCategory) },
  /** `status` defaults to 'ready'; 'not_ready' holds them back for a review (docs/product.md §6). */
  addCategories: {
    body: AdminBody({ categories: CategoryIds, status: Type.Optional(CategoryStatus) }),
    params: IdParams,
    data: Categories,
  },
  checkCategories: {
    body: AdminBody({
      categories: Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 128 })]), {
        minItems: 1,
        maxItems: MAX_CATEGORY_ROWS,
      }),
    }),
    params: IdParams,
    data: CheckReport,
  },
  uploadCategories: {
    /** The file (.xlsx or CSV, base64): one category (id or name) per row. */
    body: AdminBody({
      file: UploadFile,
      dry_run: Type.Optional(Type.Boolean()),
      /** As addCategories: 'ready' unless the administrator asks for a review first. */
      status: Type.Optional(CategoryStatus),
    }),
    params: IdParams,
    data: Type.Object({ ...CheckReport.properties, added: Type.Integer(), categories: Type.Array(Type.String()) }),
  },
  replaceCategory: {
    body: AdminBody({ category_id: Type.Integer({ minimum: 0 }) }),
    params: IdParamsOf('p_id', 'c_id'),
    data: Categories,
  },
  removeCategory: { body: NoBody, params: IdParamsOf('p_id', 'c_id'), data: Done },
  categoryStatus: {
    body: AdminBody({ categories: CategoryIds, status: CategoryStatus }),
    params: IdParams,
    data: Type.Object({ updated: Type.Integer() }),
  },

  bands: {
    body: AdminBody({
      category_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 10_000 })),
      kind: Type.Optional(BandKind),
    }),
    params: IdParams,
    data: Items(CategoryBands),
  },
  setBands: {
    body: AdminBody({
      category_id: Type.Integer({ minimum: 0 }),
      kind: Type.Optional(BandKind),
      bands: Type.Array(BandIn, { minItems: 1, maxItems: 50 }),
    }),
    params: IdParams,
    data: CategoryBands,
  },
  calculateBands: {
    body: AdminBody({
      category_id: Type.Integer({ minimum: 0 }),
      count: Type.Optional(Type.Integer({ minimum: 2, maximum: 10 })),
    }),
    params: IdParams,
    data: CategoryBands,
  },

  attributes: { body: None, params: IdParamsOf('pid'), data: ProjectAttributes },
  setAttributes: { body: AttributesBody, params: IdParamsOf('pid'), data: ProjectAttributes },
  removeAttributes: {
    body: AdminBody({ names: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }) }),
    params: IdParamsOf('pid'),
    data: ProjectAttributes,
  },
  saveAttributeDraft: { body: AttributesBody, params: IdParamsOf('pid'), data: Done },
  checkAttributeDraft: {
    body: None,
    params: IdParamsOf('pid'),
    data: Type.Object({ pending: Type.Boolean(), attributes: Type.Array(DraftAttribute), ...CheckReport.properties }),
  },
  cancelAttributeDraft: { body: NoBody, params: IdParamsOf('pid'), data: Done },
  filterAttributes: { body: None, params: IdParamsOf('project_id'), data: FilterAttributes },

  customAttributes: { body: Type.Optional(CustomAttributesQueryBody), params: IdParams, data: CustomAttributesData },
  saveCustomAttributes: { body: CustomAttributesSaveBody, params: IdParams, data: CustomAttributesData },
};
