import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildMarket, generate } from '@marketlens/datagen';
import type { DemoDatasetName } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type DatasetCalendarEvent,
  type ImportIssue,
  ImportValidationError,
  importDataset,
  openClickHouseWarehouse,
  openDuckDBWarehouse,
  parseClickHouseUrl,
  readCalendarEvents,
  type WarehouseEngine,
} from '../../src/warehouse/index.js';
import { testCluster } from '../support/clickhouse.js';
import { baseFixture, type TableRows, tempDir, toCsv, writeFixture } from './fixtures.js';

/**
 * The optional calendar_event table (docs/data-format.md) through the importer on both engines:
 * generated calendars load and read back as the generator built them, a bad row is refused with
 * its file, row, column and reason, and a dataset without the table imports as before.
 */

const ch = await testCluster();
const SEED = 7;
const AS_OF = '2026-11-01';
const GENERATED: { dataset: DemoDatasetName; format: 'csv' | 'parquet' }[] = [
  { dataset: 'cn_weekly', format: 'csv' },
  { dataset: 'global_monthly', format: 'parquet' },
];

/** What the generator put in the file, in the reader's shape (platforms as a list), by start, code, phase. */
function expectedEvents(dataset: DemoDatasetName): DatasetCalendarEvent[] {
  const rows = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset }).dims.calendar_event;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .map((r) => ({ ...r, platforms: r.platforms === null ? [] : r.platforms.split(',') }))
    .sort((a, b) => cmp(a.start_date, b.start_date) || cmp(a.code, b.code) || cmp(a.phase, b.phase));
}

const calendarRow = (over: Record<string, string | number | null> = {}) => ({
  code: 'double11',
  year: 2024,
  phase: 'peak',
  name_zh: '双11',
  name_en: 'Double 11',
  kind: 'promotion',
  platforms: 'tmall,jd',
  start_date: '2024-11-11',
  end_date: '2024-11-11',
  peak_date: '2024-11-11',
  ...over,
});

let scratch: { dir: string; cleanup: () => void };
let n = 0;
const generated = new Map<DemoDatasetName, string>();

beforeAll(async () => {
  scratch = tempDir('ml-calendar-');
  for (const { dataset, format } of GENERATED) {
    const [summary] = await generate({
      scale: 'tiny',
      seed: SEED,
      asOf: AS_OF,
      out: path.join(scratch.dir, `gen-${format}`),
      datasets: [dataset],
      format,
    });
    generated.set(dataset, summary!.dir);
  }
});
afterAll(() => scratch?.cleanup());

/** The base fixture with a calendar_event.csv of `rows` (none: no calendar file). */
async function fixtureFolder(rows?: TableRows): Promise<string> {
  const dir = path.join(scratch.dir, `fx${++n}`);
  await writeFixture(baseFixture('fx_calendar'), dir);
  if (rows) writeFileSync(path.join(dir, 'calendar_event.csv'), toCsv(rows));
  return dir;
}

async function issuesOf(load: (folder: string) => Promise<unknown>, rows: TableRows): Promise<ImportIssue[]> {
  const error = await load(await fixtureFolder(rows)).then(
    () => new Error('the import should have failed'),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ImportValidationError);
  return (error as ImportValidationError).issues;
}

function expectIssue(issues: ImportIssue[], code: string, row: number, column: string, ...fragments: string[]) {
  const issue = issues.find((i) => i.code === code && i.row === row && i.column === column);
  expect(issue, `no ${code} in row ${row}:\n${issues.map((i) => i.message).join('\n')}`).toBeDefined();
  const where = `calendar_event.csv row ${row} (line ${row + 1}) column ${column}`;
  expect(issue!.message.startsWith(where), issue!.message).toBe(true);
  expect(issue!.message_zh.startsWith(`calendar_event.csv 第 ${row} 行（文件第 ${row + 1} 行），列 ${column}`)).toBe(
    true,
  );
  for (const f of fragments) expect(`${issue!.message}\n${issue!.message_zh}`).toContain(f);
}

