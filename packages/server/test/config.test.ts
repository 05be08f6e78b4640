import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const cwd = '/srv/marketlens';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, cwd);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('defaults to the embedded stores under ./data and port 8080', () => {
    const c = loadConfig({}, cwd);
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.join(cwd, 'data'));
    expect(c.metadataUrl).toBe(path.join(cwd, 'data/metadata.sqlite'));
    expect(c.warehouseUrl).toBe(path.join(cwd, 'data/warehouse'));
    expect(c.redisUrl).toBeUndefined();
    expect(c.demoScale).toBe('demo');
  });

  it('places the default stores inside DATA_DIR and keeps a postgres URL as is', () => {
    const c = loadConfig({ DATA_DIR: '/var/lib/ml', METADATA_URL: 'postgres://u:p@db:5432/ml' }, cwd);
    expect(c.metadataUrl).toBe('postgres://u:p@db:5432/ml');
    expect(c.warehouseUrl).toBe('/var/lib/ml/warehouse');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty" is not valid: expected a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000" is not valid: expected a whole number from 0 to 65535'],
    [{ HOST: 'bad host' }, 'HOST="bad host" is not valid: expected a host name or IP address'],
    [
      { METADATA_URL: 'mysql://u:secret@db/x' },
      'METADATA_URL="mysql://u:***@db/x" is not valid: expected a SQLite file path or a postgres:// URL',
    ],
    [{ WAREHOUSE_URL: 'ftp://x' }, 'WAREHOUSE_URL="ftp://x" is not valid'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL="localhost:6379" is not valid: expected redis://host:port'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL="loud" is not valid: expected one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ DEMO_SCALE: 'huge' }, 'DEMO_SCALE="huge" is not valid: expected one of tiny, demo, none'],
    [{ TOKEN_SIGNING_KEY: 'short' }, 'TOKEN_SIGNING_KEY is too short: expected at least 32 characters'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY="maybe" is not valid: expected true or false'],
    [{ FRAME_ANCESTORS: "'self' javascript:alert(1)" }, 'FRAME_ANCESTORS contains "javascript:alert(1)"'],
  ])('rejects %o with a clear message', (env, message) => {
    const found = problems(env as Record<string, string>);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('reports every bad value at once and never prints a password', () => {
    const found = problems({ PORT: '-1', LOG_LEVEL: 'x', METADATA_URL: 'mysql://admin:hunter2@h/d' });
    expect(found).toHaveLength(3);
    expect(found.join('\n')).not.toContain('hunter2');
  });
});
