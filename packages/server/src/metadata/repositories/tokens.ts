import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { type JsonValue, parseJson, toIso, toJson } from '../codec.js';
import { inTransaction, type RepoContext } from '../db.js';
import { remembered } from '../remember.js';
import type { MetadataDatabase } from '../schema.js';

/** A stored refresh token (only its hash is kept: a database leak yields no usable token). */
export interface RefreshTokenRecord {
  id: number;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: string;
  revokedAt: string | null;
  replacedBy: number | null;
  createdAt: string;
}

export interface NewRefreshToken {
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: string | Date;
}

/** Where a sign-in or refresh came from, as the session list shows it. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A session: one sign-in, the refresh-token family of the same id (migration 0005). */
export interface SessionRecord {
  id: string;
  userId: number;
  /** The session a child app's session was handed over from. */
  parentId: string | null;
  appKey: string;
  startedAt: string;
  lastUsedAt: string;
  /** The absolute limit, fixed at sign-in. */
  expiresAt: string;
  endedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  id: string;
  userId: number;
  parentId: string | null;
  appKey: string;
  expiresAt: string | Date;
  client: SessionClient;
}

/**
 * Sessions and their rotating refresh tokens. A session is live while it has not ended, its
 * absolute limit is ahead and one of its tokens is unspent and unexpired (a token's expiry is the
 * idle limit). Ending a session ends the sessions handed over from it, in the same statement.
 */
