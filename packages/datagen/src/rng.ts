/**
 * Seeded randomness. Two kinds, both free of Math.random and the clock:
 * - `Rng`: a sequential stream (sfc32) for building the market structure, one stream per purpose so
 *   that adding a draw in one place does not shift every other entity;
 * - `hash*`: stateless noise keyed by (entity, period), so a fact value does not depend on the order
 *   in which rows are produced or on which other rows exist.
 */

/** FNV-1a over the UTF-16 code units of a string: turns stream names into seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** lowbias32 finalizer (Chris Wellons): a well-mixed 32-bit permutation. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of up to four integers (the salt first). */
export function hash4(salt: number, a: number, b = 0, c = 0): number {
  let h = mix32(salt ^ 0x9e3779b9);
  h = mix32((h + a) | 0);
  h = mix32((h + b) | 0);
  return mix32((h + c) | 0);
}

const TWO_32 = 4294967296;

/** Uniform in [0, 1). */
export function hashUniform(salt: number, a: number, b = 0, c = 0): number {
  return hash4(salt, a, b, c) / TWO_32;
}

/**
 * Approximately standard normal (Irwin–Hall of three 10-bit uniforms, scaled to unit variance).
 * Bounded at ±3, which is what a noise term should be anyway.
 */
export function hashNormal(salt: number, a: number, b = 0, c = 0): number {
  const h = hash4(salt, a, b, c);
  const s = (h & 1023) + ((h >>> 10) & 1023) + ((h >>> 20) & 1023);
  return (s / 1024 - 1.5) * 2;
}

/** sfc32 seeded through splitmix32: small, fast and well distributed. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string) {
    let s = mix32((seed >>> 0) ^ hashString(stream));
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      return mix32(s);
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A child stream: independent of how many draws this one has made so far. */
  static derive(seed: number, ...parts: (string | number)[]): Rng {
    return new Rng(seed, parts.join('/'));
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / TWO_32;
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  /** Integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** exp(sigma · N(0,1)): a positive multiplicative spread around 1. */
  lognormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }

  /** Poisson (Knuth; fine for the small means used here). */
  poisson(mean: number): number {
    const l = Math.exp(-mean);
    let k = 0;
    let p = 1;
    do {
      k++;
      p *= this.float();
    } while (p > l);
    return k - 1;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Index drawn with probability proportional to its weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** `k` distinct items in a random order (k is capped at the list length). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.float() * (copy.length - i));
      const tmp = copy[i]!;
      copy[i] = copy[j]!;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }
}
