import { createTransport, type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../config.js';
import type { MetadataStore } from '../metadata/index.js';
import type { Mail } from './compose.js';

/** Where the server's mail goes (docs/security.md "Mail"). */
export interface Mailer {
  /** Writes the mail to the outbox; delivery, when there is an SMTP server, happens after this returns. */
  send(mail: Mail): Promise<void>;
  /** Stops retrying and waits for deliveries in progress (the store closes right after). */
  close(): Promise<void>;
}

export interface MailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Delivery attempts per mail, and the wait after the first failure (doubling after each further one). */
export const MAIL_MAX_ATTEMPTS = 5;
export const MAIL_RETRY_BASE_MS = 60_000;
/** How often due retries are looked for. */
export const MAIL_RETRY_INTERVAL_MS = 30_000;
/** A claimed mail is not taken again before this, even if its sender died mid-way. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Longest wait for deliveries in progress when the app closes. */
const CLOSE_WAIT_MS = 5_000;
/** Slow or silent servers fail the attempt instead of holding it (nodemailer waits minutes by default). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Every mail goes to the outbox table first, so a message is never lost and the user's request
 * never waits on or fails with the mail server. With SMTP configured it is then delivered in the
 * background, retried with backoff up to MAIL_MAX_ATTEMPTS; without, the outbox row and a log line
 * are all there is. Logs name the mail (id, recipient, subject), never its body: it may carry a
 * reset link.
 */
export class MailService implements Mailer {
  private readonly transport: Transporter | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly deps: {
      metadata: MetadataStore;
      log: MailLog;
      clock: () => Date;
      smtp: SmtpConfig | undefined;
    },
  ) {
    this.transport = deps.smtp && createTransport({ url: deps.smtp.url, ...SMTP_TIMEOUTS }, { from: deps.smtp.from });
  }

  async send(mail: Mail): Promise<void> {
    const stored = await this.deps.metadata.outbox.add({
      to: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      ...(this.transport ? { deliverAt: this.deps.clock() } : {}),
    });
    const named = { mailId: stored.id, to: mail.to, subject: mail.subject };
    if (!this.transport) {
      this.deps.log.info(named, 'mail written to the outbox');
      return;
    }
    this.track(this.attempt(stored.id));
  }

  /** Starts the periodic retry of failed deliveries (nothing to do without SMTP). */
  start(intervalMs = MAIL_RETRY_INTERVAL_MS): void {
    if (!this.transport || this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.inFlight.size === 0) this.track(this.deliverDue());
    }, intervalMs);
    this.timer.unref();
  }

  /** One pass over due mail (the retry timer's work; tests call it after moving the clock). */
  async deliverDue(): Promise<void> {
    if (!this.transport || this.closed) return;
    try {
      for (const id of await this.deps.metadata.outbox.due(this.deps.clock(), 100)) await this.attempt(id);
    } catch (err) {
      // The database may be briefly away: the next pass finds the same rows.
      this.deps.log.warn({ error: describeError(err) }, 'mail retry pass failed');
    }
  }

  /** Resolves once no delivery is in progress. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    // A hanging server must not hold a shutdown: an unfinished attempt keeps its claim and is
    // retried once the claim lapses (by this process after a restart, or by another one).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    this.transport?.close();
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** One delivery attempt of a due mail; outcomes are recorded on the row, never thrown. */
  private async attempt(id: number): Promise<void> {
    const { metadata, log, clock } = this.deps;
    try {
      const now = clock();
      const mail = await metadata.outbox.claim(id, now, new Date(now.getTime() + CLAIM_LEASE_MS));
      if (!mail) return;
      const named = { mailId: id, to: mail.to, subject: mail.subject, attempt: mail.attempts };
      try {
        await this.transport!.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(mail.html ? { html: mail.html } : {}),
        });
      } catch (err) {
        const error = describeError(err, this.deps.smtp?.url);
        const retry = mail.attempts < MAIL_MAX_ATTEMPTS;
        const retryAt = retry ? new Date(clock().getTime() + MAIL_RETRY_BASE_MS * 2 ** (mail.attempts - 1)) : null;
        await metadata.outbox.markFailed(id, error, retryAt);
        log.warn(
          { ...named, error, retryAt: retryAt?.toISOString() ?? null },
          retry ? 'mail delivery failed, will retry' : 'mail delivery failed, giving up',
        );
        return;
      }
      await metadata.outbox.markSent(id);
      log.info(named, 'mail sent');
    } catch (err) {
      log.warn({ mailId: id, error: describeError(err) }, 'mail delivery could not be recorded');
    }
  }
}

/**
 * The reason of a failure, short, for the outbox row and the log: the error's code and message,
 * with the SMTP credentials blanked should a server echo them.
 */
function describeError(err: unknown, smtpUrl?: string): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  let text = typeof e?.code === 'string' ? `${e.code}: ${message}` : message;
  if (smtpUrl) {
    const u = new URL(smtpUrl);
    for (const secret of [u.password, decodeURIComponent(u.password)].filter((s) => s.length > 0)) {
      text = text.split(secret).join('***');
    }
  }
  return text.slice(0, 500);
}
