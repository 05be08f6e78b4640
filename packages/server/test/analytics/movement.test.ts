import { expect, it } from 'vitest';
import { roundDiv, sharePart, skuTerms, topBy } from '../../src/analytics/pages/movement.js';

/**
 * The arithmetic of "What moved it" on the worked example of docs/metrics.md, figured by hand there
 * (money in cents here), and the rounding rule.
 */

const c = (yuan: number) => BigInt(yuan * 100);
const sku = (q0: number, s0: number, q1: number, s1: number) => ({
  sku_id: 0,
  q0: BigInt(q0),
  s0: c(s0),
  q1: BigInt(q1),
  s1: c(s1),
});

it('the worked example: every SKU and the total add up, with the terms figured by hand', () => {
  const skus = { A: sku(10, 1000, 12, 1320), B: sku(20, 1000, 15, 750), C: sku(10, 200, 0, 0), D: sku(0, 0, 5, 400) };
  const S0 = c(2200);
  const Q0 = 40n;
  const hand = {
    A: { lifecycle: 'continuing', change: 320, volume: 110, price: 100, mix: 90, residual: 20 },
    B: { lifecycle: 'continuing', change: -250, volume: -275, price: 0, mix: 25, residual: 0 },
    C: { lifecycle: 'discontinued', change: -200, volume: -550, price: 0, mix: 350, residual: 0 },
    D: { lifecycle: 'launches', change: 400, volume: 275, price: 0, mix: 125, residual: 0 },
  } as const;
  const total = { volume: 0n, price: 0n, mix: 0n, residual: 0n };
  for (const [k, s] of Object.entries(skus)) {
    const t = skuTerms(s, S0, Q0);
    const h = hand[k as keyof typeof hand];
    expect(t, k).toEqual({
      lifecycle: h.lifecycle,
      change: c(h.change),
      volume: c(h.volume),
      price: c(h.price),
      mix: c(h.mix),
      residual: c(h.residual),
    });
    for (const term of ['volume', 'price', 'mix', 'residual'] as const) total[term] += t[term];
  }
  expect(total).toEqual({ volume: c(-440), price: c(100), mix: c(590), residual: c(20) });
});

it('terms that do not come out in whole cents are rounded once and the residual keeps the identity', () => {
  // Base 3 units for 10.00 (3.333… each), now 2 units for 7.00 (3.50 each), in a selection of 7 units for 20.00.
  const s = sku(3, 10, 2, 7);
  const t = skuTerms(s, c(20), 7n);
  // volume = −1 × 2000/7 = −285.71…; price = 3 × (350 − 333.33…) = 50; mix = −1 × (333.33… − 285.71…) = −47.62.
  expect(t.volume).toBe(-286n);
  expect(t.price).toBe(50n);
  expect(t.mix).toBe(-48n);
  expect(t.volume + t.price + t.mix + t.residual).toBe(t.change);
  expect(t.change).toBe(-300n);
});

it('without base units the whole change is mix', () => {
  expect(skuTerms(sku(0, 0, 4, 100), 0n, 0n)).toMatchObject({ volume: 0n, price: 0n, mix: c(100), residual: 0n });
});

it('rounds halves away from zero', () => {
  expect([roundDiv(5n, 2n), roundDiv(-5n, 2n), roundDiv(4n, 3n), roundDiv(-5n, 3n), roundDiv(7n, 7n)]).toEqual([
    3n,
    -3n,
    1n,
    -2n,
    1n,
  ]);
});

it('the share example: contributions, within and weight parts as figured by hand', () => {
  const M0 = 2000n;
  const M1 = 2000n;
  const x = sharePart({ m0: 1000n, m1: 1500n, f0: 100n, f1: 300n }, M0, M1);
  const y = sharePart({ m0: 1000n, m1: 500n, f0: 200n, f1: 100n }, M0, M1);
  expect(x.contribution).toBeCloseTo(0.1, 12);
  expect(x.within).toBeCloseTo(0.0625, 12);
  expect(x.weight).toBeCloseTo(0.0375, 12);
  expect(y.contribution).toBeCloseTo(-0.05, 12);
  expect(y.within).toBeCloseTo(0, 12);
  expect(y.weight).toBeCloseTo(-0.05, 12);
  // A category new in the range: all weight.
  const z = sharePart({ m0: 0n, m1: 400n, f0: 0n, f1: 100n }, M0, M1);
  expect(z).toEqual({ contribution: 0.05, within: 0, weight: 0.05 });
});

it('the top lists: the largest absolute values first, ties by SKU id, zeros left out — as a full sort', () => {
  // A fixed pseudo-random set with many ties and zeros, against sorting the whole list.
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const items = Array.from({ length: 500 }, (_, i) => ({ sku: { sku_id: 1000 - i }, v: BigInt((next() % 41) - 20) }));
  const sorted = items
    .filter((x) => x.v !== 0n)
    .sort((x, y) => {
      const ax = x.v < 0n ? -x.v : x.v;
      const ay = y.v < 0n ? -y.v : y.v;
      return ax === ay ? x.sku.sku_id - y.sku.sku_id : ay > ax ? 1 : -1;
    });
  for (const n of [1, 3, 10, 50, 600]) expect(topBy(items, (x) => x.v, n)).toEqual(sorted.slice(0, n));
  expect(topBy([{ sku: { sku_id: 1 }, v: 0n }], (x) => x.v, 5)).toEqual([]);
});
