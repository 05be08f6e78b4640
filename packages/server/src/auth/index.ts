import type { FastifyBaseLogger } from 'fastify';
import { Auditor } from '../audit/index.js';
import type { AppContext } from '../context.js';
import { type CounterStore, createCounterStore } from '../counters.js';
import { type Mailer, MailService } from '../mail/service.js';
import { HOUSEKEEPING_INTERVAL_MS, Housekeeping } from './housekeeping.js';
import { RateLimiter } from './rate-limit.js';
import { PasswordResetService } from './reset.js';
import { SignInService } from './signin.js';
import { TokenService } from './tokens.js';
import { WechatClient } from './wechat.js';

/** The web app's own app_key; others come from APP_KEYS. */
export const OWN_APP_KEY = 'marketlens';

/** Everything sign-in needs, built once per app. */
export interface AuthServices {
  clock: () => Date;
  tokens: TokenService;
  signIn: SignInService;
  resets: PasswordResetService;
  counters: CounterStore;
  limiter: RateLimiter;
  mailer: Mailer;
  audit: Auditor;
  /** Present when WeChat is configured and third-party login allowed. */
  wechat: WechatClient | undefined;
  appKeys: ReadonlySet<string>;
  /** Periodic removal of expired tokens, resets and OAuth states (started here, stopped by close). */
  housekeeping: Housekeeping;
  close(): Promise<void>;
}

export async function createAuthServices(ctx: AppContext, log: FastifyBaseLogger): Promise<AuthServices> {
  const { config, metadata } = ctx;
  const clock = ctx.clock ?? (() => new Date());
  const counters =
    ctx.counterStore ?? (await createCounterStore(config.redisUrl, { log, now: () => clock().getTime() }));
  const limiter = new RateLimiter(counters, config.auth.rateLimitWindowSeconds * 1000);
  const audit = new Auditor(metadata, log);
  const tokens = new TokenService(metadata, {
    signingKey: ctx.signingKey,
    accessTtlSeconds: config.auth.accessTokenTtlSeconds,
    sessionAbsoluteSeconds: config.auth.sessionAbsoluteHours * 3600,
    sessionIdleSeconds: config.auth.sessionIdleMinutes * 60,
    ownAppKey: OWN_APP_KEY,
    clock,
  });
  // A mailer handed in by the caller is the caller's to start and close.
  const ownMailer = ctx.mailer ? undefined : new MailService({ metadata, log, clock, smtp: config.smtp });
  ownMailer?.start();
  const mailer: Mailer = ctx.mailer ?? ownMailer!;
  const signIn = new SignInService({ metadata, tokens, limiter, mailer, config: config.auth, audit, clock });
  await signIn.init();
  const resets = new PasswordResetService({ metadata, mailer, tokens, limiter, config: config.auth, audit, clock });
  const wechat = config.wechat && config.auth.thirdPartyLogin ? new WechatClient(config.wechat) : undefined;
  const housekeeping = new Housekeeping(metadata, clock, log);
  housekeeping.start(HOUSEKEEPING_INTERVAL_MS);
  return {
    clock,
    tokens,
    signIn,
    resets,
    counters,
    limiter,
    mailer,
    audit,
    wechat,
    appKeys: new Set([OWN_APP_KEY, ...config.auth.appKeys]),
    housekeeping,
    // A store handed in by the caller is the caller's to close.
    close: async () => {
      await housekeeping.stop();
      await ownMailer?.close();
      if (!ctx.counterStore) await counters.close();
    },
  };
}
