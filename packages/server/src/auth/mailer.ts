import type { MetadataStore } from '../metadata/index.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Delivers mail. The default writes it to the outbox table and the log: there is no mail server here. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailLog {
  info(obj: object, msg?: string): void;
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly metadata: MetadataStore,
    private readonly log?: MailLog,
  ) {}

  async send(mail: Mail): Promise<void> {
    const stored = await this.metadata.outbox.add(mail.to, mail.subject, mail.body);
    // The body carries a reset link (a secret): the log names the mail, not its content.
    this.log?.info({ mailId: stored.id, to: mail.to, subject: mail.subject }, 'mail written to the outbox');
  }
}
