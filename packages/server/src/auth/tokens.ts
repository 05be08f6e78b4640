import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.js';
import { LruMap } from '../lru.js';
import type { MetadataStore, User } from '../metadata/index.js';

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
  refreshTtlSeconds: number;
  clock: () => Date;
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
 * hashed. Presenting a spent refresh token revokes its whole family: whoever stole it and whoever
 * holds the current one are both signed out.
 */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were verified, until their `exp`. An analyst's page sends
   * several requests with the same token each second, and HMAC through WebCrypto cost ~0.6 ms of the
   * main thread per request under load (issue 19's profile). Keyed by the whole token string, so a
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

  /** A new session: a refresh-token family and its first access token. */
  async issue(user: User): Promise<TokenPair> {
    const familyId = randomUUID();
    const refreshToken = newOpaqueToken();
    await this.metadata.refreshTokens.create({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: this.refreshExpiry(),
    });
    return this.pair(user, familyId, refreshToken);
  }

  /**
   * Rotates a refresh token. The caller checks the account (state may have changed since) with the
   * returned user, and records reuse in the audit trail.
   */
  async refresh(refreshToken: string): Promise<RefreshOutcome> {
    const record = await this.metadata.refreshTokens.getByHash(hashToken(refreshToken));
    if (!record) return { kind: 'invalid' };
    if (record.replacedBy !== null) {
      await this.metadata.refreshTokens.revokeFamily(record.familyId);
      return { kind: 'reused', userId: record.userId, familyId: record.familyId };
    }
    if (record.revokedAt !== null || record.expiresAt <= this.settings.clock().toISOString())
      return { kind: 'invalid' };
    const user = await this.metadata.users.getById(record.userId);
    if (!user) return { kind: 'invalid' };
    const next = newOpaqueToken();
    const rotated = await this.metadata.refreshTokens.rotate(record.id, {
      userId: user.id,
      familyId: record.familyId,
      tokenHash: hashToken(next),
      expiresAt: this.refreshExpiry(),
    });
    if (!rotated) {
      // Lost a race with another use of the same token: that is reuse too.
      await this.metadata.refreshTokens.revokeFamily(record.familyId);
      return { kind: 'reused', userId: record.userId, familyId: record.familyId };
    }
    return { kind: 'ok', pair: await this.pair(user, record.familyId, next), user };
  }

  /** Ends one session (logout). */
  async revokeSession(sessionId: string): Promise<void> {
    await this.metadata.refreshTokens.revokeFamily(sessionId);
  }

  /** Ends every session of a user at once (lock, password change, role change, deletion). */
  async revokeUser(userId: number): Promise<void> {
    await this.metadata.users.bumpTokenVersion(userId);
    await this.metadata.refreshTokens.revokeAllForUser(userId);
  }

  private async pair(user: User, familyId: string, refreshToken: string): Promise<TokenPair> {
    const accessToken = await this.signAccess({
      userId: user.id,
      tokenVersion: user.tokenVersion,
      sessionId: familyId,
    });
    return { accessToken, refreshToken, sessionId: familyId, expiresIn: this.settings.accessTtlSeconds };
  }

  private refreshExpiry(): Date {
    return new Date(this.settings.clock().getTime() + this.settings.refreshTtlSeconds * 1000);
  }
}

/** 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
