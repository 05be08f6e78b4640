import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from '../src/config.js';

const cwd = '/srv/marketlens';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, cwd);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('defaults to the embedded stores under ./data and port 8080', () => {
    const c = loadConfig({}, cwd);
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.join(cwd, 'data'));
    expect(c.metadataUrl).toBe(path.join(cwd, 'data/metadata.sqlite'));
    expect(c.warehouseUrl).toBe(path.join(cwd, 'data/warehouse'));
    expect(c.redisUrl).toBeUndefined();
    expect(c.demoScale).toBe('demo');
  });

  it('places the default stores inside DATA_DIR and keeps a postgres URL as is', () => {
    const c = loadConfig({ DATA_DIR: '/var/lib/ml', METADATA_URL: 'postgres://u:p@db:5432/ml' }, cwd);
    expect(c.metadataUrl).toBe('postgres://u:p@db:5432/ml');
    expect(c.warehouseUrl).toBe('/var/lib/ml/warehouse');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty" is not valid: expected a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000" is not valid: expected a whole number from 0 to 65535'],
    [{ HOST: 'bad host' }, 'HOST="bad host" is not valid: expected a host name or IP address'],
    [
      { METADATA_URL: 'mysql://u:secret@db/x' },
      'METADATA_URL="mysql://u:***@db/x" is not valid: expected a SQLite file path or a postgres:// URL',
    ],
    [{ WAREHOUSE_URL: 'ftp://x' }, 'WAREHOUSE_URL="ftp://x" is not valid'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL="localhost:6379" is not valid: expected redis://host:port'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL="loud" is not valid: expected one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ DEMO_SCALE: 'huge' }, 'DEMO_SCALE="huge" is not valid: expected one of tiny, demo, none'],
    [{ CPU_SCHEDULING: 'fast' }, 'CPU_SCHEDULING="fast" is not valid: expected one of batch, normal'],
    [{ TOKEN_SIGNING_KEY: 'short' }, 'TOKEN_SIGNING_KEY is too short: expected at least 32 characters'],
    [{ FRAME_ANCESTORS: "'self' javascript:alert(1)" }, 'FRAME_ANCESTORS contains "javascript:alert(1)"'],
  ])('rejects %o with a clear message', (env, message) => {
    const found = problems(env as Record<string, string>);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('reports every bad value at once and never prints a password', () => {
    const found = problems({ PORT: '-1', LOG_LEVEL: 'x', METADATA_URL: 'mysql://admin:hunter2@h/d' });
    expect(found).toHaveLength(3);
    expect(found.join('\n')).not.toContain('hunter2');
  });
});

describe('sign-in configuration', () => {
  it('has safe defaults: 15 min access tokens, 5 failures, 30 min lockout, no third-party login', () => {
    const c = loadConfig({}, cwd);
    expect(c.auth).toMatchObject({
      accessTokenTtlSeconds: 900,
      maxFailedLogins: 5,
      lockoutMinutes: 30,
      thirdPartyLogin: false,
      appKeys: [],
    });
    expect(c.wechat).toBeUndefined();
  });

  it('reads WeChat settings only when all of them are given', () => {
    const wechat = {
      WECHAT_APP_ID: 'wx',
      WECHAT_APP_SECRET: 's3cret',
      WECHAT_AUTHORIZE_URL: 'https://open.weixin.qq.com/connect/qrconnect',
      WECHAT_TOKEN_URL: 'https://api.weixin.qq.com/sns/oauth2/access_token',
      WECHAT_USERINFO_URL: 'https://api.weixin.qq.com/sns/userinfo',
      WECHAT_REDIRECT_URI: 'https://ml.example/login',
    };
    expect(loadConfig(wechat, cwd).wechat).toMatchObject({ appId: 'wx', redirectUri: 'https://ml.example/login' });
    expect(problems({ WECHAT_APP_ID: 'wx' })).toEqual([
      'WeChat sign-in is partly configured: also set WECHAT_APP_SECRET, WECHAT_AUTHORIZE_URL, WECHAT_TOKEN_URL, WECHAT_USERINFO_URL, WECHAT_REDIRECT_URI',
    ]);
    expect(problems({ ...wechat, WECHAT_TOKEN_URL: 'ftp://x' })).toEqual([
      'WECHAT_TOKEN_URL="ftp://x" is not valid: expected an http(s):// URL',
    ]);
  });

  it('reports bad auth numbers and app keys together', () => {
    expect(problems({ ACCESS_TOKEN_TTL_SECONDS: '5', LOGIN_MAX_FAILURES: '0', APP_KEYS: 'ok,bad key' })).toEqual([
      'ACCESS_TOKEN_TTL_SECONDS="5" is not valid: expected a whole number from 30 to 86400',
      'LOGIN_MAX_FAILURES="0" is not valid: expected a whole number from 1 to 100',
      'APP_KEYS contains "bad key": expected letters, digits, _ . -',
    ]);
  });

  it('takes an external picture service as an http(s) base the id can be appended to', () => {
    expect(loadConfig({}, cwd).pictureBaseUrl).toBeUndefined();
    expect(loadConfig({ PICTURE_BASE_URL: 'https://img.example.com/p//' }, cwd).pictureBaseUrl).toBe(
      'https://img.example.com/p',
    );
    expect(
      problems({ PICTURE_BASE_URL: 'ftp://img.example.com' }).concat(
        problems({ PICTURE_BASE_URL: 'https://u:secret@img.example.com/p?size=2' }),
      ),
    ).toEqual([
      'PICTURE_BASE_URL="ftp://img.example.com" is not valid: expected an http(s):// URL',
      'PICTURE_BASE_URL="https://u:***@img.example.com/p?size=2" is not valid: expected an http(s):// address without user, query or fragment, e.g. https://img.example.com/products',
    ]);
  });
});

describe('TRUST_PROXY: whose X-Forwarded-* the server believes', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy;

  it('trusts nobody by default, a number of proxies, or proxies at addresses and networks', () => {
    expect(loadConfig({}, cwd).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('10.0.0.5, 10.0.0.0/8,fd00::/8, ::1, loopback')).toEqual({
      networks: ['10.0.0.5', '10.0.0.0/8', 'fd00::/8', '::1', 'loopback'],
    });
  });

  it("refuses 'true', which let any client choose its address, saying what to set instead", () => {
    expect(problems({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY="true" is no longer accepted: it trusted every X-Forwarded-For entry, so any client could choose its address; set the number of proxies in front of the server (e.g. 1) or their addresses or networks (e.g. 10.0.0.0/8,fd00::/8)',
    ]);
  });

  it('names each entry that is neither an address nor a network, and a hop count out of range', () => {
    const expected =
      'expected false, a number of proxies, or addresses and CIDR networks separated by commas (10.0.0.5, 10.0.0.0/8, fd00::/8, loopback, linklocal, uniquelocal)';
    expect(problems({ TRUST_PROXY: '10.0.0.0/33,maybe,fd00::/8,10.0.0.1/8/8,fd00::/129,' })).toEqual(
      ['10.0.0.0/33', 'maybe', '10.0.0.1/8/8', 'fd00::/129', ''].map((n) => `TRUST_PROXY contains "${n}": ${expected}`),
    );
    expect(problems({ TRUST_PROXY: '17' })).toEqual([
      'TRUST_PROXY="17" is not valid: expected a number of proxies from 1 to 16',
    ]);
  });
});

describe('redactUrl', () => {
  it('hides the password of the URL and of the ClickHouse import account', () => {
    expect(redactUrl('postgres://ml:secret@db:5432/ml')).toBe('postgres://ml:***@db:5432/ml');
    expect(
      redactUrl('http://reader:r3ad@ch1:8123,ch2:8123/marketlens?cluster=c&import_user=loader&import_password=l0ad'),
    ).toBe('http://reader:***@ch1:8123,ch2:8123/marketlens?cluster=c&import_user=loader&import_password=***');
  });
});
