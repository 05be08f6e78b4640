import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Creates the data folder (owner-only) if needed. */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * The token signing key: from the environment when given, else generated on first start and kept
 * in the data folder (mode 0600), so restarts keep sessions valid and no key is ever in the code.
 */
export function loadOrCreateSigningKey(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'token-signing.key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** Writes the generated root password where only the owner can read it. */
export function writeInitialPassword(dataDir: string, password: string): string {
  const file = path.join(dataDir, 'INITIAL_PASSWORD');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
