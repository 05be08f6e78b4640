import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { accountProblem } from '../../auth/account.js';
import { validityDate } from '../../auth/validity.js';
import type { Project, User } from '../../metadata/index.js';
import { type AccountViewer, accountContact } from '../../permissions/index.js';

/** Shared response shapes of the account and project APIs (snake_case on the wire, spec §3). */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const UserSchema = Type.Object({
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
  /** Validity as calendar dates 'YYYY-MM-DD', both included, in UTC (auth/validity.ts). */
  valid_from: Nullable(Type.String({ format: 'date' })),
  valid_to: Nullable(Type.String({ format: 'date' })),
  wechat_state: Type.String(),
  must_change_password: Type.Boolean(),
  last_login_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type UserView = Static<typeof UserSchema>;

/**
 * An account as `viewer` sees it: e-mail, enterprise and telephone only where the tenancy rule lets
 * them (`accountContact`, permissions module), empty strings otherwise — the shape never changes.
 */
export function userView(user: User, now: Date, viewer: AccountViewer): UserView {
  const problem = accountProblem(user, now);
  const contact = accountContact(viewer, user);
  return {
    id: user.id,
    username: user.username,
    email: contact.email,
    role: user.role,
    enterprise: contact.enterprise,
    group: user.group,
    telephone: contact.telephone,
    status: user.status,
    locked: problem === 'locked',
    expired: problem === 'expired',
    valid_from: validityDate(user.validFrom),
    valid_to: validityDate(user.validTo),
    wechat_state: user.wechatState,
    must_change_password: user.mustChangePassword,
    last_login_at: user.lastLoginAt,
    created_at: user.createdAt,
  };
}

export const BriefUserSchema = Type.Object({ id: Type.Integer(), username: Type.String(), enterprise: Type.String() });

/** The brief form of the account pickers, under the same rule as {@link userView}. */
export function briefUserView(user: User, viewer: AccountViewer): Static<typeof BriefUserSchema> {
  return { id: user.id, username: user.username, enterprise: accountContact(viewer, user).enterprise };
}

export const SessionProjectSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Type.String(),
  status: Type.String(),
  pages: Type.Array(Type.Integer()),
  categories: Type.Array(Type.Integer()),
});

export const ProjectSchema = Type.Object({
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
export type ProjectView = Static<typeof ProjectSchema>;

export function projectView(p: Project, owner: string | null): ProjectView {
  return {
    id: p.id,
    name: p.name,
    owner_id: p.ownerId,
    owner,
    data_scope: p.dataset,
    currency_unit: p.currencyUnit,
    cur_symbol: p.curSymbol,
    date_field: p.dateField,
    has_series: p.hasSeries,
    series_name: p.seriesName,
    series_name_en: p.seriesNameEn,
    hide_keywords: p.hideKeywords,
    discount_price: p.discountPrice,
    limit_brands: p.limitBrands,
    limit_shops: p.limitShops,
    pages: p.pages,
    status: p.status,
    created_at: p.createdAt,
  };
}

export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$' }) }, { additionalProperties: false });
export const Done = Type.Object({ message: Type.String() });

/**
 * preValidation hook of routes whose body is optional: Fastify validates an absent body as
 * `undefined`, which no object schema accepts, so a DELETE without a body would be refused.
 */
export async function absentBodyAsEmpty(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {};
}
