import type { FactRow } from '@marketlens/datagen';
import { addMonths, potentialDefaults } from '@marketlens/shared';
import type { PotentialBody, PotentialLimit } from '@marketlens/shared/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { pageProject } from '../support/grant-projects.js';
import { close, facts, leavesOf, market } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Potential Brand API (docs/pages/potential.md) on the tiny warehouse. Which brands pass, and every
 * figure of them, come from the generator's rows in plain TypeScript (sums in cents, growth, share,
 * rank), never from the engine.
 */

const { dim_category, dim_brand } = market.dims;
const catById = new Map(dim_category.map((c) => [c.category_id, c]));
const brandName = new Map(dim_brand.map((b) => [b.brand_id, b]));
/** The project's categories (the tiny market's level-1 categories) and the member's one grant. */
const PROJECT_CATEGORIES = [...new Set(dim_category.filter((c) => c.level === 1).map((c) => c.category_id))];
const GRANTED = 101;
const grantedLeaves = leavesOf([GRANTED]);

/** The ancestor of a category at a level (itself when it is not deeper). */
function atLevel(id: number, level: number): number {
  let c = catById.get(id)!;
  while (c.level > level) c = catById.get(c.parent_id!)!;
  return c.category_id;
}

type Bounds = [number | null, number | null];
interface Setting {
  level: 1 | 2 | 3;
  categories: number[];
  /** Half-open month ranges, as on the wire. */
  target: [string, string];
  base: [string, string];
  selector: 'yoy' | 'mom' | 'custom';
  limits: Partial<Record<PotentialLimit, Bounds>>;
}

const body = (project: number, s: Setting, extra: object = {}): PotentialBody & object => {
  const l = (k: PotentialLimit, i: 0 | 1) => s.limits[k]?.[i] ?? null;
  return {
    data_scope_id: project,
    date_range: { start: s.target[0], end: s.target[1] },
    benchmark_date_range: { start: s.base[0], end: s.base[1] },
    quick_selector: s.selector,
    categories_filter: {
      categories: s.categories.join(';'),
      category_level: s.level,
      sales_range_min: l('category_sales', 0),
      sales_range_max: l('category_sales', 1),
      sales_ratio_range_min: l('category_growth', 0),
      sales_ratio_range_max: l('category_growth', 1),
    },
    brands_filter: {
      category_sales_range_min: l('brand_category_sales', 0),
      category_sales_range_max: l('brand_category_sales', 1),
      category_sales_ratio_range_min: l('brand_category_growth', 0),
      category_sales_ratio_range_max: l('brand_category_growth', 1),
      sales_range_min: l('brand_sales', 0),
      sales_range_max: l('brand_sales', 1),
      sales_ratio_range_min: l('brand_growth', 0),
      sales_ratio_range_max: l('brand_growth', 1),
    },
    ...extra,
  };
};

interface Expected {
  brand_id: number;
  category_id: number;
  sales: number;
  base_sales: number;
  growth: number | null;
  category_sales: number;
  category_growth: number | null;
  share: number | null;
  share_change: number | null;
  rank: number;
  brand_count: number;
  total_sales: number;
  total_growth: number | null;
}

