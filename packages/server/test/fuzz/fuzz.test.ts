import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { endpointTargets, type FuzzTarget, parserTargets, SqlParser } from './suite.js';
import { allEndpoints, fuzzProject, preview, runTarget } from './targets.js';

/**
 * The seeded `npm test` slice of the bad-input fuzz (docs/api.md "Bad input"); `npm run bench:fuzz` runs the
 * same targets on 100 000+ inputs. Same seed, same inputs: a failure here reproduces.
 */
const SEED = 20_251_125;

async function expectClean(t: FuzzTarget, runs: number) {
  const report = await runTarget(t.target, t.arb, t.check, { runs, seed: SEED, limitMs: t.limitMs });
  const failures = report.failures.map((f) => `${f.error}\n  input: ${preview(f.input)}`);
  expect(failures, `${t.target}: ${report.failed} of ${report.runs} failed`).toEqual([]);
  expect(report.runs).toBe(runs);
  return report;
}

describe('fuzz: parsers', () => {
  const parser = new SqlParser();
  afterAll(() => parser.close());
  const [superQuery, customSql] = parserTargets(parser);

  it('super query: a result (never a throw) in bounded time; accepted queries round-trip and bind every keyword', async () => {
    const report = await expectClean(superQuery!, 800);
    // The arbitraries reach both sides: valid queries and refusals.
    expect(report.outcomes.accepted).toBeGreaterThan(100);
    expect(report.outcomes.refused).toBeGreaterThan(100);
  });

  it('custom SQL: a tree or a translated 400; accepted trees compile to SQL naming only allow-listed columns', async () => {
    const report = await expectClean(customSql!, 400);
    expect(report.outcomes.accepted).toBeGreaterThan(20);
    expect(report.outcomes.refused).toBeGreaterThan(100);
  });
});

describe('fuzz: every analysis endpoint and administration read on DuckDB (tiny data)', () => {
  let t: TestApp;
  const targets = new Map<string, FuzzTarget>();
  const statuses: Record<string, number> = {};
  let token: string;
  let project: number;
  beforeAll(async () => {
    t = await buildTestApp({ withData: true, env: { RATE_LIMIT_PER_IP: '100000' } });
    const fuzz = await fuzzProject(t.ctx, t.app);
    ({ token, project } = fuzz);
    for (const target of endpointTargets(t.app, token, fuzz.project)) targets.set(target.target, target);
  });
  afterAll(() => t?.close());

  const names = allEndpoints().map((e) => e.name);
  it.each(names)('%s answers 200, or 400/404 with a catalogue message in the request language', async (name) => {
    const report = await expectClean(targets.get(name)!, 16);
    for (const [k, n] of Object.entries(report.outcomes)) statuses[k] = (statuses[k] ?? 0) + n;
  });

  it('answers a period far in the future with a translated 400 (the bench found a 500)', async () => {
    const res = await t.app.inject({
      url: `/api/common/brands/trends?data_scope_id=${project}&brand_id=10036&start=2020-04-01&end=9999-12-01&locale=en_us`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('Choose a period between 2000-01-01 and 2099-12-31.');
  });

  it('covers every endpoint table, and valid bodies reach the handlers while mutated ones are refused', () => {
    expect(names.length).toBeGreaterThan(60);
    expect(new Set(names.map((n) => n.split('.')[0])).size).toBeGreaterThanOrEqual(9);
    expect(statuses['200']).toBeGreaterThan(100);
    expect(statuses['400']).toBeGreaterThan(100);
  });
});
