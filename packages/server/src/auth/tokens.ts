import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.js';
import { LruMap } from '../lru.js';
import type { MetadataStore, SessionClient, SessionRecord, User } from '../metadata/index.js';

const ISSUER = 'marketlens';
const AUDIENCE = 'marketlens-api';
/** RFC 9068 access-token type: a refresh token or an ID token can never pass as one. */
const ACCESS_TYP = 'at+jwt';

export interface AccessClaims {
  userId: number;
  /** users.token_version when issued: bumping it revokes every outstanding token. */
  tokenVersion: number;
  /** The session (refresh-token family) the token belongs to; logout ends it. */
  sessionId: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  expiresIn: number;
}

export interface TokenSettings {
  signingKey: string;
  accessTtlSeconds: number;
  /** A session's absolute lifetime from sign-in: no refresh moves it. */
  sessionAbsoluteSeconds: number;
  /** How long a session may go without a refresh (each refresh token's lifetime). */
  sessionIdleSeconds: number;
  /** The web app's own app key: the app of every session a sign-in opens. */
  ownAppKey: string;
  clock: () => Date;
}

/** The user agent as stored: enough to tell browsers and systems apart, never a whole header. */
const USER_AGENT_MAX = 256;

/** Where a request came from, as the session list shows it. */
export function sessionClient(req: FastifyRequest): SessionClient {
  const agent = req.headers['user-agent'];
  return {
    ip: req.ip || null,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

/** A live session as its owner sees it in the list, child-app sessions under the one they came from. */
export interface SessionView {
  session: SessionRecord;
  current: boolean;
  children: { session: SessionRecord; current: boolean }[];
}

/** Verified access tokens kept (the least recently used goes first): far more than one server's sessions. */
const VERIFIED_TOKENS = 10_000;

export const sessionEnded = () => new AppError(401, 401, 'auth.sessionEnded');

/** SHA-256 of an opaque token: what the database stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type RefreshOutcome =
  | { kind: 'ok'; pair: TokenPair; user: User }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: number; familyId: string };

/**
 * Access JWTs (HS256 pinned, typ checked, short-lived) and opaque rotating refresh tokens stored
 * hashed, one family per session. Presenting a spent refresh token revokes its whole family:
 * whoever stole it and whoever holds the current one are both signed out. A session ends at its
 * absolute limit however often it is refreshed, and after the idle limit without a refresh
 * (docs/security.md "Tokens").
 */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were verified, until their `exp`. An analyst's page sends
   * several requests with the same token each second, and HMAC through WebCrypto cost a noticeable part of the
   * main thread per request under load (a profile showed it). Keyed by the whole token string, so a
   * changed byte misses; revocation is unaffected (the auth plugin checks the account's token
   * version and the session on every request, after this).
   */
  private readonly verified = new LruMap<string, { claims: AccessClaims; exp: number }>(VERIFIED_TOKENS);

  constructor(
    private readonly metadata: MetadataStore,
    private readonly settings: TokenSettings,
  ) {
    this.key = new TextEncoder().encode(settings.signingKey);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.settings.clock().getTime() / 1000);
    return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.settings.accessTtlSeconds)
      .setJti(randomUUID())
      .sign(this.key);
  }

  /** The claims of a valid access token, or undefined for anything else (never throws). */
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    const now = this.settings.clock().getTime() / 1000;
    const known = this.verified.get(token);
    if (known) {
      if (now < known.exp) return known.claims;
      this.verified.delete(token);
    }
    const claims = await this.verifySignedToken(token);
    if (claims) this.verified.set(token, claims);
    return claims?.claims;
  }

  private async verifySignedToken(token: string): Promise<{ claims: AccessClaims; exp: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        typ: ACCESS_TYP,
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: this.settings.clock(),
      });
      const userId = Number(payload.sub);
      const ver = payload.ver;
      const sid = payload.sid;
      if (!Number.isSafeInteger(userId) || typeof ver !== 'number' || typeof sid !== 'string') return undefined;
      return { claims: { userId, tokenVersion: ver, sessionId: sid }, exp: payload.exp! };
    } catch {
      return undefined;
    }
  }

  /** A new session of the web app (a sign-in): a refresh-token family and its first access token. */
  async issue(user: User, client: SessionClient): Promise<TokenPair> {
    const now = this.settings.clock().getTime();
    return this.open(user, client, {
      parentId: null,
      appKey: this.settings.ownAppKey,
      expiresAt: new Date(now + this.settings.sessionAbsoluteSeconds * 1000),
    });
  }

  /**
   * A child app's session handed over from the caller's session (docs/product.md §7: the parent portal's token
   * hand-over). It hangs on the caller's top session — ending that one (logout, a password change,
   * revocation, reuse detection) ends it too — and ends at that session's absolute limit at the
   * latest. Undefined when the caller's session is no longer live.
   */
  async issueChild(
    user: User,
    callerSessionId: string,
    appKey: string,
    client: SessionClient,
  ): Promise<TokenPair | undefined> {
    const caller = await this.metadata.refreshTokens.getSession(callerSessionId);
    const parent = caller?.parentId ? await this.metadata.refreshTokens.getSession(caller.parentId) : caller;
    if (!parent || parent.userId !== user.id || parent.endedAt !== null) return undefined;
    if (parent.expiresAt <= this.settings.clock().toISOString()) return undefined;
    return this.open(user, client, { parentId: parent.id, appKey, expiresAt: parent.expiresAt });
  }

  private async open(
    user: User,
    client: SessionClient,
    session: { parentId: string | null; appKey: string; expiresAt: string | Date },
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    const refreshToken = newOpaqueToken();
    const expiresAt = new Date(session.expiresAt);
    await this.metadata.refreshTokens.startSession(
      { id: familyId, userId: user.id, ...session, expiresAt, client },
      { tokenHash: hashToken(refreshToken), expiresAt: this.refreshExpiry(expiresAt) },
    );
    return this.pair(user, familyId, refreshToken);
  }

  /**
   * Rotates a refresh token while its session is live (not ended, before its absolute limit, and
   * the token unexpired, i.e. used within the idle limit). The caller checks the account (state may
   * have changed since) with the returned user, and records reuse in the audit trail.
   */
  async refresh(refreshToken: string, client: SessionClient): Promise<RefreshOutcome> {
    const tokens = this.metadata.refreshTokens;
    const record = await tokens.getByHash(hashToken(refreshToken));
    if (!record) return { kind: 'invalid' };
    if (record.replacedBy !== null) {
      await tokens.revokeFamily(record.familyId);
      return { kind: 'reused', userId: record.userId, familyId: record.familyId };
    }
    const now = this.settings.clock().toISOString();
    if (record.revokedAt !== null || record.expiresAt <= now) return { kind: 'invalid' };
    const session = await tokens.getSession(record.familyId);
    if (!session || session.endedAt !== null || session.expiresAt <= now) return { kind: 'invalid' };
    const user = await this.metadata.users.getById(record.userId);
    if (!user) return { kind: 'invalid' };
    const next = newOpaqueToken();
    const rotated = await tokens.rotate(
      record.id,
      {
        userId: user.id,
        familyId: record.familyId,
        tokenHash: hashToken(next),
        expiresAt: this.refreshExpiry(new Date(session.expiresAt)),
      },
      client,
    );
    if (!rotated) {
      // Lost a race with another use of the same token: that is reuse too.
      await tokens.revokeFamily(record.familyId);
      return { kind: 'reused', userId: record.userId, familyId: record.familyId };
    }
    return { kind: 'ok', pair: await this.pair(user, record.familyId, next), user };
  }

  /** Ends one session and the child-app sessions handed over from it (logout). */
  async revokeSession(sessionId: string): Promise<void> {
    await this.metadata.refreshTokens.revokeFamily(sessionId);
  }

  /** Ends every session of a user at once (lock, password change, role change, deletion). */
  async revokeUser(userId: number): Promise<void> {
    await this.metadata.users.bumpTokenVersion(userId);
    await this.metadata.refreshTokens.revokeAllForUser(userId);
  }

  /**
   * The user's live sessions, each top session with the child-app sessions handed over from it
   * (a child whose parent went idle is listed on its own), the calling one marked.
   */
  async listSessions(userId: number, currentId: string): Promise<SessionView[]> {
    const live = await this.metadata.refreshTokens.listLive(userId);
    const tops = new Map<string, SessionView>();
    for (const session of live) {
      if (session.parentId === null) tops.set(session.id, { session, current: session.id === currentId, children: [] });
    }
    for (const session of live) {
      if (session.parentId === null) continue;
      const child = { session, current: session.id === currentId };
      const parent = tops.get(session.parentId);
      if (parent) parent.children.push(child);
      else tops.set(session.id, { ...child, children: [] });
    }
    return [...tops.values()];
  }

  /**
   * Ends one of the user's own sessions and its children; returns how many ended, 0 when the id is
   * not an open session of this user (someone else's session is as unknown as a made-up id).
   */
  async endOwnSession(userId: number, sessionId: string): Promise<number> {
    const session = await this.metadata.refreshTokens.getSession(sessionId);
    if (!session || session.userId !== userId || session.endedAt !== null) return 0;
    return this.metadata.refreshTokens.revokeFamily(sessionId);
  }

  /**
   * "Sign out other devices": ends every session of the user but the calling one's — its top
   * session and the child-app sessions of that one, which live in the same browser. Returns how
   * many sessions ended.
   */
  async endOtherSessions(userId: number, currentId: string): Promise<number> {
    const current = await this.metadata.refreshTokens.getSession(currentId);
    return this.metadata.refreshTokens.revokeOthers(userId, [current?.parentId ?? currentId]);
  }

  private async pair(user: User, familyId: string, refreshToken: string): Promise<TokenPair> {
    const accessToken = await this.signAccess({
      userId: user.id,
      tokenVersion: user.tokenVersion,
      sessionId: familyId,
    });
    return { accessToken, refreshToken, sessionId: familyId, expiresIn: this.settings.accessTtlSeconds };
  }

  /** A refresh token lasts the idle limit, and never past its session's absolute limit. */
  private refreshExpiry(sessionEnd: Date): Date {
    const idleEnd = this.settings.clock().getTime() + this.settings.sessionIdleSeconds * 1000;
    return new Date(Math.min(idleEnd, sessionEnd.getTime()));
  }
}

/** 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
