/** Quotes an identifier. Identifiers come from the format definition or the catalogue, never from users. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A SQL string literal, for file paths and constants in DDL (which cannot take bound parameters). */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
