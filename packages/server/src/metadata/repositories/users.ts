import type { WireLocale } from '@marketlens/shared';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import {
  containsIgnoreCase,
  fromBool,
  type Page,
  type PageQuery,
  pageBounds,
  startsWith,
  toBool,
  toCount,
  toIso,
  toIsoOrNull,
} from '../codec.js';
import { inTransaction, type RepoContext } from '../db.js';
import { rethrowConflict } from '../errors.js';
import { remembered } from '../remember.js';
import type { MetadataDatabase, UserRole, UserRow, UserRowUpdate, UserStatus, WechatState } from '../schema.js';
import { settingsScope } from './settings.js';

/** An account as the rest of the server sees it. passwordHash is for login only; never serialise it. */
export interface User {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  role: UserRole;
  enterprise: string;
  group: string;
  telephone: string;
  status: UserStatus;
  failedAttempts: number;
  lockedUntil: string | null;
  validFrom: string | null;
  validTo: string | null;
  mustChangePassword: boolean;
  wechatOpenid: string | null;
  wechatState: WechatState;
  tokenVersion: number;
  lastLoginAt: string | null;
  /** Language of the last sign-in, for mail; null before the first. */
  locale: WireLocale | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  role?: UserRole;
  enterprise?: string;
  group?: string;
  telephone?: string;
  status?: UserStatus;
  validFrom?: string | Date | null;
  validTo?: string | Date | null;
  mustChangePassword?: boolean;
  wechatOpenid?: string | null;
}

export interface UserPatch {
  username?: string;
  email?: string;
  passwordHash?: string;
  role?: UserRole;
  enterprise?: string;
  group?: string;
  telephone?: string;
  status?: UserStatus;
  failedAttempts?: number;
  lockedUntil?: string | Date | null;
  validFrom?: string | Date | null;
  validTo?: string | Date | null;
  mustChangePassword?: boolean;
  wechatOpenid?: string | null;
  wechatState?: WechatState;
  lastLoginAt?: string | Date | null;
  locale?: WireLocale;
}

export interface UserListQuery extends PageQuery {
  /** Contains, ignoring case, in username, email, enterprise, group or telephone. */
  search?: string;
  role?: UserRole;
  status?: UserStatus;
  enterprise?: string;
  ids?: readonly number[];
  /** Accounts whose contact fields the reader may not see: `search` and `enterprise` skip those fields of them. */
  contactsHidden?: ContactsHidden;
  orderBy?: 'id' | 'username' | 'created_at';
  order?: 'asc' | 'desc';
}

/**
 * Accounts whose role starts with one of `rolePrefixes` (the prefix match of docs/security.md), other than
 * `exceptId` — decided by the permissions module (`contactsHiddenFrom`), so a filter on e-mail,
 * enterprise or telephone cannot tell what the list's view hides.
 */
export interface ContactsHidden {
  rolePrefixes: readonly string[];
  exceptId: number;
}

