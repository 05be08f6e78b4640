import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  port: number;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  /** The next message to arrive (or the first one not yet taken). */
  nextMail(timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A port nothing listens on at the moment (an SMTP server that is down). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A real SMTP server on 127.0.0.1 that requires the given login (plain SMTP: no certificate to
 * manage in tests) and parses what it receives.
 */
export async function startSmtpServer(login: { user: string; pass: string }, port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === login.user && auth.password === login.pass) done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const w of waiters.splice(0)) w();
          done();
        },
        (err: Error) => done(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    async nextMail(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received[taken++]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