/** The search computed from the rows the user may see: passing pairs (in the answer's order) and exclusions. */
function oracle(visible: readonly FactRow[], s: Setting) {
  const inT = (f: FactRow) => f.period >= s.target[0] && f.period < s.target[1];
  const inB = (f: FactRow) => f.period >= s.base[0] && f.period < s.base[1];
  const searched = s.categories.length ? leavesOf(s.categories.map((c) => atLevel(c, s.level))) : null;
  const add = (m: Map<string, [number, number]>, key: string, f: FactRow) => {
    const v = m.get(key) ?? [0, 0];
    const cents = Math.round(f.sales * 100);
    if (inT(f)) v[0] += cents;
    if (inB(f)) v[1] += cents;
    m.set(key, v);
  };
  const cats = new Map<string, [number, number]>();
  const pairs = new Map<string, [number, number]>();
  const totals = new Map<string, [number, number]>();
  for (const f of visible) {
    if (!inT(f) && !inB(f)) continue;
    add(totals, String(f.brand_id), f);
    if (searched && !searched.has(f.category_id)) continue;
    const c = atLevel(f.category_id, s.level);
    add(cats, String(c), f);
    add(pairs, `${c}:${f.brand_id}`, f);
  }
  const g = (now: number, before: number) => (before === 0 ? null : (now - before) / before);
  const candidates: Expected[] = [];
  for (const [c, [ct, cb]] of cats) {
    const brands = [...pairs.entries()]
      .filter(([k, v]) => k.startsWith(`${c}:`) && v[0] > 0)
      .map(([k, v]) => ({ brand: Number(k.split(':')[1]), t: v[0], b: v[1] }))
      .sort((x, y) => y.t - x.t || x.brand - y.brand);
    brands.forEach((b, i) => {
      const share = b.t / ct;
      const baseShare = cb === 0 ? null : b.b / cb;
      const [tt, tb] = totals.get(String(b.brand))!;
      candidates.push({
        brand_id: b.brand,
        category_id: Number(c),
        sales: b.t / 100,
        base_sales: b.b / 100,
        growth: g(b.t, b.b),
        category_sales: ct / 100,
        category_growth: g(ct, cb),
        share,
        share_change: baseShare === null ? null : share - baseShare,
        rank: i + 1,
        brand_count: brands.length,
        total_sales: tt / 100,
        total_growth: g(tt, tb),
      });
    });
  }
  const figure: Record<PotentialLimit, (e: Expected) => number | null> = {
    category_sales: (e) => e.category_sales,
    category_growth: (e) => e.category_growth,
    brand_category_sales: (e) => e.sales,
    brand_category_growth: (e) => e.growth,
    brand_sales: (e) => e.total_sales,
    brand_growth: (e) => e.total_growth,
  };
  const order: PotentialLimit[] = [
    'category_sales',
    'category_growth',
    'brand_category_sales',
    'brand_category_growth',
    'brand_sales',
    'brand_growth',
  ];
  const set = order.filter((k) => s.limits[k] && (s.limits[k]![0] !== null || s.limits[k]![1] !== null));
  const ok = (e: Expected, k: PotentialLimit) => {
    const v = figure[k](e);
    const scale = k.endsWith('growth') ? 100 : 1;
    const [min, max] = s.limits[k]!;
    return v !== null && (min === null || v >= min / scale) && (max === null || v <= max / scale);
  };
  const passed = candidates
    .filter((e) => set.every((k) => ok(e, k)))
    .sort(
      (x, y) =>
        (y.growth ?? -Infinity) - (x.growth ?? -Infinity) ||
        y.sales - x.sales ||
        x.brand_id - y.brand_id ||
        x.category_id - y.category_id,
    );
  const exclusions = set
    .map((k) => ({ limit: k, excluded: candidates.filter((e) => !ok(e, k)).length }))
    .sort((x, y) => y.excluded - x.excluded);
  return { passed, exclusions, candidates: candidates.length, categories: cats.size };
}

const FIGURES = [
  'sales',
  'base_sales',
  'growth',
  'category_sales',
  'category_growth',
  'share',
  'share_change',
  'total_sales',
  'total_growth',
] as const;

function expectRows(actual: Record<string, unknown>[], expected: Expected[], what: string) {
  expect(
    actual.map((r) => `${r.brand_id}@${r.category_id}`),
    what,
  ).toEqual(expected.map((e) => `${e.brand_id}@${e.category_id}`));
  actual.forEach((r, i) => {
    const e = expected[i]!;
    expect(r.rank, `${what} rank`).toBe(e.rank);
    expect(r.brand_count, `${what} brand count`).toBe(e.brand_count);
    for (const k of FIGURES) close(r[k] as number | null, e[k], `${what} ${k} of ${e.brand_id}@${e.category_id}`);
  });
}

const DEFAULTS = potentialDefaults('2026-11-25');
const defaults: Setting = {
  level: 2,
  categories: [],
  target: [DEFAULTS.date_range.start, DEFAULTS.date_range.end],
  base: [DEFAULTS.benchmark_date_range.start, DEFAULTS.benchmark_date_range.end],
  selector: 'yoy',
  limits: {
    category_sales: [DEFAULTS.categories_filter.sales_range_min, null],
    category_growth: [DEFAULTS.categories_filter.sales_ratio_range_min, null],
    brand_category_sales: [DEFAULTS.brands_filter.category_sales_range_min, null],
    brand_category_growth: [DEFAULTS.brands_filter.category_sales_ratio_range_min, null],
  },
};
/** Half a year at level 3 in Beauty, year on year: fast growers of some size. */
const leaves: Setting = {
  level: 3,
  categories: [1],
  target: ['2026-01-01', '2026-07-01'],
  base: ['2025-01-01', '2025-07-01'],
  selector: 'yoy',
  limits: { category_growth: [0, null], brand_category_sales: [1_000_000, null], brand_category_growth: [50, null] },
};
/** A quarter against the one before (mom), a leaf and a level-1 category chosen: brand totals limit it. */
const quarter: Setting = {
  level: 2,
  categories: [10101, 4],
  target: ['2026-07-01', '2026-10-01'],
  base: ['2026-04-01', '2026-07-01'],
  selector: 'mom',
  limits: { brand_sales: [50_000_000, null], brand_growth: [0, 200] },
};

