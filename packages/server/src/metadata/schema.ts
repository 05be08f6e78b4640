import { AUDIT_OUTCOMES, type AuditOutcome, ROLES, type Role } from '@marketlens/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Metadata schema: the row types exactly as stored, identical on SQLite and PostgreSQL.
 *
 * Storage conventions (one set for both databases, so one query code serves both):
 * - Timestamps: TEXT holding ISO-8601 UTC from Date#toISOString() ('2026-01-02T03:04:05.678Z').
 *   Always the same width and zone, so text comparison and ORDER BY are chronological.
 * - Booleans: INTEGER 0/1 (SQLite has no boolean type; PG stores the same integers).
 * - JSON: TEXT holding JSON.stringify output; the repositories parse it. Nothing queries inside it.
 * - Ids: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite (ids are never reused, so a token for a
 *   deleted user cannot match a later one); INTEGER identity on PG, BIGINT identity for the event
 *   tables (audit, tracking), read back as JS numbers.
 * - Enumerations are TEXT checked in TypeScript, not by CHECK constraints: SQLite cannot alter a
 *   constraint without rebuilding the table, and the lists may grow.
 *
 * Repositories map rows to domain objects (camelCase, real booleans, parsed JSON), so callers never
 * see these conventions. Columns with a database default are `Generated` (optional on insert).
 */

/** Roles of docs/product.md §6, including the empty role (the one list lives in @marketlens/shared). */
export const USER_ROLES = ROLES;
export type UserRole = Role;