function engineSuite(label: string, open: () => Promise<WarehouseEngine>, prefix: string) {
  describe(`calendar_event on ${label}`, () => {
    let engine: WarehouseEngine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    test('a generated calendar loads and reads back as the generator built it (CSV and Parquet)', async () => {
      for (const { dataset } of GENERATED) {
        const name = `${prefix}_${dataset}`;
        const { dataset: loaded } = await engine.importDataset(generated.get(dataset)!, { name });
        const expected = expectedEvents(dataset);
        expect(loaded.rows.calendar_event).toBe(expected.length);
        const events = await readCalendarEvents(engine, name);
        expect(events, dataset).toEqual(expected);
        // The calendar covers the years of the facts.
        const years = new Set(events.map((e) => e.year));
        expect(years.has(Number(loaded.farthestDate.slice(0, 4)))).toBe(true);
        expect(years.has(Number(loaded.latestDate.slice(0, 4)))).toBe(true);
      }
    });

    test('a dataset without a calendar file imports and has no events', async () => {
      const name = `${prefix}_no_calendar`;
      const { dataset } = await engine.importDataset(await fixtureFolder(), { name });
      expect(dataset.rows.calendar_event).toBeUndefined();
      expect(dataset.rows.fact_sales).toBeGreaterThan(0);
      expect(await readCalendarEvents(engine, name)).toEqual([]);
    });

    test("a customer's calendar loads, and a bad row is refused leaving it as it was", async () => {
      const name = `${prefix}_own_calendar`;
      const good = calendarRow();
      await engine.importDataset(
        await fixtureFolder([good, calendarRow({ code: 'x', platforms: null, peak_date: null })]),
        { name },
      );
      const before = engine.datasets().find((d) => d.manifest.name === name);
      expect(await readCalendarEvents(engine, name)).toEqual([
        { ...good, platforms: ['tmall', 'jd'] },
        { ...good, code: 'x', platforms: [], peak_date: null },
      ]);
      const issues = await issuesOf(
        (folder) => engine.importDataset(folder, { name }),
        [calendarRow(), calendarRow({ phase: 'main', kind: 'sale' })],
      );
      expectIssue(issues, 'unknown_calendar_kind', 2, 'kind', '"sale"', 'promotion, holiday, season');
      expect(engine.datasets().find((d) => d.manifest.name === name)).toEqual(before);
      expect(await readCalendarEvents(engine, name)).toHaveLength(2);
    });
  });
}

engineSuite(
  'duckdb',
  () => openDuckDBWarehouse({ dir: path.join(scratch.dir, 'warehouse'), refreshIntervalMs: 0 }),
  'cal',
);
describe.skipIf(!ch.cluster)('on a 2-shard ClickHouse cluster', () => {
  engineSuite(
    'clickhouse',
    () =>
      openClickHouseWarehouse({
        // A database of its own: the other import tests' datasets are not touched.
        location: parseClickHouseUrl(ch.cluster!.url.replace(/\/[A-Za-z0-9_]+\?/, '/marketlens_calendar?')),
        refreshIntervalMs: 0,
      }),
    'calch',
  );
});

describe('the calendar checks', () => {
  const load = (folder: string) => importDataset(path.join(scratch.dir, `wh${++n}`), folder);

  test('name the row, the column and what is wrong, in English and Chinese', async () => {
    const issues = await issuesOf(load, [
      calendarRow(),
      calendarRow({ phase: 'wave', start_date: '2024-11-10', end_date: '2024-11-01', peak_date: null }),
      calendarRow({ phase: 'presale', start_date: '2024-02-30', end_date: '2024-10-31', peak_date: null }),
      calendarRow(),
      calendarRow({ phase: 'return', platforms: 'tmall,amazon,tiktok', peak_date: null }),
      calendarRow({ phase: 'warmup', start_date: '2024-11-01', end_date: '2024-11-10', peak_date: '2024-11-11' }),
      calendarRow({ code: 'spring_festival', kind: 'Holiday' }),
      calendarRow({ phase: 'all', platforms: null, peak_date: null }),
    ]);
    expectIssue(
      issues,
      'calendar_end_before_start',
      2,
      'end_date',
      '2024-11-01',
      'start_date 2024-11-10',
      '早于开始日期',
    );
    expectIssue(issues, 'bad_type', 3, 'start_date', '"2024-02-30"', 'YYYY-MM-DD');
    expectIssue(issues, 'duplicate_key', 4, 'code, year, phase', 'code=double11, year=2024, phase=peak', 'row 1');
    expectIssue(issues, 'unknown_platform_code', 5, 'platforms', '"tiktok"', '留空表示全部平台');
    expectIssue(issues, 'calendar_peak_outside', 6, 'peak_date', '2024-11-11', '2024-11-01 … 2024-11-10', '高峰日');
    expectIssue(issues, 'unknown_calendar_kind', 7, 'kind', '"Holiday"', '应为 promotion、holiday、season 之一');
    // The good rows, and an empty platforms field (all platforms), are not reported.
    expect([...new Set(issues.map((i) => i.row))].sort()).toEqual([2, 3, 4, 5, 6, 7]);
  });

  test('a calendar with a wrong column is refused like any table', async () => {
    const { peak_date: _peak, ...noPeak } = calendarRow();
    const issues = await issuesOf(load, [{ ...noPeak, peak: '2024-11-11' }]);
    expect(issues.map((i) => [i.code, i.column]).sort()).toEqual([
      ['column_missing', 'peak_date'],
      ['column_unknown', 'peak'],
    ]);
  });

  test('the messy fixture (no calendar) still imports', async () => {
    const [messy] = await generate({
      shape: 'messy',
      seed: 11,
      asOf: AS_OF,
      out: path.join(scratch.dir, 'messy'),
      scale: 'tiny',
    });
    const { dataset } = await importDataset(path.join(scratch.dir, 'wh-messy'), messy!.dir);
    expect(dataset.rows.calendar_event).toBeUndefined();
  });
});
