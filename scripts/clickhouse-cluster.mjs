#!/usr/bin/env node
// A ClickHouse cluster on loopback for tests and local trials: N servers (one shard each), each with
// its own folder and one self-contained config.xml (docs/clickhouse.md: logger and mark_cache_size are
// required; no ZooKeeper, so DDL is applied per server). No dependencies: node:* only.
//
//   node scripts/clickhouse-cluster.mjs start [--shards 2] [--dir DIR] [--binary PATH]
//       starts the servers detached, writes DIR/cluster.json, prints WAREHOUSE_URL=…
//   node scripts/clickhouse-cluster.mjs stop --dir DIR
//       stops the servers listed in DIR/cluster.json (SIGTERM, then SIGKILL after a grace period)
//
// As a module: startCluster({ shards, dir }) → { url, …, stop() }. Unless `detached`, the servers are
// also stopped when this process exits or is interrupted, so none is left running.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_BINARY = '/usr/sbin/clickhouse-server';
export const CLUSTER_NAME = 'marketlens';
export const ADMIN_USER = 'default';
export const QUERY_USER = 'marketlens_query';
export const DATABASE = 'marketlens';
const STATE_FILE = 'cluster.json';

/** Why the cluster cannot start here, or null when the binary is there. */
export function unavailableReason(binary = process.env.CLICKHOUSE_SERVER_BIN || DEFAULT_BINARY) {
  try {
    accessSync(binary, constants.X_OK);
    return null;
  } catch {
    return `${binary} is not installed (apt-get install -y clickhouse-server clickhouse-client)`;
  }
}

/** `n` distinct free loopback ports: all held open together, so none is handed out twice. */
async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = createServer();
      servers.push(srv);
      await new Promise((resolve, reject) => {
        srv.on('error', reject);
        srv.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((srv) => srv.address().port);
  } finally {
    await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  }
}

const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One server's whole configuration: server settings, the cluster of all shards, users and profiles. */
function configXml({ dir, httpPort, tcpPort, shards, adminPassword, queryPassword, limits }) {
  const replicas = shards
    .map(
      (s) =>
        `      <shard><replica><host>127.0.0.1</host><port>${s.tcpPort}</port>` +
        `<user>${ADMIN_USER}</user><password>${xml(adminPassword)}</password></replica></shard>`,
    )
    .join('\n');
  const user = (name, password, profile) => `    <${name}>
      <password>${xml(password)}</password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>${profile}</profile>
      <quota>default</quota>
    </${name}>`;
  return `<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>${xml(path.join(dir, 'server.log'))}</log>
    <errorlog>${xml(path.join(dir, 'server.err.log'))}</errorlog>
    <size>10M</size>
    <count>1</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <path>${xml(path.join(dir, 'data'))}/</path>
  <tmp_path>${xml(path.join(dir, 'tmp'))}/</tmp_path>
  <user_files_path>${xml(path.join(dir, 'user_files'))}/</user_files_path>
  <format_schema_path>${xml(path.join(dir, 'format_schemas'))}/</format_schema_path>
  <users_config>${xml(path.join(dir, 'config.xml'))}</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>${256 * 1024 * 1024}</mark_cache_size>
  <uncompressed_cache_size>${256 * 1024 * 1024}</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
  <remote_servers>
    <${CLUSTER_NAME}>
${replicas}
    </${CLUSTER_NAME}>
  </remote_servers>
  <profiles>
    <default>
      <max_memory_usage>${limits.importMemory}</max_memory_usage>
    </default>
    <!-- The API's account: reads only (readonly=2 still lets it send max_execution_time). -->
    <query>
      <readonly>2</readonly>
      <max_execution_time>${limits.maxExecutionTime}</max_execution_time>
      <max_memory_usage>${limits.queryMemory}</max_memory_usage>
    </query>
  </profiles>
  <users>
${user(ADMIN_USER, adminPassword, 'default')}
${user(QUERY_USER, queryPassword, 'query')}
  </users>
  <quotas>
    <default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
      <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default>
  </quotas>
</yandex>
`;
}

