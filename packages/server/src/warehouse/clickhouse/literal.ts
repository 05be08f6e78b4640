import type { ColumnType } from '@marketlens/shared';

/**
 * Typed values as ClickHouse SQL literals. ClickHouse 18.16 has no query parameters, so the SQL
 * dialect inlines every value through this one function (docs/clickhouse.md, subset rule 1); nothing
 * else may paste a value into SQL. The type is the column type of the dataset format.
 */
export type ClickHouseLiteralType = ColumnType | `${ColumnType}[]`;
export type LiteralValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

/** ClickHouse element types for an empty array, which has no type of its own (Array(Nothing)). */
const ARRAY_ELEMENT: Record<ColumnType, string> = {
  integer: 'Int32',
  bigint: 'Int64',
  double: 'Float64',
  money: 'Float64',
  varchar: 'String',
  boolean: 'UInt8',
  date: 'Date',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Subnormal doubles (e.g. 5e-324) are a syntax error on 18.16 and parse as 0 from text. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** `'…'` with backslash, quote and every control character escaped (\xHH), so any text survives. */
function stringLiteral(value: string): string {
  if (/[\uD800-\uDFFF]/u.test(value)) throw new RangeError('a string with a lone surrogate cannot be sent as UTF-8');
  let out = "'";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

function numberLiteral(value: unknown, type: ColumnType): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`a ${type} literal must be a finite number, got ${String(value)}`);
  }
  if (type === 'integer' || type === 'bigint') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`a ${type} literal must be a safe integer, got ${value}`);
    if (type === 'integer' && (value < -2_147_483_648 || value > 2_147_483_647))
      throw new RangeError(`${value} is out of integer range`);
    return String(value);
  }
  if (value !== 0 && Math.abs(value) < MIN_NORMAL) throw new RangeError(`${value} is too small for ClickHouse 18.16`);
  // Object.is(-0): String(-0) is '0' anyway. JS exponent forms (1e-7, 1e+21) parse as Float64.
  return String(value);
}

function dateLiteral(value: unknown): string {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  // toDate('2024-02-30') silently becomes 2024-03-01: check the calendar here.
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!m || !d || d.toISOString().slice(0, 10) !== value || Number(m[1]) < 1970 || Number(m[1]) > 2105) {
    throw new RangeError(`a date literal must be a real 'YYYY-MM-DD' between 1970 and 2105, got ${String(value)}`);
  }
  return `toDate('${value}')`;
}

function scalarLiteral(value: unknown, type: ColumnType): string {
  if (value === null) return 'NULL';
  switch (type) {
    case 'varchar':
      if (typeof value !== 'string') throw new TypeError(`a varchar literal must be a string, got ${typeof value}`);
      return stringLiteral(value);
    case 'date':
      return dateLiteral(value);
    case 'boolean':
      // Booleans are stored as UInt8.
      if (typeof value !== 'boolean') throw new TypeError(`a boolean literal must be a boolean, got ${typeof value}`);
      return value ? '1' : '0';
    default:
      return numberLiteral(value, type);
  }
}

/** One value as a ClickHouse literal of the given type; arrays as `[…]` (typed when empty). */
export function clickhouseLiteral(value: LiteralValue, type: ClickHouseLiteralType): string {
  if (type.endsWith('[]')) {
    const element = type.slice(0, -2) as ColumnType;
    if (!Array.isArray(value)) throw new TypeError(`a ${type} literal must be an array`);
    if (value.length === 0) return `CAST([] AS Array(${ARRAY_ELEMENT[element]}))`;
    return `[${value.map((v) => scalarLiteral(v, element)).join(', ')}]`;
  }
  if (Array.isArray(value)) throw new TypeError(`a ${type} literal cannot be an array`);
  return scalarLiteral(value, type as ColumnType);
}
