import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Private instances of the services the server depends on, for fault tests: each test stops and
 * restarts its own PostgreSQL cluster or redis-server on a free loopback port, so an outage
 * disturbs no other test and never the machine's shared services. Every process is tracked by pid
 * (its own process group, so a cluster's backends go with it) and killed when the test process ends.
 */
export interface PrivateService {
  readonly name: string;
  readonly port: number;
  /** Connection URL (postgres://… or redis://…). */
  readonly url: string;
  /** The outage: a clean shutdown; resolves once the process has exited. */
  stop(): Promise<void>;
  /**
   * Starts it again on the same port (and, for PostgreSQL, the same data); resolves once it answers.
   * Does nothing when it is running.
   */
  start(): Promise<void>;
  /** Freezes every process of the service (SIGSTOP): connections hang instead of failing. */
  pause(): void;
  resume(): void;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
  /** The tail of its output, for failure messages. */
  output(): string;
}

/**
 * A missing binary: under CI=true a failure (the fault must not go untested), elsewhere a skip with
 * the reason printed. Returns undefined for `describe.skipIf(!service)`.
 */
function unavailable(what: string, reason: string): undefined {
  if (process.env.CI === 'true') throw new Error(`${what} is needed by the fault tests: ${reason}`);
  console.info(`[fault tests] ${what} skipped: ${reason}`);
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` until it is true or the deadline passes. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) killGroup(pid, 'SIGKILL');
});

/**
 * Signals a service's process and all its descendants: its process group, and each child by pid
 * because PostgreSQL's backends leave the postmaster's group (setsid). The parent first, so a
 * stopped postmaster forks no new backend meanwhile.
 */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  for (const target of [-pid, ...descendants(pid)]) {
    try {
      process.kill(target, signal);
    } catch {
      // already gone
    }
  }
}

function descendants(pid: number): number[] {
  const ps = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const children = new Map<number, number[]>();
  for (const line of ps.stdout?.split('\n') ?? []) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child && parent) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const out: number[] = [];
  const visit = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      visit(c);
    }
  };
  visit(pid);
  return out;
}

interface ServiceSpec {
  name: string;
  port: number;
  url: string;
  dir: string;
  command: string;
  args: string[];
  /** Run as this OS user (PostgreSQL refuses to run as root). */
  user?: { uid: number; gid: number };
  /** Signal for a clean shutdown. */
  stopSignal: NodeJS.Signals;
  /** True once the service answers requests, not just accepts TCP. */
  ready(): Promise<boolean>;
}

function serviceFrom(spec: ServiceSpec): PrivateService {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-8_000);
  };

  const service: PrivateService = {
    name: spec.name,
    port: spec.port,
    url: spec.url,
    async start() {
      if (child) return;
      const proc = spawn(spec.command, spec.args, {
        cwd: spec.dir,
        detached: true, // own process group, apart from the test's
        stdio: ['ignore', 'pipe', 'pipe'],
        ...spec.user,
      });
      child = proc;
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      exited = new Promise((resolve) =>
        proc.once('exit', () => {
          if (proc.pid) running.delete(proc.pid);
          if (child === proc) child = undefined;
          resolve();
        }),
      );
      if (proc.pid) running.add(proc.pid);
      await waitFor(`${spec.name} on port ${spec.port} to answer`, async () => {
        if (child !== proc) throw new Error(`${spec.name} exited at start:\n${out}`);
        return spec.ready();
      });
    },
    async stop() {
      const proc = child;
      if (!proc?.pid) return;
      killGroup(proc.pid, 'SIGCONT');
      proc.kill(spec.stopSignal);
      const force = setTimeout(() => killGroup(proc.pid!, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    },
    pause() {
      if (child?.pid) killGroup(child.pid, 'SIGSTOP');
    },
    resume() {
      if (child?.pid) killGroup(child.pid, 'SIGCONT');
    },
    async destroy() {
      await service.stop();
      rmSync(spec.dir, { recursive: true, force: true });
    },
    output: () => out,
  };
  return service;
}

/** A scratch folder the given user can write to (the test run's TMPDIR may be private to root). */
function scratchDir(prefix: string, user?: { uid: number; gid: number }): string {
  for (const base of [tmpdir(), '/tmp']) {
    const dir = mkdtempSync(path.join(base, prefix));
    if (!user) return dir;
    chownSync(dir, user.uid, user.gid);
    if (spawnSync('test', ['-w', dir], { ...user }).status === 0) return dir;
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error(`no temporary folder writable by uid ${user?.uid}`);
}

/** Running as root, the unprivileged user PostgreSQL runs as: `postgres` when it exists, else `nobody`. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('running as root and found no unprivileged user (postgres, nobody) to run PostgreSQL as');
}

/** The folder with initdb and postgres: PG_BINDIR, next to pg_ctl on the PATH, or the newest installed. */
function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) candidates.push(path.dirname(realpathSync(which.stdout.trim())));
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join('/usr/lib/postgresql', v, 'bin')));
  }
  return candidates.find((d) => existsSync(path.join(d, 'initdb')) && existsSync(path.join(d, 'postgres')));
}

/** PostgreSQL answers a query (not merely "the database system is starting up"). */
async function postgresAnswers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A fresh PostgreSQL cluster (initdb, trust auth for `postgres` on loopback) serving on a free port;
 * undefined (skip) when PostgreSQL is not installed, outside CI.
 */
export async function startPrivatePostgres(): Promise<PrivateService | undefined> {
  const bin = postgresBinDir();
  if (!bin) return unavailable('PostgreSQL', 'initdb/postgres not found (set PG_BINDIR)');
  const user = unprivilegedUser();
  const dir = scratchDir('marketlens-pg-', user);
  const data = path.join(dir, 'data');
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { cwd: dir, encoding: 'utf8', ...user },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.stderr}`);
  }
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const service = serviceFrom({
    name: 'PostgreSQL',
    port,
    url,
    dir,
    command: path.join(bin, 'postgres'),
    // Its socket folder is its own (not the shared server's /var/run/postgresql); loopback only.
    args: ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    ...(user ? { user } : {}),
    stopSignal: 'SIGINT', // "fast" shutdown: open sessions are ended, like pg_ctl stop -m fast
    ready: () => postgresAnswers(url),
  });
  try {
    await service.start();
  } catch (err) {
    await service.destroy();
    throw err;
  }
  return service;
}

/** Redis answers PING. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      reply += d.toString();
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
  });
}

/** A redis-server without persistence on a free port; undefined (skip) when not installed, outside CI. */
export async function startPrivateRedis(): Promise<PrivateService | undefined> {
  const command = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
  if (!command) return unavailable('Redis', 'redis-server not found');
  const dir = scratchDir('marketlens-redis-');
  const port = await freePort();
  const service = serviceFrom({
    name: 'Redis',
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    command,
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    stopSignal: 'SIGTERM',
    ready: () => redisAnswers(port),
  });
  try {
    await service.start();
  } catch (err) {
    await service.destroy();
    throw err;
  }
  return service;
}
