import http from 'node:http';
import https from 'node:https';
import { WarehouseQueryError, WarehouseUnavailableError } from '../engine.js';
import type { ClickHouseLocation } from '../url.js';

/**
 * The HTTP interface of ClickHouse over node:http (ADR 0005): one request per statement, the
 * statement in the body, settings and query_id in the URL, credentials in headers, connections kept
 * alive.
 */

export interface Account {
  user: string;
  password: string;
}

/**
 * ClickHouse's codes of a limit a statement ran into rather than an error in it: TOO_MANY_ROWS 158,
 * TOO_MANY_SIMULTANEOUS_QUERIES 202, MEMORY_LIMIT_EXCEEDED 241, TOO_MANY_BYTES 307,
 * TOO_MANY_ROWS_OR_BYTES 396 — and max_query_size, which 18.16 reports as a SYNTAX_ERROR (62).
 */
const LIMIT_CODES = new Set([158, 202, 241, 307, 396]);
const SYNTAX_ERROR = 62;

/** A server error: `code` is ClickHouse's `Code: N` (18.16 has no error type names). */
export class ClickHouseError extends WarehouseQueryError {
  declare readonly code: number | undefined;
  constructor(code: number | undefined, message: string) {
    const limit =
      code !== undefined &&
      (LIMIT_CODES.has(code) || (code === SYNTAX_ERROR && /max query size exceeded/i.test(message)));
    super('clickhouse', message, code, limit);
    this.name = 'ClickHouseError';
  }
}

/** Error codes the engine maps to its own error classes. */
export const TIMEOUT_EXCEEDED = 159;
export const QUERY_WAS_CANCELLED = 394;
/**
 * Codes of a server that could not reach another shard (or lost it mid-query): the cluster is
 * short of a server, not the statement wrong. ATTEMPT_TO_READ_AFTER_EOF (32) is the connection
 * closing under a remote read; SOCKET_TIMEOUT 209, NETWORK_ERROR 210, ALL_CONNECTION_TRIES_FAILED 279.
 */
const UNREACHABLE_CODES = new Set([32, 209, 210, 279]);

export function parseError(status: number, text: string): ClickHouseError {
  const code = /Code: (\d+)/.exec(text);
  // "Code: 60, e.displayText() = DB::Exception: Table … doesn't exist, e.what() = DB::Exception"
  const message = text
    .trim()
    .replace(/, e\.what\(\) = DB::Exception\s*$/, '')
    .replace(/^Code: \d+, e\.displayText\(\) = DB::Exception: /, '');
  return new ClickHouseError(
    code ? Number(code[1]) : undefined,
    code ? `ClickHouse error ${code[1]}: ${message}` : `ClickHouse HTTP ${status}: ${message.slice(0, 500)}`,
  );
}

export type Settings = Record<string, string | number>;

export interface RequestOptions {
  settings?: Settings;
  queryId?: string;
  signal?: AbortSignal;
  /** Data of an INSERT (the statement then goes in the URL). */
  data?: string;
}

/** Socket errors of a kept-alive connection the server closed just as it was reused. */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Statements that may be sent again when a reused connection turned out closed: they change nothing. */
const REPEATABLE = /^\s*(SELECT|KILL QUERY)\b/i;

interface Answer {
  status: number;
  text: string;
}

export class ClickHouseHttp {
  /**
   * Kept-alive connections. `timeout` must be set for the agent to honour the server's
   * `Keep-Alive: timeout=N` (it then closes an idle socket a second before the server would);
   * on a socket in use it only emits an event nobody listens to.
   */
  private readonly agent: http.Agent;
  private readonly send: typeof http.request;
  /** Each host of the URL as a socket address ("[::1]" in a URL is "::1" for the socket). */
  private readonly addresses: ReadonlyMap<string, { hostname: string; port: string }>;

