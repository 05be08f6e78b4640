import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PICTURE_MAX_BYTES } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeStaleTmpFiles } from '../../src/warehouse/duckdb/catalog.js';
import { ImportValidationError, importDataset, openDuckDBWarehouse } from '../../src/warehouse/index.js';
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
  test('are copied into the new version beside its file, other files are left out', async () => {
    const wh = newDir('wh');
    const src = await source({ 'img-50001.png': PNG, 'b.SVG': SVG, 'notes.txt': 'not a picture' });
    const phases: string[] = [];
    const { dataset } = await importDataset(wh, src, { onProgress: (p) => phases.push(p.phase) });
    expect(dataset.pictures).toBe(2);
    expect(phases).toContain('pictures');
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    try {
      const dir = engine.picturesDir('fx_pictures')!;
      expect(path.dirname(dir)).toBe(path.join(wh, 'fx_pictures'));
      expect(path.basename(dir)).toBe(`${dataset.version}.pictures`);
      expect(readdirSync(dir).sort()).toEqual(['b.SVG', 'img-50001.png']);
      expect(readFileSync(path.join(dir, 'img-50001.png')).equals(PNG)).toBe(true);
      expect(engine.picturesDir('unknown')).toBeUndefined();
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
    expect(engine.picturesDir('fx_pictures')).toBeUndefined();
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

  test('the pictures folder of an import killed midway is removed like its file', async () => {
    const wh = newDir('wh');
    const debris = path.join(wh, 'fx_pictures', '20240101T000000000Z-abcdef.pictures.999999999.tmp');
    mkdirSync(debris, { recursive: true });
    writeFileSync(path.join(debris, 'a.svg'), SVG);
    expect(await removeStaleTmpFiles(wh)).toEqual(['fx_pictures/20240101T000000000Z-abcdef.pictures.999999999.tmp']);
    expect(existsSync(debris)).toBe(false);
  });
});
