import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PICTURE_MAX_BYTES } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeStaleTmpFiles } from '../../src/warehouse/duckdb/catalog.js';
import { ImportValidationError, importDataset, openDuckDBWarehouse } from '../../src/warehouse/index.js';
import { readPacked, readPackIndex } from '../../src/warehouse/pictures.js';
import { baseFixture, PNG, tempDir, writeFixture } from './fixtures.js';

let root: { dir: string; cleanup: () => void };
let n = 0;
beforeAll(() => {
  root = tempDir('ml-wh-pictures-');
});
afterAll(() => root.cleanup());
const newDir = (label: string) => path.join(root.dir, `${label}-${++n}`);

/** The fixture's dataset folder with `pictures` (file name → bytes) in its pictures/ folder. */
async function source(pictures: Record<string, Buffer | string>): Promise<string> {
  const dir = await writeFixture(baseFixture('fx_pictures'), newDir('src'), 'csv');
  mkdirSync(path.join(dir, 'pictures'));
  for (const [name, bytes] of Object.entries(pictures)) writeFileSync(path.join(dir, 'pictures', name), bytes);
  return dir;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';

describe('pictures/ of a dataset folder', () => {
  test('a pack holds many pictures of any size, each found where its index says', async () => {
    const wh = newDir('wh');
    // Enough pictures that the index's own length moves every offset (see packPictures).
    const pictures = Object.fromEntries(
      Array.from({ length: 1200 }, (_, i) => [
        `p${i}.svg`,
        `<svg xmlns="http://www.w3.org/2000/svg">${'x'.repeat(i)}</svg>`,
      ]),
    );
    const { dataset } = await importDataset(wh, await source(pictures));
    expect(dataset.pictures).toBe(1200);
    const pack = path.join(wh, 'fx_pictures', `${dataset.version}.pictures`);
    const index = await readPackIndex(pack);
    expect(index.size).toBe(1200);
    for (const i of [0, 1, 599, 1199]) {
      expect((await readPacked(pack, index.get(`p${i}.svg`)!)).toString()).toBe(pictures[`p${i}.svg`]);
    }
  });

  test('are packed into the new version beside its file, other files are left out', async () => {
    const wh = newDir('wh');
    const src = await source({ 'img-50001.png': PNG, 'b.SVG': SVG, 'notes.txt': 'not a picture' });
    const phases: string[] = [];
    const { dataset } = await importDataset(wh, src, { onProgress: (p) => phases.push(p.phase) });
    expect(dataset.pictures).toBe(2);
    expect(phases).toContain('pictures');
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    try {
      const pack = engine.picturesFile('fx_pictures')!;
      expect(path.dirname(pack)).toBe(path.join(wh, 'fx_pictures'));
      expect(path.basename(pack)).toBe(`${dataset.version}.pictures`);
      const index = await readPackIndex(pack);
      expect([...index.keys()]).toEqual(['b.SVG', 'img-50001.png']);
      expect((await readPacked(pack, index.get('img-50001.png')!)).equals(PNG)).toBe(true);
      expect((await readPacked(pack, index.get('b.SVG')!)).toString()).toBe(SVG);
      expect(engine.picturesFile('unknown')).toBeUndefined();
    } finally {
      await engine.close();
    }
  });

  test('a new version replaces the old one’s pictures; a folder without pictures has none', async () => {
    const wh = newDir('wh');
    const first = await importDataset(wh, await source({ 'a.svg': SVG }));
    const second = await importDataset(wh, await source({ 'b.svg': SVG }));
    expect(readdirSync(path.join(wh, 'fx_pictures')).sort()).toEqual([
      `${second.dataset.version}.duckdb`,
      `${second.dataset.version}.pictures`,
    ]);
    expect(first.dataset.version).not.toBe(second.dataset.version);
    const plain = await writeFixture(baseFixture('fx_pictures'), newDir('src'), 'csv');
    const third = await importDataset(wh, plain);
    expect(third.dataset.pictures).toBe(0);
    expect(readdirSync(path.join(wh, 'fx_pictures'))).toEqual([`${third.dataset.version}.duckdb`]);
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    expect(engine.picturesFile('fx_pictures')).toBeUndefined();
    await engine.close();
  });

  test('bad picture files are import problems, and nothing is published', async () => {
    const wh = newDir('wh');
    const good = await importDataset(wh, await source({ 'a.svg': SVG }));
    const src = await source({
      '.hidden.png': PNG,
      'big.jpg': Buffer.alloc(PICTURE_MAX_BYTES + 1),
      'empty.webp': '',
      'twice.png': PNG,
      'twice.jpg': PNG,
      'fine.gif': PNG,
    });
    const err = await importDataset(wh, src).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportValidationError);
    expect((err as ImportValidationError).issues.map((i) => [i.file, i.code])).toEqual([
      ['pictures/.hidden.png', 'picture_name'],
      ['pictures/big.jpg', 'picture_size'],
      ['pictures/empty.webp', 'picture_size'],
      ['pictures/twice.png', 'picture_duplicate'],
    ]);
    const [issue] = (err as ImportValidationError).issues.filter((i) => i.code === 'picture_size');
    expect(issue!.message).toBe('pictures/big.jpg: expected 1 byte to 1 MB, found 1,048,577 bytes');
    expect(issue!.message_zh).toBe('pictures/big.jpg：应为 1 字节至 1 MB，实际为 1,048,577 字节');
    // The previous version and its pictures stand; no temporary folder is left.
    expect(readdirSync(path.join(wh, 'fx_pictures')).sort()).toEqual([
      `${good.dataset.version}.duckdb`,
      `${good.dataset.version}.pictures`,
    ]);
  });

  test('the pictures pack of an import killed midway is removed like its file', async () => {
    const wh = newDir('wh');
    const debris = path.join(wh, 'fx_pictures', '20240101T000000000Z-abcdef.pictures.999999999.tmp');
    mkdirSync(path.dirname(debris), { recursive: true });
    writeFileSync(debris, SVG);
    expect(await removeStaleTmpFiles(wh)).toEqual(['fx_pictures/20240101T000000000Z-abcdef.pictures.999999999.tmp']);
    expect(existsSync(debris)).toBe(false);
  });
});
