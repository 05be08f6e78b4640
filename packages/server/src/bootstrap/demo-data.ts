import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@marketlens/datagen';
import type { ProgressReporter } from '@marketlens/shared';
import type { ServerConfig } from '../config.js';
import type { WarehouseEngine } from '../warehouse/engine.js';

/**
 * First start: when the warehouse holds no dataset, generate the demo market and load it through
 * the same importer a customer's data goes through. The generated files are removed afterwards
 * (the same seed regenerates them). Returns the names of the datasets it loaded.
 */
export async function ensureDemoData(
  config: ServerConfig,
  warehouse: WarehouseEngine,
  progress: ProgressReporter,
): Promise<string[]> {
  if (config.demoScale === 'none' || warehouse.datasets().length > 0) return [];
  const source = path.join(config.dataDir, 'demo-source');
  rmSync(source, { recursive: true, force: true });
  try {
    await generate({
      scale: config.demoScale,
      seed: config.demoSeed,
      out: source,
      onProgress: (p) => progress.update({ phase: `generate ${p.dataset}: ${p.phase}`, rows: p.rows, total: p.total }),
    });
    progress.done();
    const loaded: string[] = [];
    for (const name of readdirSync(source).sort()) {
      const dir = path.join(source, name);
      if (!existsSync(path.join(dir, 'dataset.json'))) continue;
      const result = await warehouse.importDataset(dir, {
        onProgress: (p) => progress.update({ phase: `import ${name}: ${p.phase}`, rows: p.rows, total: p.total }),
      });
      progress.done(
        `✓ ${name}: ${result.dataset.rows.fact_sales?.toLocaleString('en-US')} fact rows in ${(result.elapsedMs / 1000).toFixed(1)} s`,
      );
      loaded.push(name);
    }
    return loaded;
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
}
