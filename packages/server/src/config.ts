import { isIP } from 'node:net';
import path from 'node:path';
import type { AdmissionConfig } from './analytics/admission.js';
import { CPU_SCHEDULINGS, type CpuScheduling } from './scheduling.js';

/**
 * Server configuration, read once from the environment and validated at start. Every bad value
 * produces one clear line naming the variable, the value and what is expected; all of them are
 * reported together so an operator fixes them in one go.
 */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file path or postgres:// URL. */
  metadataUrl: string;
  /** Warehouse directory (DuckDB files) or an http(s):// ClickHouse URL (docs/deployment.md). */
  warehouseUrl: string;
  redisUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Linux scheduling policy of the server's threads (scheduling.ts, ADR 0011). */
  cpuScheduling: CpuScheduling;
  /** Token signing key given by the operator; otherwise one is generated into the data folder. */
  tokenSigningKey: string | undefined;
  /** Password for the root account created on first start; otherwise one is generated. */
  rootPassword: string | undefined;
  /** Scale of the demo data generated when the warehouse is empty; 'none' skips it. */
  demoScale: 'tiny' | 'demo' | 'none';
  demoSeed: number;
  /** Where the built web app is; absent (not built) means the API runs alone. */
  webDistDir: string;
  requestTimeoutMs: number;
  queryTimeoutMs: number;
  /** Statements run at once on the warehouse: DuckDB query connections, ClickHouse requests in flight (WAREHOUSE_POOL_SIZE). */
  warehousePoolSize: number;
  /**
   * Admission of analysis requests: how many run at once, how many may wait and how long (load shedding,
   * docs/deployment.md).
   */
  analysis: AdmissionConfig;
  /** Who may embed the app in a frame (CSP frame-ancestors), e.g. the parent portal. */
  frameAncestors: string[];
  /**
   * External file service for product pictures the datasets do not bring (PICTURE_BASE_URL, without
   * trailing slash): the picture route redirects to `<base>/<image id>`.
   */
  pictureBaseUrl: string | undefined;
  /** Which peers may say who the client is (X-Forwarded-For, -Proto, -Host): TRUST_PROXY. */
  trustProxy: TrustProxy;
  /** Sign-in, tokens and lockout (docs/security.md "Accounts and sign-in"). */
  auth: AuthConfig;
  /** WeChat OAuth2 sign-in; undefined when not configured. */
  wechat: WechatConfig | undefined;
  /** Mail delivery over SMTP (SMTP_URL, MAIL_FROM); undefined: mail stays in the outbox table (docs/security.md). */
  smtp: SmtpConfig | undefined;
}

/**
 * Nobody (the socket's peer is the client), the nearest `hops` proxies, or proxies at these addresses
 * and networks (docs/deployment.md "Behind a load balancer").
 */
export type TrustProxy = false | { hops: number } | { networks: string[] };

export interface SmtpConfig {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); may carry user:password. */
  url: string;
  /** Sender, an address or `Name <address>`. */
  from: string;
}

export interface AuthConfig {
  accessTokenTtlSeconds: number;
  /** A session's absolute lifetime from sign-in: refreshing never moves it (docs/security.md "Tokens"). */
  sessionAbsoluteHours: number;
  /** A session ends after this long without a refresh (each refresh token's lifetime). */
  sessionIdleMinutes: number;
  /** Wrong passwords from one client that lock that client out of the account (auth/lockout.ts). */
  maxFailedLogins: number;
  /** How long a client's first lockout lasts; each further one lasts twice the one before. */
  lockoutMinutes: number;
  /** The longest lockout; also how long a quiet client's failures are remembered. */
  maxLockoutMinutes: number;
  passwordResetTtlMinutes: number;
  /** Requests per window per IP and per username on sign-in, refresh and reset. */
  rateLimitPerIp: number;
  rateLimitPerUsername: number;
  rateLimitWindowSeconds: number;
  /** Whether third-party (WeChat, parent portal) sign-in is offered (docs/product.md §2). */
  thirdPartyLogin: boolean;
  /** app_key values accepted on auth calls, besides the web app's own 'marketlens'. */
  appKeys: string[];
  /** Public address of the web app, for links in mails (password reset). */
  publicUrl: string | undefined;
}