async function ping(httpPort) {
  try {
    const res = await fetch(`http://127.0.0.1:${httpPort}/ping`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM, then SIGKILL for whatever still runs after `graceMs`; resolves when all are gone. */
export async function stopPids(pids, graceMs = 5000) {
  const live = () => pids.filter(alive);
  for (const pid of live()) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
  }
  const deadline = Date.now() + graceMs;
  while (live().length > 0 && Date.now() < deadline) await sleep(50);
  for (const pid of live()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  while (live().length > 0) await sleep(20);
}

function buildUrl(state, user, password) {
  const hosts = state.servers.map((s) => `127.0.0.1:${s.httpPort}`).join(',');
  const query = `cluster=${CLUSTER_NAME}&import_user=${ADMIN_USER}&import_password=${encodeURIComponent(state.adminPassword)}`;
  return `http://${user}:${encodeURIComponent(password)}@${hosts}/${DATABASE}?${query}`;
}

/** Servers of the current process still to stop at exit (non-detached clusters). */
const owned = new Set();
let hooksInstalled = false;
function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // 'exit' cannot wait: SIGKILL so nothing lingers (the data folders are scratch).
  process.on('exit', () => {
    for (const pid of owned) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => {
      stopPids([...owned], 2000).finally(() => process.kill(process.pid, sig));
    });
  }
}

/**
 * Starts `shards` servers and waits until each answers /ping. `dir` (default: a new temp folder)
 * holds one folder per server and cluster.json (ports, pids, passwords) for `stop`.
 */
export async function startCluster(options = {}) {
  const shardCount = options.shards ?? 2;
  const binary = options.binary ?? (process.env.CLICKHOUSE_SERVER_BIN || DEFAULT_BINARY);
  const reason = unavailableReason(binary);
  if (reason) throw new Error(reason);
  const dir = path.resolve(options.dir ?? mkdtempSync(path.join(tmpdir(), 'marketlens-clickhouse-')));
  mkdirSync(dir, { recursive: true });
  const limits = {
    maxExecutionTime: options.maxExecutionTime ?? 60,
    queryMemory: options.queryMemory ?? 2_000_000_000,
    importMemory: options.importMemory ?? 4_000_000_000,
  };
  // A port taken by someone else between picking and binding makes a server exit at start: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce({ shardCount, binary, dir, limits, detached: options.detached === true }, options);
    } catch (err) {
      if (attempt >= 3 || !String(err.message).includes('exited at start')) throw err;
    }
  }
}

