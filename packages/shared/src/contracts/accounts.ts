/**
 * Wire contract of account administration (docs/product.md §7 "Accounts"): the account lists and
 * pickers, one account and its project access, account openings and their review, the name check,
 * batch operations and the enterprise picker. The server validates with these schemas (closed:
 * unknown fields are refused); the web reads their `Static` types. The endpoint table is
 * `ACCOUNT_ENDPOINTS` (admin-endpoints.ts).
 */
import { type Static, type TProperties, Type } from 'typebox';
import { MAX_BATCH_ROWS } from '../limits.js';
import { LocaleField } from './common.js';

/** A request body (or query) of the administration APIs: its fields and `locale`, nothing else. */
export const AdminBody = <P extends TProperties>(props: P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });
/** A body that carries nothing but, optionally, the locale (DELETE, and POST actions without input). */
export const NoBody = Type.Optional(AdminBody({}));
/** A path parameter holding an id. */
export const IdParam = Type.String({ pattern: '^[0-9]{1,15}$' });
/** Path parameters that are ids, by name. */
export const IdParamsOf = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, IdParam])) as Record<K, typeof IdParam>, {
    additionalProperties: false,
  });
export const IdParams = IdParamsOf('id');
/** The answer of an action that returns nothing else. */
export const Done = Type.Object({ message: Type.String() });
export type Done = Static<typeof Done>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Items = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ items: Type.Array(item) });
const Paged = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() });

/**
 * A role as stored (docs/product.md §6, `ROLES` in routes.ts); '' is the role without a name. The
 * literals are written out: a union over a mapped array has no static type of its members.
 */
export const RoleField = Type.Union([
  Type.Literal('root'),
  Type.Literal('admin'),
  Type.Literal('enterprise'),
  Type.Literal('general'),
  Type.Literal('community'),
  Type.Literal(''),
]);
/** A validity bound: a calendar date, or none (null or ''). */
const DateField = Type.Union([Type.String({ format: 'date' }), Type.Null(), Type.Literal('')]);

/**
 * An account as the viewer sees it: e-mail, enterprise and telephone only where the tenancy rule
 * lets them (docs/security.md "Tenancy"), empty strings otherwise — the shape never changes.
 */
export const AccountView = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  role: Type.String(),
  enterprise: Type.String(),
  group: Type.String(),
  telephone: Type.String(),
  /** active | pending | disabled (stored) */
  status: Type.String(),
  locked: Type.Boolean(),
  expired: Type.Boolean(),
  /** Validity as calendar dates 'YYYY-MM-DD', both included, in UTC. */
  valid_from: Nullable(Type.String({ format: 'date' })),
  valid_to: Nullable(Type.String({ format: 'date' })),
  wechat_state: Type.String(),
  must_change_password: Type.Boolean(),
  last_login_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type AccountView = Static<typeof AccountView>;

/** The brief form of the account pickers (under the same tenancy rule). */
export const BriefAccount = Type.Object({ id: Type.Integer(), username: Type.String(), enterprise: Type.String() });
export type BriefAccount = Static<typeof BriefAccount>;

/** An account's membership of one project: its project role, pages and data grant. */
export const AccountMembership = Type.Object({
  project_id: Type.Integer(),
  project_name: Type.String(),
  role: Type.String(),
  pages: Type.Array(Type.Integer()),
  categories: Type.Array(Type.Integer()),
  brands: Type.Array(Type.String()),
  shops: Type.Array(Type.String()),
  /** A root or admin account: every category, brand and shop of the project, whatever the grant (docs/security.md). */
  sees_all: Type.Boolean(),
  /** Every category of the project: `sees_all`, or a grant holding each of the project's categories. */
  all_categories: Type.Boolean(),
});
export type AccountMembership = Static<typeof AccountMembership>;

/** An application to review: an account opening (filed by an admin) or a WeChat unbinding. */
export const AccountApplication = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  user_id: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  payload: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  reviewer_id: Nullable(Type.Integer()),
  created_at: Type.String(),
  reviewed_at: Nullable(Type.String()),
});
export type AccountApplication = Static<typeof AccountApplication>;

export const NewAccountFields = {
  username: Type.String({ maxLength: 64 }),
  email: Type.String({ maxLength: 254 }),
  enterprise: Type.String({ maxLength: 128 }),
  telephone: Type.String({ maxLength: 32 }),
  password: Type.Optional(Type.String({ maxLength: 256 })),
  role: Type.Optional(RoleField),
  group: Type.Optional(Type.String({ maxLength: 128 })),
  valid_from: Type.Optional(DateField),
  valid_to: Type.Optional(DateField),
};

// Batch rows take the role as free text, so a bad one is reported per row rather than refused whole.
export const BatchAddRow = Type.Object(
  { ...NewAccountFields, role: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);
export type BatchAddRow = Static<typeof BatchAddRow>;
export const BatchUpdateRow = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    enterprise: Type.Optional(Type.String({ maxLength: 128 })),
    telephone: Type.Optional(Type.String({ maxLength: 32 })),
    password: Type.Optional(Type.String({ maxLength: 256 })),
    role: Type.Optional(Type.String({ maxLength: 32 })),
    group: Type.Optional(Type.String({ maxLength: 128 })),
    status: Type.Optional(Type.String({ maxLength: 16 })),
    valid_from: Type.Optional(DateField),
    valid_to: Type.Optional(DateField),
  },
  { additionalProperties: false },
);
export type BatchUpdateRow = Static<typeof BatchUpdateRow>;

