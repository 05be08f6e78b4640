import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ClickHouseHttp } from '../../src/warehouse/clickhouse/http.js';
import { WarehouseUnavailableError } from '../../src/warehouse/engine.js';
import { parseClickHouseUrl } from '../../src/warehouse/url.js';

/**
 * The transport's behaviour on the connection faults a real server shows only by chance: a kept-alive
 * connection closed just as it is reused, an answer cut off. A stand-in server plays them on demand
 * (the behaviour against real shards is in clickhouse-engine.test.ts and faults/clickhouse-shard).
 */

type Mode = 'answer' | 'drop on reuse' | 'cut off';

describe('ClickHouseHttp on a misbehaving connection', () => {
  let server: http.Server;
  let host: string;
  let mode: Mode = 'answer';
  const seen: { sql: string; reused: boolean }[] = [];
  const served = new WeakMap<Socket, number>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const socket = req.socket;
      const n = (served.get(socket) ?? 0) + 1;
      served.set(socket, n);
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen.push({ sql: body, reused: n > 1 });
        // The server had closed this idle connection: the request finds it gone.
        if (mode === 'drop on reuse' && n > 1) return socket.destroy();
        if (mode === 'cut off') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('{"meta": [');
          return setTimeout(() => socket.destroy(), 20);
        }
        res.end(`${JSON.stringify(body)}\n`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const client = () => new ClickHouseHttp(parseClickHouseUrl(`http://q:secret@${host}/marketlens`));
  const account = { user: 'q', password: 'secret' };

  test('a read on a kept-alive connection the server dropped goes again on a new one', async () => {
    mode = 'drop on reuse';
    seen.length = 0;
    const ch = client();
    try {
      expect(await ch.request(host, account, 'SELECT 1')).toBe('"SELECT 1"\n');
      expect(await ch.request(host, account, 'SELECT 2')).toBe('"SELECT 2"\n');
      expect(seen).toEqual([
        { sql: 'SELECT 1', reused: false },
        { sql: 'SELECT 2', reused: true },
        { sql: 'SELECT 2', reused: false },
      ]);
    } finally {
      ch.closeIdle();
    }
  });

  test('a write is never sent twice: the dropped connection is reported as the warehouse out of reach', async () => {
    mode = 'drop on reuse';
    seen.length = 0;
    const ch = client();
    try {
      await ch.request(host, account, 'SELECT 1');
      const insert = ch.request(host, account, 'INSERT INTO t FORMAT TabSeparated', { data: '1\n' });
      await expect(insert).rejects.toBeInstanceOf(WarehouseUnavailableError);
      await expect(insert).rejects.toThrow(new RegExp(`${host}: ECONNRESET`));
      expect(seen.filter((s) => s.sql === '1\n')).toHaveLength(1);
    } finally {
      ch.closeIdle();
    }
  });

  test('an answer cut off midway is an error, never a partial result', async () => {
    mode = 'cut off';
    const ch = client();
    try {
      await expect(ch.request(host, account, 'SELECT 1')).rejects.toBeInstanceOf(WarehouseUnavailableError);
    } finally {
      ch.closeIdle();
      mode = 'answer';
    }
  });

  test('a stop while waiting rejects with the abort itself, not as the warehouse out of reach', async () => {
    mode = 'cut off';
    const ch = client();
    try {
      const stop = new AbortController();
      const pending = ch.request(host, account, 'SELECT 1', { signal: stop.signal });
      stop.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      ch.closeIdle();
      mode = 'answer';
    }
  });
});
