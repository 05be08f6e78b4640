import { type Kysely, sql } from 'kysely';
import { toIso } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { MetadataDatabase } from '../schema.js';

/** Where one (account name, client) stands (auth/lockout.ts decides what it means). */
export interface LoginFailureState {
  /** Wrong passwords since the last lockout. */
  failures: number;
  /** Lockouts so far. */
  lockouts: number;
  lockedUntil: string | null;
}

/**
 * The sign-in lockout's shared state (migration 0004): failure counts per (account name, client),
 * the devices that signed in to an account, and the last lockout mail per account. Every change is
 * one conditional statement, so concurrent attempts in any number of API processes, on SQLite or
 * PostgreSQL, each count once and only one of them starts a lockout or sends the mail.
 *
 * Times are passed in by the caller (the sign-in clock), not taken from the store.
 */
export class LoginFailuresRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /** The state at `now`; undefined when the pair never failed or its row has been forgotten. */
  async get(account: string, client: string, now: Date): Promise<LoginFailureState | undefined> {
    const row = await this.db
      .selectFrom('login_failures')
      .select(['failures', 'lockouts', 'locked_until'])
      .where('account', '=', account)
      .where('client', '=', client)
      .where('expires_at', '>', toIso(now))
      .executeTakeFirst();
    return row && { failures: row.failures, lockouts: row.lockouts, lockedUntil: row.locked_until };
  }

  /**
   * Counts one wrong password and returns the state after it. A forgotten row starts again from
   * nothing; while the pair is locked (a concurrent attempt just locked it) nothing is counted.
   * `forgetAt` is when an unlocked row may be forgotten.
   */
  async recordFailure(account: string, client: string, now: Date, forgetAt: Date): Promise<LoginFailureState> {
    const at = toIso(now);
    const forget = toIso(forgetAt);
    const row = await this.db
      .insertInto('login_failures')
      .values({ account, client, failures: 1, lockouts: 0, locked_until: null, expires_at: forget, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['account', 'client']).doUpdateSet((eb) => {
          const forgotten = eb('login_failures.expires_at', '<=', at);
          const locked = eb('login_failures.locked_until', '>', at);
          return {
            failures: eb
              .case()
              .when(forgotten)
              .then(sql<number>`1`)
              .when(locked)
              .then(eb.ref('login_failures.failures'))
              .else(eb('login_failures.failures', '+', sql<number>`1`))
              .end(),
            lockouts: eb.case().when(forgotten).then(sql<number>`0`).else(eb.ref('login_failures.lockouts')).end(),
            locked_until: eb
              .case()
              .when(forgotten)
              .then(sql<string | null>`null`)
              .else(eb.ref('login_failures.locked_until'))
              .end(),
            expires_at: eb.case().when(locked).then(eb.ref('login_failures.expires_at')).else(forget).end(),
            updated_at: at,
          };
        }),
      )
      .returning(['failures', 'lockouts', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { failures: row.failures, lockouts: row.lockouts, lockedUntil: row.locked_until };
  }

  /**
   * Starts the pair's next lockout, until `until`, when it still stands as `seen` with at least
   * `threshold` failures. False when a concurrent attempt started it first.
   */
  async lock(
    account: string,
    client: string,
    seen: LoginFailureState,
    threshold: number,
    now: Date,
    until: Date,
    forgetAt: Date,
  ): Promise<boolean> {
    const at = toIso(now);
    const result = await this.db
      .updateTable('login_failures')
      .set((eb) => ({
        failures: 0,
        lockouts: eb('lockouts', '+', 1),
        locked_until: toIso(until),
        expires_at: toIso(forgetAt),
        updated_at: at,
      }))
      .where('account', '=', account)
      .where('client', '=', client)
      .where('lockouts', '=', seen.lockouts)
      .where('failures', '>=', threshold)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Forgets the pairs of `account` with these clients (a sign-in that proved the password). */
  async clear(account: string, clients: readonly string[]): Promise<void> {
    if (clients.length === 0) return;
    await this.db
      .deleteFrom('login_failures')
      .where('account', '=', account)
      .where('client', 'in', [...clients])
      .execute();
  }

  /** Forgets every client's failures and lockouts on `account` (an administrator's unlock). */
  async clearAccount(account: string): Promise<number> {
    const result = await this.db.deleteFrom('login_failures').where('account', '=', account).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Whether the device (its cookie's hash) signed in to the user's account and is still remembered. */
  async isKnownDevice(userId: number, deviceHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_devices')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .where('expires_at', '>', toIso(now))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Remembers (or keeps remembering) a device that signed in, until `until`. */
  async rememberDevice(userId: number, deviceHash: string, now: Date, until: Date): Promise<void> {
    await this.db
      .insertInto('login_devices')
      .values({ user_id: userId, device_hash: deviceHash, created_at: toIso(now), expires_at: toIso(until) })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ expires_at: toIso(until) }))
      .execute();
  }

  /**
   * Takes the right to mail the user about a lockout: true when no mail was sent after `since`
   * (and records `now` as the last), false otherwise. One caller wins among concurrent ones.
   */
  async claimAlert(userId: number, now: Date, since: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('login_alerts')
      .values({ user_id: userId, sent_at: toIso(now) })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ sent_at: toIso(now) })
          .where('login_alerts.sent_at', '<=', toIso(since)),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes forgotten failure rows and devices no longer remembered; returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const at = toIso(now);
    const failures = await this.db.deleteFrom('login_failures').where('expires_at', '<=', at).executeTakeFirst();
    const devices = await this.db.deleteFrom('login_devices').where('expires_at', '<=', at).executeTakeFirst();
    return Number(failures.numDeletedRows) + Number(devices.numDeletedRows);
  }
}