export class RefreshTokensRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /** A refresh token of an existing session (the session's first one comes with {@link startSession}). */
  async create(input: NewRefreshToken): Promise<RefreshTokenRecord> {
    return insertToken(this.db, input, this.ctx.now());
  }

  /** Opens a session with its first refresh token, in one transaction. */
  async startSession(session: NewSession, token: Omit<NewRefreshToken, 'userId' | 'familyId'>): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const now = this.ctx.now();
      await trx
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          parent_id: session.parentId,
          app_key: session.appKey,
          started_at: now,
          last_used_at: now,
          expires_at: toIso(session.expiresAt),
          ended_at: null,
          ip: session.client.ip,
          user_agent: session.client.userAgent,
        })
        .execute();
      await insertToken(trx, { ...token, userId: session.userId, familyId: session.id }, now);
    });
  }

  async getSession(id: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSession(row);
  }

  async getByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Spends `oldId`, stores its successor and notes the session's use, in one transaction. Returns
   * undefined when the old token was already spent or revoked (a concurrent or replayed use): the
   * caller treats that as reuse.
   */
  async rotate(oldId: number, next: NewRefreshToken, client?: SessionClient): Promise<RefreshTokenRecord | undefined> {
    return inTransaction(this.db, async (trx) => {
      const now = this.ctx.now();
      // Conditional update: of two concurrent rotations only one sees a live row.
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('id', '=', oldId)
        .where('revoked_at', 'is', null)
        .where('replaced_by', 'is', null)
        .executeTakeFirst();
      if (spent.numUpdatedRows === 0n) return undefined;
      const row = await insertToken(trx, next, now);
      await trx.updateTable('refresh_tokens').set({ replaced_by: row.id }).where('id', '=', oldId).execute();
      await trx
        .updateTable('sessions')
        .set({ last_used_at: now, ...(client ? { ip: client.ip, user_agent: client.userAgent } : {}) })
        .where('id', '=', next.familyId)
        .execute();
      return row;
    });
  }

  /** Ends a session and the sessions handed over from it; returns how many sessions were still open. */
  async revokeFamily(familyId: string): Promise<number> {
    return this.endWhere((eb) => eb.or([eb('id', '=', familyId), eb('parent_id', '=', familyId)]));
  }

  /** Ends every session of a user. */
  async revokeAllForUser(userId: number): Promise<number> {
    return this.endWhere((eb) => eb('user_id', '=', userId));
  }

  /**
   * Ends every session of a user except the ones named and the sessions handed over from them
   * ("sign out other devices"); returns how many were still open.
   */
  async revokeOthers(userId: number, keep: readonly string[]): Promise<number> {
    if (keep.length === 0) return this.revokeAllForUser(userId);
    return this.endWhere((eb) =>
      eb.and([
        eb('user_id', '=', userId),
        eb('id', 'not in', keep),
        eb.or([eb('parent_id', 'is', null), eb('parent_id', 'not in', keep)]),
      ]),
    );
  }

  /** Marks the chosen open sessions ended and revokes their tokens, in one transaction. */
  private async endWhere(
    choose: (eb: ExpressionBuilder<MetadataDatabase, 'sessions'>) => Expression<SqlBool>,
  ): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const now = this.ctx.now();
      const ended = await trx
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('ended_at', 'is', null)
        .where(choose)
        .returning('id')
        .execute();
      const ids = ended.map((r) => r.id);
      if (ids.length > 0) {
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now })
          .where('family_id', 'in', ids)
          .where('revoked_at', 'is', null)
          .execute();
      }
      return ids.length;
    });
  }

  /**
   * Until when a session is live: the earlier of its absolute limit and its newest unspent token's
   * expiry (the idle limit); undefined when it has ended or has no unspent token.
   */
  private async liveUntil(familyId: string): Promise<string | undefined> {
    // Every request asks: remembered while the store is unchanged (a revocation is a write), and
    // compared with the clock each time (metadata/remember.ts).
    const row = await remembered(this.ctx.remember, `refresh_families:${familyId}`, () =>
      this.db
        .selectFrom('sessions')
        .innerJoin('refresh_tokens', 'refresh_tokens.family_id', 'sessions.id')
        .select((eb) => ['sessions.expires_at', eb.fn.max('refresh_tokens.expires_at').as('token_expires_at')])
        .where('sessions.id', '=', familyId)
        .where('sessions.ended_at', 'is', null)
        .where('refresh_tokens.revoked_at', 'is', null)
        .groupBy('sessions.expires_at')
        .executeTakeFirst(),
    );
    if (!row?.token_expires_at) return undefined;
    return row.expires_at < row.token_expires_at ? row.expires_at : row.token_expires_at;
  }

  /** Whether a session is live: access tokens of an ended, expired or idle session stop at once. */
  async isFamilyActive(familyId: string): Promise<boolean> {
    const until = await this.liveUntil(familyId);
    return until !== undefined && until > this.ctx.now();
  }

  /** The live sessions of a user, oldest first, with when each stops by itself (the nearer limit). */
  async listLive(userId: number): Promise<(SessionRecord & { liveUntil: string })[]> {
    const now = this.ctx.now();
    const rows = await this.db
      .selectFrom('sessions')
      .innerJoin('refresh_tokens', 'refresh_tokens.family_id', 'sessions.id')
      .selectAll('sessions')
      .select((eb) => eb.fn.max('refresh_tokens.expires_at').as('token_expires_at'))
      .where('sessions.user_id', '=', userId)
      .where('sessions.ended_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('refresh_tokens.revoked_at', 'is', null)
      .where('refresh_tokens.expires_at', '>', now)
      .groupBy([
        'sessions.id',
        'sessions.user_id',
        'sessions.parent_id',
        'sessions.app_key',
        'sessions.started_at',
        'sessions.last_used_at',
        'sessions.expires_at',
        'sessions.ended_at',
        'sessions.ip',
        'sessions.user_agent',
      ])
      .orderBy('sessions.started_at')
      .orderBy('sessions.id')
      .execute();
    return rows.map((row) => ({
      ...toSession(row),
      liveUntil: row.expires_at < row.token_expires_at ? row.expires_at : row.token_expires_at,
    }));
  }

  /**
   * Housekeeping: removes tokens expired before `before`, then the sessions left without a token
   * whose own children are gone too (a child may outlast its parent's idle limit). Returns the
   * tokens removed.
   */
  async deleteExpired(before: string | Date): Promise<number> {
    const result = await this.db
      .deleteFrom('refresh_tokens')
      .where('expires_at', '<', toIso(before))
      .executeTakeFirst();
    await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom('refresh_tokens').select('id').whereRef('family_id', '=', 'sessions.id'))),
          eb.not(
            eb.exists(
              eb.selectFrom('sessions as child').select('child.id').whereRef('child.parent_id', '=', 'sessions.id'),
            ),
          ),
        ]),
      )
      .execute();
    return Number(result.numDeletedRows);
  }
}