/** Per-row report of a check: row (from 1), field, problem (in the request's language). */
export const RowProblem = Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() });
export type RowProblem = Static<typeof RowProblem>;
export const CheckReport = Type.Object({ valid: Type.Boolean(), rows: Type.Integer(), errors: Type.Array(RowProblem) });
export type CheckReport = Static<typeof CheckReport>;

/**
 * An uploaded file in a JSON body, as base64. The schema lets through what the 2 MiB body limit
 * does, so a file over the upload limit gets the reader's "too large" message rather than a schema error.
 */
export const UploadFile = Type.String({ minLength: 1, maxLength: 2_090_000 });

const AccountStatus = Type.Union([Type.Literal('active'), Type.Literal('pending'), Type.Literal('disabled')]);
const ApplicationStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
const Reviewed = Type.Object({ id: Type.Integer(), status: Type.String() });
const BatchAddBody = AdminBody({ rows: Type.Array(BatchAddRow, { minItems: 1, maxItems: MAX_BATCH_ROWS }) });
const BatchUpdateBody = AdminBody({ rows: Type.Array(BatchUpdateRow, { minItems: 1, maxItems: MAX_BATCH_ROWS }) });

export const AccountListQuery = AdminBody({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(RoleField),
  status: Type.Optional(AccountStatus),
  enterprise: Type.Optional(Type.String({ maxLength: 128 })),
});
export type AccountListQuery = Static<typeof AccountListQuery>;
export const AccountPage = Paged(AccountView);
export type AccountPage = Static<typeof AccountPage>;

export const AccountUpdate = AdminBody({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  enterprise: Type.Optional(Type.String({ maxLength: 128 })),
  telephone: Type.Optional(Type.String({ maxLength: 32 })),
  group: Type.Optional(Type.String({ maxLength: 128 })),
  role: Type.Optional(RoleField),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('pending')])),
  locked: Type.Optional(Type.Boolean()),
  password: Type.Optional(Type.String({ maxLength: 256 })),
  valid_from: Type.Optional(DateField),
  valid_to: Type.Optional(DateField),
});
export type AccountUpdate = Static<typeof AccountUpdate>;

export const AccountAccessChange = AdminBody({
  project_id: Type.Integer({ minimum: 1 }),
  role: Type.Optional(RoleField),
  pages: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { maxItems: 9 })),
  categories: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 100_000 })),
  brands: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100_000 })),
  shops: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100_000 })),
});
export type AccountAccessChange = Static<typeof AccountAccessChange>;

/**
 * Schemas of the account endpoints, by the key of `ACCOUNT_ENDPOINTS`: `body` is the request body,
 * or the query of a GET; `params` the path parameters; `data` the answer's data.
 */
export const ACCOUNT_SCHEMAS = {
  list: { body: AccountListQuery, data: AccountPage },
  all: { body: AdminBody({}), data: Items(AccountView) },
  brief: { body: AdminBody({}), data: Items(BriefAccount) },
  applications: { body: AdminBody({ status: Type.Optional(ApplicationStatus) }), data: Items(AccountApplication) },
  get: {
    body: AdminBody({}),
    params: IdParams,
    data: Type.Object({ user: AccountView, projects: Type.Array(AccountMembership) }),
  },
  create: {
    body: AdminBody(NewAccountFields),
    /** `password`: the generated one, when the request sent none (shown once). */
    data: Type.Object({ user: AccountView, password: Type.Optional(Type.String()) }),
  },
  update: { body: AccountUpdate, params: IdParams, data: Type.Object({ user: AccountView }) },
  remove: { body: NoBody, params: IdParams, data: Done },
  exist: {
    body: AdminBody({
      username: Type.Optional(Type.String({ maxLength: 64 })),
      email: Type.Optional(Type.String({ maxLength: 254 })),
    }),
    data: Type.Object({ username: Type.Boolean(), email: Type.Boolean() }),
  },
  setAccess: { body: AccountAccessChange, params: IdParams, data: AccountMembership },
  updateApplication: {
    body: AdminBody({
      payload: Type.Record(
        Type.String({ maxLength: 64 }),
        Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
      ),
    }),
    params: IdParams,
    data: Reviewed,
  },
  reviewApplication: {
    body: AdminBody({ status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]) }),
    params: IdParamsOf('app_id'),
    data: Reviewed,
  },
  batchSheet: {
    body: AdminBody({ file: UploadFile }),
    /** The sheet as texts, header row first; the page maps it to columns. */
    data: Type.Object({ table: Type.Array(Type.Array(Type.String())) }),
  },
  batchAddCheck: { body: BatchAddBody, data: CheckReport },
  batchAdd: {
    body: BatchAddBody,
    data: Type.Object({
      created: Type.Array(
        Type.Object({ id: Type.Integer(), username: Type.String(), password: Type.Optional(Type.String()) }),
      ),
    }),
  },
  batchUpdateCheck: { body: BatchUpdateBody, data: CheckReport },
  batchUpdate: { body: BatchUpdateBody, data: Type.Object({ updated: Type.Integer() }) },
  /** Enterprise names (customers) for the project and account forms. */
  enterprises: { body: AdminBody({}), data: Items(Type.String()) },
};
