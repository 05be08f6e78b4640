import { randomInt } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax): 2 = Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A strong generated password for accounts created by the system (the initial root account):
 * 20 characters from a cryptographic source, with at least one of each class the rules require.
 */
export function generateStrongPassword(length = 20): string {
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function pick(set: string): string {
  return set[randomInt(set.length)]!;
}
