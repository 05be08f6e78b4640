import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_MS, MailService } from '../../src/mail/service.js';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { freePort, startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const SMTP_LOGIN = { user: 'mailer', pass: 'smtp-Pa55word' };
const FROM = 'MarketLens <noreply@ml.example>';
const smtpUrl = (port: number) => `smtp://${SMTP_LOGIN.user}:${SMTP_LOGIN.pass}@127.0.0.1:${port}`;

/** The reset link of a mail's plain text, and the same link in its HTML. */
function resetLink(mail: ParsedMail): string {
  const link = /https:\/\/ml\.example\/login\?reset_token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  expect(mail.html).toContain(`<a href="${link}">`);
  return link!;
}

/** A MailService on the test's clock for the app, keeping its log lines. */
function recordingMailer(clock: () => Date) {
  const logs: { obj: object; msg?: string }[] = [];
  let mailer: MailService | undefined;
  const log = {
    info: (obj: object, msg?: string) => logs.push({ obj, msg }),
    warn: (obj: object, msg?: string) => logs.push({ obj, msg }),
  };
  return {
    logs,
    create: (ctx: AppContext) => {
      mailer = new MailService({ metadata: ctx.metadata, clock, smtp: ctx.config.smtp, log });
      return mailer;
    },
    get mailer(): MailService {
      return mailer!;
    },
  };
}

describe.each(stores())('mail over SMTP ($name)', (target) => {
  let t: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = smtp = undefined;
  });

  const appWithSmtp = async (port: number, extra: Parameters<typeof buildTestApp>[0] = {}) =>
    buildTestApp({
      store: target,
      ...extra,
      env: {
        RATE_LIMIT_PER_IP: '1000',
        RATE_LIMIT_PER_USERNAME: '1000',
        PUBLIC_URL: 'https://ml.example',
        SMTP_URL: smtpUrl(port),
        MAIL_FROM: FROM,
      },
    });
  const forgot = (app: TestApp, username: string, locale?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { username, ...(locale ? { locale } : {}) },
    });

  it('sends the reset mail in the language the user last signed in with; its link resets the password', async () => {
    smtp = await startSmtpServer(SMTP_LOGIN);
    t = await appWithSmtp(smtp.port);
    const zh = await makeUser(t.ctx, 'lin');
    const en = await makeUser(t.ctx, 'alice');
    await login(t.app, 'lin', undefined, 'zh_cn');
    await login(t.app, 'alice', undefined, 'en');

    // Asked in the other language each time: the saved one wins.
    expect((await forgot(t, 'lin', 'en')).statusCode).toBe(200);
    const zhMail = await smtp.nextMail();
    expect((await forgot(t, 'alice@example.com', 'zh_cn')).statusCode).toBe(200);
    const enMail = await smtp.nextMail();

    expect(zhMail.subject).toBe('重置您的市场透镜密码');
    expect(zhMail.from?.value).toEqual([{ name: 'MarketLens', address: 'noreply@ml.example' }]);
    expect(zhMail.to && 'text' in zhMail.to ? zhMail.to.text : '').toBe(zh.email);
    expect(zhMail.text).toContain('lin，您好');
    expect(zhMail.text).toContain('请在 30 分钟内打开以下链接设置新密码');
    expect(zhMail.html).toContain('<html lang="zh-CN">');
    expect(enMail.subject).toBe('Reset your MarketLens password');
    expect(enMail.to && 'text' in enMail.to ? enMail.to.text : '').toBe(en.email);
    expect(enMail.text).toContain('Open this link within 30 minutes to set a new password');
    expect(enMail.html).toContain('<html lang="en">');

    for (const [username, mail] of [
      ['lin', zhMail],
      ['alice', enMail],
    ] as const) {
      const token = new URL(resetLink(mail)).searchParams.get('reset_token');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { token, password: 'FromMail1' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await login(t.app, username, 'FromMail1');
    }
    const rows = await t.ctx.metadata.outbox.list(zh.email);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
  });

  it('mails the owner of an account root opens, and of an admin opening once root approves it', async () => {
    smtp = await startSmtpServer(SMTP_LOGIN);
    t = await appWithSmtp(smtp.port);
    await makeUser(t.ctx, 'root', { role: 'root' });
    await makeUser(t.ctx, 'adm', { role: 'admin' });
    const root = (await login(t.app, 'root')).access_token;
    const admin = (await login(t.app, 'adm')).access_token;
    const open = (token: string, username: string, password?: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/common/users',
        headers: bearer(token),
        payload: { username, email: `${username}@example.com`, enterprise: 'ACME', telephone: '1', password },
      });

    const res = await open(root, 'newbie');
    expect(res.statusCode, res.body).toBe(200);
    const generated = res.json().data.password as string;
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe('您的市场透镜账号已开通');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('newbie@example.com');
    expect(mail.text).toContain('您的市场透镜账号“newbie”已开通，请在此登录：https://ml.example/login');
    expect(mail.text).toContain('初始密码由管理员告知您');
    expect(mail.html).toContain('<a href="https://ml.example/login">');
    // The generated password is shown to the administrator once; it never travels by mail.
    expect(mail.text).not.toContain(generated);
    expect(mail.html).not.toContain(generated);

    // An admin's opening waits for root: no mail until approved.
    expect((await open(admin, 'waiting', 'Agreed123')).statusCode).toBe(200);
    const [application] = await t.ctx.metadata.applications.list({ status: 'pending' });
    expect(await t.ctx.metadata.outbox.list('waiting@example.com')).toEqual([]);
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/common/users/application/${application!.id}/status`,
      headers: bearer(root),
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const approved = await smtp.nextMail();
    expect(approved.to && 'text' in approved.to ? approved.to.text : '').toBe('waiting@example.com');
    expect(approved.text).toContain('请使用与管理员约定的密码登录');
  });

  it('answers at once while the SMTP server is down, records the failure, and a retry delivers later', async () => {
    const port = await freePort();
    let now = new Date('2026-03-02T08:00:00Z');
    const rec = recordingMailer(() => now);
    t = await appWithSmtp(port, { clock: () => now, mailer: rec.create });
    const { logs } = rec;
    const user = await makeUser(t.ctx, 'bob');

    const res = await forgot(t, 'bob', 'en');
    expect(res.statusCode, res.body).toBe(200);
    await rec.mailer.idle();
    const [failed] = await t.ctx.metadata.outbox.list(user.email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed!.lastError).toContain('ECONNREFUSED');
    expect(failed!.nextAttemptAt).toBe(new Date(now.getTime() + MAIL_RETRY_BASE_MS).toISOString());
    const token = new URL(/https:\S+/.exec(failed!.body)![0]).searchParams.get('reset_token')!;
    const logged = JSON.stringify(logs);
    expect(logged).toContain('mail delivery failed, will retry');
    expect(logged).toContain(`"mailId":${failed!.id}`);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(SMTP_LOGIN.pass);

    // Not yet due: nothing is tried.
    smtp = await startSmtpServer(SMTP_LOGIN, port);
    await rec.mailer.deliverDue();
    expect(smtp.received).toHaveLength(0);
    now = new Date(now.getTime() + MAIL_RETRY_BASE_MS);
    await rec.mailer.deliverDue();
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe('Reset your MarketLens password');
    expect(resetLink(mail)).toContain(token);
    expect(await t.ctx.metadata.outbox.get(failed!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
    });
    // Delivered once: a later pass sends nothing again.
    now = new Date(now.getTime() + 60 * MAIL_RETRY_BASE_MS);
    await rec.mailer.deliverDue();
    expect(smtp.received).toHaveLength(1);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts, waiting twice as long after each failure`, async () => {
    let now = new Date('2026-03-02T08:00:00Z');
    const rec = recordingMailer(() => now);
    t = await appWithSmtp(await freePort(), { clock: () => now, mailer: rec.create });
    const { logs } = rec;
    const user = await makeUser(t.ctx, 'dave');
    await forgot(t, 'dave');
    await rec.mailer.idle();
    const waits: number[] = [];
    for (;;) {
      const [row] = await t.ctx.metadata.outbox.list(user.email);
      if (row!.nextAttemptAt === null) break;
      waits.push(Date.parse(row!.nextAttemptAt) - now.getTime());
      now = new Date(row!.nextAttemptAt);
      await rec.mailer.deliverDue();
    }
    expect(waits).toEqual([1, 2, 4, 8].map((m) => m * MAIL_RETRY_BASE_MS));
    const [row] = await t.ctx.metadata.outbox.list(user.email);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
    expect(logs.at(-1)?.msg).toBe('mail delivery failed, giving up');
  });
});

