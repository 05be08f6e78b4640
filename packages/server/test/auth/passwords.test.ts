import { isStrongPassword } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';
import { generateStrongPassword, hashPassword, verifyPassword } from '../../src/auth/passwords.js';

describe('password hashing', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const hash = await hashPassword('Secret-Passw0rd');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain('Secret-Passw0rd');
    expect(await verifyPassword(hash, 'Secret-Passw0rd')).toBe(true);
    expect(await verifyPassword(hash, 'secret-passw0rd')).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('Same-Passw0rd')).not.toBe(await hashPassword('Same-Passw0rd'));
  });

  it('treats a malformed stored hash as a mismatch, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('generates strong system passwords that pass the password rules', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateStrongPassword();
      expect(p).toHaveLength(20);
      expect(isStrongPassword(p)).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
