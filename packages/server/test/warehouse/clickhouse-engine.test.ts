import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type ClickHouseEngine,
  clickhouseDialect,
  clickhouseLiteral,
  openClickHouseWarehouse,
  openWarehouse,
  ParamList,
  parseClickHouseUrl,
  WarehouseCancelledError,
  WarehouseTimeoutError,
} from '../../src/warehouse/index.js';
import { onShard, testCluster } from '../support/clickhouse.js';

const ch = await testCluster();

describe.skipIf(!ch.cluster)('ClickHouse engine on a 2-shard cluster', () => {
  const cluster = ch.cluster!;
  let engine: ClickHouseEngine;

  beforeAll(async () => {
    engine = await openClickHouseWarehouse({ location: parseClickHouseUrl(cluster.url), refreshIntervalMs: 0 });
    // An endless scan on both shards: a Distributed table over each server's system.numbers.
    for (const shard of [0, 1]) {
      await onShard(cluster, shard, 'CREATE DATABASE IF NOT EXISTS marketlens');
      await onShard(
        cluster,
        shard,
        'CREATE TABLE IF NOT EXISTS marketlens.t_numbers AS system.numbers ENGINE = Distributed(marketlens, system, numbers)',
      );
    }
  });
  afterAll(async () => {
    await engine?.close();
  });

  test('rows follow the Row contract: 64-bit integers as numbers, dates as YYYY-MM-DD, NULL as null', async () => {
    const rows = await engine.query(
      `SELECT toUInt64(9007199254740991) AS big, toInt32(-5) AS small, toDate('2024-02-29') AS day,
              toFloat64(1.5) AS f, 'x' AS s, NULL AS nothing, toNullable(toInt64(7)) AS maybe`,
    );
    expect(rows).toEqual([
      { big: 9007199254740991, small: -5, day: '2024-02-29', f: 1.5, s: 'x', nothing: null, maybe: 7 },
    ]);
  });

  test('its dialect inlines typed values that come back as they were sent', async () => {
    expect(engine.dialect).toBe(clickhouseDialect);
    const d = engine.dialect;
    const p = new ParamList(d);
    const text = "it's a \\ back\\slash, 中文\n";
    const rows = await engine.query(
      `SELECT ${p.add(text, 'varchar')} AS s, ${p.add('2024-02-29', 'date')} AS day, ${p.add(-1.25, 'double')} AS f,
              ${d.inArray('toInt32(2)', p.add([1, 2], 'integer[]'))} AS has2, ${d.inArray('toInt32(3)', p.add([], 'integer[]'))} AS none,
              ${p.add(true, 'boolean')} AS yes, ${d.containsText(p.add('ABC中', 'varchar'), p.add('bc中', 'varchar'))} AS contains`,
      p.params,
    );
    expect(p.params).toEqual([]);
    expect(rows).toEqual([{ s: text, day: '2024-02-29', f: -1.25, has2: 1, none: 0, yes: 1, contains: 1 }]);
  });

  test('bound parameters and statements other than SELECT are refused', async () => {
    await expect(engine.query('SELECT 1 AS one', [1])).rejects.toThrow(/no bound parameters/);
    await expect(engine.query('DROP DATABASE marketlens')).rejects.toThrow(/only SELECT/);
  });

  test('server errors carry the ClickHouse code', async () => {
    await expect(engine.query('SELECT * FROM marketlens.no_such_table')).rejects.toThrow(/ClickHouse error 60:/);
  });

  const marker = () => `m${Math.random().toString(36).slice(2)}`;
  /** Running parts of the marked query on one shard (the marker literal survives the rewrite for the shards). */
  const running = async (shard: number, m: string) =>
    Number(
      await onShard(
        cluster,
        shard,
        `SELECT count() FROM system.processes WHERE query LIKE '%${m}%' AND query NOT LIKE '%system.processes%' FORMAT TSV`,
      ),
    );
  const waitUntil = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  };
  const endless = (m: string) => `SELECT count() AS n FROM marketlens.t_numbers WHERE number % 7 = 3 AND '${m}' != ''`;

  test('abort kills the query on every shard and rejects with WarehouseCancelledError', async () => {
    const m = marker();
    const controller = new AbortController();
    const pending = engine.query(endless(m), [], { signal: controller.signal, timeoutMs: 30_000 });
    pending.catch(() => undefined);
    // Both shards work on it before it is stopped.
    expect(await waitUntil(async () => (await running(0, m)) > 0 && (await running(1, m)) > 0, 5_000)).toBe(true);
    const t0 = Date.now();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(WarehouseCancelledError);
    expect(await waitUntil(async () => (await running(0, m)) === 0 && (await running(1, m)) === 0, 2_000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2_500);
  });

  test('a time-out kills the query on every shard and rejects with WarehouseTimeoutError', async () => {
    const m = marker();
    const t0 = Date.now();
    const pending = engine.query(endless(m), [], { timeoutMs: 2_100 });
    pending.catch(() => undefined);
    expect(await waitUntil(async () => (await running(0, m)) > 0 && (await running(1, m)) > 0, 2_000)).toBe(true);
    await expect(pending).rejects.toBeInstanceOf(WarehouseTimeoutError);
    // The engine's timer, not the server's max_execution_time (rounded up: 3 s), stopped it.
    expect(Date.now() - t0).toBeLessThan(2_900);
    expect(await waitUntil(async () => (await running(0, m)) === 0 && (await running(1, m)) === 0, 2_000)).toBe(true);
  });

  test('openWarehouse opens ClickHouse for an http URL; close() kills the queries in flight', async () => {
    const wh = await openWarehouse({ warehouseUrl: cluster.url, warehouseRefreshMs: 0 });
    expect(wh.engine).toBe('clickhouse');
    const m = marker();
    const pending = wh.query(endless(m), [], { timeoutMs: 30_000 });
    pending.catch(() => undefined);
    expect(await waitUntil(async () => (await running(0, m)) > 0 && (await running(1, m)) > 0, 5_000)).toBe(true);
    await wh.close();
    await expect(pending).rejects.toBeInstanceOf(WarehouseCancelledError);
    expect(await waitUntil(async () => (await running(0, m)) === 0 && (await running(1, m)) === 0, 2_000)).toBe(true);
  });

  test('with maxInFlight a statement waits its turn here: not sent, and stopped before it is, while the first runs', async () => {
    const one = await openClickHouseWarehouse({
      location: parseClickHouseUrl(cluster.url),
      refreshIntervalMs: 0,
      maxInFlight: 1,
    });
    try {
      const [m1, m2, m3] = [marker(), marker(), marker()];
      const first = new AbortController();
      const running1 = one.query(endless(m1), [], { signal: first.signal, timeoutMs: 30_000 });
      running1.catch(() => undefined);
      expect(await waitUntil(async () => (await running(0, m1)) > 0, 5_000)).toBe(true);
      // The second waits for the slot: the shards never see it, and its abort ends the wait.
      const second = new AbortController();
      const waiting2 = one.query(endless(m2), [], { signal: second.signal, timeoutMs: 30_000 });
      waiting2.catch(() => undefined);
      const waiting3 = one.query(`SELECT 1 AS x WHERE '${m3}' != ''`, [], { timeoutMs: 30_000 });
      await new Promise((r) => setTimeout(r, 300));
      expect((await running(0, m2)) + (await running(1, m2))).toBe(0);
      second.abort();
      await expect(waiting2).rejects.toBeInstanceOf(WarehouseCancelledError);
      // The third, behind it, runs once the first gives its slot up.
      first.abort();
      await expect(running1).rejects.toBeInstanceOf(WarehouseCancelledError);
      expect(await waiting3).toEqual([{ x: 1 }]);
      expect((await running(0, m2)) + (await running(1, m2))).toBe(0);
    } finally {
      await one.close();
    }
  });

  test('a statement stopped before its shard has listed it is still killed there', async () => {
    // A proxy in front of the first shard holds the statement's bytes back, as a busy loopback or
    // network may: the KILL that follows the abort reaches the shard before the statement does.
    const m = marker();
    // Long enough to see it run before a repeated KILL (after 50, 300 and 1 300 ms) ends it.
    const HOLD_MS = 600;
    const location = parseClickHouseUrl(cluster.url);
    let arrived!: () => void;
    const heldBack = new Promise<void>((r) => {
      arrived = r;
    });
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(location.hosts[0]!.split(':')[1]), '127.0.0.1');
      upstream.pipe(client).on('error', () => undefined);
      upstream.on('error', () => client.destroy());
      let seen = '';
      let held = false;
      client.on('data', (chunk: Buffer) => {
        seen += chunk.toString('latin1');
        if (!held && seen.includes(m)) {
          held = true;
          arrived();
        }
        if (held) setTimeout(() => upstream.write(chunk), HOLD_MS);
        else upstream.write(chunk);
      });
      // The client's end reaches the shard after the held bytes: 18.16 runs a statement on after that.
      client.on('close', () => setTimeout(() => upstream.end(), HOLD_MS + 300));
      client.on('error', () => undefined);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyHost = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const late = await openClickHouseWarehouse({
      location: { ...location, hosts: [proxyHost, location.hosts[1]!] },
      refreshIntervalMs: 0,
    });
    try {
      const controller = new AbortController();
      const pending = late.query(endless(m), [], { signal: controller.signal, timeoutMs: 30_000 });
      pending.catch(() => undefined);
      await heldBack;
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(WarehouseCancelledError);
      // It does start on the shards once the held bytes arrive …
      expect(await waitUntil(async () => (await running(0, m)) > 0, 2_000)).toBe(true);
      // … and a repeated KILL stops it there, far within its 30 s time limit.
      expect(await waitUntil(async () => (await running(0, m)) === 0 && (await running(1, m)) === 0, 3_000)).toBe(true);
    } finally {
      await late.close();
      proxy.close();
    }
  });

  test('the query account reads and sends max_execution_time, but cannot write, create or drop', async () => {
    const asReader = async (sql: string, settings = '') => {
      const res = await fetch(`http://127.0.0.1:${cluster.shards[0]!.httpPort}/?${settings}`, {
        method: 'POST',
        headers: { 'X-ClickHouse-User': cluster.queryUser, 'X-ClickHouse-Key': cluster.queryPassword },
        body: sql,
      });
      return { ok: res.ok, text: await res.text() };
    };
    expect(await asReader('SELECT 1', 'max_execution_time=5')).toEqual({ ok: true, text: '1\n' });
    for (const sql of [
      'CREATE TABLE marketlens.t_write (x UInt8) ENGINE = Memory',
      'INSERT INTO marketlens._catalog (dataset) VALUES (1)',
      'DROP TABLE marketlens.t_numbers',
      'DROP DATABASE marketlens',
    ]) {
      const res = await asReader(sql);
      expect(res.ok, sql).toBe(false);
      expect(res.text, sql).toMatch(/Code: 164,.*readonly mode/);
    }
    // And it cannot lift its own read-only setting.
    expect((await asReader('SELECT 1', 'readonly=0')).ok).toBe(false);
  });

  describe('clickhouseLiteral round trip through the server', () => {
    const roundTrip = async (literal: string) => (await engine.query(`SELECT ${literal} AS v`))[0]!.v;
    // Quotes, backslashes, control characters and CJK mixed into arbitrary text.
    const tricky = fc.constantFrom(
      "'",
      '\\',
      "\\'",
      '\0',
      '\n',
      '\t',
      '\r',
      '\x1b',
      '\x7f',
      '中文',
      '𠮷',
      '"',
      '`',
      '?',
      '{x:String}',
    );
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'binary' }), tricky), { maxLength: 8 })
      .map((parts) => parts.join(''))
      .filter((s) => !/[\uD800-\uDFFF]/u.test(s));

    test('arbitrary strings', async () => {
      await fc.assert(
        fc.asyncProperty(text, async (s) => {
          expect(await roundTrip(clickhouseLiteral(s, 'varchar'))).toBe(s);
        }),
        { numRuns: 300 },
      );
    });

    test('numbers, dates, booleans, NULL and arrays', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer(), async (n) => {
          expect(await roundTrip(clickhouseLiteral(n, 'integer'))).toBe(n);
        }),
        { numRuns: 50 },
      );
      await fc.assert(
        fc.asyncProperty(fc.maxSafeInteger(), async (n) => {
          expect(await roundTrip(clickhouseLiteral(n, 'bigint'))).toBe(n);
        }),
        { numRuns: 50 },
      );
      const normal = fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((d) => d === 0 || Math.abs(d) >= 2.2250738585072014e-308);
      await fc.assert(
        fc.asyncProperty(normal, async (d) => {
          expect(await roundTrip(clickhouseLiteral(d, 'double'))).toBe(d === 0 ? 0 : d);
        }),
        { numRuns: 100 },
      );
      const day = fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
      await fc.assert(
        fc.asyncProperty(day, async (d) => {
          expect(await roundTrip(clickhouseLiteral(d, 'date'))).toBe(d);
        }),
        { numRuns: 50 },
      );
      expect(await roundTrip(clickhouseLiteral(true, 'boolean'))).toBe(1);
      expect(await roundTrip(clickhouseLiteral(null, 'varchar'))).toBe(null);
      const has = async (list: string) => (await engine.query(`SELECT has(${list}, 'b') AS v`))[0]!.v;
      expect(await has(clickhouseLiteral(['a', "b'", 'b'], 'varchar[]'))).toBe(1);
      expect(await has(clickhouseLiteral([], 'varchar[]'))).toBe(0);
      expect((await engine.query(`SELECT length(${clickhouseLiteral([1, -2, 3], 'bigint[]')}) AS v`))[0]!.v).toBe(3);
    });

    test('values a literal cannot carry are refused, not sent', () => {
      expect(() => clickhouseLiteral(Number.NaN, 'double')).toThrow(RangeError);
      expect(() => clickhouseLiteral(Number.POSITIVE_INFINITY, 'money')).toThrow(RangeError);
      expect(() => clickhouseLiteral(1.5, 'integer')).toThrow(RangeError);
      expect(() => clickhouseLiteral(2 ** 53, 'bigint')).toThrow(RangeError);
      expect(() => clickhouseLiteral(5e-324, 'double')).toThrow(RangeError);
      expect(() => clickhouseLiteral('2024-02-30', 'date')).toThrow(RangeError);
      expect(() => clickhouseLiteral("2024-01-01') OR 1=1 --", 'date')).toThrow(RangeError);
      expect(() => clickhouseLiteral('1; DROP TABLE x', 'integer')).toThrow(RangeError);
      expect(() => clickhouseLiteral('\uD800', 'varchar')).toThrow(RangeError);
      expect(() => clickhouseLiteral(1, 'varchar')).toThrow(TypeError);
    });
  });
});
