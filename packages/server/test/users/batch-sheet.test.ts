import { MAX_BATCH_ROWS, MAX_UPLOAD_BYTES } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/** An .xlsx as an administrator would save it: header row, a date cell, a number, a blank row, rich text. */
async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  ws.addRow(['username', 'email', 'enterprise', 'telephone', 'valid_to']);
  ws.addRow(['x1', 'x1@example.com', 'Acme', 13800000000, new Date(Date.UTC(2027, 0, 31))]);
  ws.addRow([]);
  ws.addRow([{ richText: [{ text: 'x' }, { text: '2' }] }, 'x2@example.com', 'Acme', '2']);
  wb.addWorksheet('ignored').addRow(['not', 'read']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const b64 = (file: Buffer | string) => (typeof file === 'string' ? Buffer.from(file) : file).toString('base64');

/** The table's rows keyed by its header row, empty cells left out (what the batch page sends). */
const records = (table: string[][]) =>
  table
    .slice(1)
    .map((cells) => Object.fromEntries(table[0]!.map((h, i) => [h, cells[i] ?? '']).filter(([, v]) => v !== '')));

describe('account batch from an uploaded file (.xlsx, CSV in UTF-8 or GBK)', () => {
  let t: TestApp;
  let root: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' } });
    await makeUser(t.ctx, 'root', { role: 'root' });
    await makeUser(t.ctx, 'adm', { role: 'admin' });
    root = (await login(t.app, 'root')).access_token;
    admin = (await login(t.app, 'adm')).access_token;
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/common${url}`, headers: bearer(token), payload });
  const sheet = async (file: Buffer | string) => {
    const res = await post('/users/batch/sheet', root, { file: b64(file) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.table as string[][];
  };
  const refused = async (file: Buffer | string, locale?: string) => {
    const res = await post('/users/batch/sheet', root, { file: b64(file), ...(locale ? { locale } : {}) });
    return { status: res.statusCode, ...(res.json() as { code: string; msg: string }) };
  };

  it('reads the first worksheet of an .xlsx as texts; the check and the commit then store its rows', async () => {
    const table = await sheet(await workbook());
    expect(table).toEqual([
      ['username', 'email', 'enterprise', 'telephone', 'valid_to'],
      ['x1', 'x1@example.com', 'Acme', '13800000000', '2027-01-31'],
      ['x2', 'x2@example.com', 'Acme', '2'],
    ]);
    // Reading writes nothing: the check and the all-or-nothing commit stay separate steps.
    expect(await t.ctx.metadata.users.getByUsername('x1')).toBeUndefined();
    const rows = records(table);
    const check = await post('/users/batch/add/check', root, { rows });
    expect(check.json().data).toEqual({ valid: true, rows: 2, errors: [] });
    expect((await post('/users/batch/add', root, { rows })).statusCode).toBe(200);
    const x1 = await t.ctx.metadata.users.getByUsername('x1');
    expect(x1).toMatchObject({ email: 'x1@example.com', telephone: '13800000000' });
    expect(x1?.validTo?.slice(0, 10)).toBe('2027-01-31');
  });

  it('reads RFC 4180 CSV: a BOM, quoted commas, line breaks and doubled quotes, CRLF', async () => {
    const csv =
      '\uFEFFusername,email,enterprise,telephone,group\r\n' +
      'q1,q1@example.com,"Acme, Inc.",010-1,"north\r\nsouth"\r\n' +
      '\r\n' +
      'q2,q2@example.com,"The ""Best"" Co",010-2,\r\n';
    const table = await sheet(csv);
    expect(table).toEqual([
      ['username', 'email', 'enterprise', 'telephone', 'group'],
      ['q1', 'q1@example.com', 'Acme, Inc.', '010-1', 'north\r\nsouth'],
      ['q2', 'q2@example.com', 'The "Best" Co', '010-2'],
    ]);
    const rows = records(table);
    expect((await post('/users/batch/add/check', root, { rows })).json().data).toEqual({
      valid: true,
      rows: 2,
      errors: [],
    });
    expect((await post('/users/batch/add', root, { rows })).statusCode).toBe(200);
    expect(await t.ctx.metadata.users.getByUsername('q1')).toMatchObject({
      enterprise: 'Acme, Inc.',
      group: 'north\r\nsouth',
    });
    expect((await t.ctx.metadata.users.getByUsername('q2'))?.enterprise).toBe('The "Best" Co');
  });

  it('reads a GBK-encoded CSV as Excel saves it in a Chinese locale; the check reports the bad row', async () => {
    const text = [
      'username,email,enterprise,telephone,group',
      'g1,g1@example.com,北京示例科技有限公司,13900000001,华东区',
      'g2,不是邮箱,上海市场研究所,13900000002,华南区',
    ].join('\r\n');
    const gbk = iconv.encode(text, 'gbk');
    expect(gbk.equals(Buffer.from(text))).toBe(false);
    const table = await sheet(gbk);
    expect(table[1]).toEqual(['g1', 'g1@example.com', '北京示例科技有限公司', '13900000001', '华东区']);
    const bad = (await post('/users/batch/add/check', root, { rows: records(table) })).json().data;
    expect(bad).toMatchObject({ valid: false, rows: 2, errors: [{ row: 2, field: 'email' }] });
    expect((await post('/users/batch/add', root, { rows: records(table) })).statusCode).toBe(400);
    expect(await t.ctx.metadata.users.getByUsername('g1')).toBeUndefined();

    const fixed = await sheet(iconv.encode(text.replace('不是邮箱', 'g2@example.com'), 'gb18030'));
    expect((await post('/users/batch/add', root, { rows: records(fixed) })).statusCode).toBe(200);
    expect(await t.ctx.metadata.users.getByUsername('g2')).toMatchObject({
      enterprise: '上海市场研究所',
      group: '华南区',
    });
  });

  it('updates accounts from a file through the same reader', async () => {
    const table = await sheet(iconv.encode('用户名,企业\r\nq2,"深圳, 新公司"\r\n', 'gbk'));
    expect(table).toEqual([
      ['用户名', '企业'],
      ['q2', '深圳, 新公司'],
    ]);
    const rows = [{ username: table[1]![0]!, enterprise: table[1]![1]! }];
    expect((await post('/users/batch/update', root, { rows })).statusCode).toBe(200);
    expect((await t.ctx.metadata.users.getByUsername('q2'))?.enterprise).toBe('深圳, 新公司');
  });

  it('refuses a bad file with its own message in the request language', async () => {
    const xlsx = await workbook();
    const corrupt = await refused(xlsx.subarray(0, Math.floor(xlsx.length / 2)), 'en_us');
    expect(corrupt).toEqual({
      status: 400,
      ok: false,
      code: 'bad_file',
      msg: 'The Excel workbook is damaged or cannot be read; open it in Excel, save it again as .xlsx and upload it.',
    });
    expect((await refused(xlsx.subarray(0, Math.floor(xlsx.length / 2)))).msg).toBe(
      'Excel 工作簿已损坏或无法读取，请在 Excel 中重新另存为 .xlsx 后上传',
    );
    // A zip that is no workbook.
    expect((await refused(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]))).code).toBe('bad_file');
    // Binary bytes (a PNG header) are no spreadsheet.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await refused(png)).toMatchObject({
      status: 400,
      msg: '文件不是表格文件，请上传 Excel 工作簿（.xlsx）或 CSV 文件',
    });
    // An unclosed quote is not CSV.
    expect((await refused('username,email\n"x1,x1@example.com\n')).code).toBe('bad_file');
    // A password-protected workbook: Excel wraps it in a compound file with an EncryptedPackage stream.
    const ole = Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(504),
      Buffer.from('EncryptedPackage', 'utf16le'),
      Buffer.alloc(100),
    ]);
    expect((await refused(ole, 'en_us')).msg).toBe(
      'The workbook is password-protected; remove the password in Excel and upload it again.',
    );
    expect((await refused(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]))).msg).toBe(
      '无法读取旧版 Excel 文件（.xls），请在 Excel 中另存为 .xlsx 或 CSV 后上传',
    );
    expect(await refused('\uFEFF\r\n ,, \r\n', 'en_us')).toMatchObject({
      status: 400,
      code: 'empty_file',
      msg: 'The file is empty.',
    });
  });

  it('keeps the row and size limits, saying so', async () => {
    const rows = (n: number) => ['username', ...Array.from({ length: n }, (_, i) => `u${i}`)].join('\n');
    expect(await sheet(rows(MAX_BATCH_ROWS))).toHaveLength(MAX_BATCH_ROWS + 1);
    expect(await refused(rows(MAX_BATCH_ROWS + 1), 'en_us')).toMatchObject({
      status: 400,
      code: 'too_many_rows',
      msg: `The file has more than ${MAX_BATCH_ROWS} rows; split it into smaller files.`,
    });
    const big = await refused(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a'));
    expect(big).toMatchObject({ status: 413, msg: '文件超过 1.5 MB，请拆分为多个文件上传' });
  });

  it('is root only, and takes the optional debug flag wherever locale is accepted', async () => {
    const file = b64(await workbook());
    expect((await post('/users/batch/sheet', admin, { file })).statusCode).toBe(403);
    const body = await post('/users/batch/sheet', root, { file, debug: true, locale: 'en_us' });
    expect(body.statusCode, body.body).toBe(200);
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/common/users?debug=true&locale=en_us',
      headers: bearer(root),
    });
    expect(query.statusCode, query.body).toBe(200);
    const auth = await t.app.inject({ method: 'GET', url: '/api/auth/applications/settings?debug=true' });
    expect(auth.statusCode, auth.body).toBe(200);
    expect((await post('/users/batch/sheet', root, { file, debug: 'yes' })).statusCode).toBe(400);
    // Any other unknown field is still refused.
    expect((await post('/users/batch/sheet', root, { file, verbose: true })).statusCode).toBe(400);
  });
});