/** Account states of docs/product.md §4; 'pending' = awaiting review. Locked and expired are derived from columns. */
export const USER_STATUSES = ['active', 'pending', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const WECHAT_STATES = ['unbound', 'bound', 'unbind_pending'] as const;
export type WechatState = (typeof WECHAT_STATES)[number];

export const PROJECT_STATUSES = ['in_service', 'stopped'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const DATE_FIELDS = ['month', 'week'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export const GRANT_KINDS = ['category', 'brand', 'shop'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

export const CATEGORY_STATUSES = ['ready', 'not_ready'] as const;
export type CategoryStatus = (typeof CATEGORY_STATUSES)[number];

export const BAND_KINDS = ['price', 'weight'] as const;
export type BandKind = (typeof BAND_KINDS)[number];

export const APPLICATION_KINDS = ['account_opening', 'wechat_unbind'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The one list lives in @marketlens/shared (the audit screen filters by it). */
export { AUDIT_OUTCOMES, type AuditOutcome };

/** ISO-8601 UTC text. */
type Timestamp = string;
/** 0 or 1. */
type Bool = number;
/** JSON.stringify output. */
type JsonText = string;
/** Has a database default: optional on insert, present on select. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Stored lower-cased (the repository normalises), so uniqueness ignores case. */
  email: string;
  password_hash: string;
  role: Defaulted<UserRole>;
  enterprise: Defaulted<string>;
  group_name: Defaulted<string>;
  telephone: Defaulted<string>;
  status: Defaulted<UserStatus>;
  failed_attempts: Defaulted<number>;
  locked_until: Timestamp | null;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  must_change_password: Defaulted<Bool>;
  wechat_openid: string | null;
  wechat_state: Defaulted<WechatState>;
  /** Bumped to revoke every token issued before. */
  token_version: Defaulted<number>;
  last_login_at: Timestamp | null;
  /** Language of the last sign-in (zh_cn | en_us), for mail; null before the first (migration 0003). */
  locale: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  owner_id: number | null;
  /** Warehouse dataset name. */
  dataset: string;
  currency_unit: Defaulted<string>;
  cur_symbol: Defaulted<string>;
  date_field: Defaulted<DateField>;
  has_series: Defaulted<Bool>;
  series_name: Defaulted<string>;
  series_name_en: Defaulted<string>;
  hide_keywords: Defaulted<Bool>;
  discount_price: Defaulted<Bool>;
  limit_brands: Defaulted<Bool>;
  limit_shops: Defaulted<Bool>;
  /** JSON array of route ids 1..9. */
  pages: Defaulted<JsonText>;
  status: Defaulted<ProjectStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  /** Role within the project (docs/product.md §6: project root/admin manage it). */
  role: Defaulted<UserRole>;
  /** JSON array of route ids. */
  pages: Defaulted<JsonText>;
  discount_price_on: Defaulted<Bool>;
  /** JSON object: the member's per-project UI config (potential config, …). */
  config: Defaulted<JsonText>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GrantsTable {
  project_id: number;
  user_id: number;
  kind: GrantKind;
  /** category id, brand id, or 'platform,shop_id' for shops. */
  value: string;
}

export interface ProjectCategoriesTable {
  project_id: number;
  category_id: number;
  status: Defaulted<CategoryStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectAttributesTable {
  project_id: number;
  attr_name: string;
  title: Defaulted<string>;
  title_en: Defaulted<string>;
  sort_order: Defaulted<number>;
  /** JSON object: value mapping, visibility, … */
  config: Defaulted<JsonText>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoryBandsTable {
  project_id: number;
  category_id: number;
  kind: BandKind;
  /** JSON array of [min, max] pairs. */
  bands: JsonText;
  updated_at: Timestamp;
}

export interface CustomAttributesTable {
  id: Generated<number>;
  project_id: number;
  /** Owner when the attribute is personal; null for project-wide ones. */
  user_id: number | null;
  category_id: number | null;
  name: string;
  name_en: Defaulted<string>;
  /** JSON: the keyword rules that define the attribute's values. */
  rules: Defaulted<JsonText>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A project's own event (docs/product.md "Events calendar"); the dataset's calendar is in the warehouse. */
export interface ProjectEventsTable {
  id: Generated<number>;
  project_id: number;
  code: string | null;
  name_zh: string;
  name_en: string;
  /** PROJECT_EVENT_KINDS of @marketlens/shared, checked in TypeScript. */
  kind: string;
  /** 'YYYY-MM-DD', both inclusive. */
  start_date: string;
  end_date: string;
  /** JSON array of platform codes; empty: every platform. */
  platforms: Defaulted<JsonText>;
  brand_id: number | null;
  category_id: number | null;
  note: Defaulted<string>;
  /** The author while the account exists; `created_by_name` keeps the name for good. */
  created_by: number | null;
  created_by_name: Defaulted<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A note on a chart point (docs/product.md "Notes on charts"): one period of a category's or a brand's trend. */
export interface ChartNotesTable {
  id: Generated<number>;
  project_id: number;
  /** CHART_NOTE_ENTITIES of @marketlens/shared ('category' | 'brand'), checked in TypeScript. */
  entity_kind: string;
  /** The category's or the brand's id in the project's dataset. */
  entity_id: number;
  /** The period's first day, 'YYYY-MM-DD'. */
  date: string;
  text: string;
  /** The author while the account exists; `created_by_name` keeps the name for good. */
  created_by: number | null;
  created_by_name: Defaulted<string>;
  created_at: Timestamp;
}

/** A saved view (docs/product.md "Saved views"): a member's named page state in a project. */
export interface SavedViewsTable {
  id: Generated<number>;
  project_id: number;
  owner_id: number;
  name: string;
  /** The analysis page's path (SAVED_VIEW_PAGES of @marketlens/shared). */
  page: string;
  /** The page's URL query without '?'. */
  query: Defaulted<string>;
  /** 0/1: the project's members see it too. */
  shared: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FavoriteBrandsTable {
  project_id: number;
  user_id: number;
  brand_id: number;
  created_at: Timestamp;
}

export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  kind: string;
  ref: Defaulted<string>;
  title: Defaulted<string>;
  payload: Defaulted<JsonText>;
  created_at: Timestamp;
}

export interface SettingsTable {
  /** 'global', 'project:<id>', 'user:<id>' … (see settingsScope). */
  scope: string;
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** id of the token that replaced this one on rotation. */
  replaced_by: number | null;
  created_at: Timestamp;
}

/** One sign-in: the refresh-token family of the same id (migration 0005, auth/tokens.ts). */
export interface SessionsTable {
  id: string;
  user_id: number;
  /** The session a child app's session was handed over from; ending it ends this one. */
  parent_id: string | null;
  app_key: string;
  started_at: Timestamp;
  /** The last sign-in or refresh. */
  last_used_at: Timestamp;
  /** The absolute limit: set at sign-in, never moved by a refresh. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  /** Address and user agent of the last sign-in or refresh. */
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OauthStatesTable {
  state: string;
  purpose: string;
  user_id: number | null;
  /** JSON: whatever the flow must carry across the redirect. */
  payload: JsonText | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  /** The HTML alternative of `body` (migration 0003; null on older rows). */
  html: string | null;
  status: Defaulted<MailStatus>;
  attempts: Defaulted<number>;
  /** Why the last attempt failed (no credentials, no content). */
  last_error: string | null;
  /** When the next delivery may start; null when none is planned. */
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

/** Wrong passwords per (account name as typed, client) (migration 0004, auth/lockout.ts). */
export interface LoginFailuresTable {
  account: string;
  /** 'ip:<address or IPv6 /64>' or 'device:<SHA-256 of the device cookie>'. */
  client: string;
  /** Wrong passwords since the last lockout (or since the row began). */
  failures: Defaulted<number>;
  /** Lockouts so far: each lasts twice the one before, up to the ceiling. */
  lockouts: Defaulted<number>;
  locked_until: Timestamp | null;
  /** Once past, the row counts as absent (and housekeeping deletes it). */
  expires_at: Timestamp;
  updated_at: Timestamp;
}

/** Device cookies (their SHA-256) that signed in to an account (migration 0004). */
export interface LoginDevicesTable {
  user_id: number;
  device_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** When an account's owner was last mailed about a lockout (migration 0004). */
export interface LoginAlertsTable {
  user_id: number;
  sent_at: Timestamp;
}

export interface ApplicationsTable {
  id: Generated<number>;
  kind: ApplicationKind;
  user_id: number | null;
  payload: Defaulted<JsonText>;
  status: Defaulted<ApplicationStatus>;
  reviewer_id: number | null;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
}

/** Append-only history: no foreign keys, so deleting a user keeps the trail (username is copied). */
export interface AuditEventsTable {
  id: Generated<number>;
  at: Timestamp;
  user_id: number | null;
  username: Defaulted<string>;
  ip: Defaulted<string>;
  action: string;
  target: Defaulted<string>;
  outcome: AuditOutcome;
  detail: JsonText | null;
}

/** Front-end tracking (POST /api/logs/logs); append-only like the audit trail. */
export interface TrackingEventsTable {
  id: Generated<number>;
  track_id: string;
  last_track_id: Defaulted<string>;
  user_id: number | null;
  route: Defaulted<string>;
  placement: Defaulted<string>;
  event_start: string | null;
  event_end: string | null;
  full_url: Defaulted<string>;
  response_status: number | null;
  request_params: JsonText | null;
  type: Defaulted<string>;
  method: Defaulted<string>;
  /** The fetch credentials mode of the recorded call (migration 0006). */
  credentials: Defaulted<string>;
  created_at: Timestamp;
}

/** Price enquiries (migration 0002, docs/pricing.md); status one of ORDER_STATUSES of the shared contract. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null;
  username: Defaulted<string>;
  enterprise: Defaulted<string>;
  email: Defaulted<string>;
  telephone: Defaulted<string>;
  remark: Defaulted<string>;
  ip: Defaulted<string>;
  locale: Defaulted<string>;
  categories: Defaulted<JsonText>;
  quote: Defaulted<JsonText>;
  total: Defaulted<number>;
  status: Defaulted<string>;
  handled_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MetadataDatabase {
  users: UsersTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  grants: GrantsTable;
  project_categories: ProjectCategoriesTable;
  project_attributes: ProjectAttributesTable;
  category_bands: CategoryBandsTable;
  custom_attributes: CustomAttributesTable;
  project_events: ProjectEventsTable;
  chart_notes: ChartNotesTable;
  saved_views: SavedViewsTable;
  favorite_brands: FavoriteBrandsTable;
  collections: CollectionsTable;
  settings: SettingsTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  oauth_states: OauthStatesTable;
  mail_outbox: MailOutboxTable;
  login_failures: LoginFailuresTable;
  login_devices: LoginDevicesTable;
  login_alerts: LoginAlertsTable;
  applications: ApplicationsTable;
  audit_events: AuditEventsTable;
  tracking_events: TrackingEventsTable;
  orders: OrdersTable;
}

export type MetadataTable = keyof MetadataDatabase;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectRowUpdate = Updateable<ProjectsTable>;
export type ProjectMemberRow = Selectable<ProjectMembersTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