describeOnEach(await warehouseTargets(), 'potential brand API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;
  let member: string;
  let outsider: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    ({ project, admin, member, outsider } = await pageProject(t.ctx, t.app, {
      prefix: 'p',
      name: 'potential',
      page: 3,
      categories: [...PROJECT_CATEGORIES, GRANTED],
      granted: GRANTED,
      outsiderGrant: PROJECT_CATEGORIES,
    }));
  });
  afterAll(() => t.close());

  const post = (token: string, payload: object, url = '/potential/brands') => postAs(t.app, token, url, payload);
  const search = async (token: string, s: Setting, extra: object = {}) => {
    const res = await post(token, body(project, s, extra));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data;
  };

  for (const [name, s, nonEmpty] of [
    ['the defaults of docs/product.md §9', defaults, false],
    ['level 3 in Beauty, half a year yoy', leaves, true],
    ['a quarter mom, brand totals', quarter, true],
  ] as const) {
    it(`${name}: the brands that pass, with every figure, and what excluded the rest`, async () => {
      const expected = oracle(facts, s);
      if (nonEmpty) expect(expected.passed.length, 'the setting finds brands').toBeGreaterThan(0);
      const data = await search(admin, s);
      expectRows(data.items, expected.passed, name);
      expect(data.total).toBe(expected.passed.length);
      expect(data.candidates).toBe(expected.candidates);
      expect(data.categories).toBe(expected.categories);
      expect(data.exclusions).toEqual(expected.exclusions);
      expect(data.level).toBe(s.level);
      expect(data.range).toEqual({ start: s.target[0], end: addMonths(s.target[1], -1) });
      expect(data.benchmark).toEqual({ start: s.base[0], end: addMonths(s.base[1], -1) });
      for (const r of data.items) {
        const b = brandName.get(r.brand_id)!;
        expect(r.brand).toEqual({ name: b.name_zh, name_en: b.name_en });
        const c = catById.get(r.category_id)!;
        expect(r.category.name).toBe(c.name_zh);
        expect(r.category.path.endsWith(c.name_zh)).toBe(true);
        expect(r.category.path.split(' / ')).toHaveLength(s.level);
      }
    });
  }

  it('the defaults find credible rising brands somewhere: a growing category in the tiny market passes', async () => {
    // The tiny market's level-2 categories are large (billions a half-year); a low bar shows the search works at level 2.
    const s: Setting = { ...defaults, limits: { category_growth: [0, null], brand_category_growth: [20, null] } };
    const expected = oracle(facts, s);
    expect(expected.passed.length).toBeGreaterThan(0);
    expectRows((await search(admin, s)).items, expected.passed, 'low bar');
  });

  it('followed brands are marked (the user follows them in this project)', async () => {
    const first = oracle(facts, leaves).passed[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/common/projects/${project}/collections`,
      headers: bearer(admin),
      payload: { brands: [first.brand_id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items: { brand_id: number; followed: boolean }[] = (await search(admin, leaves)).items;
    for (const r of items) expect(r.followed, `${r.brand_id}`).toBe(r.brand_id === first.brand_id);
    expect(items.some((r) => r.followed)).toBe(true);
    // Another user's favourites are not theirs.
    const others: { followed: boolean }[] = (await search(member, { ...leaves, categories: [GRANTED] })).items;
    expect(others.some((r) => r.followed)).toBe(false);
  });

  describe('validation (docs/product.md §5 messages)', () => {
    const refused = async (payload: object, msg: string) => {
      const res = await post(admin, { ...payload, locale: 'en_us' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    };
    it('needs at least one sales or growth limit', () =>
      refused(body(project, { ...leaves, limits: {} }), 'Set at least one sales or growth-rate limit.'));
    it('refuses negatives, a first value above the second and what is not a number, naming the limit', async () => {
      await refused(
        body(project, { ...leaves, limits: { brand_category_growth: [-5, null] } }),
        'Brand growth in the category (%): Do not input negative numbers',
      );
      await refused(
        body(project, { ...leaves, limits: { category_sales: [200, 100] } }),
        'Category sales: The first value cannot be greater than the second.',
      );
      const p = body(project, leaves);
      await refused(
        { ...p, brands_filter: { ...p.brands_filter, sales_range_min: '1e5' } },
        'Brand total sales: Please enter a non-negative number.',
      );
    });
    it('the benchmark must be earlier than the target', () =>
      refused(
        body(project, { ...leaves, base: ['2026-02-01', '2026-08-01'] }),
        'The benchmark period must be earlier than the target period.',
      ));
    it('an empty or reversed target period', () =>
      refused(body(project, { ...leaves, target: ['2026-07-01', '2026-07-01'] }), 'The start date cannot be later'));
    it('unknown fields and malformed category lists are refused by the schema', async () => {
      expect((await post(admin, { ...body(project, leaves), extra: 1 })).statusCode).toBe(400);
      const p = body(project, leaves);
      const bad = { ...p, categories_filter: { ...p.categories_filter, categories: '1,4' } };
      expect((await post(admin, bad)).statusCode).toBe(400);
    });
  });

  it('download: the answer as an .xlsx in the request language, headed by the limits', async () => {
    const res = await post(admin, body(project, leaves, { locale: 'en_us' }), '/potential/brands/downloads');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Potential brands');
    const values = sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    const header = values.findIndex((r) => r[0] === 'Brand');
    expect(header).toBeGreaterThan(0);
    expect(values.some((r) => r[0] === 'Brand growth in the category (%)')).toBe(true);
    const expected = oracle(facts, leaves).passed;
    const rows = values.slice(header + 1);
    expect(rows).toHaveLength(expected.length);
    rows.forEach((r, i) => {
      expect(r[0]).toBe(brandName.get(expected[i]!.brand_id)!.name_en);
      close(Number(r[3]), expected[i]!.sales, 'brand sales in the sheet');
    });
  });

  describe('grants', () => {
    const visible = facts.filter((f) => grantedLeaves.has(f.category_id));
    const wide: Setting = { ...leaves, categories: [], level: 2, limits: { brand_category_sales: [0, null] } };
    /** A brand the wide search finds in the whole market that never sells in the member's granted category. */
    const outside = oracle(facts, wide)
      .passed.map((e) => e.brand_id)
      .find((b) => !facts.some((f) => f.brand_id === b && grantedLeaves.has(f.category_id)))!;

    it('a member sees only the granted category: figures and totals from its rows, never a brand from elsewhere', async () => {
      expect(outside).toBeDefined();
      const data = await search(member, wide);
      const expected = oracle(visible, wide);
      expectRows(data.items, expected.passed, 'member');
      expect(data.items.some((r: { brand_id: number }) => r.brand_id === outside)).toBe(false);
      expect(new Set(data.items.map((r: { category_id: number }) => r.category_id))).toEqual(new Set([GRANTED]));
    });
    it('asking for an ungranted category gives nothing of it', async () => {
      const data = await search(member, { ...wide, categories: [4] });
      expect(data.items).toEqual([]);
      expect(data.candidates).toBe(0);
    });
    it('the download holds no brand from elsewhere', async () => {
      const res = await post(member, body(project, wide, { locale: 'en_us' }), '/potential/brands/downloads');
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const names = wb.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row[1]] : []));
      expect(names).not.toContain(brandName.get(outside)!.name_en);
      expect(names).toContain(brandName.get(oracle(visible, wide).passed[0]!.brand_id)!.name_en);
    });
    it('a member without the Potential page is refused, the search and its download', async () => {
      expect((await post(outsider, body(project, leaves))).statusCode).toBe(403);
      expect((await post(outsider, body(project, leaves), '/potential/brands/downloads')).statusCode).toBe(403);
    });
  });

  it('the search is saved per project and restored (GET/PUT /users/projects/:id/config)', async () => {
    const config = body(project, quarter);
    const { data_scope_id: _scope, ...saved } = config;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/common/users/projects/${project}/config`,
      headers: bearer(member),
      payload: { config: { potential: saved } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/common/users/projects/${project}/config`,
      headers: bearer(member),
    });
    expect(got.json().data.config.potential).toEqual(saved);
    // What was saved is a valid search as it stands.
    expect((await post(member, { ...got.json().data.config.potential, data_scope_id: project })).statusCode).toBe(200);
  });
});
