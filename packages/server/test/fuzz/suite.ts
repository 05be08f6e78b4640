import type fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { customSqlColumns, SqlParser } from '../../src/analytics/engine/custom-sql.js';
import { customSqlText, superQueryText } from './arbitraries.js';
import { allEndpoints, checkCustomSql, checkEndpoint, checkSuperQuery, endpointRequests } from './targets.js';

/**
 * The fuzz targets as one list, so the seeded test slice (fuzz.test.ts) and the bench
 * (bench/fuzz.mjs, which loads this file through Vite's module runner) run the very same inputs and
 * checks — only the number of runs differs.
 */
export interface FuzzTarget<T = unknown> {
  target: string;
  arb: fc.Arbitrary<T>;
  check: (input: T) => unknown;
  /** An input that takes longer fails ("no unbounded time"); generous for 2 shared cores. */
  limitMs: number;
}

/** The dataset's custom-SQL allow-list the parsers are fuzzed with (fixed columns and two attributes). */
export const FUZZ_COLUMNS = customSqlColumns(['efficacy', 'texture']);

export { SqlParser };

export function parserTargets(parser: SqlParser): FuzzTarget[] {
  return [
    { target: 'super query', arb: superQueryText, check: (t) => checkSuperQuery(t as string), limitMs: 250 },
    {
      target: 'custom SQL',
      arb: customSqlText([...FUZZ_COLUMNS.keys()]),
      check: (t) => checkCustomSql(parser, t as string, FUZZ_COLUMNS),
      limitMs: 3000,
    },
  ];
}

/** One target per endpoint of the shared tables, against `app` as the fuzz project's root. */
export function endpointTargets(app: FastifyInstance, token: string, project: number): FuzzTarget[] {
  return allEndpoints().map((e) => ({
    target: e.name,
    arb: endpointRequests(e, project, [...FUZZ_COLUMNS.keys()]),
    check: (r) => checkEndpoint(app, token, r as Parameters<typeof checkEndpoint>[2]),
    limitMs: 20_000,
  }));
}

// The bench loads this one file: what it runs with comes from the same module graph.
export { fuzzProject, preview, runTarget } from './targets.js';
