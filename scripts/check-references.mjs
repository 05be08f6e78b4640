#!/usr/bin/env node
// Keeps the repository self-contained: source, tests, scripts and docs may cite only documents the
// repository holds. Fails on a citation of the product specification or design notes kept outside it
// (their rules are restated in docs/product.md, docs/architecture.md and docs/clickhouse.md), on a path
// of a build machine, and on a tracker number (a comment or a doc says why, in words).
//   node scripts/check-references.mjs     exits 1 and lists each offending line
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = 'scripts/check-references.mjs';

const everywhere = ['packages', 'e2e', 'scripts', 'bench', 'docs', 'README.md', '.ci'];

const RULES = [
  {
    why: 'cites a document outside the repository (use docs/product.md §N or the doc that states it)',
    pattern: String.raw`\bspec §|product-spec|(^|[^/a-z])DESIGN\.md|(^|[^/a-z])CLICKHOUSE\.md|shared/spec/`,
    where: everywhere,
  },
  {
    why: 'names a path of a build machine',
    pattern: String.raw`/work/(main|shared|\.library)`,
    where: everywhere,
  },
  {
    why: 'cites a tracker number (say why in words)',
    pattern: String.raw`\b[Ii]ssue #?[0-9]+|\(#[0-9]+\)`,
    where: ['packages', 'e2e', 'scripts', 'docs', 'README.md'],
  },
];

let failures = 0;
for (const rule of RULES) {
  const res = spawnSync(
    'git',
    [
      'grep',
      '-n',
      '-I',
      '-E',
      rule.pattern,
      '--',
      ...rule.where,
      `:!${self}`,
      ':!bench/results',
      ':!**/package-lock.json',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (res.status === 1) continue; // no match
  if (res.status !== 0) throw new Error(res.stderr);
  for (const line of res.stdout.trim().split('\n')) {
    failures++;
    process.stderr.write(`${line}\n  ✗ ${rule.why}\n`);
  }
}
// A benchmark run named in a comment or a doc must be there (runs live in bench/results/<date>/).
const runs = spawnSync(
  'git',
  ['grep', '-n', '-I', '-o', '-E', String.raw`bench/results/[A-Za-z0-9_./-]+\.md`, '--', ...everywhere, `:!${self}`],
  { cwd: root, encoding: 'utf8' },
);
for (const line of runs.stdout.trim().split('\n').filter(Boolean)) {
  const file = line.replace(/^[^:]*:\d+:/, '');
  if (existsSync(path.join(root, file))) continue;
  failures++;
  process.stderr.write(`${line}\n  ✗ names a benchmark run that is not in bench/results\n`);
}
if (failures > 0) {
  process.stderr.write(`${failures} reference(s) to fix\n`);
  process.exit(1);
}
process.stdout.write('references: every citation points inside the repository\n');
