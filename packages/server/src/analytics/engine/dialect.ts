import type { ParamList, SqlDialect } from '../../warehouse/dialect.js';

/** Up to this many values become `IN ($1, $2 …)`, which DuckDB turns into a pushed-down table filter. */
export const MAX_INLINE_LIST = 512;

/**
 * `column IN (…)` for a list of ids: one value each while the list is short (the engine can prune
 * by zone maps), one list value beyond that. An empty list matches nothing.
 */
export function idsIn(
  dialect: SqlDialect,
  params: ParamList,
  column: string,
  ids: readonly (number | string)[],
  type: 'integer' | 'bigint' | 'varchar',
): string {
  if (ids.length === 0) return dialect.false;
  if (ids.length <= MAX_INLINE_LIST) {
    return dialect.inList(
      column,
      ids.map((id) => params.add(id, type)),
    );
  }
  return dialect.inArray(column, params.add([...ids], `${type}[]`));
}
