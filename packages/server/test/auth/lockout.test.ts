import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, deviceCookie, SignInLockout } from '../../src/auth/lockout.js';
import type { MetadataStore } from '../../src/metadata/index.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { bearer, makeUser, PASSWORD } from './helpers.js';

const STRANGER = '198.51.100.7';
const OWNER_HOME = '203.0.113.20';
const MINUTE = 60_000;

interface From {
  ip?: string;
  /** The device cookie's value to send. */
  device?: string;
  locale?: string;
}

/** A sign-in attempt from one client; `locale` en unless told. */
function attempt(t: TestApp, username: string, password: string, from: From = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from.ip ?? STRANGER,
    headers: from.device ? { cookie: `other=1; ml_device=${from.device}` } : {},
    payload: { username, password, locale: from.locale ?? 'en' },
  });
}

/** The device cookie a successful sign-in set. */
function deviceOf(res: Awaited<ReturnType<typeof attempt>>): string {
  const header = String(res.headers['set-cookie'] ?? '');
  const token = /(?:^|; )?ml_device=([^;]+)/.exec(header)?.[1];
  expect(token, header).toBeTruthy();
  return token!;
}

/** What the client sees of an answer: status and envelope. */
const seen = (res: Awaited<ReturnType<typeof attempt>>) => ({ status: res.statusCode, body: res.json() });

const left = (n: number) =>
  `invalid login or password, ${n} ${n === 1 ? 'attempt' : 'attempts'} left before the account is locked`;
const lockedFor = (m: number) =>
  `The account is locked after too many failed sign-ins. Contact your administrator or try again in ${m} ${m === 1 ? 'minute' : 'minutes'}.`;

