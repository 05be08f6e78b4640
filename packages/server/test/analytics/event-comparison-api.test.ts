import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { centsAndUnits, editionWindow, facts, leavesOf, market, monthOf } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * "Same event last year" (selector event, docs/metrics.md) on both warehouses, through Category
 * Insight's panels. The editions' windows come from the generator's calendar rows and every figure
 * from its fact rows, summed in whole cents over the months covering each window, in plain
 * TypeScript — never from the engine's answers nor from the shared event-windows module.
 */

const BEAUTY = 1;
const FOOD = 4;
type Range = readonly [string, string];
const money = (x: number) => Math.round(x * 100);
const months = (w: Range): Range => [monthOf(w[0]), monthOf(w[1])];

const sum = centsAndUnits;
const near = (a: number | null | undefined, b: number, what: string) =>
  expect(Math.abs((a ?? Number.NaN) - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));

const beautyLeaves = leavesOf([BEAUTY]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));
const windowOf = editionWindow;
const D11_2025 = windowOf('double11', 2025);
const D11_2024 = windowOf('double11', 2024);

describeOnEach(await warehouseTargets(), 'same event last year API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const root = await makeUser(t.ctx, 'ev_root', { role: 'root' });
    project = (
      await t.ctx.metadata.projects.create({ name: 'events', dataset: 'cn_monthly', ownerId: root.id, pages: [4, 5] })
    ).id;
    await t.ctx.metadata.projectCategories.add(project, [BEAUTY, FOOD], 'ready');
    admin = (await login(t.app, 'ev_root')).access_token;
  });
  afterAll(() => t.close());

  // The page's own range is not the event's: the event's months replace it.
  const body = (event: object | undefined, extra: object = {}) => ({
    data_scope_id: project,
    category: { enable: true, value: [BEAUTY] },
    date: ['2026-01-01', '2026-06-01'],
    selector: 'event',
    ...(event ? { event } : {}),
    ...extra,
  });
  const post = (url: string, payload: object, locale = 'en_us') => postAs(t.app, admin, url, payload, locale);
  const data = async (url: string, payload: object) => {
    const res = await post(url, payload);
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    return res.json().data;
  };

  it('Double 11 2025 vs 2024: the months covering each window, summed from the generator rows', async () => {
    const now = months(D11_2025);
    const base = months(D11_2024);
    // The demo's windows: pre-sale from 20 October to the return on 15 November.
    expect([D11_2025, D11_2024]).toEqual([
      ['2025-10-20', '2025-11-15'],
      ['2024-10-20', '2024-11-15'],
    ]);
    const d = await data('/summary', body({ code: 'double11', year: 2025 }));
    expect(d.range).toEqual({ start: now[0], end: now[1] });
    expect(d.custom.base).toEqual({ start: base[0], end: base[1] });
    const c = sum(beauty, now);
    const b = sum(beauty, base);
    expect(money(d.sales), 'sales').toBe(c.s);
    expect(d.count, 'units').toBe(c.q);
    expect(money(d.custom.base_sales), 'base sales').toBe(b.s);
    expect(d.custom.base_count, 'base units').toBe(b.q);
    near(d.custom.growth.sales, (c.s - b.s) / b.s, 'growth');
    // Monthly data: whole months, said so; the windows are of equal length.
    const codes = d.warnings.map((w: { code: string }) => w.code);
    expect(codes).toContain('analytics.event.approximate');
    expect(codes).not.toContain('analytics.event.unequalWindows');

    // The same comparison on a trend: each month against the one holding the same event day (12 earlier).
    const trend = await data('/trends', body({ code: 'double11', year: 2025 }));
    expect(trend.points.map((p: { period: string }) => p.period)).toEqual(['2025-10-01', '2025-11-01']);
    for (const p of trend.points) {
      const at: Range = [p.period, p.period];
      const before = `${Number(p.period.slice(0, 4)) - 1}${p.period.slice(4)}`;
      const x = sum(beauty, at);
      const y = sum(beauty, [before, before]);
      expect(money(p.sales), `${p.period} sales`).toBe(x.s);
      near(p.growth.sales, (x.s - y.s) / y.s, `${p.period} growth`);
    }
  });

  it('N years back, and windows of different lengths warn', async () => {
    // 2018's Double 11 had no pre-sale: 1 … 15 November against 20 October … 15 November.
    const w2018 = windowOf('double11', 2018);
    expect(w2018).toEqual(['2018-11-01', '2018-11-15']);
    const d = await data('/summary', body({ code: 'double11', year: 2025, back: 7 }));
    const base = months(w2018);
    expect(d.custom.base).toEqual({ start: base[0], end: base[1] });
    expect(money(d.custom.base_sales)).toBe(sum(beauty, base).s);
    const codes = d.warnings.map((w: { code: string }) => w.code);
    expect(codes).toContain('analytics.event.unequalWindows');
  });

  it('the Spring Festival compares the months of each lunar new year', async () => {
    const w25 = windowOf('spring_festival', 2025);
    const w24 = windowOf('spring_festival', 2024);
    const d = await data('/summary', body({ code: 'spring_festival', year: 2025 }));
    expect(d.range).toEqual({ start: monthOf(w25[0]), end: monthOf(w25[1]) });
    expect(d.custom.base).toEqual({ start: monthOf(w24[0]), end: monthOf(w24[1]) });
    expect(money(d.sales)).toBe(sum(beauty, months(w25)).s);
    expect(money(d.custom.base_sales)).toBe(sum(beauty, months(w24)).s);
  });

  it('refuses with clear messages in both languages', async () => {
    // The calendar's first Double 11 has none before it; an edition whose months end after the
    // data's last period lies outside the data.
    const years = market.dims.calendar_event.filter((r) => r.code === 'double11').map((r) => r.year);
    const first = Math.min(...years);
    const lastPeriod = facts.reduce((m, f) => (f.period > m ? f.period : m), '');
    const beyond = [...new Set(years)].find((y) => months(windowOf('double11', y))[1] > lastPeriod);
    expect(beyond, `a Double 11 after ${lastPeriod}`).toBeDefined();
    const cases: [object | undefined, string, string][] = [
      [undefined, 'Choose the event and its edition to compare.', '请选择要对比的活动及其届次'],
      [{ code: 'no_such_event', year: 2025 }, 'no event "no_such_event"', '没有活动“no_such_event”'],
      [{ code: 'double11', year: 2025, back: 0 }, '1 to 10 years earlier', '1 至 10 年前'],
      [{ code: 'double11', year: 1990 }, "no 1990 edition of Double 11 (Singles' Day)", '没有 1990 年的双11全球狂欢节'],
      [
        { code: 'double11', year: first },
        `no ${first - 1} edition of Double 11 (Singles' Day)`,
        `没有 ${first - 1} 年的双11全球狂欢节`,
      ],
      [
        { code: 'double11', year: beyond },
        `Double 11 (Singles' Day) ${beyond} lies outside the data`,
        `${beyond} 年的双11全球狂欢节不在数据范围`,
      ],
    ];
    for (const [event, en, zh] of cases) {
      const a = await post('/summary', body(event));
      expect(a.statusCode, a.body).toBe(400);
      expect(a.json().msg).toContain(en);
      const b = await post('/summary', body(event), 'zh_cn');
      expect(b.json().msg).toContain(zh);
    }
  });

  it('the download names the event comparison, its windows and the approximation', async () => {
    const res = await post('/top/downloads', body({ code: 'double11', year: 2025 }, { kind: 'brand' }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const head = wb.worksheets[0]!.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1)] : []));
    expect(head).toContainEqual(['Period', '2025-10 ~ 2025-11']);
    expect(head).toContainEqual([
      'Compared with',
      "Double 11 (Singles' Day) 2024 (same event, 1 yr earlier): 2024-10 ~ 2024-11",
    ]);
    expect(head).toContainEqual(['Event windows', '2025: 2025-10-20 ~ 2025-11-15; 2024: 2024-10-20 ~ 2024-11-15']);
    expect(head.some((r) => String(r[1] ?? '').startsWith('Monthly data: the comparison uses the whole months'))).toBe(
      true,
    );
  });
});
