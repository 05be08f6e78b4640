import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { type DatasetTableName, tableDef } from '@marketlens/shared';
import { afterAll } from 'vitest';

/** A fixed as-of date: 2026-11-22 is a Sunday, so its week is still open. */
export const AS_OF = '2026-11-22';
export const SEED = 20170101;
/** Building a demo market takes a few seconds; more on a busy CI machine. */
export const HOOK_TIMEOUT = 120_000;

/** A temporary folder removed after the test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `datagen-${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** sha256 of every file under `dir`, keyed by relative path. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return out;
}

/**
 * Reads a generated table back with DuckDB, converted to the in-memory row shape: dates as
 * 'YYYY-MM-DD', money and bigints as JS numbers, nulls as null.
 */
export async function readTable(file: string, table: DatasetTableName): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const select = tableDef(table)
      .columns.map((c) => {
        const col = `"${c.name}"`;
        if (c.type === 'date') return `strftime(${col}, '%Y-%m-%d') AS ${col}`;
        if (c.type === 'money' || c.type === 'bigint' || c.type === 'double') return `CAST(${col} AS DOUBLE) AS ${col}`;
        return col;
      })
      .join(', ');
    const source = file.endsWith('.csv')
      ? `read_csv('${file}', header = true, auto_detect = true, all_varchar = false)`
      : `'${file}'`;
    const reader = await conn.runAndReadAll(`SELECT ${select} FROM ${source}`);
    return reader.getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
