import type { Row } from '../engine.js';

/**
 * ClickHouse JSONCompact results → the engine-neutral rows of WarehouseEngine: 64-bit integers
 * arrive as strings and become numbers, Decimal and floats are numbers (nan/inf arrive as null),
 * Date stays 'YYYY-MM-DD', DateTime becomes an ISO string (the servers run in UTC).
 */

interface JsonCompact {
  meta: { name: string; type: string }[];
  data: unknown[][];
}

type Convert = (v: unknown) => string | number | boolean | null;

function converter(type: string, column: string): Convert {
  const inner = /^Nullable\((.*)\)$/.exec(type)?.[1] ?? type;
  if (/^(U?Int(8|16|32|64|128)|Float(32|64)|Decimal)/.test(inner)) {
    return (v) => (v === null ? null : typeof v === 'number' ? v : Number(v));
  }
  // Day 0 prints as 0000-00-00 on 18.16 (1970-01-01 on current versions).
  if (inner === 'Date') return (v) => (v === null ? null : v === '0000-00-00' ? '1970-01-01' : String(v));
  if (inner.startsWith('DateTime')) {
    return (v) =>
      v === null ? null : `${String(v).replace('0000-00-00 00:00:00', '1970-01-01 00:00:00').replace(' ', 'T')}.000Z`;
  }
  if (inner === 'String' || /^FixedString|^Enum|^UUID/.test(inner)) {
    return (v) => (v === null ? null : String(v));
  }
  if (inner === 'Nothing') return () => null;
  return () => {
    throw new TypeError(
      `column "${column}" has type ${type}, which results cannot carry; select scalar values (arrayStringConcat instead of arrays)`,
    );
  };
}

export function toRows(text: string): Row[] {
  const result = JSON.parse(text) as JsonCompact;
  const converters = result.meta.map((m) => converter(m.type, m.name));
  const names = result.meta.map((m) => m.name);
  return result.data.map((values) => {
    const row: Row = {};
    for (let c = 0; c < names.length; c++) row[names[c]!] = converters[c]!(values[c]);
    return row;
  });
}
