import { WarehouseUnavailableError } from '../engine.js';
import type { ClickHouseLocation } from '../url.js';

/**
 * The HTTP interface of ClickHouse with plain fetch (ADR 0005): one request per statement, the
 * statement in the body, settings and query_id in the URL, credentials in headers.
 */

export interface Account {
  user: string;
  password: string;
}

/** A server error: `code` is ClickHouse's `Code: N` (18.16 has no error type names). */
export class ClickHouseError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
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

export class ClickHouseHttp {
  constructor(private readonly location: ClickHouseLocation) {}

  get hosts(): readonly string[] {
    return this.location.hosts;
  }

  /** Runs one statement on one host and returns the response text; throws ClickHouseError. */
  async request(host: string, account: Account, sql: string, options: RequestOptions = {}): Promise<string> {
    const url = new URL(`${this.location.protocol}://${host}/`);
    // Unknown settings are errors on 18.16: callers send only those both versions know.
    for (const [k, v] of Object.entries(options.settings ?? {})) url.searchParams.set(k, String(v));
    if (options.queryId) url.searchParams.set('query_id', options.queryId);
    let body: string = sql;
    if (options.data !== undefined) {
      url.searchParams.set('query', sql);
      body = options.data;
    }
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'X-ClickHouse-User': account.user, 'X-ClickHouse-Key': account.password },
        body,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      text = await res.text();
    } catch (err) {
      // Our own stop (abort, time limit) stays what it is; anything else is the server gone.
      if (options.signal?.aborted) throw err;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new WarehouseUnavailableError('clickhouse', `${host}: ${cause?.code ?? cause?.message ?? String(err)}`);
    }
    if (!res.ok) throw unreachableOr(host, parseError(res.status, text));
    // Without wait_end_of_query an error after the first block arrives with status 200.
    if (/\nCode: \d+, e\.displayText\(\) = DB::Exception/.test(text.slice(-2000))) {
      throw unreachableOr(host, parseError(res.status, text.slice(text.lastIndexOf('Code: '))));
    }
    return text;
  }
}

/** A server's error that says another shard is out of reach becomes WarehouseUnavailableError. */
function unreachableOr(host: string, err: ClickHouseError): Error {
  if (err.code === undefined || !UNREACHABLE_CODES.has(err.code)) return err;
  return new WarehouseUnavailableError('clickhouse', `via ${host}: ${err.message}`);
}