  constructor(private readonly location: ClickHouseLocation) {
    const secure = location.protocol === 'https';
    this.agent = new (secure ? https.Agent : http.Agent)({ keepAlive: true, timeout: 60_000 });
    this.send = secure ? https.request : http.request;
    this.addresses = new Map(
      location.hosts.map((host) => {
        const url = new URL(`${location.protocol}://${host}`);
        return [host, { hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port }];
      }),
    );
  }

  get hosts(): readonly string[] {
    return this.location.hosts;
  }

  /** Runs one statement on one host and returns the response text; throws ClickHouseError. */
  async request(host: string, account: Account, sql: string, options: RequestOptions = {}): Promise<string> {
    const query = new URLSearchParams();
    // Unknown settings are errors on 18.16: callers send only those both versions know.
    for (const [k, v] of Object.entries(options.settings ?? {})) query.set(k, String(v));
    if (options.queryId) query.set('query_id', options.queryId);
    let body: string = sql;
    if (options.data !== undefined) {
      query.set('query', sql);
      body = options.data;
    }
    const target = { host, path: `/?${query.toString()}`, account, body };
    let answer: Answer;
    try {
      answer = await this.post(target, options.signal).catch((err: NodeJS.ErrnoException & { reused?: boolean }) => {
        // A kept-alive connection the server closed as the request went out: a read goes again.
        const stale = err.reused === true && STALE_SOCKET_CODES.has(err.code ?? '');
        if (stale && options.data === undefined && REPEATABLE.test(sql)) return this.post(target, options.signal);
        throw err;
      });
    } catch (err) {
      // Our own stop (abort, time limit) stays what it is; anything else is the server gone.
      if (options.signal?.aborted) throw err;
      const { code, message } = err as NodeJS.ErrnoException;
      throw new WarehouseUnavailableError('clickhouse', `${host}: ${code ?? message}`);
    }
    const { status, text } = answer;
    if (status < 200 || status > 299) throw unreachableOr(host, parseError(status, text));
    // Without wait_end_of_query an error after the first block arrives with status 200.
    if (/\nCode: \d+, e\.displayText\(\) = DB::Exception/.test(text.slice(-2000))) {
      throw unreachableOr(host, parseError(status, text.slice(text.lastIndexOf('Code: '))));
    }
    return text;
  }

  /**
   * One POST over node:http. Not fetch: fetch took many times more of the main thread per statement
   * than this (a loopback micro-run showed it) — on a cluster that shares the cores with the
   * server, that time is the shards'.
   */
  private post(
    target: { host: string; path: string; account: Account; body: string },
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const address = this.addresses.get(target.host);
    if (!address) return Promise.reject(new Error(`"${target.host}" is not a host of the warehouse URL`));
    const { hostname, port } = address;
    return new Promise<Answer>((resolve, reject) => {
      const req = this.send(
        {
          agent: this.agent,
          hostname,
          port,
          method: 'POST',
          path: target.path,
          headers: {
            'X-ClickHouse-User': target.account.user,
            'X-ClickHouse-Key': target.account.password,
            'Content-Length': Buffer.byteLength(target.body),
          },
          ...(signal ? { signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
          // A connection lost mid-answer (or stopped by us) closes without 'end': a partial body is no answer.
          res.on('close', () => {
            if (!res.complete) reject(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' }));
          });
        },
      );
      req.on('error', (err: NodeJS.ErrnoException & { reused?: boolean }) => {
        err.reused = req.reusedSocket;
        reject(err);
      });
      req.end(target.body);
    });
  }

  /**
   * Closes the idle kept-alive connections. Those still in use (a KILL sent while closing) finish;
   * back in the pool they hold no process open, and the server closes them when idle.
   */
  closeIdle(): void {
    for (const sockets of Object.values(this.agent.freeSockets)) for (const s of sockets ?? []) s.destroy();
  }
}

/** A server's error that says another shard is out of reach becomes WarehouseUnavailableError. */
function unreachableOr(host: string, err: ClickHouseError): Error {
  if (err.code === undefined || !UNREACHABLE_CODES.has(err.code)) return err;
  return new WarehouseUnavailableError('clickhouse', `via ${host}: ${err.message}`);
}
