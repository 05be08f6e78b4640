/**
 * docs/product.md §7 tracking helpers: the track id and the event time format of POST /api/logs/logs.
 * Pure functions: the caller passes the clock and the time-zone offset, so the same inputs give the
 * same output on the server, in the browser and in tests.
 */

/** 32-bit FNV-1a over UTF-16 code units: tiny, fast and well spread — not a security hash. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Track id = 8 hash digits + 8 timestamp digits (docs/product.md §7), 16 decimal digits in all.
 * - hash digits: FNV-1a of `seed` modulo 10^8, zero-padded — pass something that tells concurrent
 *   events apart (user id, route, a random number);
 * - timestamp digits: the last 8 digits of `nowMs` (epoch milliseconds), zero-padded; they repeat
 *   only every ~27.8 hours, and the hash digits separate ids within that window.
 *
 * `createTrackId('u1|/hot', 1_700_000_123_456)` → `'<8 hash digits>00123456'`.
 */
export function createTrackId(seed: string, nowMs: number): string {
  if (!Number.isFinite(nowMs) || nowMs < 0) throw new RangeError(`invalid clock value ${nowMs}`);
  const hash = String(fnv1a(seed) % 100_000_000).padStart(8, '0');
  const stamp = String(Math.floor(nowMs) % 100_000_000).padStart(8, '0');
  return hash + stamp;
}

export function isTrackId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{16}$/.test(value);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Event time 'YYYY-MM-DD kk:mm:ss' (docs/product.md §7) of an instant, at `offsetMinutes` from UTC (a browser
 * passes `-new Date().getTimezoneOffset()`, China is +480).
 *
 * The pattern letters of docs/product.md §7 come from moment/dayjs, where `kk` is the hour 01–24 (midnight = 24).
 * We write 00–23 (`HH`) instead: '24:05:00' is not a valid time for ISO 8601 or any database, and
 * the product only needs a readable 24-hour clock. {@link parseEventTime} still accepts 24 from older
 * clients.
 *
 * `formatEventTime(Date.UTC(2024, 0, 2, 3, 4, 5), 480)` = '2024-01-02 11:04:05'.
 */
export function formatEventTime(instant: Date | number, offsetMinutes = 0): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid event time');
  const d = new Date(ms + offsetMinutes * 60_000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/**
 * Epoch milliseconds of an event time written at `offsetMinutes` from UTC, or null when malformed.
 * Hour 24 (moment's `kk` for midnight) is read as 00 of the same calendar date, which is what such a
 * client meant.
 */
export function parseEventTime(text: string, offsetMinutes = 0): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || h > 24 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h % 24, mi, s);
  // Date.UTC rolls 2024-02-30 over to March: reject instead.
  if (new Date(utc).getUTCDate() !== d) return null;
  return utc - offsetMinutes * 60_000;
}
