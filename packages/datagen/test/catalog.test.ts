import { describe, expect, it } from 'vitest';
import { ATTRIBUTES } from '../src/catalog/attributes.js';
import { CATEGORY_TREE } from '../src/catalog/index.js';
import { BrandNamer, isRealBrand } from '../src/catalog/names.js';
import { Rng } from '../src/rng.js';

const level2 = CATEGORY_TREE.flatMap((l1) => l1.children);
const leaves = level2.flatMap((l2) => l2.leaves.map((leaf) => ({ leaf, l2 })));
const HAN = /\p{Script=Han}/u;

describe('category catalogue', () => {
  it('is a three-level tree of at least 6 / 30 / 150 categories with hierarchical ids', () => {
    expect(CATEGORY_TREE.length).toBeGreaterThanOrEqual(6);
    expect(level2.length).toBeGreaterThanOrEqual(30);
    expect(leaves.length).toBeGreaterThanOrEqual(150);
    const ids = new Set<number>();
    for (const l1 of CATEGORY_TREE) {
      ids.add(l1.id);
      for (const l2 of l1.children) {
        expect(Math.floor(l2.id / 100)).toBe(l1.id);
        ids.add(l2.id);
        for (const leaf of l2.leaves) {
          expect(Math.floor(leaf.id / 100)).toBe(l2.id);
          ids.add(leaf.id);
        }
      }
    }
    expect(ids.size).toBe(CATEGORY_TREE.length + level2.length + leaves.length);
  });

  it('names every category in Chinese and English', () => {
    for (const c of [...CATEGORY_TREE, ...level2, ...leaves.map((l) => l.leaf)]) {
      expect(c.name.zh).toMatch(HAN);
      expect(c.name.en).toMatch(/^[A-Z0-9][\w '&,.-]+$/);
    }
  });

  it('gives every level-3 category at least three attributes and a usable vocabulary', () => {
    for (const { leaf, l2 } of leaves) {
      const attrs = new Set([...l2.groups, ...leaf.groups].map((g) => g.attr));
      if (leaf.specs.some((s) => !/^1[台件双个条支张把顶辆根块只套]$/.test(s.zh))) attrs.add('pack_size');
      expect(attrs.size, leaf.name.en).toBeGreaterThanOrEqual(3);
      for (const g of [...l2.groups, ...leaf.groups]) {
        expect(ATTRIBUTES[g.attr]).toBeDefined();
        expect(g.words.length).toBeGreaterThanOrEqual(g.max);
        for (const w of g.words) expect(w.zh.length > 0 && w.en.length > 0).toBe(true);
      }
      expect(leaf.price[0]).toBeLessThan(leaf.price[1]);
      for (const s of leaf.specs) expect(s.content).toBeGreaterThan(0);
    }
  });

  it('dates every concept after the data starts, so it can be seen rising', () => {
    expect(level2.flatMap((l2) => l2.concepts).length).toBeGreaterThanOrEqual(level2.length);
    for (const l2 of level2) {
      for (const c of l2.concepts) {
        expect(c.since).toBeGreaterThanOrEqual(2017.5);
        expect(c.since).toBeLessThanOrEqual(2024);
        if (c.attr) expect(ATTRIBUTES[c.attr]).toBeDefined();
        // A concept limited to some leaves names leaves of its own level-2 category.
        for (const id of c.leaves ?? []) expect(l2.leaves.map((l) => l.id)).toContain(id);
      }
    }
  });
});

describe('brand names', () => {
  it('are unique, bilingual and never a real brand', () => {
    const namer = new BrandNamer(new Rng(1, 'test'));
    const zh = new Set<string>();
    const en = new Set<string>();
    for (let i = 0; i < 6000; i++) {
      const name = namer.next(i % 3 === 0, 1 + (i % 9));
      expect(isRealBrand(name)).toBe(false);
      expect(name.zh).toMatch(HAN);
      expect(name.en).toMatch(/^[A-Z][a-z]+( [A-Z&][\w &]*)?$/);
      zh.add(name.zh);
      en.add(name.en.toLowerCase());
    }
    expect(zh.size).toBe(6000);
    expect(en.size).toBe(6000);
  });

  it('recognises real brands in either language', () => {
    expect(isRealBrand({ zh: '欧莱雅', en: 'Xyz' })).toBe(true);
    expect(isRealBrand({ zh: '沐岚', en: 'Nivea' })).toBe(true);
    expect(isRealBrand({ zh: '沐岚', en: 'Mulanx' })).toBe(false);
  });
});
