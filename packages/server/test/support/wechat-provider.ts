import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OAuth2 provider in WeChat's shape on a loopback port: /authorize redirects back with a
 * code, /sns/oauth2/access_token trades it (once) for a token and an openid, /sns/userinfo answers
 * for the token. `nextOpenid` picks who "scans the QR code" next.
 */
export class WechatProvider {
  server!: Server;
  base = '';
  nextOpenid = 'wx-openid-1';
  readonly codes = new Map<string, string>();
  readonly tokens = new Map<string, string>();
  readonly seen: string[] = [];

  async start() {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.base);
      this.seen.push(url.pathname);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/connect/qrconnect') {
        if (url.searchParams.get('appid') !== 'wx-app' || url.searchParams.get('response_type') !== 'code') {
          return json(400, { errcode: 40013 });
        }
        const code = randomBytes(8).toString('hex');
        this.codes.set(code, this.nextOpenid);
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state')!);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/sns/oauth2/access_token') {
        const code = url.searchParams.get('code') ?? '';
        const openid = this.codes.get(code);
        if (url.searchParams.get('secret') !== 'wx-secret' || !openid)
          return json(200, { errcode: 40029, errmsg: 'invalid code' });
        this.codes.delete(code); // codes are single-use, as at WeChat
        const token = randomBytes(8).toString('hex');
        this.tokens.set(token, openid);
        return json(200, { access_token: token, expires_in: 7200, openid, scope: 'snsapi_login' });
      }
      if (url.pathname === '/sns/userinfo') {
        const openid = this.tokens.get(url.searchParams.get('access_token') ?? '');
        if (!openid || openid !== url.searchParams.get('openid')) return json(200, { errcode: 40001 });
        return json(200, { openid, nickname: `nick-${openid}`, unionid: `u-${openid}` });
      }
      json(404, {});
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The server settings that make WeChat sign-in use this provider, coming back to `redirectUri`. */
  env(redirectUri: string): Record<string, string> {
    return {
      THIRD_PARTY_LOGIN: 'true',
      WECHAT_APP_ID: 'wx-app',
      WECHAT_APP_SECRET: 'wx-secret',
      WECHAT_AUTHORIZE_URL: `${this.base}/connect/qrconnect`,
      WECHAT_TOKEN_URL: `${this.base}/sns/oauth2/access_token`,
      WECHAT_USERINFO_URL: `${this.base}/sns/userinfo`,
      WECHAT_REDIRECT_URI: redirectUri,
    };
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
