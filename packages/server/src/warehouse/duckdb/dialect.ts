import type { SqlDialect } from '../dialect.js';
import { ident } from './sql.js';

/** DuckDB: positional parameters ($1 …) bound by the engine; lists and dates cast where bound. */
export const duckdbDialect: SqlDialect = {
  name: 'duckdb',
  windowSums: true,
  true: 'TRUE',
  false: 'FALSE',
  bind: (values, value, type) => {
    values.push(value);
    const ph = `$${values.length}`;
    if (type === 'date') return `CAST(${ph} AS DATE)`;
    if (type.endsWith('[]')) return `${ph}::${type.slice(0, -2).toUpperCase()}[]`;
    return ph;
  },
  inList: (expr, items, negated = false) =>
    items.length === 0 ? (negated ? 'TRUE' : 'FALSE') : `${expr} ${negated ? 'NOT IN' : 'IN'} (${items.join(', ')})`,
  inArray: (expr, list) => `list_contains(${list}, ${expr})`,
  inSubquery: (expr, subquery, negated = false) => `${expr} ${negated ? 'NOT IN' : 'IN'} (${subquery})`,
  like: (expr, pattern, negated) => `${expr} ${negated ? 'NOT LIKE' : 'LIKE'} ${pattern}`,
  likePattern: (pattern) => pattern,
  join: (kind) => (kind === 'inner' ? 'JOIN' : 'LEFT JOIN'),
  containsText: (expr, text) => `contains(lower(${expr}), lower(${text}))`,
  toDouble: (expr) => `CAST(${expr} AS DOUBLE)`,
  sumMoney: (expr) => `CAST(SUM(${expr}) AS DOUBLE)`,
  sumCount: (expr) => `CAST(SUM(${expr}) AS DOUBLE)`,
  ident,
  limit: (n) => `LIMIT ${Math.trunc(n)}`,
};
