import { type Expression, type SqlBool, sql } from 'kysely';

/** Anything JSON.stringify round-trips. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** 0/1 column → boolean (PG and SQLite both hand back numbers). */
export function toBool(value: number | bigint | boolean | null | undefined): boolean {
  return value === 1 || value === 1n || value === true;
}

export function fromBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** Parses a JSON text column; a corrupt or missing value yields the fallback rather than a 500. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/**
 * Normalises a timestamp to the stored form (ISO-8601 UTC, milliseconds, 'Z'). Every write goes
 * through here so that text order stays chronological whatever the caller passed.
 */
export function toIso(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`invalid timestamp: ${String(value)}`);
  return date.toISOString();
}

export function toIsoOrNull(value: string | Date | null | undefined): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/** A list route's paging input; page is 1-based. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export function pageBounds(query: PageQuery): { page: number; pageSize: number; limit: number; offset: number } {
  const page = Math.max(1, Math.floor(query.page ?? 1) || 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE) || 1));
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** A count(*) result: PG's bigint arrives as a number (see open.ts) or, defensively, a string. */
export function toCount(value: number | bigint | string | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/**
 * Case-insensitive "contains" that behaves the same on both databases: SQLite's LIKE ignores
 * ASCII case while PG's does not, so both sides are lower()ed; % _ and \ in the search are literal.
 */
export function containsIgnoreCase(column: Expression<unknown>, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * Case-sensitive "starts with" on both databases (the role prefix match of docs/security.md, which LIKE
 * cannot give: SQLite's ignores case); an empty prefix matches every row.
 */
export function startsWith(column: Expression<unknown>, prefix: string): Expression<SqlBool> {
  return sql<SqlBool>`substr(${column}, 1, ${prefix.length}) = ${prefix}`;
}
