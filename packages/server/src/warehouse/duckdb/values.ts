import {
  BIGINT,
  DOUBLE,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
  type DuckDBListType,
  type DuckDBPreparedStatement,
  type DuckDBTimestampTZValue,
  type DuckDBTimestampValue,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  INTEGER,
  LIST,
  SQLNULL,
  VARCHAR,
} from '@duckdb/node-api';
import type { QueryParams, Row } from '../engine.js';

/**
 * DuckDB values ⇄ the engine-neutral JS values of WarehouseEngine: numbers are JS numbers (BIGINT,
 * HUGEINT and DECIMAL included — sums of money fit a double's 15-16 significant digits), dates are
 * 'YYYY-MM-DD', timestamps ISO strings. Results the API could not serialise fail loudly.
 */

export type Scalar = string | number | boolean | null;

const INTEGER_PARAM_TYPES = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
]);
const BIGINT_PARAM_TYPES = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

function paramType(prepared: DuckDBPreparedStatement, index: number): DuckDBType | undefined {
  try {
    const id = prepared.parameterTypeId(index);
    if (id === DuckDBTypeId.INVALID || id === DuckDBTypeId.ANY) return undefined;
    return prepared.parameterType(index);
  } catch {
    // Parameters whose type DuckDB cannot infer (e.g. `= ANY($1)`) have none.
    return undefined;
  }
}

/** Picks a list type for `= ANY($n)` / `IN (SELECT unnest($n))` when the statement does not say. */
function listTypeFor(items: readonly (string | number)[], declared: DuckDBType | undefined): DuckDBListType {
  if (declared?.typeId === DuckDBTypeId.LIST) return declared as DuckDBListType;
  if (items.length === 0) return LIST(SQLNULL); // compares with any column type
  if (items.every((v) => typeof v === 'string')) return LIST(VARCHAR);
  if (items.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) {
    return items.every((v) => Math.abs(v as number) <= 2_147_483_647) ? LIST(INTEGER) : LIST(BIGINT);
  }
  if (items.every((v) => typeof v === 'number')) return LIST(DOUBLE);
  throw new TypeError('an array parameter must hold only strings or only numbers');
}

function listItem(v: string | number, child: DuckDBType): DuckDBValue {
  if (BIGINT_PARAM_TYPES.has(child.typeId)) return BigInt(v);
  if (INTEGER_PARAM_TYPES.has(child.typeId)) return Number(v);
  if (child.typeId === DuckDBTypeId.VARCHAR) return String(v);
  if (child.typeId === DuckDBTypeId.DOUBLE || child.typeId === DuckDBTypeId.FLOAT) return Number(v);
  // Other declared element types (DATE[] …): let DuckDB cast from text.
  return String(v);
}

export function bindParams(prepared: DuckDBPreparedStatement, params: QueryParams): void {
  if (params.length !== prepared.parameterCount) {
    throw new RangeError(
      `the statement has ${prepared.parameterCount} parameters but ${params.length} values were given`,
    );
  }
  params.forEach((value, i) => {
    const index = i + 1;
    const declared = paramType(prepared, index);
    if (value === null) {
      prepared.bindNull(index);
    } else if (typeof value === 'boolean') {
      prepared.bindBoolean(index, value);
    } else if (typeof value === 'string') {
      // DuckDB casts text to the parameter's type (DATE, DECIMAL …) when it binds.
      prepared.bindVarchar(index, value);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`parameter $${index} is not a finite number`);
      const id = declared?.typeId;
      if (Number.isSafeInteger(value) && id !== undefined && INTEGER_PARAM_TYPES.has(id))
        prepared.bindInteger(index, value);
      else if (Number.isSafeInteger(value) && (id === undefined || BIGINT_PARAM_TYPES.has(id))) {
        prepared.bindBigInt(index, BigInt(value));
      } else prepared.bindDouble(index, value);
    } else if (Array.isArray(value)) {
      const type = listTypeFor(value, declared);
      prepared.bindList(
        index,
        value.map((v) => listItem(v, type.valueType)),
        type,
      );
    } else {
      throw new TypeError(`parameter $${index} has an unsupported type`);
    }
  });
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateString(v: DuckDBDateValue): string {
  if (!v.isFinite) return v.toString();
  const { year, month, day } = v.toParts();
  return `${year < 0 ? '-' : ''}${pad(Math.abs(year), 4)}-${pad(month)}-${pad(day)}`;
}

function timestampIso(v: DuckDBTimestampValue | DuckDBTimestampTZValue): string {
  if (!v.isFinite) return v.toString();
  return new Date(Number(v.micros / 1000n)).toISOString();
}

/** Converts one result value; the column's type id decides. */
export function toScalar(value: DuckDBValue, typeId: DuckDBTypeId, column: string): Scalar {
  if (value === null) return null;
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
      return value as boolean;
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return value as number;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return Number(value as bigint);
    case DuckDBTypeId.DECIMAL:
      return (value as DuckDBDecimalValue).toDouble();
    case DuckDBTypeId.DATE:
      return dateString(value as DuckDBDateValue);
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return timestampIso(value as DuckDBTimestampValue);
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.UUID:
      return String(value);
    case DuckDBTypeId.TIME:
    case DuckDBTypeId.INTERVAL:
      return String(value);
    case DuckDBTypeId.SQLNULL:
      return null;
    default:
      throw new TypeError(
        `column "${column}" has type ${DuckDBTypeId[typeId]}, which results cannot carry; select scalar values (string_agg instead of list)`,
      );
  }
}

/** Rows as objects keyed by column name (duplicate names get DuckDB's deduplicated names). */
export function toRows(
  names: readonly string[],
  typeIds: readonly DuckDBTypeId[],
  rows: readonly (readonly DuckDBValue[])[],
): Row[] {
  const out: Row[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const src = rows[r]!;
    const row: Row = {};
    for (let c = 0; c < names.length; c++) row[names[c]!] = toScalar(src[c]!, typeIds[c]!, names[c]!);
    out[r] = row;
  }
  return out;
}