async function startOnce({ shardCount, binary, dir, limits, detached }, options) {
  const ports = await freePorts(2 * shardCount);
  const servers = [];
  for (let i = 0; i < shardCount; i++) {
    servers.push({ dir: path.join(dir, `shard${i + 1}`), httpPort: ports[2 * i], tcpPort: ports[2 * i + 1] });
  }
  const state = {
    dir,
    cluster: CLUSTER_NAME,
    adminPassword: randomBytes(12).toString('hex'),
    queryPassword: randomBytes(12).toString('hex'),
    servers,
  };
  const started = [];
  try {
    for (const s of servers) {
      mkdirSync(s.dir, { recursive: true });
      writeFileSync(path.join(s.dir, 'config.xml'), configXml({ ...state, ...s, shards: servers, limits }));
      started.push(spawnServer(s, binary, detached));
    }
    state.binary = binary;
    state.detached = detached;
    writeFileSync(path.join(dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
    const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
    for (const s of servers) await waitForPing(s, deadline);
  } catch (err) {
    await stopPids(started, 2000);
    throw err;
  }
  return describe(state);
}

/** Starts one server of the cluster from the config.xml in its folder; returns (and records) its pid. */
function spawnServer(s, binary, detached) {
  const out = openSync(path.join(s.dir, 'stdout.log'), 'a');
  const child = spawn(binary, [`--config-file=${path.join(s.dir, 'config.xml')}`], {
    cwd: s.dir,
    stdio: ['ignore', out, out],
    detached,
  });
  s.pid = child.pid;
  if (detached) child.unref();
  else {
    owned.add(child.pid);
    installExitHooks();
    child.once('exit', () => owned.delete(child.pid));
  }
  return child.pid;
}

async function waitForPing(s, deadline) {
  while (!(await ping(s.httpPort))) {
    if (!alive(s.pid)) {
      const log = (() => {
        try {
          return readFileSync(path.join(s.dir, 'server.err.log'), 'utf8').slice(-2000);
        } catch {
          return readFileSync(path.join(s.dir, 'stdout.log'), 'utf8').slice(-2000);
        }
      })();
      throw new Error(`clickhouse-server (shard ${s.dir}) exited at start:\n${log}`);
    }
    if (Date.now() > deadline) throw new Error(`clickhouse-server on port ${s.httpPort} did not answer /ping`);
    await sleep(50);
  }
}

function describe(state) {
  return {
    dir: state.dir,
    cluster: state.cluster,
    get pids() {
      return state.servers.map((s) => s.pid);
    },
    /** Per shard, for tests that look at every server (pids as of now: restartShard changes one). */
    get shards() {
      return state.servers.map((s) => ({ httpPort: s.httpPort, tcpPort: s.tcpPort, pid: s.pid }));
    },
    adminUser: ADMIN_USER,
    adminPassword: state.adminPassword,
    queryUser: QUERY_USER,
    queryPassword: state.queryPassword,
    /** WAREHOUSE_URL: the query account, every shard, the import account in the query string. */
    url: buildUrl(state, QUERY_USER, state.queryPassword),
    stop: async (graceMs) => {
      const pids = state.servers.map((s) => s.pid);
      await stopPids(pids, graceMs);
      for (const pid of pids) owned.delete(pid);
    },
    /**
     * Starts shard `index` (0-based) again after it stopped or was killed: same ports, same data
     * folder, so the cluster is whole again (fault tests). Resolves when it answers /ping.
     */
    restartShard: async (index, timeoutMs = 30_000) => {
      const s = state.servers[index];
      if (!s) throw new Error(`no shard ${index}`);
      if (alive(s.pid)) throw new Error(`shard ${index} (pid ${s.pid}) still runs: stop it first`);
      owned.delete(s.pid);
      spawnServer(s, state.binary ?? DEFAULT_BINARY, state.detached === true);
      writeFileSync(path.join(state.dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
      await waitForPing(s, Date.now() + timeoutMs);
    },
  };
}

/**
 * What is wrong with the servers of DIR/cluster.json, or [] when each runs, answers a query within
 * 5 s and logged nothing fatal: one entry per sick server with the tail of its error log (a test run
 * prints it, since its folders are scratch and gone afterwards).
 */
export async function clusterHealth(dir) {
  const state = JSON.parse(readFileSync(path.join(path.resolve(dir), STATE_FILE), 'utf8'));
  const sick = [];
  for (const s of state.servers) {
    const problems = [];
    if (!alive(s.pid)) problems.push('process gone');
    else {
      try {
        const res = await fetch(`http://127.0.0.1:${s.httpPort}/`, {
          method: 'POST',
          headers: { 'X-ClickHouse-User': ADMIN_USER, 'X-ClickHouse-Key': state.adminPassword },
          body: 'SELECT 1',
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) problems.push(`SELECT 1 answered ${res.status}`);
      } catch (err) {
        problems.push(`SELECT 1: ${err.message}`);
      }
    }
    let errLog = '';
    try {
      errLog = readFileSync(path.join(s.dir, 'server.err.log'), 'utf8');
    } catch {}
    if (/<Fatal>|Received signal/.test(errLog)) problems.push('fatal lines in its error log');
    if (problems.length > 0)
      sick.push({ dir: s.dir, pid: s.pid, problems, errLogTail: errLog.split('\n').slice(-40).join('\n') });
  }
  return sick;
}

/** The cluster described by DIR/cluster.json (to stop one started by another process). */
export function readCluster(dir) {
  return describe(JSON.parse(readFileSync(path.join(path.resolve(dir), STATE_FILE), 'utf8')));
}

/**
 * Stops every test-run cluster (`<dir>/marketlens-ch-tests-<id>/cluster`, as test/clickhouse-setup.ts
 * makes them) still described under `dir`: what a test run killed too hard to clean up leaves.
 * Returns the pids it stopped.
 */
export async function stopTestClustersUnder(dir) {
  const stopped = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const clusterDir = path.join(dir, name, 'cluster');
    if (!name.startsWith('marketlens-ch-tests-') || !existsSync(path.join(clusterDir, STATE_FILE))) continue;
    const cluster = readCluster(clusterDir);
    await cluster.stop();
    stopped.push(...cluster.pids);
  }
  return stopped;
}

function parseArgs(argv) {
  const args = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, v] = a.includes('=') ? a.slice(2).split(/=(.*)/s) : [a.slice(2), argv[++i]];
      args[k] = v;
    } else args._.push(a);
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const cmd = args._[0];
  if (cmd === 'start') {
    const cluster = await startCluster({
      shards: args.shards ? Number(args.shards) : 2,
      ...(args.dir ? { dir: args.dir } : {}),
      ...(args.binary ? { binary: args.binary } : {}),
      detached: true,
    });
    process.stdout.write(
      `started ${cluster.pids.length} shards (pids ${cluster.pids.join(' ')}) in ${cluster.dir}\n` +
        `stop with: node scripts/clickhouse-cluster.mjs stop --dir ${cluster.dir}\n` +
        `WAREHOUSE_URL=${cluster.url}\n`,
    );
  } else if (cmd === 'stop') {
    if (!args.dir) throw new Error('stop needs --dir (the folder given to or printed by start)');
    const cluster = readCluster(args.dir);
    await cluster.stop();
    process.stdout.write(`stopped ${cluster.pids.join(' ')}\n`);
  } else {
    process.stderr.write('usage: clickhouse-cluster.mjs start [--shards N] [--dir DIR] | stop --dir DIR\n');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
