import type { WechatConfig } from '../config.js';

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