/** Emails compare without case: stored and looked up lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UNIQUE_FIELDS = { username: 'username', email: 'email', wechat_openid: 'wechat_openid' };

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    enterprise: row.enterprise,
    group: row.group_name,
    telephone: row.telephone,
    status: row.status,
    failedAttempts: row.failed_attempts,
    lockedUntil: row.locked_until,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    mustChangePassword: toBool(row.must_change_password),
    wechatOpenid: row.wechat_openid,
    wechatState: row.wechat_state,
    tokenVersion: row.token_version,
    lastLoginAt: row.last_login_at,
    locale: row.locale === 'en_us' || row.locale === 'zh_cn' ? row.locale : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRowUpdate(patch: UserPatch): UserRowUpdate {
  const row: UserRowUpdate = {};
  if (patch.username !== undefined) row.username = patch.username;
  if (patch.email !== undefined) row.email = normalizeEmail(patch.email);
  if (patch.passwordHash !== undefined) row.password_hash = patch.passwordHash;
  if (patch.role !== undefined) row.role = patch.role;
  if (patch.enterprise !== undefined) row.enterprise = patch.enterprise;
  if (patch.group !== undefined) row.group_name = patch.group;
  if (patch.telephone !== undefined) row.telephone = patch.telephone;
  if (patch.status !== undefined) row.status = patch.status;
  if (patch.failedAttempts !== undefined) row.failed_attempts = patch.failedAttempts;
  if (patch.lockedUntil !== undefined) row.locked_until = toIsoOrNull(patch.lockedUntil);
  if (patch.validFrom !== undefined) row.valid_from = toIsoOrNull(patch.validFrom);
  if (patch.validTo !== undefined) row.valid_to = toIsoOrNull(patch.validTo);
  if (patch.mustChangePassword !== undefined) row.must_change_password = fromBool(patch.mustChangePassword);
  if (patch.wechatOpenid !== undefined) row.wechat_openid = patch.wechatOpenid;
  if (patch.wechatState !== undefined) row.wechat_state = patch.wechatState;
  if (patch.lastLoginAt !== undefined) row.last_login_at = toIsoOrNull(patch.lastLoginAt);
  if (patch.locale !== undefined) row.locale = patch.locale;
  return row;
}

export class UsersRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /** @throws ConflictError with field 'username' | 'email' | 'wechat_openid' */
  async create(input: NewUser): Promise<User> {
    const now = this.ctx.now();
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          username: input.username,
          email: normalizeEmail(input.email),
          password_hash: input.passwordHash,
          role: input.role ?? '',
          enterprise: input.enterprise ?? '',
          group_name: input.group ?? '',
          telephone: input.telephone ?? '',
          status: input.status ?? 'active',
          valid_from: toIsoOrNull(input.validFrom),
          valid_to: toIsoOrNull(input.validTo),
          must_change_password: fromBool(input.mustChangePassword ?? false),
          wechat_openid: input.wechatOpenid ?? null,
          wechat_state: input.wechatOpenid ? 'bound' : 'unbound',
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toUser(row);
    } catch (err) {
      rethrowConflict(err, 'user', UNIQUE_FIELDS);
    }
  }

  /** Remembered while the store is unchanged: every request reads its account (metadata/remember.ts). */
  async getById(id: number): Promise<User | undefined> {
    const row = await remembered(this.ctx.remember, `users:${id}`, () =>
      this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return row && toUser(row);
  }

  /** Exact match: usernames are case-sensitive. */
  async getByUsername(username: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    return row && toUser(row);
  }

  async getByEmail(email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
    return row && toUser(row);
  }

  async getByWechatOpenid(openid: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('wechat_openid', '=', openid).executeTakeFirst();
    return row && toUser(row);
  }

  async list(query: UserListQuery = {}): Promise<Page<User>> {
    const { page, pageSize, limit, offset } = pageBounds(query);
    let q = this.db.selectFrom('users');
    const hidden = query.contactsHidden;
    // Contact fields are only looked at where the reader may see them.
    const contactsShown = (eb: ExpressionBuilder<MetadataDatabase, 'users'>): Expression<SqlBool> =>
      hidden
        ? eb.or([
            eb('id', '=', hidden.exceptId),
            eb.not(eb.or(hidden.rolePrefixes.map((p) => startsWith(eb.ref('role'), p)))),
          ])
        : eb.lit(true);
    if (query.search) {
      const search = query.search.trim();
      q = q.where((eb) =>
        eb.or([
          ...(['username', 'group_name'] as const).map((c) => containsIgnoreCase(eb.ref(c), search)),
          eb.and([
            contactsShown(eb),
            eb.or((['email', 'enterprise', 'telephone'] as const).map((c) => containsIgnoreCase(eb.ref(c), search))),
          ]),
        ]),
      );
    }
    if (query.role !== undefined) q = q.where('role', '=', query.role);
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    if (query.enterprise !== undefined) {
      const enterprise = query.enterprise;
      q = q.where((eb) => eb.and([eb('enterprise', '=', enterprise), contactsShown(eb)]));
    }
    if (query.ids !== undefined) {
      if (query.ids.length === 0) return { items: [], total: 0, page, pageSize };
      q = q.where('id', 'in', [...query.ids]);
    }
    const orderBy = query.orderBy ?? 'id';
    const order = query.order ?? 'asc';
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .selectAll()
        .orderBy(orderBy, order)
        // id breaks ties so that pages never overlap or skip rows.
        .$if(orderBy !== 'id', (qb) => qb.orderBy('id', order))
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { items: rows.map(toUser), total: toCount(count.n), page, pageSize };
  }

  /** Returns the updated user, or undefined when there is no such id. @throws ConflictError */
  async update(id: number, patch: UserPatch): Promise<User | undefined> {
    const values = { ...toRowUpdate(patch), updated_at: this.ctx.now() };
    try {
      const row = await this.db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
      return row && toUser(row);
    } catch (err) {
      rethrowConflict(err, 'user', UNIQUE_FIELDS);
    }
  }

  /** Revokes every token issued so far; returns the new version (undefined: no such user). */
  async bumpTokenVersion(id: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: this.ctx.now() }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirst();
    return row?.token_version;
  }

  /**
   * Counts a failed login atomically (two concurrent attempts both count); locks until `lockUntil`
   * when given. Returns the new count.
   */
  async recordFailedLogin(id: number, lockUntil?: string | Date): Promise<number | undefined> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({
        failed_attempts: eb('failed_attempts', '+', 1),
        ...(lockUntil === undefined ? {} : { locked_until: toIso(lockUntil) }),
        updated_at: this.ctx.now(),
      }))
      .where('id', '=', id)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row?.failed_attempts;
  }

  /**
   * Deletes the user; memberships, grants, favourites and tokens go with it (ON DELETE CASCADE),
   * owned projects lose their owner, and the user's settings scope is removed in the same transaction.
   * Audit and tracking history stay (they copy the username).
   */
  async delete(id: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('settings').where('scope', '=', settingsScope.user(id)).execute();
      const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }
}
