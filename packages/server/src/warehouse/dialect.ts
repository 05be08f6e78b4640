/**
 * What differs between the warehouse engines in the SQL the analytics layer writes. Each engine
 * exposes its dialect (WarehouseEngine.dialect); the SQL builder (analytics/engine/) speaks only
 * through it, so DuckDB and ClickHouse are two dialects of one builder, not two copies of a query.
 */

/** Scalar types of bound values. */
export type ScalarType = 'integer' | 'bigint' | 'double' | 'varchar' | 'date' | 'boolean';
/** List types (list membership, one parameter for a long id list). */
export type ListType = 'integer[]' | 'bigint[]' | 'double[]' | 'varchar[]';
export type ParamType = ScalarType | ListType;
/** A value a statement carries: a scalar or a list (never pasted into SQL unescaped). */
export type ParamValue = string | number | boolean | null | readonly (string | number)[];

export interface SqlDialect {
  readonly name: 'duckdb' | 'clickhouse';
  /**
   * Whether totals over subsets of the dimensions may be window sums (`SUM … OVER (PARTITION BY …)`);
   * without, each subset is its own grouped statement (ClickHouse 18.16 has no window functions).
   */
  readonly windowSums: boolean;
  /** Conditions that always hold / never hold. */
  readonly true: string;
  readonly false: string;
  /**
   * A value of a known type in SQL: a placeholder bound to the value it appends to `values`, or,
   * where the engine has no bound parameters, a literal escaped by its type (so the type is needed here).
   */
  bind(values: ParamValue[], value: ParamValue, type: ParamType): string;
  /** `expr` is (not) one of the bound `items`. */
  inList(expr: string, items: readonly string[], negated?: boolean): string;
  /** `expr` is an element of a bound list. */
  inArray(expr: string, list: string): string;
  /** `expr` is (not) among the rows of `subquery` (ClickHouse: GLOBAL IN over distributed tables). */
  inSubquery(expr: string, subquery: string, negated?: boolean): string;
  /** LIKE as the user wrote it (custom SQL): `%` and `_` are wildcards, no escape character. */
  like(expr: string, pattern: string, negated: boolean): string;
  /**
   * The pattern text to bind for {@link like} so that it has no escape character on this engine
   * (ClickHouse's like() treats `\` as one: it is doubled there).
   */
  likePattern(pattern: string): string;
  /**
   * The keyword of an equality join written with USING: DuckDB `JOIN` / `LEFT JOIN`; ClickHouse
   * 18.16 requires a strictness (`ALL`), which current versions accept too.
   */
  join(kind: 'inner' | 'left'): string;
  /**
   * Case-insensitive substring test: `expr` contains the bound text. No LIKE pattern, so nothing to
   * escape; lower() on both sides (DuckDB's ILIKE on CJK text was several times slower).
   */
  containsText(expr: string, text: string): string;
  /** A number as a float. */
  toDouble(expr: string): string;
  /** A money sum as a float (DECIMAL sums are exact; the cast happens once, at the end). */
  sumMoney(expr: string): string;
  /** An integer sum as a float-safe number. */
  sumCount(expr: string): string;
  /** Quotes an identifier that comes from a catalogue (never from users). */
  ident(name: string): string;
  /** A LIMIT clause. */
  limit(n: number): string;
}

/** The values of one statement, added with their types through its dialect, so SQL and values never go out of step. */
export class ParamList {
  readonly values: ParamValue[] = [];
  constructor(readonly dialect: SqlDialect) {}

  add(value: ParamValue, type: ParamType): string {
    return this.dialect.bind(this.values, value, type);
  }

  get params(): readonly ParamValue[] {
    return this.values;
  }
}
