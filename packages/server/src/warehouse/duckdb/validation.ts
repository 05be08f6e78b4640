import type { ColumnType } from '@marketlens/shared';
import { quote, quoteZh, type Text } from '../import-issues.js';

export const EXPECTED: Record<ColumnType, Text> = {
  integer: { en: 'a whole number', zh: '整数' },
  bigint: { en: 'a whole number', zh: '整数' },
  double: { en: 'a number such as 12.5', zh: '数字，例如 12.5' },
  money: {
    en: 'an amount such as 1234.50 (dot as the decimal separator)',
    zh: '金额，例如 1234.50（小数点为英文句点）',
  },
  varchar: { en: 'text', zh: '文本' },
  boolean: { en: 'true or false', zh: 'true 或 false' },
  date: { en: 'a date written YYYY-MM-DD', zh: 'YYYY-MM-DD 格式的日期' },
};

export const texts = {
  badType: (type: ColumnType, found: string | null): Text => ({
    en: `expected ${EXPECTED[type].en}, found ${quote(found)}`,
    zh: `应为${EXPECTED[type].zh}，实际为 ${quoteZh(found)}`,
  }),
  required: (): Text => ({ en: 'a value is required, found an empty value', zh: '此列必须有值，实际为空' }),
  negative: (found: string | null): Text => ({
    en: `expected a value ≥ 0, found ${found}`,
    zh: `应为 ≥ 0 的值，实际为 ${found}`,
  }),
  outOfRange: (found: string | null): Text => ({
    en: `expected a whole number from -9007199254740991 to 9007199254740991, found ${found}`,
    zh: `应为 -9007199254740991 到 9007199254740991 之间的整数，实际为 ${found}`,
  }),
  duplicateKey: (key: string, firstRow: string | null): Text => ({
    en: `duplicate key (${key}); the same key is first in row ${firstRow}`,
    zh: `键重复（${key}），该键首次出现在第 ${firstRow} 行`,
  }),
  unknownReference: (found: string | null, target: string): Text => ({
    en: `${found} is not in ${target}`,
    zh: `${found} 在 ${target} 中不存在`,
  }),
  oneOf: (allowed: readonly string[], found: string | null): Text => ({
    en: `expected one of ${allowed.join(', ')}, found ${quote(found)}`,
    zh: `应为 ${allowed.join('、')} 之一，实际为 ${quoteZh(found)}`,
  }),
  categoryRootParent: (found: string | null): Text => ({
    en: `a level-1 category has no parent, so parent_id must be empty; found ${found}`,
    zh: `一级类目没有上级，parent_id 应为空，实际为 ${found}`,
  }),
  categoryParentMissing: (level: string | null): Text => ({
    en: `a level-${level} category needs a parent_id`,
    zh: `${level} 级类目必须有 parent_id`,
  }),
  categoryParentLevel: (parent: string | null, detail: string | null): Text => {
    const [level, parentLevel] = (detail ?? '').split('|');
    return {
      en: `the parent of a level-${level} category must be level ${Number(level) - 1}, but category ${parent} is level ${parentLevel}`,
      zh: `${level} 级类目的上级应为 ${Number(level) - 1} 级，但类目 ${parent} 是 ${parentLevel} 级`,
    };
  },
  categoryNotLeaf: (found: string | null, level: string | null): Text => ({
    en: `expected a level-3 (leaf) category, but category ${found} is level ${level}`,
    zh: `应为三级（末级）类目，但类目 ${found} 是 ${level} 级`,
  }),
  unknownChannel: (shopType: string | null, platform: string | null): Text => ({
    en: `channel (platform_id ${platform}, shop_type ${quote(shopType)}) is not in dim_channel`,
    zh: `渠道（platform_id ${platform}，shop_type ${quoteZh(shopType)}）在 dim_channel 中不存在`,
  }),
  skuShopMismatch: (found: string | null, detail: string | null): Text => {
    const [shop, expected] = (detail ?? '').split('|');
    return {
      en: `platform_id ${found} disagrees with shop ${shop} in dim_shop (platform_id ${expected})`,
      zh: `platform_id ${found} 与 dim_shop 中店铺 ${shop} 的 platform_id ${expected} 不一致`,
    };
  },
  factMismatch: (column: string, found: string | null, detail: string | null): Text => {
    const [sku, expected, shop] = (detail ?? '').split('|');
    if (column === 'shop_type') {
      return {
        en: `shop_type ${quote(found)} disagrees with the shop of SKU ${sku} (shop ${shop} has shop_type ${quote(expected)} in dim_shop)`,
        zh: `shop_type ${quoteZh(found)} 与 SKU ${sku} 所属店铺不一致（dim_shop 中店铺 ${shop} 的 shop_type 为 ${quoteZh(expected)}）`,
      };
    }
    return {
      en: `${column} ${found} disagrees with dim_sku for SKU ${sku} (${column} ${expected})`,
      zh: `${column} ${found} 与 dim_sku 中 SKU ${sku} 的 ${column} ${expected} 不一致`,
    };
  },
  periodMonth: (found: string | null): Text => ({
    en: `expected the first day of a month (date_field is month), found ${found}`,
    zh: `应为某月的第一天（date_field 为 month），实际为 ${found}`,
  }),
  periodWeek: (found: string | null, weekday: string | null): Text => ({
    en: `expected a Monday (date_field is week), found ${found}, a ${weekday}`,
    zh: `应为星期一（date_field 为 week），实际为 ${found}（${WEEKDAY_ZH[weekday ?? ''] ?? weekday}）`,
  }),
};

