import type { FactRow } from '@marketlens/datagen';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { centsAndUnits, facts, leavesOf, market, monthOf, skuById } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * The event review (POST /event-review, docs/metrics.md "Event review") on both warehouses. The
 * editions, their months and every figure are recomputed here from the generator's calendar rows
 * and fact rows in plain TypeScript — the months covering each window, summed in whole cents —
 * never from the engine's answers.
 */

/** The page's own range: the review replaces it with the event's months. */
const PAGE_RANGE = ['2026-01-01', '2026-06-01'];
const BEAUTY = 1;
const FOOD = 4;
const GRANTED = 101;

type Range = readonly [string, string];
const money = (x: number) => Math.round(x * 100);
const inR = (f: FactRow, r: Range) => f.period >= r[0] && f.period <= r[1];

/** The demo calendar's editions: the window of each (code, year), from the generator's rows. */
const editions = (() => {
  const m = new Map<string, { code: string; year: number; start: string; end: string; name_en: string }>();
  for (const r of market.dims.calendar_event) {
    const k = `${r.code}|${r.year}`;
    const e = m.get(k) ?? { code: r.code, year: r.year, start: r.start_date, end: r.end_date, name_en: r.name_en };
    if (r.start_date < e.start) e.start = r.start_date;
    if (r.end_date > e.end) e.end = r.end_date;
    m.set(k, e);
  }
  return [...m.values()];
})();
const months = (e: { start: string; end: string }): Range => [monthOf(e.start), monthOf(e.end)];

const sum = centsAndUnits;

/** Every key's change in cents between two ranges, biggest gains first and biggest losses first (ties by id). */
function movers(rows: readonly FactRow[], key: (f: FactRow) => number, now: Range, base: Range, top: number) {
  const m = new Map<number, { s1: number; s0: number }>();
  for (const f of rows) {
    const a = inR(f, now);
    if (!a && !inR(f, base)) continue;
    const e = m.get(key(f)) ?? { s1: 0, s0: 0 };
    if (a) e.s1 += money(f.sales);
    else e.s0 += money(f.sales);
    m.set(key(f), e);
  }
  const all = [...m.entries()].map(([id, e]) => ({ id, change: e.s1 - e.s0, ...e }));
  return {
    gainers: all
      .filter((x) => x.change > 0)
      .sort((a, b) => b.change - a.change || a.id - b.id)
      .slice(0, top),
    losers: all
      .filter((x) => x.change < 0)
      .sort((a, b) => a.change - b.change || a.id - b.id)
      .slice(0, top),
  };
}

interface Mover {
  id: number;
  name: string;
  name_en: string;
  shop?: { name: string; name_en: string };
  platform?: { code: string };
  sales: number;
  base_sales: number;
  change: number;
  share: number | null;
  base_share: number | null;
}
interface Answer {
  choices: { code: string; year: number }[];
  event: { code: string; year: number; start: string; end: string; periods: { start: string; end: string } } | null;
  predecessor: { code: string; year: number; periods: { start: string; end: string } } | null;
  approximate: boolean;
  unequal: boolean;
  current: { sales: number; count: number; avg_price: number | null; share: number | null };
  base: { sales: number; count: number; avg_price: number | null; share: number | null };
  growth: { sales: number | null };
  share_change: number | null;
  movers_kind: string;
  gainers: Mover[];
  losers: Mover[];
  warnings: { code: string }[];
}

