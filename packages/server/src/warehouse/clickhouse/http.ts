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
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'X-ClickHouse-User': account.user, 'X-ClickHouse-Key': account.password },
      body,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw parseError(res.status, text);
    // Without wait_end_of_query an error after the first block arrives with status 200.
    if (/\nCode: \d+, e\.displayText\(\) = DB::Exception/.test(text.slice(-2000))) {
      throw parseError(res.status, text.slice(text.lastIndexOf('Code: ')));
    }
    return text;
  }
}
