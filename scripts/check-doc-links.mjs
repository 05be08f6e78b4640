#!/usr/bin/env node
// Checks that every relative markdown link in the handbook resolves: the file (or folder) exists and,
// for `#anchor`, the target has that heading or `<a id="…">`. Links inside code spans and fenced blocks
// are skipped. With no arguments: docs/**, README.md and bench/results/*.md (not the raw runs).
//   node scripts/check-doc-links.mjs [file.md …]     exits 1 when a link is broken
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const results = path.join(root, 'bench/results');
const files =
  process.argv.length > 2
    ? process.argv.slice(2).map((f) => path.resolve(f))
    : [
        ...markdownUnder(path.join(root, 'docs')),
        path.join(root, 'README.md'),
        ...readdirSync(results)
          .filter((f) => f.endsWith('.md'))
          .map((f) => path.join(results, f)),
      ];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** Lines outside fenced code blocks, with their numbers. */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    return fenced ? [] : [{ line, no: i + 1 }];
  });
}

const anchorCache = new Map();
function anchorsOf(file) {
  let set = anchorCache.get(file);
  if (set) return set;
  set = new Set();
  const seen = new Map();
  for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) set.add(m[1]);
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      const s = slug(h[1]);
      const n = seen.get(s) ?? 0;
      seen.set(s, n + 1);
      set.add(n ? `${s}-${n}` : s);
    }
  }
  anchorCache.set(file, set);
  return set;
}

let broken = 0;
for (const file of files) {
  for (const { line, no } of proseLines(readFileSync(file, 'utf8'))) {
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      const [p, anchor] = target.split('#');
      const resolved = p ? path.resolve(path.dirname(file), decodeURI(p)) : file;
      const where = `${path.relative(root, file)}:${no}`;
      if (!existsSync(resolved)) {
        console.log(`${where}: no such file: ${target}`);
        broken++;
      } else if (
        anchor &&
        statSync(resolved).isFile() &&
        resolved.endsWith('.md') &&
        !anchorsOf(resolved).has(anchor)
      ) {
        console.log(`${where}: no anchor #${anchor} in ${target}`);
        broken++;
      }
    }
  }
}
console.log(`${files.length} files checked, ${broken} broken links`);
process.exit(broken ? 1 : 0);
