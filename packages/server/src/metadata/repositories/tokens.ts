import type { Kysely } from 'kysely';
import { type JsonValue, parseJson, toIso, toJson } from '../codec.js';
import { inTransaction, type RepoContext } from '../db.js';
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

/** Refresh tokens: rotation chains ("families") and their revocation. */
export class RefreshTokensRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  async create(input: NewRefreshToken): Promise<RefreshTokenRecord> {
    const row = await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: input.userId,
        family_id: input.familyId,
        token_hash: input.tokenHash,
        expires_at: toIso(input.expiresAt),
        created_at: this.ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
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
   * Spends `oldId` and stores its successor in one transaction. Returns undefined when the old token
   * was already spent or revoked (a concurrent or replayed use): the caller treats that as reuse.
   */
  async rotate(oldId: number, next: NewRefreshToken): Promise<RefreshTokenRecord | undefined> {
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
      const row = await trx
        .insertInto('refresh_tokens')
        .values({
          user_id: next.userId,
          family_id: next.familyId,
          token_hash: next.tokenHash,
          expires_at: toIso(next.expiresAt),
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('refresh_tokens').set({ replaced_by: row.id }).where('id', '=', oldId).execute();
      return toRecord(row);
    });
  }

  /** Revokes every token of a family; returns how many were still live. */
  async revokeFamily(familyId: string): Promise<number> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: this.ctx.now() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async revokeAllForUser(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: this.ctx.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Whether a session (family) still has a live, unexpired token: access tokens of a logged-out session stop at once. */
  async isFamilyActive(familyId: string): Promise<boolean> {
    if (this.ctx.remember) {
      // Every request asks: the family's last expiry is remembered while the store is unchanged
      // (a revocation is a write), and compared with the clock each time (metadata/remember.ts).
      const last = await this.ctx.remember(`refresh_families:${familyId}`, () =>
        this.db
          .selectFrom('refresh_tokens')
          .select((eb) => eb.fn.max('expires_at').as('expires_at'))
          .where('family_id', '=', familyId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst(),
      );
      return last?.expires_at != null && last.expires_at > this.ctx.now();
    }
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.ctx.now())
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Housekeeping: removes tokens expired before `before`. */
  async deleteExpired(before: string | Date): Promise<number> {
    const result = await this.db
      .deleteFrom('refresh_tokens')
      .where('expires_at', '<', toIso(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
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
