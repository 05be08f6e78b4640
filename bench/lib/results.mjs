// Where a benchmark run is written (bench/results/README.md): bench/results/<yyyy-mm-dd>/<area>.md,
// then <area>-2.md, -3 … for later runs the same day, so a committed run is never overwritten; and
// bench/results/latest-<area>.md, a short file pointing at the newest run of the area.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** The areas that keep a `latest-<area>.md` pointer. */
export const AREAS = ['analytics', 'load', 'web', 'fuzz'];

/** The file the next run of `area` on `date` (yyyy-mm-dd) goes to. */
export function nextRunFile(area, date = new Date().toISOString().slice(0, 10), dir = RESULTS_DIR) {
  let out = path.join(dir, date, `${area}.md`);
  for (let n = 2; existsSync(out); n++) out = path.join(dir, date, `${area}-${n}.md`);
  return out;
}

/** Writes a run of `area` and points `latest-<area>.md` at it; returns the run's path. */
export function writeRun(area, text, { date, dir = RESULTS_DIR } = {}) {
  const out = nextRunFile(area, date, dir);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
  const rel = path.relative(dir, out).split(path.sep).join('/');
  writeFileSync(
    path.join(dir, `latest-${area}.md`),
    `# Latest ${area} run\n\nThe newest run of this area: [${rel}](${rel}).\n\nTargets, current figures and how to reproduce them: [README.md](README.md).\n`,
  );
  return out;
}
