import { translate } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { readSheet } from '../../src/uploads/sheet.js';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { crc32, deflatedZeros, workbookParts, type ZipPart, zipOf } from '../support/zip.js';

const ROWS = [
  ['username', 'email'],
  ['z1', 'z1@example.com'],
];

/** What readSheet refuses the file with: the message key and its parameters. */
async function refusal(file: Buffer): Promise<{ key: string; params: Record<string, string | number> }> {
  try {
    await readSheet(file, 100);
  } catch (err) {
    if (err instanceof AppError) return { key: err.messageKey, params: err.params };
    throw err;
  }
  throw new Error('the file was read');
}

/** The minimal workbook with its worksheet part changed. */
function withSheet(change: (sheet: ZipPart) => ZipPart, parts = workbookParts(ROWS)): ZipPart[] {
  return parts.map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? change(p) : p));
}

describe('an uploaded .xlsx is inflated within limits before the workbook parser reads it', () => {
  it('reads honest workbooks: as exceljs writes them, deflated or stored, with or without data descriptors', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('accounts').addRows(ROWS);
    expect(await readSheet(Buffer.from(await wb.xlsx.writeBuffer()), 100)).toEqual(ROWS);
    expect(await readSheet(zipOf(workbookParts(ROWS)), 100)).toEqual(ROWS);
    const stored = workbookParts(ROWS).map((p) => ({ ...p, method: 0 }));
    expect(await readSheet(zipOf(stored), 100)).toEqual(ROWS);
    const streamed = workbookParts(ROWS).map((p) => ({ ...p, descriptor: true }));
    expect(await readSheet(zipOf(streamed), 100)).toEqual(ROWS);
    // A worksheet of 20 MB (spaces between elements) is within the limits.
    expect(await readSheet(zipOf(workbookParts(ROWS, 20_000_000)), 100)).toEqual(ROWS);
  });

  it('refuses a worksheet that inflates past the size its directory declares (a zip bomb that lies)', async () => {
    // 80 MB of spaces inside valid sheet XML, declared as 1 000 bytes: a parser that trusted the
    // directory and inflated the stream would read it as a workbook.
    const padded = workbookParts(ROWS, 80_000_000);
    expect(await refusal(zipOf(withSheet((s) => ({ ...s, declaredSize: 1000, localSize: 1000 }), padded)))).toEqual({
      key: 'upload.badWorkbook',
      params: {},
    });
    // Declared one byte short of the truth: refused as well.
    const size = Buffer.byteLength(workbookParts(ROWS).find((p) => p.name === 'xl/worksheets/sheet1.xml')!.data);
    expect((await refusal(zipOf(withSheet((s) => ({ ...s, declaredSize: size - 1 }))))).key).toBe('upload.badWorkbook');
    // 1 GB of zeros in a 1 MB stream, declared as 100 bytes: stopped after 100 bytes, not inflated.
    const bomb = await deflatedZeros(1_000_000_000);
    const parts = withSheet(() => ({
      name: 'xl/worksheets/sheet1.xml',
      data: '',
      body: bomb,
      declaredSize: 100,
      crc: 0,
    }));
    const file = zipOf(parts);
    // The peak memory of this process (in KiB) before and after: a reader that inflated the stream
    // before checking it (as exceljs does, and then finds the size wrong) would have held the gigabyte.
    const peakBefore = process.resourceUsage().maxRSS;
    expect((await refusal(file)).key).toBe('upload.badWorkbook');
    expect((process.resourceUsage().maxRSS - peakBefore) * 1024).toBeLessThan(200_000_000);
  });

  it('refuses honest declarations beyond the limits before inflating anything', async () => {
    // The bodies are tiny: only the declared sizes are over, so nothing was inflated to find out.
    const part = (name: string, declaredSize: number): ZipPart => ({
      name,
      data: '',
      body: Buffer.from([3, 0]),
      declaredSize,
      crc: 0,
    });
    const big = await refusal(zipOf([...workbookParts(ROWS), part('xl/media/image1.png', 32_000_001)]));
    expect(big).toEqual({ key: 'upload.workbookPartTooLarge', params: { max: '32 MB' } });
    const three = [1, 2, 3].map((i) => part(`xl/media/image${i}.png`, 21_500_000));
    expect(await refusal(zipOf([...workbookParts(ROWS), ...three]))).toEqual({
      key: 'upload.workbookTooLarge',
      params: { max: '64 MB' },
    });
  });

  it('refuses more than 500 entries', async () => {
    const extra = (n: number) =>
      Array.from({ length: n }, (_, i): ZipPart => ({ name: `customXml/item${i}.xml`, data: '<a/>' }));
    const base = workbookParts(ROWS);
    expect(await readSheet(zipOf([...base, ...extra(500 - base.length)]), 100)).toEqual(ROWS);
    expect(await refusal(zipOf([...base, ...extra(501 - base.length)]))).toEqual({
      key: 'upload.workbookTooManyParts',
      params: { count: 500 },
    });
  });

  it('refuses local headers, data descriptors and checksums that disagree with the directory', async () => {
    const sheetSize = Buffer.byteLength(workbookParts(ROWS).find((p) => p.name.includes('sheet1'))!.data);
    const lies: ((p: ZipPart) => ZipPart)[] = [
      (p) => ({ ...p, localSize: sheetSize + 5 }), // the local header claims another size
      (p) => ({ ...p, descriptor: true, localSize: sheetSize - 1 }), // so does the data descriptor
      (p) => ({ ...p, crc: (crc32(Buffer.from(p.data)) + 1) >>> 0 }), // the checksum is wrong
      (p) => ({ ...p, method: 12 }), // bzip2: not a method an .xlsx uses
    ];
    for (const lie of lies) expect((await refusal(zipOf(withSheet(lie)))).key).toBe('upload.badWorkbook');
  });

  it('refuses entries that overlap (one stream counted twice) and names listed twice', async () => {
    // An entry whose stored data is a whole second entry, which the directory lists too.
    const [inner, ...rest] = workbookParts(ROWS);
    const nested = zipOf([{ ...inner!, method: 0 }]);
    const innerLocal = nested.subarray(0, nested.readUInt32LE(nested.length - 6));
    const overlapping = (at: number) =>
      zipOf([...rest, { name: 'xl/outer.bin', data: innerLocal, method: 0 }, { ...inner!, method: 0, pointsAt: at }]);
    // Where the inner entry lies does not change the layout; find it, then point the directory there.
    const at = overlapping(0).indexOf(innerLocal);
    expect(overlapping(at).indexOf(innerLocal)).toBe(at);
    expect((await refusal(overlapping(at))).key).toBe('upload.badWorkbook');

    const twice = workbookParts(ROWS);
    expect(await refusal(zipOf([...twice, twice[4]!]))).toMatchObject({ key: 'upload.badWorkbook' });
  });
});

describe('the refusal in the uploader’s language', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' } });
    await makeUser(t.ctx, 'root', { role: 'root' });
    root = (await login(t.app, 'root')).access_token;
  });
  afterAll(() => t.close());

  it('answers 400 with the message, in Chinese by default and in English when asked', async () => {
    const extra = Array.from({ length: 600 }, (_, i): ZipPart => ({ name: `customXml/item${i}.xml`, data: '<a/>' }));
    const file = zipOf([...workbookParts(ROWS), ...extra]).toString('base64');
    for (const locale of [undefined, 'en_us'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/common/users/batch/sheet',
        headers: bearer(root),
        payload: { file, ...(locale ? { locale } : {}) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'bad_file',
        msg: translate(locale ? 'en' : 'zh-CN', 'upload.workbookTooManyParts', { count: 500 }),
      });
    }
    expect(translate('en', 'upload.workbookTooManyParts', { count: 500 })).toContain('more than 500 parts');
  });
});
