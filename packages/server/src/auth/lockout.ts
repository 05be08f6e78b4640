import { randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AuthConfig } from '../config.js';
import { AppError } from '../errors.js';
import type { LoginFailureState, MetadataStore, User } from '../metadata/index.js';
import { readCookie, serverCookie } from './cookies.js';
import { hashToken } from './tokens.js';

/**
 * The sign-in lockout (docs/security.md "Lockout", ADR 0014). Wrong passwords are counted per
 * (account name, client), never per account: a stranger's failures lock the stranger's client
 * out of that account, and the owner on a device that signed in before keeps getting in. The
 * name is the one typed, whether or not an account has it, so a name without an account runs
 * through exactly the same counts, timings and answers.
 *
 * A client is the device cookie when that device has signed in to this very account, else the
 * request's address (an IPv6 address by its /64, what one subscriber usually gets).
 */

/** The device cookie: random, set by the server at a successful password sign-in. */
export const DEVICE_COOKIE = 'ml_device';
/** How long a device that signed in stays known (refreshed at each sign-in). */
export const DEVICE_DAYS = 365;
/** At most one lockout mail per account in this interval. */
export const ALERT_INTERVAL_MS = 24 * 60 * 60_000;

const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface SignInClient {
  /** The key of login_failures.client. */
  key: string;
  kind: 'device' | 'address';
}

/** The device cookie's value when the request carries a well-formed one. */
export function readDeviceCookie(req: FastifyRequest): string | undefined {
  return readCookie(req, DEVICE_COOKIE, DEVICE_TOKEN);
}

/**
 * The Set-Cookie value for a device token, sent only to the sign-in calls. It grants nothing by
 * itself — it only decides which count a wrong password goes to — so it is no credential and no
 * CSRF surface.
 */
export function deviceCookie(token: string, secure: boolean): string {
  return serverCookie(DEVICE_COOKIE, token, { path: '/api/auth', maxAgeSeconds: DEVICE_DAYS * 86_400, secure });
}

/** The client key of an address: IPv4 as is, IPv6 by its first 64 bits. */
export function addressKey(ip: string): string {
  const plain = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIPv4(plain) || !isIPv6(plain)) return `ip:${plain}`;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `ip:${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The locked answer: 403 with the minutes left (docs/api.md "locked, contact administrator"). */
export function lockedOut(minutes: number): AppError {
  return new AppError(403, 'account_locked', 'auth.locked', { count: minutes });
}

export type FailureOutcome =
  | { kind: 'counted'; remaining: number }
  /** `started`: this attempt began the lockout (number `lockout`); otherwise one was already on. */
  | { kind: 'locked'; minutes: number; started: boolean; lockout: number; until: Date };

export class SignInLockout {
  constructor(
    private readonly metadata: MetadataStore,
    private readonly config: Pick<AuthConfig, 'maxFailedLogins' | 'lockoutMinutes' | 'maxLockoutMinutes'>,
  ) {}

  /** The client a sign-in attempt for `user` (undefined: no such account) comes from. */
  async client(req: FastifyRequest, user: User | undefined, now: Date): Promise<SignInClient> {
    const token = readDeviceCookie(req);
    if (user && token) {
      const key = deviceKey(token);
      if (await this.metadata.loginFailures.isKnownDevice(user.id, key.slice('device:'.length), now)) {
        return { key, kind: 'device' };
      }
    }
    return { key: addressKey(req.ip), kind: 'address' };
  }

  /** Minutes left of the client's lockout on the account, or null when it may try. */
  async minutesLocked(account: string, client: SignInClient, now: Date): Promise<number | null> {
    const state = await this.metadata.loginFailures.get(account, client.key, now);
    return lockedMinutes(state, now);
  }

  /** Counts a wrong password; starts a lockout on the Nth, each lasting twice the one before. */
  async recordFailure(account: string, client: SignInClient, now: Date): Promise<FailureOutcome> {
    const repo = this.metadata.loginFailures;
    const max = this.config.maxFailedLogins;
    const state = await repo.recordFailure(account, client.key, now, this.forgetAt(now));
    const already = lockedMinutes(state, now);
    if (already !== null) return this.lockedNow(account, client, now);
    if (state.failures < max) return { kind: 'counted', remaining: max - state.failures };
    const lockout = state.lockouts + 1;
    const minutes = this.lockoutMinutes(lockout);
    const until = new Date(now.getTime() + minutes * 60_000);
    if (!(await repo.lock(account, client.key, state, max, now, until, this.forgetAt(until)))) {
      // A concurrent attempt started this lockout.
      return this.lockedNow(account, client, now);
    }
    return { kind: 'locked', minutes, started: true, lockout, until };
  }

  /** A sign-in that proved the password: its client starts afresh; the device is (still) known. */
  async succeeded(req: FastifyRequest, user: User, client: SignInClient, now: Date): Promise<string> {
    const token = readDeviceCookie(req) ?? randomBytes(32).toString('base64url');
    await this.metadata.loginFailures.clear(user.username, [client.key]);
    const until = new Date(now.getTime() + DEVICE_DAYS * 86_400_000);
    await this.metadata.loginFailures.rememberDevice(user.id, deviceHash(token), now, until);
    return token;
  }

  /** How long lockout number `n` (from 1) lasts: the base, doubled each time, up to the ceiling. */
  lockoutMinutes(n: number): number {
    return Math.min(this.config.lockoutMinutes * 2 ** (n - 1), this.config.maxLockoutMinutes);
  }

  /** A client quiet for the longest lockout is forgotten: its next lockout is a first one again. */
  private forgetAt(from: Date): Date {
    return new Date(from.getTime() + this.config.maxLockoutMinutes * 60_000);
  }

  private async lockedNow(account: string, client: SignInClient, now: Date): Promise<FailureOutcome> {
    const state = await this.metadata.loginFailures.get(account, client.key, now);
    const minutes = lockedMinutes(state, now) ?? 1;
    const until = new Date(state?.lockedUntil ?? now);
    return { kind: 'locked', minutes, started: false, lockout: state?.lockouts ?? 0, until };
  }
}

/**
 * An administrator's unlock (PUT /api/common/users/{id} with `locked: false`): every client's
 * failures and lockouts on the account are forgotten. Returns how many clients were cleared.
 */
export function clearLoginFailures(metadata: MetadataStore, user: Pick<User, 'username'>): Promise<number> {
  return metadata.loginFailures.clearAccount(user.username);
}

/**
 * Clears the lockout of the client a request comes from (its address and its device cookie, if
 * any) on one account: a password reset opened there proved control of the owner's mailbox.
 */
export async function clearClientFailures(
  metadata: MetadataStore,
  req: FastifyRequest,
  user: Pick<User, 'username'>,
): Promise<void> {
  const token = readDeviceCookie(req);
  await metadata.loginFailures.clear(user.username, [addressKey(req.ip), ...(token ? [deviceKey(token)] : [])]);
}

const deviceHash = (token: string) => hashToken(token);
const deviceKey = (token: string) => `device:${deviceHash(token)}`;

function lockedMinutes(state: LoginFailureState | undefined, now: Date): number | null {
  if (!state?.lockedUntil) return null;
  const ms = Date.parse(state.lockedUntil) - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 60_000)) : null;
}
