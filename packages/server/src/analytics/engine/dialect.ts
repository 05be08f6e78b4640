import type { QueryParams } from '../../warehouse/engine.js';

/**
 * Everything engine-specific in the SQL the analytics layer writes. The query builder speaks only
 * through this object, so the ClickHouse dialect is a second implementation, not a rewrite.
 */
export interface SqlDialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** The placeholder of the parameter at 0-based `index`. */
  placeholder(index: number): string;
  /** `column` is one of `placeholders` (the caller binds each value separately). */
  inList(column: string, placeholders: readonly string[]): string;
  /** A whole list bound as one parameter of the given element type. */
  inArray(column: string, placeholder: string, type: 'integer' | 'bigint' | 'varchar'): string;
  /** LIKE as the user wrote it (custom SQL): `%` and `_` are wildcards, no escape character. */
  like(column: string, placeholder: string, negated: boolean): string;
  /**
   * Case-insensitive substring test: `column` contains the text bound at `placeholder`. No LIKE
   * pattern, so nothing to escape; lower() on both sides (DuckDB's ILIKE on CJK text was 4× slower).
   */
  containsText(column: string, placeholder: string): string;
  /** A bound 'YYYY-MM-DD' value as a date. */
  date(placeholder: string): string;
  /** A money sum as a float (DECIMAL sums are exact; the cast happens once, at the end). */
  sumMoney(expr: string): string;
  /** An integer sum as a float-safe number. */
  sumCount(expr: string): string;
  /** Quotes an identifier that comes from a catalogue (never from users). */
  ident(name: string): string;
  /** A LIMIT clause. */
  limit(n: number): string;
}

/** Placeholders are allocated here so SQL and parameters never go out of step. */
export class ParamList {
  readonly values: (string | number | boolean | null | readonly (string | number)[])[] = [];
  constructor(private readonly dialect: SqlDialect) {}

  add(value: string | number | boolean | null | readonly (string | number)[]): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length - 1);
  }

  get params(): QueryParams {
    return this.values;
  }
}

/** Up to this many values become `IN ($1, $2 …)`, which DuckDB turns into a pushed-down table filter. */
const MAX_INLINE_LIST = 512;

export const duckdbDialect: SqlDialect = {
  name: 'duckdb',
  placeholder: (i) => `$${i + 1}`,
  inList: (column, placeholders) => (placeholders.length === 0 ? 'FALSE' : `${column} IN (${placeholders.join(', ')})`),
  inArray: (column, placeholder, type) => `list_contains(${placeholder}::${type.toUpperCase()}[], ${column})`,
  like: (column, placeholder, negated) => `${column} ${negated ? 'NOT LIKE' : 'LIKE'} ${placeholder}`,
  containsText: (column, placeholder) => `contains(lower(${column}), lower(${placeholder}))`,
  date: (placeholder) => `CAST(${placeholder} AS DATE)`,
  sumMoney: (expr) => `CAST(SUM(${expr}) AS DOUBLE)`,
  sumCount: (expr) => `CAST(SUM(${expr}) AS DOUBLE)`,
  ident: (name) => `"${name.replace(/"/g, '""')}"`,
  limit: (n) => `LIMIT ${Math.trunc(n)}`,
};

/**
 * `column IN (…)` for a list of ids: inline placeholders while the list is short (the engine can
 * prune by zone maps), one array parameter beyond that. An empty list matches nothing.
 */
export function idsIn(
  dialect: SqlDialect,
  params: ParamList,
  column: string,
  ids: readonly (number | string)[],
  type: 'integer' | 'bigint' | 'varchar',
): string {
  if (ids.length === 0) return 'FALSE';
  if (ids.length <= MAX_INLINE_LIST) {
    return dialect.inList(
      column,
      ids.map((id) => params.add(id)),
    );
  }
  return dialect.inArray(column, params.add([...ids]), type);
}