export interface WechatConfig {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** Where the provider sends the browser back (the web app's login page). */
  redirectUri: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DEMO_SCALES = ['tiny', 'demo', 'none'] as const;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return def;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}="${raw}" is not valid: expected a whole number from ${min} to ${max}`);
      return def;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], def: T): T => {
    const raw = str(name);
    if (raw === undefined) return def;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name}="${raw}" is not valid: expected one of ${allowed.join(', ')}`);
      return def;
    }
    return raw as T;
  };
  const bool = (name: string, def: boolean): boolean => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return def;
    if (['1', 'true', 'yes'].includes(raw)) return true;
    if (['0', 'false', 'no'].includes(raw)) return false;
    problems.push(`${name}="${raw}" is not valid: expected true or false`);
    return def;
  };

  const dataDir = path.resolve(cwd, str('DATA_DIR') ?? 'data');

  const host = str('HOST') ?? '0.0.0.0';
  if (!/^[A-Za-z0-9.:_-]+$/.test(host))
    problems.push(`HOST="${host}" is not valid: expected a host name or IP address`);

  let metadataUrl = str('METADATA_URL') ?? path.join(dataDir, 'metadata.sqlite');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(metadataUrl)) {
    if (!/^postgres(ql)?:\/\//i.test(metadataUrl)) {
      problems.push(
        `METADATA_URL="${redactUrl(metadataUrl)}" is not valid: expected a SQLite file path or a postgres:// URL`,
      );
    }
  } else if (metadataUrl !== ':memory:') {
    metadataUrl = path.resolve(cwd, metadataUrl.replace(/^sqlite:/, ''));
  }

  let warehouseUrl = str('WAREHOUSE_URL') ?? path.join(dataDir, 'warehouse');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(warehouseUrl)) {
    if (!/^https?:\/\//i.test(warehouseUrl)) {
      problems.push(
        `WAREHOUSE_URL="${redactUrl(warehouseUrl)}" is not valid: expected a directory for DuckDB files or an http(s):// ClickHouse URL`,
      );
    }
  } else {
    warehouseUrl = path.resolve(cwd, warehouseUrl.replace(/^duckdb:/, ''));
  }

  const redisUrl = str('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//i.test(redisUrl)) {
    problems.push(`REDIS_URL="${redactUrl(redisUrl)}" is not valid: expected redis://host:port`);
  }

  const tokenSigningKey = str('TOKEN_SIGNING_KEY');
  if (tokenSigningKey !== undefined && tokenSigningKey.length < 32) {
    problems.push('TOKEN_SIGNING_KEY is too short: expected at least 32 characters');
  }

  const frameAncestors = (str('FRAME_ANCESTORS') ?? "'self'").split(/\s+/).filter(Boolean);
  for (const a of frameAncestors) {
    if (!/^('self'|'none'|https?:\/\/[^\s;,'"]+)$/.test(a)) {
      problems.push(
        `FRAME_ANCESTORS contains "${a}": expected 'self', 'none' or http(s):// origins separated by spaces`,
      );
    }
  }

  const httpUrl = (name: string): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (u.protocol === 'http:' || u.protocol === 'https:') return raw;
    } catch {
      // reported below
    }
    problems.push(`${name}="${redactUrl(raw)}" is not valid: expected an http(s):// URL`);
    return undefined;
  };

  const auth: AuthConfig = {
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 900, 30, 86_400),
    sessionAbsoluteHours: int('SESSION_ABSOLUTE_HOURS', 7 * 24, 1, 90 * 24),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 24 * 60, 15, 90 * 24 * 60),
    maxFailedLogins: int('LOGIN_MAX_FAILURES', 5, 1, 100),
    lockoutMinutes: int('LOGIN_LOCKOUT_MINUTES', 30, 1, 7 * 24 * 60),
    maxLockoutMinutes: int('LOGIN_LOCKOUT_MAX_MINUTES', 24 * 60, 1, 30 * 24 * 60),
    passwordResetTtlMinutes: int('PASSWORD_RESET_TTL_MINUTES', 30, 5, 24 * 60),
    rateLimitPerIp: int('RATE_LIMIT_PER_IP', 30, 1, 100_000),
    rateLimitPerUsername: int('RATE_LIMIT_PER_USERNAME', 10, 1, 100_000),
    rateLimitWindowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    thirdPartyLogin: bool('THIRD_PARTY_LOGIN', false),
    appKeys: (str('APP_KEYS') ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    publicUrl: httpUrl('PUBLIC_URL'),
  };
  if (auth.maxLockoutMinutes < auth.lockoutMinutes) {
    problems.push(
      `LOGIN_LOCKOUT_MAX_MINUTES=${auth.maxLockoutMinutes} is shorter than LOGIN_LOCKOUT_MINUTES=${auth.lockoutMinutes}`,
    );
  }
  if (str('REFRESH_TOKEN_TTL_SECONDS') !== undefined) {
    // It used to be a sliding lifetime that a refresh moved forward for ever: refuse rather than ignore it.
    problems.push('REFRESH_TOKEN_TTL_SECONDS is no longer read: set SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS');
  }
  if (auth.sessionIdleMinutes * 60 <= auth.accessTokenTtlSeconds) {
    // A client in use refreshes about once per access token's lifetime: a shorter idle limit would end it.
    problems.push(
      `SESSION_IDLE_MINUTES=${auth.sessionIdleMinutes} is not longer than ACCESS_TOKEN_TTL_SECONDS=${auth.accessTokenTtlSeconds}`,
    );
  }
  if (auth.sessionIdleMinutes > auth.sessionAbsoluteHours * 60) {
    problems.push(
      `SESSION_IDLE_MINUTES=${auth.sessionIdleMinutes} is longer than SESSION_ABSOLUTE_HOURS=${auth.sessionAbsoluteHours}`,
    );
  }
  for (const k of auth.appKeys) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(k)) problems.push(`APP_KEYS contains "${k}": expected letters, digits, _ . -`);
  }

  // WeChat is all or nothing: a half-configured provider would fail only when someone tries it.
  const wechatVars = [
    'WECHAT_APP_ID',
    'WECHAT_APP_SECRET',
    'WECHAT_AUTHORIZE_URL',
    'WECHAT_TOKEN_URL',
    'WECHAT_USERINFO_URL',
    'WECHAT_REDIRECT_URI',
  ];
  const wechatSet = wechatVars.filter((v) => str(v) !== undefined);
  let wechat: WechatConfig | undefined;
  if (wechatSet.length > 0 && wechatSet.length < wechatVars.length) {
    const missing = wechatVars.filter((v) => !wechatSet.includes(v));
    problems.push(`WeChat sign-in is partly configured: also set ${missing.join(', ')}`);
  } else if (wechatSet.length === wechatVars.length) {
    const authorizeUrl = httpUrl('WECHAT_AUTHORIZE_URL');
    const tokenUrl = httpUrl('WECHAT_TOKEN_URL');
    const userInfoUrl = httpUrl('WECHAT_USERINFO_URL');
    const redirectUri = httpUrl('WECHAT_REDIRECT_URI');
    if (authorizeUrl && tokenUrl && userInfoUrl && redirectUri) {
      wechat = {
        appId: str('WECHAT_APP_ID')!,
        appSecret: str('WECHAT_APP_SECRET')!,
        authorizeUrl,
        tokenUrl,
        userInfoUrl,
        redirectUri,
      };
    }
  }

  const smtp = smtpConfig(str('SMTP_URL'), str('MAIL_FROM'), problems);
  const pictureBaseUrl = pictureBase(httpUrl('PICTURE_BASE_URL'), problems);

  const config: ServerConfig = {
    port: int('PORT', 8080, 0, 65535),
    host,
    dataDir,
    metadataUrl,
    warehouseUrl,
    redisUrl,
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    cpuScheduling: oneOf('CPU_SCHEDULING', CPU_SCHEDULINGS, 'batch'),
    tokenSigningKey,
    rootPassword: str('ROOT_PASSWORD'),
    demoScale: oneOf('DEMO_SCALE', DEMO_SCALES, 'demo'),
    demoSeed: int('DEMO_SEED', 20170101, 0, 2 ** 31 - 1),
    webDistDir: path.resolve(cwd, str('WEB_DIST_DIR') ?? 'packages/web/dist'),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    queryTimeoutMs: int('QUERY_TIMEOUT_MS', 60_000, 100, 3_600_000),
    warehousePoolSize: int('WAREHOUSE_POOL_SIZE', 4, 1, 64),
    analysis: {
      concurrency: int('ANALYSIS_CONCURRENCY', 16, 1, 1024),
      queueSize: int('ANALYSIS_QUEUE_SIZE', 256, 0, 100_000),
      queueWaitMs: int('ANALYSIS_QUEUE_WAIT_MS', 10_000, 100, 600_000),
    },
    frameAncestors,
    pictureBaseUrl,
    trustProxy: trustProxyConfig(str('TRUST_PROXY'), problems),
    auth,
    wechat,
    smtp,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const MAX_PROXY_HOPS = 16;
/** proxy-addr's names for the loopback, link-local and unique-local ranges (IPv4 and IPv6). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: false, a hop count or a list of proxies' addresses / CIDR networks. `true` is refused:
 * it believed every X-Forwarded-For entry, so a client could name any address to escape the per-address
 * limits and sign the audit log with it — and which count or list is right depends on the deployment.
 */
function trustProxyConfig(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || ['false', 'no', '0'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes'].includes(raw.toLowerCase())) {
    problems.push(
      `TRUST_PROXY="${raw}" is no longer accepted: it trusted every X-Forwarded-For entry, so any client could choose its address; set the number of proxies in front of the server (e.g. 1) or their addresses or networks (e.g. 10.0.0.0/8,fd00::/8)`,
    );
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return { hops };
    problems.push(`TRUST_PROXY="${raw}" is not valid: expected a number of proxies from 1 to ${MAX_PROXY_HOPS}`);
    return false;
  }
  const networks = raw.split(',').map((n) => n.trim());
  const bad = networks.filter((n) => !isNetwork(n));
  for (const n of bad) {
    problems.push(
      `TRUST_PROXY contains "${n}": expected false, a number of proxies, or addresses and CIDR networks separated by commas (10.0.0.5, 10.0.0.0/8, fd00::/8, loopback, linklocal, uniquelocal)`,
    );
  }
  return bad.length > 0 ? false : { networks };
}

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length, or one of proxy-addr's range names. */
function isNetwork(text: string): boolean {
  if (PROXY_RANGE_NAMES.includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** The picture route appends `/<id>`: a base with credentials, a query or a fragment would break it. */
function pictureBase(url: string | undefined, problems: string[]): string | undefined {
  if (url === undefined) return undefined;
  const u = new URL(url);
  if (u.username || u.password || u.search || u.hash) {
    problems.push(
      `PICTURE_BASE_URL="${redactUrl(url)}" is not valid: expected an http(s):// address without user, query or fragment, e.g. https://img.example.com/products`,
    );
    return undefined;
  }
  return url.replace(/\/+$/, '');
}

const MAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** SMTP_URL and MAIL_FROM go together: a URL that nodemailer would misread is refused here, not at the first mail. */
function smtpConfig(url: string | undefined, from: string | undefined, problems: string[]): SmtpConfig | undefined {
  if (url === undefined) {
    if (from !== undefined)
      problems.push('MAIL_FROM is set but SMTP_URL is not: set SMTP_URL too, or remove MAIL_FROM');
    return undefined;
  }
  let valid = false;
  try {
    const u = new URL(url);
    const port = u.port === '' ? undefined : Number(u.port);
    valid =
      (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '' && (port === undefined || port > 0);
  } catch {
    // reported below
  }
  if (!valid) {
    problems.push(
      `SMTP_URL="${redactUrl(url)}" is not valid: expected smtp://[user:password@]host[:port] or smtps://[user:password@]host[:port]`,
    );
  }
  const address = from === undefined ? undefined : (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from).trim();
  if (address === undefined)
    problems.push('MAIL_FROM is not set: SMTP_URL needs a sender, e.g. MarketLens <noreply@example.com>');
  else if (!MAIL_ADDRESS.test(address)) {
    problems.push(`MAIL_FROM="${from}" is not valid: expected an address or Name <address>`);
  }
  return valid && address !== undefined && MAIL_ADDRESS.test(address) ? { url, from: from! } : undefined;
}

/** Hides credentials in a URL so configuration errors and logs never print them. */
export function redactUrl(url: string): string {
  // A ClickHouse WAREHOUSE_URL also carries the import account's password in its query string.
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@').replace(/([?&][^=&#]*password=)[^&#]*/gi, '$1***');
}
