import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Answer, describeOutcomes, envelope, startLoad } from '../support/load.js';
import { freePort, waitFor } from '../support/services.js';

/**
 * SIGTERM under load (docs/deployment.md §7), on the built server as `npm start` runs it: every request the
 * server had accepted completes with 200, requests after the signal are refused cleanly (connection
 * refused, or 503 while it drains), and the process exits 0 soon after.
 */
const MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');
const ROOT_PASSWORD = 'Fault-root-Passw0rd';
const DEADLINE_MS = 20_000;
const EXIT_WITHIN_MS = 20_000;

interface Reply {
  status: number;
  body: string;
}

/**
 * One request on its own connection (no keep-alive pool), so "accepted" is per request. The
 * User-Agent names the request: the server logs it when it answers ("request completed"), which is
 * how the test knows which requests the server handled, whatever their answer.
 */
function send(port: number, method: string, url: string, opts: { body?: object; headers?: object } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const payload = opts.body ? JSON.stringify(opts.body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Connection-level refusals a client sees from a server that stopped listening or closed its socket. */
const REFUSED = /ECONNREFUSED|ECONNRESET|socket hang up/;

// `npm test` builds first; a bare vitest run on a fresh checkout may not have.
const built = existsSync(MAIN);
if (!built && process.env.CI === 'true') throw new Error(`${MAIN} is missing: run npm run build first`);
if (!built) console.info(`[fault tests] SIGTERM skipped: ${MAIN} is missing (npm run build)`);

describe.skipIf(!built)('SIGTERM under load', () => {
  let dir: string;
  let child: ChildProcess;
  let exited: Promise<{ code: number | null; signal: string | null }>;
  let out = '';
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'marketlens-sigterm-'));
    // The tiny demo warehouse, copied: the server process owns its files.
    cpSync(inject('tinyWarehouseDir'), path.join(dir, 'warehouse'), { recursive: true });
    port = await freePort();
    child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        WAREHOUSE_URL: path.join(dir, 'warehouse'),
        METADATA_URL: '',
        REDIS_URL: '',
        DEMO_SCALE: 'none',
        ROOT_PASSWORD,
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_USERNAME: '100000',
        // One analysis at a time: the load's other requests wait at the admission gate, accepted and
        // unanswered, whenever the signal comes. With the default (16) a fast machine answered
        // everything it had read before the signal and the drain was not exercised (the requests
        // still on the wire then get the closing 503, as they should).
        ANALYSIS_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await waitFor(
      'the server to answer /api/health',
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
        return (await send(port, 'GET', '/api/health')).status === 200;
      },
      120_000,
    );
  });
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('drains accepted requests, refuses new ones cleanly and exits 0', async () => {
    const signedIn = await send(port, 'POST', '/api/auth/login', {
      body: { username: 'root', password: ROOT_PASSWORD },
    });
    expect(signedIn.status, signedIn.body).toBe(200);
    const token = JSON.parse(signedIn.body).data.access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const scopes = await send(port, 'GET', '/api/common/data_scopes', { headers: auth });
    expect(scopes.status, scopes.body).toBe(200);
    const scope = (JSON.parse(scopes.body).data.items as { id: number; table: string }[]).find(
      (i) => i.table === 'cn_monthly',
    )!;

    // Analysis requests, each a different range and category, so the response cache does not answer them.
    const load = startLoad(
      async (n): Promise<Answer> => {
        const res = await send(port, 'POST', '/api/common/summary', {
          headers: { ...auth, 'user-agent': `fault-load/${n}` },
          body: {
            data_scope_id: scope.id,
            category: { enable: true, value: [(n % 4) + 1] },
            date: [`2024-${String((n % 12) + 1).padStart(2, '0')}-01`, '2025-06-01'],
          },
        });
        return envelope(res.status, res.body);
      },
      { concurrency: 8, deadlineMs: DEADLINE_MS },
    );
    let signalledAt = 0;
    let exit: { code: number | null; signal: string | null } | undefined;
    try {
      await waitFor('twenty answers before the signal', async () => load.outcomes.length >= 20);
      expect(
        load.outcomes.every((o) => o.status === 200),
        describeOutcomes(load.outcomes),
      ).toBe(true);
      signalledAt = Date.now();
      child.kill('SIGTERM');
      exit = await Promise.race([
        exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no exit within ${EXIT_WITHIN_MS} ms:\n${out}`)), EXIT_WITHIN_MS),
        ),
      ]);
      // Once it has exited, a new connection is refused.
      await expect(send(port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await load.stop();
    }
    expect(exit, out.slice(-2_000)).toEqual({ code: 0, signal: null });

    // What the server accepted: the requests its handlers answered (logged as completed; the closing
    // 503 for a request read after the signal is sent before any handler and is not logged).
    const accepted = new Set<number>();
    for (const line of out.split('\n')) {
      const agent = /"userAgent":"fault-load\/(\d+)"/.exec(line);
      if (agent && line.includes('"request completed"')) accepted.add(Number(agent[1]));
    }
    const outcomes = load.outcomes;
    // A 200 was accepted too, should its log line not have reached us before the exit.
    for (const o of outcomes) if (o.status === 200) accepted.add(o.n);
    const acceptedOutcomes = outcomes.filter((o) => accepted.has(o.n));
    // Every accepted request completed, with its figures: none failed, none hung.
    expect(
      acceptedOutcomes.filter((o) => o.status !== 200),
      describeOutcomes(acceptedOutcomes),
    ).toEqual([]);
    // The signal met requests in flight, so the drain was exercised.
    const inFlight = acceptedOutcomes.filter((o) => o.sentAt < signalledAt && o.doneAt > signalledAt);
    expect(inFlight.length, describeOutcomes(outcomes)).toBeGreaterThan(0);
    // Everything else was refused cleanly: a refused connection or a 503 while draining, never a hang.
    const rest = outcomes.filter((o) => !accepted.has(o.n));
    expect(
      rest.filter((o) => !(o.status === 503 || (o.result === 'error' && REFUSED.test(o.error ?? '')))),
      describeOutcomes(rest),
    ).toEqual([]);
    expect(rest.length).toBeGreaterThan(0);
  });
});
