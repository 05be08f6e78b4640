#!/usr/bin/env node
/**
 * The "engine over HTTP" side of bench/load.mjs: the least any Node HTTP API in front of the engine
 * could do for a panel request. It answers POST /panel {g, p} with the captured statements of panel
 * `p` of filter group `g` (sent together, as the server sends them) and the rows as JSON — no auth,
 * no validation, no SQL building, no log, no cache. Against it the API's overhead is the
 * application's own; against the bare engine it is also the HTTP transport's (a TCP connection on
 * loopback, parsing, serialising), which no server in Node can avoid when its clients share the cores.
 *
 * argv: warehouse URL, file of the captured groups (JSON), port. Prints "listening" when ready.
 * WAREHOUSE_POOL_SIZE (optional) as for the server.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { root } from './data.mjs';

const [warehouseUrl, groupsFile, port] = process.argv.slice(2);
const { openWarehouse } = await import(path.join(root, 'packages/server/dist/warehouse/index.js'));
const pool = process.env.WAREHOUSE_POOL_SIZE;
const warehouse = await openWarehouse({
  warehouseUrl,
  warehouseRefreshMs: 0,
  ...(pool ? { warehousePoolSize: Number(pool) } : {}),
});
const groups = JSON.parse(readFileSync(groupsFile, 'utf8'));

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      const { g, p } = JSON.parse(Buffer.concat(chunks).toString());
      const { statements } = groups[g][p];
      const data = await Promise.all(statements.map((s) => warehouse.query(s.sql, s.params)));
      const body = JSON.stringify({ code: 0, data });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err?.message ?? err));
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
const stop = () => server.close(() => warehouse.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