describe('mail without SMTP', () => {
  it('keeps the mail in the outbox and names it in the log, as before SMTP existed', async () => {
    const rec = recordingMailer(() => new Date());
    const t = await buildTestApp({ env: { PUBLIC_URL: 'https://ml.example' }, mailer: rec.create });
    const { logs } = rec;
    try {
      const user = await makeUser(t.ctx, 'carol');
      await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { username: 'carol' } });
      const [row] = await t.ctx.metadata.outbox.list(user.email);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: null,
        subject: '重置您的市场透镜密码',
      });
      expect(row!.html).toContain('reset_token=');
      expect(logs).toEqual([
        { obj: { mailId: row!.id, to: user.email, subject: row!.subject }, msg: 'mail written to the outbox' },
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('SMTP configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env, '/srv/marketlens');
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it.each([
    [
      'http://mail.example:25',
      'SMTP_URL="http://mail.example:25" is not valid: expected smtp://[user:password@]host[:port] or smtps://[user:password@]host[:port]',
    ],
    [
      'smtp://user:secret@',
      'SMTP_URL="smtp://user:***@" is not valid: expected smtp://[user:password@]host[:port] or smtps://[user:password@]host[:port]',
    ],
    [
      'mail.example:587',
      'SMTP_URL="mail.example:587" is not valid: expected smtp://[user:password@]host[:port] or smtps://[user:password@]host[:port]',
    ],
  ])('refuses SMTP_URL=%s at start, without printing the password', (url, message) => {
    expect(problems({ SMTP_URL: url, MAIL_FROM: FROM })).toEqual([message]);
  });

  it('needs MAIL_FROM with SMTP_URL, and a valid one', () => {
    expect(problems({ SMTP_URL: 'smtps://u:p@mail.example' })).toEqual([
      'MAIL_FROM is not set: SMTP_URL needs a sender, e.g. MarketLens <noreply@example.com>',
    ]);
    expect(problems({ SMTP_URL: 'smtps://u:p@mail.example', MAIL_FROM: 'MarketLens' })).toEqual([
      'MAIL_FROM="MarketLens" is not valid: expected an address or Name <address>',
    ]);
    expect(problems({ MAIL_FROM: FROM })).toEqual([
      'MAIL_FROM is set but SMTP_URL is not: set SMTP_URL too, or remove MAIL_FROM',
    ]);
  });

  it('accepts smtp:// and smtps:// with or without a login and port', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:p%40ss@mail.example:587', MAIL_FROM: FROM }).smtp).toEqual({
      url: 'smtp://user:p%40ss@mail.example:587',
      from: FROM,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example', MAIL_FROM: 'noreply@ml.example' }).smtp).toBeDefined();
    expect(loadConfig({}).smtp).toBeUndefined();
  });
});
