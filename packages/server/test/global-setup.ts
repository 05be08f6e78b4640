import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from '@marketlens/datagen';
import type { TestProject } from 'vitest/node';
import { openWarehouse } from '../src/warehouse/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A warehouse directory with the three tiny demo datasets imported. */
    tinyWarehouseDir: string;
    /** The generated dataset folders it was imported from (seed TINY_SEED, as of TINY_AS_OF). */
    tinySourceDir: string;
  }
}

export const TINY_SEED = 7;
export const TINY_AS_OF = '2026-11-01';

/**
 * Once per test run: generate the tiny market and import it through the real importer, so API
 * tests query what a user's installation would hold.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'marketlens-tiny-'));
  const source = path.join(root, 'source');
  const warehouseDir = path.join(root, 'warehouse');
  await generate({ scale: 'tiny', seed: TINY_SEED, asOf: TINY_AS_OF, out: source });
  const warehouse = await openWarehouse({ warehouseUrl: warehouseDir, warehouseRefreshMs: 0 });
  try {
    for (const name of readdirSync(source).sort()) await warehouse.importDataset(path.join(source, name));
  } finally {
    await warehouse.close();
  }
  project.provide('tinyWarehouseDir', warehouseDir);
  project.provide('tinySourceDir', source);
  return () => rmSync(root, { recursive: true, force: true });
}