// The app runs on a clock of its own, ahead of the real one: the store's own checks (session and reset
// expiry) use the real time, which then stays before every expiry the app sets.
describe.each(stores())('sign-in lockout per (account, client) ($name)', (target) => {
  let now = new Date('2031-05-01T08:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      store: target,
      clock: () => now,
      env: { RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_USERNAME: '10000' },
    });
    await makeUser(t.ctx, 'root', { role: 'root' });
  });
  afterAll(() => t.close());

  /** Five wrong passwords from `ip`: the countdown, then the lock. */
  async function lockOut(username: string, ip = STRANGER, device?: string) {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await attempt(t, username, 'Wrong-pass1', { ip, device })).json().msg);
    expect(answers).toEqual([left(4), left(3), left(2), left(1), lockedFor(30)]);
  }

  it('sets the device cookie at a successful sign-in: HttpOnly, SameSite=Lax, only for the sign-in calls', async () => {
    await makeUser(t.ctx, 'cookie1');
    const res = await attempt(t, 'cookie1', PASSWORD, { ip: OWNER_HOME });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^ml_device=[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Lax');
    expect(header).toContain('; Path=/api/auth');
    expect(header).not.toContain('Secure');
    // The same device keeps its token.
    const again = await attempt(t, 'cookie1', PASSWORD, { ip: OWNER_HOME, device: deviceOf(res) });
    expect(deviceOf(again)).toBe(deviceOf(res));
    // Failed attempts set nothing.
    expect((await attempt(t, 'cookie1', 'nope', { ip: OWNER_HOME })).headers['set-cookie']).toBeUndefined();
  });

  it("a stranger's five failures lock only the stranger's client: the owner still signs in", async () => {
    await makeUser(t.ctx, 'owner1');
    const device = deviceOf(await attempt(t, 'owner1', PASSWORD, { ip: OWNER_HOME }));
    await lockOut('owner1');
    // The stranger is locked out, even with the right password, and a made-up cookie changes nothing.
    expect((await attempt(t, 'owner1', PASSWORD)).json()).toMatchObject({ code: 'account_locked', msg: lockedFor(30) });
    const forged = randomBytes(32).toString('base64url');
    expect((await attempt(t, 'owner1', PASSWORD, { device: forged })).statusCode).toBe(403);
    // The owner's device signs in — even from the stranger's very address — and so does another address.
    expect((await attempt(t, 'owner1', PASSWORD, { ip: STRANGER, device })).statusCode).toBe(200);
    expect((await attempt(t, 'owner1', PASSWORD, { ip: '203.0.113.99' })).statusCode).toBe(200);
    // root too: its own lock would otherwise shut out the one who can unlock.
    await lockOut('root');
    expect((await attempt(t, 'root', PASSWORD, { ip: '192.0.2.1' })).statusCode).toBe(200);
  });

  it('a known device that fails five times is locked itself, without affecting the address', async () => {
    await makeUser(t.ctx, 'owner2');
    const device = deviceOf(await attempt(t, 'owner2', PASSWORD, { ip: OWNER_HOME }));
    await lockOut('owner2', OWNER_HOME, device);
    expect((await attempt(t, 'owner2', PASSWORD, { ip: OWNER_HOME, device })).statusCode).toBe(403);
    expect((await attempt(t, 'owner2', PASSWORD, { ip: OWNER_HOME })).statusCode).toBe(200);
  });

  it('the lock runs out, counts down its minutes, and each further lockout lasts twice as long, up to the ceiling', async () => {
    await makeUser(t.ctx, 'owner3');
    const ceiling = t.ctx.config.auth.maxLockoutMinutes;
    let minutes = t.ctx.config.auth.lockoutMinutes;
    expect([minutes, ceiling]).toEqual([30, 24 * 60]);
    for (let lockout = 1; lockout <= 8; lockout++) {
      for (let n = 4; n >= 1; n--) expect((await attempt(t, 'owner3', 'Wrong-pass1')).json().msg).toBe(left(n));
      expect((await attempt(t, 'owner3', 'Wrong-pass1')).json().msg).toBe(lockedFor(minutes));
      advance(10 * MINUTE);
      expect((await attempt(t, 'owner3', PASSWORD)).json().msg).toBe(lockedFor(minutes - 10));
      advance((minutes - 10) * MINUTE - 1000);
      expect((await attempt(t, 'owner3', 'Wrong-pass1')).json().msg).toBe(lockedFor(1));
      advance(1000);
      minutes = Math.min(minutes * 2, ceiling);
    }
    // Quiet for as long as the longest lockout: forgotten, the next lockout is a first one again.
    advance(ceiling * MINUTE);
    await lockOut('owner3');
    const lockouts = await t.ctx.metadata.audit.listRecent({ action: 'auth.lockout', limit: 20 });
    expect(
      lockouts.filter((e) => e.username === 'owner3').map((e) => (e.detail as { lockout: number }).lockout),
    ).toEqual([1, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('an administrator unlocks every client; `locked: true` locks the account for everyone', async () => {
    const u = await makeUser(t.ctx, 'owner4');
    const device = deviceOf(await attempt(t, 'owner4', PASSWORD, { ip: OWNER_HOME }));
    await lockOut('owner4');
    const put = async (locked: boolean) => {
      // Signed in at the moment of the change (the clock moves across tests).
      const root = (await attempt(t, 'root', PASSWORD, { ip: '192.0.2.1' })).json().data.access_token;
      return t.app.inject({
        method: 'PUT',
        url: `/api/common/users/${u.id}`,
        headers: bearer(root),
        remoteAddress: '192.0.2.1',
        payload: { locked },
      });
    };
    expect((await put(false)).statusCode).toBe(200);
    expect((await attempt(t, 'owner4', 'Wrong-pass1')).json().msg).toBe(left(4));
    expect((await attempt(t, 'owner4', PASSWORD)).statusCode).toBe(200);

    expect((await put(true)).statusCode).toBe(200);
    const refused = await attempt(t, 'owner4', PASSWORD, { ip: OWNER_HOME, device });
    expect(seen(refused)).toEqual({
      status: 403,
      body: { ok: false, code: 'account_locked', msg: 'The account is locked. Contact your administrator.' },
    });
    // Only the right password learns of the lock: a wrong one is counted like any other.
    expect((await attempt(t, 'owner4', 'Wrong-pass1', { ip: '203.0.113.50' })).json().msg).toBe(left(4));
    advance(100 * 24 * 60 * MINUTE);
    expect((await attempt(t, 'owner4', PASSWORD, { ip: OWNER_HOME, device })).statusCode).toBe(403);
    expect((await put(false)).statusCode).toBe(200);
    expect((await attempt(t, 'owner4', PASSWORD, { ip: OWNER_HOME })).statusCode).toBe(200);
  });

  it('a password reset lifts the lockout of the client it was opened on only', async () => {
    const u = await makeUser(t.ctx, 'owner5');
    await lockOut('owner5', OWNER_HOME);
    await lockOut('owner5', STRANGER);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      remoteAddress: OWNER_HOME,
      payload: { username: 'owner5' },
    });
    const [mail] = await t.ctx.metadata.outbox.list(u.email);
    const token = decodeURIComponent(/reset_token=([^\s&]+)/.exec(mail!.body)?.[1] ?? '');
    expect(token, mail!.body).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      remoteAddress: OWNER_HOME,
      payload: { token, password: 'Another-pass9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt(t, 'owner5', 'Another-pass9', { ip: OWNER_HOME })).statusCode).toBe(200);
    expect((await attempt(t, 'owner5', 'Another-pass9', { ip: STRANGER })).statusCode).toBe(403);
  });

  it('mails the owner, in their language, when a client is locked out — at most once a day', async () => {
    const en = await makeUser(t.ctx, 'owner6');
    const zh = await makeUser(t.ctx, 'owner7');
    await attempt(t, 'owner6', PASSWORD, { ip: OWNER_HOME, locale: 'en_us' });
    await attempt(t, 'owner7', PASSWORD, { ip: OWNER_HOME, locale: 'zh_cn' });
    await lockOut('owner6');
    await lockOut('owner7');
    const [mail] = await t.ctx.metadata.outbox.list(en.email);
    expect(mail).toMatchObject({ subject: 'Failed sign-ins on your MarketLens account' });
    expect(mail!.body).toContain(
      `5 wrong passwords in a row were entered for your account "owner6" from the address ${STRANGER}.`,
    );
    expect(mail!.body).toContain('That address cannot sign in to your account for the next 30 minutes.');
    const [zhMail] = await t.ctx.metadata.outbox.list(zh.email);
    expect(zhMail).toMatchObject({ subject: '您的市场透镜账号有多次登录失败' });
    expect(zhMail!.body).toContain(`有人从地址 ${STRANGER} 为您的账号“owner7”连续输入了 5 次错误密码。`);

    // Another stranger the same day: locked out too, but no second mail.
    await lockOut('owner6', '198.51.100.8');
    expect(await t.ctx.metadata.outbox.list(en.email)).toHaveLength(1);
    advance(24 * 60 * MINUTE);
    await lockOut('owner6', '198.51.100.9');
    expect(await t.ctx.metadata.outbox.list(en.email)).toHaveLength(2);
    const alerts = await t.ctx.metadata.audit.listRecent({ action: 'auth.lockout_alert', userId: en.id });
    expect(alerts).toHaveLength(2);
    // A name without an account has nobody to mail, and nothing else differs (next test).
    await lockOut('no-such-owner');
  });

  it('answers a name without an account exactly like a wrong password, at every moment', async () => {
    await makeUser(t.ctx, 'kim');
    // One script of attempts and waits, played for the account and for the unknown name side by side.
    const script: (number | 'wrong')[] = [
      'wrong',
      'wrong',
      'wrong',
      31 * MINUTE, // past a lockout's length: the failures are still counted
      'wrong',
      'wrong', // locked (30 minutes)
      'wrong',
      20 * MINUTE,
      'wrong', // 10 minutes left
      11 * MINUTE,
      'wrong',
      'wrong',
      'wrong',
      'wrong',
      'wrong', // second lockout: 60 minutes
      26 * 60 * MINUTE, // past the lock and the memory: forgotten
      'wrong',
      'wrong',
    ];
    const play = async (username: string) => {
      const start = now;
      const answers = [];
      for (const step of script) {
        if (step === 'wrong') answers.push(seen(await attempt(t, username, 'Wrong-pass1', { ip: '198.51.100.40' })));
        else advance(step);
      }
      now = start;
      return answers;
    };
    const known = await play('kim');
    const unknown = await play('kim-nobody');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.body.msg)).toEqual([
      left(4),
      left(3),
      left(2),
      left(1),
      lockedFor(30),
      lockedFor(30),
      lockedFor(10),
      left(4),
      left(3),
      left(2),
      left(1),
      lockedFor(60),
      left(4),
      left(3),
    ]);
  });

  it('the per-username ceiling slows strangers only, never a device the account knows', async () => {
    const limited = await buildTestApp({
      store: target,
      clock: () => now,
      env: { RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_USERNAME: '3' },
    });
    try {
      await makeUser(limited.ctx, 'busy');
      const device = deviceOf(await attempt(limited, 'busy', PASSWORD, { ip: OWNER_HOME }));
      const codes = [];
      for (const ip of ['198.51.100.61', '198.51.100.62', '198.51.100.63']) {
        codes.push((await attempt(limited, 'busy', 'Wrong-pass1', { ip })).statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
      expect((await attempt(limited, 'busy', PASSWORD, { ip: OWNER_HOME, device })).statusCode).toBe(200);
      // The window follows the app's clock: a minute later strangers may try again.
      advance(MINUTE);
      expect((await attempt(limited, 'busy', 'Wrong-pass1', { ip: '198.51.100.64' })).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe.each(stores())('the lockout shared by several API processes ($name)', (target) => {
  it('concurrent failures of one client, through two connections, count once each and start one lockout', async () => {
    const database = await target.create();
    const opened: MetadataStore[] = [];
    try {
      opened.push(await database.open(), await database.open());
      const policy = { maxFailedLogins: 5, lockoutMinutes: 30, maxLockoutMinutes: 24 * 60 };
      const processes = opened.map((store) => new SignInLockout(store, policy));
      const client = { key: 'ip:198.51.100.77', kind: 'address' as const };
      const now = new Date('2031-05-01T08:00:00.000Z');
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, i) => processes[i % 2]!.recordFailure('shared', client, now)),
      );
      const counted = outcomes.flatMap((o) => (o.kind === 'counted' ? [o.remaining] : []));
      expect(counted.sort()).toEqual([1, 2, 3, 4]);
      const locked = outcomes.filter((o) => o.kind === 'locked');
      expect(locked).toHaveLength(8);
      expect(locked.filter((o) => o.started)).toHaveLength(1);
      for (const o of locked) expect(o).toMatchObject({ minutes: 30, lockout: 1 });
    } finally {
      for (const store of opened) await store.close();
      await database.drop();
    }
  });
});

describe('English plurals in counted sign-in messages', () => {
  let now = new Date('2031-05-01T08:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      clock: () => now,
      env: {
        LOGIN_MAX_FAILURES: '2',
        LOGIN_LOCKOUT_MINUTES: '1',
        RATE_LIMIT_PER_IP: '10000',
        RATE_LIMIT_PER_USERNAME: '2',
        RATE_LIMIT_WINDOW_SECONDS: '1',
      },
    });
  });
  afterAll(() => t.close());

  it('"1 attempt", "1 minute", "1 second"; zh-CN unchanged', async () => {
    const msg = async (ip: string, locale = 'en') => (await attempt(t, 'plural', 'x', { ip, locale })).json().msg;
    expect(await msg('198.51.100.1')).toBe('invalid login or password, 1 attempt left before the account is locked');
    expect(await msg('198.51.100.1')).toBe(
      'The account is locked after too many failed sign-ins. Contact your administrator or try again in 1 minute.',
    );
    expect(await msg('198.51.100.1')).toBe('Too many attempts. Please try again in 1 second.');
    now = new Date(now.getTime() + 2000);
    expect(await msg('198.51.100.2', 'zh_cn')).toBe('用户名或密码错误，再失败 1 次账号将被锁定');
    expect(await msg('198.51.100.2', 'zh_cn')).toBe('登录失败次数过多，账号已锁定，请联系管理员或 1 分钟后再试');
  });

  it('mails "for the next 1 minute"', async () => {
    const u = await makeUser(t.ctx, 'single');
    now = new Date(now.getTime() + 2000);
    await attempt(t, 'single', PASSWORD, { ip: '203.0.113.5' });
    now = new Date(now.getTime() + 2000);
    await attempt(t, 'single', 'x', { ip: '198.51.100.3' });
    await attempt(t, 'single', 'x', { ip: '198.51.100.3' });
    const [mail] = await t.ctx.metadata.outbox.list(u.email);
    expect(mail!.body).toContain('2 wrong passwords in a row were entered');
    expect(mail!.body).toContain('for the next 1 minute.');
  });
});

describe('addressKey', () => {
  it.each([
    ['198.51.100.7', 'ip:198.51.100.7'],
    ['::ffff:198.51.100.7', 'ip:198.51.100.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', 'ip:2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', 'ip:2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', 'ip:2001:db8:1:2::/64'],
    ['2001:db8::1', 'ip:2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'ip:fe80:0:0:0::/64'],
  ])('%s → %s (one subscriber’s IPv6 block is one client)', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('deviceCookie', () => {
  it('is Secure on https only', () => {
    expect(deviceCookie('t', true).split('; ')).toContain('Secure');
    expect(deviceCookie('t', false).split('; ')).not.toContain('Secure');
  });
});