async function insertToken(db: Kysely<MetadataDatabase>, input: NewRefreshToken, now: string) {
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      user_id: input.userId,
      family_id: input.familyId,
      token_hash: input.tokenHash,
      expires_at: toIso(input.expiresAt),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

function toSession(row: {
  id: string;
  user_id: number;
  parent_id: string | null;
  app_key: string;
  started_at: string;
  last_used_at: string;
  expires_at: string;
  ended_at: string | null;
  ip: string | null;
  user_agent: string | null;
}): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    parentId: row.parent_id,
    appKey: row.app_key,
    startedAt: row.started_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

function toRecord(row: {
  id: number;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: number | null;
  created_at: string;
}): RefreshTokenRecord {
  return {
    id: Number(row.id),
    userId: row.user_id,
    familyId: row.family_id,
    tokenHash: row.token_hash,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    replacedBy: row.replaced_by === null ? null : Number(row.replaced_by),
    createdAt: row.created_at,
  };
}

/** Single-use password reset tokens (hashed). */
export class PasswordResetsRepository {
  constructor(private readonly ctx: RepoContext) {}

  async create(userId: number, tokenHash: string, expiresAt: string | Date): Promise<void> {
    await this.ctx.db
      .insertInto('password_resets')
      .values({ token_hash: tokenHash, user_id: userId, expires_at: toIso(expiresAt), created_at: this.ctx.now() })
      .execute();
  }

  /**
   * Marks the token used and returns its user, or undefined when it is unknown, expired or already
   * used. One conditional update, so a token works exactly once even under concurrent use.
   */
  async consume(tokenHash: string): Promise<number | undefined> {
    const now = this.ctx.now();
    const row = await this.ctx.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Housekeeping: removes resets (used or not) that expired before `before`. */
  async deleteExpired(before: string | Date): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('password_resets')
      .where('expires_at', '<', toIso(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Invalidates every outstanding reset of a user (after a successful reset or password change). */
  async invalidateForUser(userId: number): Promise<void> {
    await this.ctx.db
      .updateTable('password_resets')
      .set({ used_at: this.ctx.now() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}

export interface OauthState {
  state: string;
  purpose: string;
  userId: number | null;
  payload: JsonValue | null;
  expiresAt: string;
}

/** Single-use OAuth2 `state` values, carried across the provider's redirect. */
export class OauthStatesRepository {
  constructor(private readonly ctx: RepoContext) {}

  async create(input: {
    state: string;
    purpose: string;
    userId?: number | null;
    payload?: JsonValue;
    expiresAt: string | Date;
  }): Promise<void> {
    await this.ctx.db
      .insertInto('oauth_states')
      .values({
        state: input.state,
        purpose: input.purpose,
        user_id: input.userId ?? null,
        payload: input.payload === undefined ? null : toJson(input.payload),
        created_at: this.ctx.now(),
        expires_at: toIso(input.expiresAt),
      })
      .execute();
  }

  /** Housekeeping: removes states (spent or not) that expired before `before`. */
  async deleteExpired(before: string | Date): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('oauth_states')
      .where('expires_at', '<', toIso(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Spends a state: returns it once, while unexpired; a replay gets undefined. */
  async consume(state: string): Promise<OauthState | undefined> {
    const now = this.ctx.now();
    const row = await this.ctx.db
      .updateTable('oauth_states')
      .set({ used_at: now })
      .where('state', '=', state)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      state: row.state,
      purpose: row.purpose,
      userId: row.user_id,
      payload: parseJson<JsonValue | null>(row.payload, null),
      expiresAt: row.expires_at,
    };
  }
}
