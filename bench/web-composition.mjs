#!/usr/bin/env node
/**
 * What the kilobytes of each page are made of: reads the files each page loaded in the last
 * `node bench/web-load.mjs` run (bench/.work/web-files.json) and splits each file's gzipped size over
 * the packages its source map names, in proportion to the bytes each contributes. Prints, per page,
 * the packages above 0.5 KB (antd per component folder, app code per file). Approximate by
 * construction: gzip does not compress every byte of a file alike.
 *
 * Usage: node bench/web-composition.mjs [page name filter]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/web/dist');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment's numbers (base64 VLQ). */
function decodeVlq(text) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The package (antd: its component folder) or app file a source belongs to. */
function owner(source) {
  const mod = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/es\/([^/]+))?/);
  if (mod) return mod[1] === 'antd' && mod[2] ? `antd/${mod[2]}` : mod[1];
  // Source paths are relative to the file: ../../src/… (web), ../../../shared/src/… (shared package).
  const shared = source.match(/shared\/src\/(.*)$/);
  if (shared) return `app: shared/${shared[1]}`;
  const web = source.match(/(?:^|\/)src\/(.*)$/);
  return web ? `app: web/${web[1]}` : source;
}

/** KB gzipped per owner for one built file. */
function split(file) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const gz = gzipSync(code, { level: 9 }).length / 1024;
  const mapFile = path.join(dist, `${file}.map`);
  // The bundler's own runtime has no source map.
  if (!existsSync(mapFile)) return [['(bundler runtime)', gz]];
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const bytes = new Map();
  let total = 0;
  let source = 0;
  map.mappings.split(';').forEach((line, li) => {
    const segs = line ? line.split(',').map(decodeVlq) : [];
    let col = 0;
    segs.forEach((seg, i) => {
      col += seg[0];
      if (seg.length > 1) source += seg[1];
      const end = i + 1 < segs.length ? col + segs[i + 1][0] : (lines[li]?.length ?? col);
      const key = owner(map.sources[source] ?? '?');
      bytes.set(key, (bytes.get(key) ?? 0) + (end - col));
      total += end - col;
    });
  });
  return [...bytes].map(([key, n]) => [key, (gz * n) / Math.max(total, 1)]);
}

const { pages } = JSON.parse(readFileSync(path.join(root, 'bench/.work/web-files.json'), 'utf8'));
const only = process.argv[2]?.toLowerCase();
for (const page of pages.filter((p) => !only || p.name.toLowerCase().includes(only))) {
  const kb = new Map();
  for (const file of page.files) for (const [key, v] of split(file)) kb.set(key, (kb.get(key) ?? 0) + v);
  const rows = [...kb].sort((a, b) => b[1] - a[1]);
  const sum = rows.reduce((s, [, v]) => s + v, 0);
  process.stdout.write(`\n## ${page.name}: ${sum.toFixed(1)} KB gz in ${page.files.length} files\n\n`);
  for (const [key, v] of rows) if (v >= 0.5) process.stdout.write(`${v.toFixed(1).padStart(7)}  ${key}\n`);
}
