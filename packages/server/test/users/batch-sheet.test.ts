import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/** An .xlsx as an administrator would save it: header row, a date cell, a number, a blank row, rich text. */
async function workbook(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  ws.addRow(['用户名', '邮箱', '企业', '电话', '失效日期']);
  ws.addRow(['x1', 'x1@example.com', 'Acme', 13800000000, new Date(Date.UTC(2027, 0, 31))]);
  ws.addRow([]);
  ws.addRow([{ richText: [{ text: 'x' }, { text: '2' }] }, 'x2@example.com', 'Acme', '2']);
  wb.addWorksheet('ignored').addRow(['not', 'read']);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

describe('account batch from an .xlsx file, and the debug flag', () => {
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

  it('reads the first worksheet as a table of texts (dates as YYYY-MM-DD, blank rows skipped)', async () => {
    const res = await post('/users/batch/sheet', root, { file: await workbook() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.table).toEqual([
      ['用户名', '邮箱', '企业', '电话', '失效日期'],
      ['x1', 'x1@example.com', 'Acme', '13800000000', '2027-01-31'],
      ['x2', 'x2@example.com', 'Acme', '2'],
    ]);
    // Reading writes nothing: the check and the all-or-nothing commit stay separate steps.
    expect(await t.ctx.metadata.users.getByUsername('x1')).toBeUndefined();
  });

  it('refuses a file that is not a workbook with a 400 in the request language, and non-root callers', async () => {
    const junk = Buffer.from('username,email\nx,y').toString('base64');
    const en = await post('/users/batch/sheet', root, { file: junk, locale: 'en_us' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      ok: false,
      code: 'bad_workbook',
      msg: 'The file is not a readable Excel workbook (.xlsx).',
    });
    const zh = await post('/users/batch/sheet', root, { file: junk });
    expect(zh.json().msg).toBe('文件不是可读取的 Excel 工作簿（.xlsx）');
    expect((await post('/users/batch/sheet', admin, { file: await workbook() })).statusCode).toBe(403);
  });

  it('accepts the optional debug flag wherever locale is accepted (body and query), and only a boolean', async () => {
    const body = await post('/users/batch/sheet', root, { file: await workbook(), debug: true, locale: 'en_us' });
    expect(body.statusCode, body.body).toBe(200);
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/common/users?debug=true&locale=en_us',
      headers: bearer(root),
    });
    expect(query.statusCode, query.body).toBe(200);
    const auth = await t.app.inject({ method: 'GET', url: '/api/auth/applications/settings?debug=true' });
    expect(auth.statusCode, auth.body).toBe(200);
    const wrong = await post('/users/batch/sheet', root, { file: await workbook(), debug: 'yes' });
    expect(wrong.statusCode).toBe(400);
    // Any other unknown field is still refused.
    const other = await post('/users/batch/sheet', root, { file: await workbook(), verbose: true });
    expect(other.statusCode).toBe(400);
  });
});