const WEEKDAY_ZH: Record<string, string> = {
  Monday: '星期一',
  Tuesday: '星期二',
  Wednesday: '星期三',
  Thursday: '星期四',
  Friday: '星期五',
  Saturday: '星期六',
  Sunday: '星期日',
};

/** How a source column is stored, from DuckDB's type name (Parquet) or VARCHAR (CSV). */
export type SourceKind = 'string' | 'integral' | 'fractional' | 'boolean' | 'date' | 'timestamp' | 'other';

export function sourceKind(duckType: string): SourceKind {
  const t = duckType.toUpperCase();
  if (t === 'VARCHAR' || t.startsWith('VARCHAR(')) return 'string';
  if (/^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/.test(t)) return 'integral';
  if (t === 'FLOAT' || t === 'DOUBLE' || t.startsWith('DECIMAL')) return 'fractional';
  if (t === 'BOOLEAN') return 'boolean';
  if (t === 'DATE') return 'date';
  if (t.startsWith('TIMESTAMP')) return 'timestamp';
  return 'other';
}

export function duckType(type: ColumnType): string {
  switch (type) {
    case 'integer':
      return 'INTEGER';
    case 'bigint':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'money':
      return 'DECIMAL(18,2)';
    case 'varchar':
      return 'VARCHAR';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
  }
}

const INT_RE = `'[+-]?[0-9]+'`;
const NUM_RE = `'[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?'`;
const MONEY_RE = `'[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)'`;
const DATE_RE = `'[0-9]{4}-[0-9]{2}-[0-9]{2}'`;
const SAFE_INTEGER_SOURCES = /^(TINYINT|SMALLINT|INTEGER|UTINYINT|USMALLINT)$/;
const SAFE_BIGINT_SOURCES = /^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER)$/;

/**
 * SQL: the raw value is present; an empty string counts as absent. Text is not trimmed (trim
 * costs a third of a pass over the facts); " tmall" is reported as not a platform code instead.
 */
export function presentSql(c: string, kind: SourceKind): string {
  return kind === 'string' ? `(${c} IS NOT NULL AND ${c} <> '')` : `(${c} IS NOT NULL)`;
}

/**
 * SQL that is true when a present raw value cannot become the target type, or null when every
 * value of this source type converts. DuckDB's casts are lenient ('1.5' → 2, '2024/1/1' → a date),
 * so text is matched against the documented formats first.
 */
export function badValueSql(c: string, type: ColumnType, sourceType: string): string | null {
  const kind = sourceKind(sourceType);
  const t = sourceType.toUpperCase();
  const target = duckType(type);
  switch (type) {
    case 'integer':
    case 'bigint':
      if (kind === 'string')
        return `(NOT regexp_full_match(trim(${c}), ${INT_RE}) OR TRY_CAST(trim(${c}) AS ${target}) IS NULL)`;
      if (kind === 'integral') {
        const safe = type === 'integer' ? SAFE_INTEGER_SOURCES : SAFE_BIGINT_SOURCES;
        return safe.test(t) ? null : `(TRY_CAST(${c} AS ${target}) IS NULL)`;
      }
      if (kind === 'fractional') return `(TRY_CAST(${c} AS ${target}) IS NULL OR ${c} <> trunc(${c}))`;
      return 'true';
    case 'double':
      if (kind === 'string') return `(NOT regexp_full_match(trim(${c}), ${NUM_RE}))`;
      if (kind === 'integral' || kind === 'fractional') return kind === 'fractional' ? `(NOT isfinite(${c}))` : null;
      return 'true';
    case 'money':
      if (kind === 'string')
        return `(NOT regexp_full_match(trim(${c}), ${MONEY_RE}) OR TRY_CAST(trim(${c}) AS ${target}) IS NULL)`;
      if (kind === 'integral' || kind === 'fractional')
        return t === 'DECIMAL(18,2)' ? null : `(TRY_CAST(${c} AS ${target}) IS NULL)`;
      return 'true';
    case 'varchar':
      return null;
    case 'boolean':
      if (kind === 'string') return `(lower(trim(${c})) NOT IN ('true', 'false', '1', '0'))`;
      if (kind === 'boolean') return null;
      if (kind === 'integral') return `(${c} NOT IN (0, 1))`;
      return 'true';
    case 'date':
      if (kind === 'string')
        return `(NOT regexp_full_match(trim(${c}), ${DATE_RE}) OR TRY_CAST(trim(${c}) AS DATE) IS NULL)`;
      if (kind === 'date') return null;
      if (kind === 'timestamp') return `(CAST(${c} AS TIMESTAMP) <> CAST(CAST(${c} AS DATE) AS TIMESTAMP))`;
      return 'true';
  }
}

/** SQL converting a raw value to the warehouse type; NULL when absent or not convertible. */
export function typedValueSql(c: string, type: ColumnType, sourceType: string): string {
  const kind = sourceKind(sourceType);
  const target = duckType(type);
  if (type === 'varchar') return kind === 'string' ? `NULLIF(${c}, '')` : `CAST(${c} AS VARCHAR)`;
  if (kind === 'string') {
    if (type === 'boolean') {
      return `(CASE lower(trim(${c})) WHEN 'true' THEN true WHEN '1' THEN true WHEN 'false' THEN false WHEN '0' THEN false END)`;
    }
    return `TRY_CAST(trim(${c}) AS ${target})`;
  }
  return `TRY_CAST(${c} AS ${target})`;
}
