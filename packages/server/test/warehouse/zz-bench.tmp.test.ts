import { rmSync } from 'node:fs';
import { test } from 'vitest';
import { importDataset } from '../../src/warehouse/index.js';

test('bench', async () => {
  const src = process.env.BENCH_SRC!;
  const wh = process.env.BENCH_WH ?? '/tmp/bench/wh';
  rmSync(wh, { recursive: true, force: true });
  let last = performance.now();
  let phase = '';
  const t0 = performance.now();
  const res = await importDataset(wh, src, {
    onProgress: (p) => {
      if (p.phase !== phase) {
        const now = performance.now();
        if (phase) console.log(phase.padEnd(34), ((now - last) / 1000).toFixed(2), 's');
        phase = p.phase;
        last = now;
      }
    },
  });
  console.log(phase.padEnd(34), ((performance.now() - last) / 1000).toFixed(2), 's');
  const secs = (performance.now() - t0) / 1000;
  console.log(
    'total',
    secs.toFixed(1),
    's;',
    Math.round(res.dataset.rows.fact_sales! / secs),
    'fact rows/s',
    JSON.stringify(res.dataset.rows),
  );
}, 1_000_000);
