import type { SqlDialect } from '../dialect.js';
import { clickhouseLiteral } from './literal.js';
import { quote } from './schema.js';

/**
 * ClickHouse (18.16 and current versions alike, docs/clickhouse.md "The portable SQL subset"): no bound
 * parameters, so every value is inlined by clickhouseLiteral with the type it was added with;
 * no window functions; semi-joins over Distributed tables as GLOBAL IN (the subquery runs once,
 * on the initiator, and its result is sent to every shard).
 */
export const clickhouseDialect: SqlDialect = {
  name: 'clickhouse',
  windowSums: false,
  true: '1',
  false: '0',
  bind: (_values, value, type) => clickhouseLiteral(value, type),
  inList: (expr, items, negated = false) =>
    items.length === 0 ? (negated ? '1' : '0') : `${expr} ${negated ? 'NOT IN' : 'IN'} (${items.join(', ')})`,
  inArray: (expr, list) => `has(${list}, ${expr})`,
  inSubquery: (expr, subquery, negated = false) => `${expr} ${negated ? 'GLOBAL NOT IN' : 'GLOBAL IN'} (${subquery})`,
  like: (expr, pattern, negated) => `${negated ? 'NOT ' : ''}like(${expr}, ${pattern})`,
  // like() takes `\` as its escape character; DuckDB's LIKE has none: a literal backslash is doubled.
  likePattern: (pattern) => pattern.replace(/\\/g, '\\\\'),
  join: (kind) => (kind === 'inner' ? 'ALL INNER JOIN' : 'ALL LEFT JOIN'),
  containsText: (expr, text) => `positionCaseInsensitiveUTF8(${expr}, ${text}) > 0`,
  toDouble: (expr) => `toFloat64(${expr})`,
  sumMoney: (expr) => `toFloat64(sum(${expr}))`,
  sumCount: (expr) => `toFloat64(sum(${expr}))`,
  ident: quote,
  limit: (n) => `LIMIT ${Math.trunc(n)}`,
};
