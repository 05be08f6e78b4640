import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PICTURE_MAX_BYTES, PICTURES_FOLDER, pictureFileName } from '@marketlens/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMarket, type DatasetSummary, generate } from '../src/index.js';
import { brandInitials, productPictureSvg } from '../src/pictures.js';
import { AS_OF, HOOK_TIMEOUT, readTable, tempDir } from './helpers.js';

/**
 * Tags of an SVG text in document order must nest properly (a tiny well-formedness check: the
 * generator writes no comments, CDATA or entities), and only drawing elements may appear.
 */
function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-z]+)([^<>]*?)(\/?)>/g)) {
    const [, closing, name, attrs, selfClosing] = m as unknown as [string, string, string, string, string];
    if (!['svg', 'rect', 'g', 'path', 'circle', 'ellipse', 'text'].includes(name)) problems.push(`element ${name}`);
    if (/\son[a-z]+=|href=/i.test(attrs)) problems.push(`attribute in ${name}`);
    if (closing) {
      if (open.pop() !== name) problems.push(`</${name}> closes nothing`);
    } else if (!selfClosing) open.push(name);
  }
  if (open.length > 0) problems.push(`unclosed ${open.join(', ')}`);
  if (svg.replace(/<[^<>]*>/g, '').includes('<')) problems.push('stray <');
  return problems;
}

describe('product pictures', () => {
  const root = tempDir('pictures');
  let summaries: DatasetSummary[];

  beforeAll(async () => {
    summaries = await generate({ scale: 'tiny', seed: 7, out: root, asOf: AS_OF });
  }, HOOK_TIMEOUT);

  it('writes one small, well-formed SVG for every image id, and every product has one', async () => {
    for (const s of summaries) {
      const skus = await readTable(path.join(s.dir, 'dim_sku.parquet'), 'dim_sku');
      expect(skus.length).toBeGreaterThan(0);
      expect(skus.filter((r) => typeof r.image_id !== 'string')).toEqual([]);
      const ids = new Set(skus.map((r) => r.image_id as string));
      const files = readdirSync(path.join(s.dir, PICTURES_FOLDER)).sort();
      expect(files).toEqual([...ids].map((id) => `${id}.svg`).sort());
      expect(s.pictures).toBe(ids.size);
      for (const f of files) {
        // The importer accepts every file (name and size) …
        expect(pictureFileName(f)).toMatchObject({ ext: 'svg' });
        const svg = readFileSync(path.join(s.dir, PICTURES_FOLDER, f), 'utf8');
        expect(svg.length).toBeLessThan(Math.min(PICTURE_MAX_BYTES, 700));
        // … and a browser draws it at a size (e2e/hot.e2e.test.ts looks at them).
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="240" height="240" viewBox="0 0 100 100">/,
        );
        expect(svgProblems(svg)).toEqual([]);
      }
    }
  });

  it('draws the category’s silhouette and colour with the brand’s initials, the same each time', () => {
    const lipstick = productPictureSvg(1, 'Yuanchen Beauty', 'a1');
    expect(lipstick).toBe(productPictureSvg(1, 'Yuanchen Beauty', 'a1'));
    expect(lipstick).toContain('>YB</text>');
    // Another category: another shape and hue; another product of the category: another shade.
    const tshirt = productPictureSvg(8, 'Fiovalle', 'a1');
    expect(tshirt).toContain('>Fi</text>');
    const shapes = (svg: string) => /<g [^>]*>(.*)<\/g>/.exec(svg)?.[1];
    expect(shapes(tshirt)).not.toBe(shapes(lipstick));
    const fills = (svg: string) => [...svg.matchAll(/fill="(hsl[^"]+)"/g)].map((m) => m[1]);
    expect(fills(tshirt)).not.toEqual(fills(lipstick));
    expect(fills(productPictureSvg(1, 'Yuanchen Beauty', 'b2'))).not.toEqual(fills(lipstick));
    expect(svgProblems(productPictureSvg(99, '', 'x'))).toEqual([]);
  });

  it('takes initials from the English brand name', () => {
    expect(brandInitials('Yuanchen Beauty')).toBe('YB');
    expect(brandInitials('Fiovalle')).toBe('Fi');
    expect(brandInitials("L'Atelier du Sud")).toBe('LA');
    expect(brandInitials('')).toBe('');
  });

  it('gives every product of the in-memory market an image id (the SKUs of one product share it)', () => {
    const market = buildMarket({ scale: 'tiny', seed: 7, asOf: AS_OF, dataset: 'global_monthly' });
    expect(market.dims.dim_sku.every((s) => typeof s.image_id === 'string' && s.image_id.length === 16)).toBe(true);
  });
});
