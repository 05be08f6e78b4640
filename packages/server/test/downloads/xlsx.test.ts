import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildXlsx, type Column, safeText, sendXlsx, type XlsxDocument } from '../../src/downloads/xlsx.js';
import { AppError } from '../../src/errors.js';

interface Row {
  name: string;
  sales: number;
  count: number;
  share: number | null;
}

const columns: Column<Row>[] = [
  { header: 'download.col.brand', format: 'text', value: (r) => r.name },
  { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
  { header: 'download.col.count', format: 'integer', value: (r) => r.count },
  { header: 'download.col.share', format: 'share', value: (r) => r.share },
];

const doc = (rows: Row[], locale: 'zh_cn' | 'en_us' = 'en_us'): XlsxDocument => ({
  locale,
  title: 'download.header.brands',
  context: {
    lines: [
      ['Project', 'Demo'],
      ['Period', '2025-01 ~ 2025-12'],
    ],
    currencySymbol: '¥',
  },
  sheets: [{ name: 'download.col.brand', columns, rows }],
});

async function read(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('xlsx downloads', () => {
  const rows: Row[] = [
    { name: '=HYPERLINK("http://evil","x")', sales: 1234.5, count: 10, share: 0.1234 },
    { name: '花西子', sales: 99, count: 3, share: null },
  ];

  it('writes the header block, the translated column headers and typed, formatted cells', async () => {
    const ws = await read(await buildXlsx(doc(rows)));
    expect(ws.name).toBe('Brand');
    expect(ws.getCell('A1').value).toBe('Brands');
    expect(ws.getCell('A2').value).toBe('Project');
    expect(ws.getCell('B2').value).toBe('Demo');
    expect(ws.getCell('B3').value).toBe('2025-01 ~ 2025-12');
    const header = ws.getRow(5).values as unknown[];
    expect(header.slice(1)).toEqual(['Brand', 'Sales', 'Units sold', 'Share']);
    const first = ws.getRow(6);
    expect(first.getCell(2).value).toBe(1234.5);
    expect(first.getCell(2).numFmt).toBe('"¥"#,##0.00');
    expect(first.getCell(3).numFmt).toBe('#,##0');
    expect(first.getCell(4).value).toBeCloseTo(0.1234);
    expect(first.getCell(4).numFmt).toBe('0.0%');
    // No value is ever a formula; formula-looking text is kept as text with a leading apostrophe.
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(1).value).toBe(`'=HYPERLINK("http://evil","x")`);
    // A missing value shows the dash of the screen.
    expect(ws.getRow(7).getCell(4).value).toBe('-');
    expect(ws.getRow(7).getCell(1).value).toBe('花西子');
  });

  it('speaks the request language', async () => {
    const ws = await read(await buildXlsx(doc(rows, 'zh_cn')));
    expect(ws.name).toBe('品牌');
    expect((ws.getRow(5).values as unknown[]).slice(1)).toEqual(['品牌', '销售额', '销量', '市场份额']);
  });

  it('refuses an empty download with the "empty download data" message', async () => {
    await expect(buildXlsx(doc([]))).rejects.toMatchObject({ status: 400, messageKey: 'download.empty' });
    await expect(buildXlsx(doc([]))).rejects.toBeInstanceOf(AppError);
  });

  it('sends an attachment whose Chinese file name survives (RFC 5987)', async () => {
    const app = Fastify();
    app.get('/x', (_req, reply) => sendXlsx(reply, { ...doc(rows), fileName: '品牌排行' }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('品牌排行.xlsx')}`);
    const ws = await read(res.rawPayload);
    expect(ws.getRow(6).getCell(2).value).toBe(1234.5);
    await app.close();
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+86 123', "'+86 123"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
  ])('safeText(%j) = %j', (input, out) => {
    expect(safeText(input)).toBe(out);
  });
});
