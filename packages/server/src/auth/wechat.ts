import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { WechatConfig } from '../config.js';
import { readCookie, serverCookie } from './cookies.js';
import { hashToken } from './tokens.js';

/** How long a started WeChat flow (its state, and the browser cookie bound to it) may take. */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;

/**
 * The browser that starts a WeChat flow gets a random nonce in an HttpOnly cookie, and the flow's
 * state keeps its SHA-256: only that browser can finish the flow. Without it, a link to the login
 * page with someone else's `code` and `state` would sign the victim in as that someone (login
 * CSRF). SameSite=Lax is enough: the finishing call is the web app's own same-origin POST.
 */
const BROWSER_COOKIE = 'ml_wechat';
const BROWSER_COOKIE_PATH = '/api/auth/thirdparty/weixin';
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** What a started flow remembers of its browser (the oauth state's payload). */
export interface WechatBrowserBinding {
  browser: string;
}

/**
 * The nonce for a new flow and its Set-Cookie value: the one this browser already carries (flows
 * started in two tabs both finish), else a fresh one.
 */
export function bindBrowser(req: FastifyRequest): { binding: WechatBrowserBinding; cookie: string } {
  const nonce = readCookie(req, BROWSER_COOKIE, NONCE) ?? randomBytes(32).toString('base64url');
  return {
    binding: { browser: hashToken(nonce) },
    cookie: serverCookie(BROWSER_COOKIE, nonce, {
      path: BROWSER_COOKIE_PATH,
      maxAgeSeconds: WECHAT_STATE_TTL_MS / 1000,
      secure: req.protocol === 'https',
    }),
  };
}

/** Whether the request comes from the browser the flow was started in. */
export function isSameBrowser(req: FastifyRequest, payload: unknown): boolean {
  const nonce = readCookie(req, BROWSER_COOKIE, NONCE);
  const bound = (payload as Partial<WechatBrowserBinding> | null)?.browser;
  if (nonce === undefined || typeof bound !== 'string') return false;
  const presented = Buffer.from(hashToken(nonce));
  const expected = Buffer.from(bound);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export interface WechatIdentity {
  openid: string;
  unionid?: string;
  nickname?: string;
}

export class WechatError extends Error {
  override readonly name = 'WechatError';
}

/**
 * WeChat's OAuth2 authorization-code flow (website app): the browser goes to the authorize URL,
 * comes back with `code` and our `state`, and the server trades the code for an access token and
 * the user's openid. Every URL comes from configuration, so tests point it at a local provider.
 */
export class WechatClient {
  constructor(
    private readonly config: WechatConfig,
    private readonly timeoutMs = 5000,
  ) {}

  authorizeUrl(state: string): string {
    const url = new URL(this.config.authorizeUrl);
    url.searchParams.set('appid', this.config.appId);
    url.searchParams.set('redirect_uri', this.config.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'snsapi_login');
    url.searchParams.set('state', state);
    return url.toString();
  }

  async identify(code: string): Promise<WechatIdentity> {
    const tokenUrl = new URL(this.config.tokenUrl);
    tokenUrl.searchParams.set('appid', this.config.appId);
    tokenUrl.searchParams.set('secret', this.config.appSecret);
    tokenUrl.searchParams.set('code', code);
    tokenUrl.searchParams.set('grant_type', 'authorization_code');
    const token = await this.getJson(tokenUrl);
    const accessToken = token.access_token;
    const openid = token.openid;
    if (typeof accessToken !== 'string' || typeof openid !== 'string' || openid === '') {
      throw new WechatError(`token exchange failed (errcode ${String(token.errcode ?? '-')})`);
    }
    const infoUrl = new URL(this.config.userInfoUrl);
    infoUrl.searchParams.set('access_token', accessToken);
    infoUrl.searchParams.set('openid', openid);
    const info = await this.getJson(infoUrl);
    if (info.openid !== openid) throw new WechatError('user info does not match the token');
    return {
      openid,
      ...(typeof info.unionid === 'string' ? { unionid: info.unionid } : {}),
      ...(typeof info.nickname === 'string' ? { nickname: info.nickname } : {}),
    };
  }

  private async getJson(url: URL): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch (err) {
      throw new WechatError(`provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new WechatError(`provider answered HTTP ${res.status}`);
    const body: unknown = await res.json().catch(() => undefined);
    if (!body || typeof body !== 'object') throw new WechatError('provider answered without JSON');
    return body as Record<string, unknown>;
  }
}