const beautyLeaves = leavesOf([BEAUTY]);
const marketLeaves = leavesOf([BEAUTY, FOOD]);
const grantedLeaves = leavesOf([GRANTED]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));
const granted = facts.filter((f) => marketLeaves.has(f.category_id));
const limitedRows = facts.filter((f) => grantedLeaves.has(f.category_id));
const near = (a: number | null, b: number, what: string) =>
  expect(Math.abs((a ?? Number.NaN) - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-12);

/** The figures of a selection in both editions' months against the oracle, and the movers. */
function check(
  d: Answer,
  rows: readonly FactRow[],
  whole: readonly FactRow[] | undefined,
  key: (f: FactRow) => number,
  now: Range,
  base: Range,
  what: string,
) {
  expect(d.event!.periods, what).toEqual({ start: now[0], end: now[1] });
  expect(d.predecessor!.periods, what).toEqual({ start: base[0], end: base[1] });
  const c = sum(rows, now);
  const b = sum(rows, base);
  expect(money(d.current.sales), `${what} sales`).toBe(c.s);
  expect(money(d.base.sales), `${what} base sales`).toBe(b.s);
  expect(d.current.count, `${what} units`).toBe(c.q);
  expect(d.base.count, `${what} base units`).toBe(b.q);
  near(d.current.avg_price, c.s / 100 / c.q, `${what} avg price`);
  near(d.growth.sales, (c.s - b.s) / b.s, `${what} growth`);
  if (whole) {
    near(d.current.share, c.s / sum(whole, now).s, `${what} share`);
    near(d.base.share, b.s / sum(whole, base).s, `${what} base share`);
    near(d.share_change, c.s / sum(whole, now).s - b.s / sum(whole, base).s, `${what} share change`);
  } else expect(d.current.share, what).toBeNull();
  const exp = movers(rows, key, now, base, 5);
  expect(
    d.gainers.map((g) => [g.id, money(g.change)]),
    `${what} gainers`,
  ).toEqual(exp.gainers.map((g) => [g.id, g.change]));
  expect(
    d.losers.map((g) => [g.id, money(g.change)]),
    `${what} losers`,
  ).toEqual(exp.losers.map((g) => [g.id, g.change]));
  expect(d.gainers.length + d.losers.length, `${what} has movers`).toBeGreaterThan(0);
  for (const g of [...d.gainers, ...d.losers]) {
    near(g.share, money(g.sales) / c.s, `${what} mover ${g.id} share`);
    near(g.base_share, money(g.base_sales) / b.s, `${what} mover ${g.id} base share`);
  }
}

/** The brand with the most Beauty sales: a real part of the market. */
const BRAND = (() => {
  const m = new Map<number, number>();
  for (const f of beauty) m.set(f.brand_id, (m.get(f.brand_id) ?? 0) + f.sales);
  return [...m.entries()].sort((a, b) => b[1] - a[1])[0]![0];
})();

describeOnEach(await warehouseTargets(), 'event review API', (target) => {
  let t: TestApp;
  let project: number;
  let full: string;
  let limited: string;
  let brandProject: number;
  let oneBrand: string;
  let lastComplete: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'er_root', { role: 'root' });
    const [a, b, c] = await Promise.all(
      ['er_full', 'er_limited', 'er_brand'].map((u) => makeUser(t.ctx, u, { role: 'general' })),
    );
    project = (
      await metadata.projects.create({ name: 'review', dataset: 'cn_monthly', ownerId: root.id, pages: [4, 5] })
    ).id;
    await metadata.projectCategories.add(project, [BEAUTY, FOOD, GRANTED], 'ready');
    for (const u of [a!, b!])
      await metadata.members.add({ projectId: project, userId: u.id, role: 'general', pages: [4, 5] });
    await metadata.grants.replace(project, a!.id, 'category', [String(BEAUTY), String(FOOD)]);
    await metadata.grants.replace(project, b!.id, 'category', [String(GRANTED)]);
    full = (await login(t.app, 'er_full')).access_token;
    limited = (await login(t.app, 'er_limited')).access_token;
    brandProject = (
      await metadata.projects.create({
        name: 'review-brands',
        dataset: 'cn_monthly',
        ownerId: root.id,
        pages: [4, 5],
        limitBrands: true,
      })
    ).id;
    await metadata.projectCategories.add(brandProject, [BEAUTY], 'ready');
    await metadata.members.add({ projectId: brandProject, userId: c!.id, role: 'general', pages: [4, 5] });
    await metadata.grants.replaceMany(brandProject, c!.id, { category: [String(BEAUTY)], brand: [String(BRAND)] });
    oneBrand = (await login(t.app, 'er_brand')).access_token;
    const td = await t.app.inject({
      method: 'GET',
      url: `/api/common/table_date?data_scope_id=${project}`,
      headers: { authorization: `Bearer ${full}` },
    });
    lastComplete = monthOf(td.json().data.last_complete_date);
  });
  afterAll(() => t.close());

  const review = async (token: string, payload: object, status = 200): Promise<Answer> => {
    const res = await postAs(t.app, token, '/event-review', { data_scope_id: project, date: PAGE_RANGE, ...payload });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json().data;
  };
  const beautyFilter = { category: { enable: true, value: [BEAUTY] } };

  it('reviews the latest edition that has its predecessor inside the complete months', async () => {
    const first = facts.reduce((m, f) => (f.period < m ? f.period : m), '9999');
    const ok = editions.filter((e) => {
      const prev = editions.find((p) => p.code === e.code && p.year === e.year - 1);
      return prev && months(prev)[0] >= first && months(e)[1] <= lastComplete;
    });
    const latest = [...ok].sort((x, y) => (x.end < y.end ? 1 : x.end > y.end ? -1 : 0))[0]!;
    const d = await review(full, beautyFilter);
    expect(d.choices.length).toBe(ok.length);
    expect(d.choices[0]).toEqual({
      code: latest.code,
      year: latest.year,
      name: expect.any(String),
      name_en: latest.name_en,
    });
    expect(d.event!.code).toBe(latest.code);
    expect(d.approximate).toBe(true);
    const prev = editions.find((p) => p.code === latest.code && p.year === latest.year - 1)!;
    check(d, beauty, granted, (f) => f.brand_id, months(latest), months(prev), 'latest');
  });

  it('Double 11 2025 against Double 11 2024: the market, a brand, a limited grant', async () => {
    const now = months(editions.find((e) => e.code === 'double11' && e.year === 2025)!);
    const base = months(editions.find((e) => e.code === 'double11' && e.year === 2024)!);
    expect(now).toEqual(['2025-10-01', '2025-11-01']);
    const d = await review(full, { ...beautyFilter, event_code: 'double11', event_year: 2025 });
    expect(d.movers_kind).toBe('brand');
    check(d, beauty, granted, (f) => f.brand_id, now, base, 'double11 beauty');
    // The page's range and comparison play no part.
    const other = await review(full, {
      ...beautyFilter,
      event_code: 'double11',
      event_year: 2025,
      date: ['2024-01-01', '2024-03-01'],
      selector: 'yoy',
    });
    expect(other.current).toEqual(d.current);

    const brand = await review(full, { ...beautyFilter, event_code: 'double11', event_year: 2025, brand_id: BRAND });
    expect(brand.movers_kind).toBe('sku');
    check(
      brand,
      beauty.filter((f) => f.brand_id === BRAND),
      beauty,
      (f) => f.sku_id,
      now,
      base,
      'double11 brand',
    );
    for (const s of [...brand.gainers, ...brand.losers]) {
      const sku = skuById.get(s.id)!;
      expect(s.name).toBe(sku.title_zh);
      expect(s.shop?.name && s.platform?.code, `sku ${s.id} shop`).toBeTruthy();
    }

    // A member granted one level-2 category: only its rows, and its share of what it may see.
    const mine = await review(limited, { event_code: 'double11', event_year: 2025 });
    check(mine, limitedRows, undefined, (f) => f.brand_id, now, base, 'double11 limited');
  });

  it('refuses an unknown edition and an ungranted brand', async () => {
    const bad = await postAs(t.app, full, '/event-review', {
      data_scope_id: project,
      event_code: 'double11',
      event_year: 1999,
      date: PAGE_RANGE,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/double11/);
    const other = [...new Set(beauty.map((f) => f.brand_id))].find((b) => b !== BRAND)!;
    const res = await postAs(t.app, oneBrand, '/event-review', {
      data_scope_id: brandProject,
      date: PAGE_RANGE,
      brand_id: other,
    });
    expect(res.statusCode).toBe(403);
    const own = await postAs(t.app, oneBrand, '/event-review', {
      data_scope_id: brandProject,
      date: PAGE_RANGE,
      brand_id: BRAND,
    });
    expect(own.statusCode, own.body.slice(0, 300)).toBe(200);
  });
});
