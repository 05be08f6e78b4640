import type { FactRow } from '@marketlens/datagen';
import { growth, share } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KeywordExtractor } from '../../src/warehouse/keywords.js';
import { postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { pageProject } from '../support/grant-projects.js';
import { catById, cents, close, facts, inRange, leavesOf, skuById, units } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Concept Explore API (docs/pages/explore.md) on the tiny warehouse. Expected figures come from the
 * generator's rows in plain TypeScript, never from the engine. A concept word matches a product when
 * its Chinese or its English title contains it, ignoring case, whatever the request's language: a
 * shared link shows every reader the same market.
 */

type Lang = 'zh' | 'en';
/** The reader of a word's related words: English words read in en_us, words with Han characters in zh_cn. */
const langOf = (word: string): Lang => (/\p{Script=Han}/u.test(word) ? 'zh' : 'en');
const localeOf = (word: string) => (langOf(word) === 'en' ? 'en_us' : undefined);
/** The title of one language contains the word (ignoring case). */
const titleHas = (sku: number, word: string, lang: Lang) => {
  const s = skuById.get(sku)!;
  return (lang === 'zh' ? s.title_zh : s.title_en).toLowerCase().includes(word.toLowerCase());
};
/** A concept word matches a product whose title in either language has it. */
const matches = (word: string) => (f: FactRow) => titleHas(f.sku_id, word, 'zh') || titleHas(f.sku_id, word, 'en');
/** Distinct values of a key among rows whose sales sum above zero. */
function withSales(rows: readonly FactRow[], key: (f: FactRow) => number): number[] {
  const m = new Map<number, number>();
  for (const f of rows) m.set(key(f), (m.get(key(f)) ?? 0) + Math.round(f.sales * 100));
  return [...m.entries()].filter(([, v]) => v > 0).map(([k]) => k);
}

const RANGE = ['2026-01-01', '2026-06-01'] as const;
const MOM = ['2025-07-01', '2025-12-01'] as const;
const YOY = ['2025-01-01', '2025-06-01'] as const;
const BEAUTY = 1;
const FOOD = 4;
/** The member's one granted category (level 2 under Beauty). */
const GRANTED = 101;
/** Mixed case on purpose: matching ignores case. */
const WORD = 'Retinol';
const FOOD_WORD = 'coffee';

const beautyLeaves = leavesOf([BEAUTY]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));

describeOnEach(await warehouseTargets(), 'concept explore API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;
  let member: string;
  let outsider: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    ({ project, admin, member, outsider } = await pageProject(t.ctx, t.app, {
      prefix: 'e',
      name: 'explore',
      page: 2,
      categories: [BEAUTY, FOOD, GRANTED],
      granted: GRANTED,
      outsiderGrant: [BEAUTY],
    }));
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object, locale?: string) =>
    postAs(t.app, token, url, payload, locale);
  const concept = (word: string) => ({ enable: true, input_type: 'keyword', value: [word] });
  const body = (word: string | null, categories: number[] | null = [BEAUTY], extra: object = {}) => ({
    data_scope_id: project,
    date: [...RANGE],
    ...(categories ? { category: { enable: true, value: categories } } : {}),
    ...(word === null ? {} : { goodsKeywords: concept(word) }),
    ...extra,
  });
  /** An answer in the title language of the payload's concept word (English words: en_us). */
  const data = async (token: string, url: string, payload: object, locale?: string) => {
    const k = (payload as { goodsKeywords?: { value: unknown } }).goodsKeywords?.value;
    const word = Array.isArray(k) ? String(k[0]) : String(k ?? '');
    const res = await post(token, url, payload, locale ?? localeOf(word.replace(/"/g, '')));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** The oracle's summary of a concept word over rows already bounded by grant and filter. */
  function expected(scope: readonly FactRow[], word: string) {
    const cur = inRange(scope, ...RANGE).filter(matches(word));
    const leaves = new Set(withSales(cur, (f) => f.category_id));
    const categories = inRange(scope, ...RANGE).filter((f) => leaves.has(f.category_id));
    return {
      cur,
      sales: cents(cur),
      count: units(cur),
      penetration: leaves.size ? share(cents(cur), cents(categories)) : null,
      categories_sales: cents(categories),
      category_count: leaves.size,
      brand_count: withSales(cur, (f) => f.brand_id).length,
      product_count: withSales(cur, (f) => f.sku_id).length,
    };
  }

  it('summary: sales, count, growth, penetration, brands and products agree with the oracle', async () => {
    const e = expected(beauty, WORD);
    expect(e.cur.length).toBeGreaterThan(0);
    // The concept is a part of its categories, not all of them.
    expect(e.penetration).toBeGreaterThan(0);
    expect(e.penetration).toBeLessThan(1);
    const s = await data(admin, '/concept/summary', body(WORD));
    close(s.sales, e.sales, 'sales');
    expect(s.count).toBe(e.count);
    close(s.avg_price, e.sales / e.count, 'avg price');
    close(s.penetration, e.penetration, 'penetration');
    close(s.categories_sales, e.categories_sales, 'categories sales');
    expect(s.category_count).toBe(e.category_count);
    expect(s.brand_count).toBe(e.brand_count);
    expect(s.product_count).toBe(e.product_count);
    expect(s.range).toEqual({ start: RANGE[0], end: RANGE[1] });
    for (const [kind, range] of [
      ['chain', MOM],
      ['yoy', YOY],
    ] as const) {
      const base = inRange(beauty, range[0], range[1]).filter(matches(WORD));
      expect(s[kind].base).toEqual({ start: range[0], end: range[1] });
      close(s[kind].base_sales, cents(base), `${kind} base sales`);
      close(s[kind].growth.sales, growth(cents(e.cur), cents(base)), `${kind} growth`);
      close(s[kind].growth.count, growth(units(e.cur), units(base)), `${kind} count growth`);
    }
    expect(s.custom).toBeNull();
    expect(s.warnings).toEqual([]);
    // Against the user's own base range.
    const BEFORE = ['2024-01-01', '2024-06-01'] as const;
    const custom = await data(
      admin,
      '/concept/summary',
      body(WORD, [BEAUTY], { selector: 'custom', dateBefore: [...BEFORE] }),
    );
    const before = inRange(beauty, ...BEFORE).filter(matches(WORD));
    expect(custom.custom.base).toEqual({ start: BEFORE[0], end: BEFORE[1] });
    close(custom.custom.base_sales, cents(before), 'custom base sales');
    close(custom.custom.growth.sales, growth(cents(e.cur), cents(before)), 'custom growth');
    // The same concept as a super query of one quoted keyword, in lower case (matching ignores case).
    const zh = await data(admin, '/concept/summary', {
      ...body(null),
      goodsKeywords: { enable: true, input_type: 'super', value: `"${WORD.toLowerCase()}"` },
    });
    close(zh.sales, e.sales, 'super query sales');
    expect(await data(admin, '/concept/empty', body(WORD))).toEqual({ empty: false, warnings: [] });
  });

  it('a Chinese concept word matches Chinese titles', async () => {
    const word = '面霜';
    const e = expected(beauty, word);
    expect(e.cur.length).toBeGreaterThan(0);
    const s = await data(admin, '/concept/summary', body(word));
    close(s.sales, e.sales, 'sales');
    close(s.penetration, e.penetration, 'penetration');
    expect(s.product_count).toBe(e.product_count);
  });

  it('a missing or empty concept is a 400 in the request language', async () => {
    for (const url of ['/concept/empty', '/concept/summary']) {
      const missing = await post(admin, url, body(null), 'en_us');
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json().msg).toBe('Enter a concept: one or more keywords, or a super query.');
      const zh = await post(admin, url, body(null));
      expect(zh.statusCode).toBe(400);
      expect(zh.json().msg).toBe('请输入概念：一个或多个关键词，或高级查询语句');
      const disabled = await post(admin, url, { ...body(WORD), goodsKeywords: { ...concept(WORD), enable: false } });
      expect(disabled.statusCode).toBe(400);
      const blank = await post(admin, url, { ...body(null), goodsKeywords: concept('  ') });
      expect(blank.statusCode).toBe(400);
      const twice = await post(
        admin,
        url,
        { ...body(null), goodsKeywords: { enable: true, input_type: 'keyword', value: [WORD, WORD.toUpperCase()] } },
        'en_us',
      );
      expect(twice.statusCode).toBe(400);
      expect(twice.json().msg).toBe('This keyword already exists!');
    }
  });

  it('a word that matches nothing: empty, with the no-data warning', async () => {
    const none = 'zzqxnotaword';
    expect(expected(facts, none).cur).toEqual([]);
    const e = await data(admin, '/concept/empty', body(none));
    expect(e.empty).toBe(true);
    expect(e.warnings.map((w: { code: string }) => w.code)).toEqual(['analytics.noData']);
    const s = await data(admin, '/concept/summary', body(none));
    expect(s).toMatchObject({ sales: 0, count: 0, penetration: null, brand_count: 0, product_count: 0 });
    expect(s.warnings.map((w: { code: string }) => w.code)).toContain('analytics.noData');
  });

  it('a member granted one category gets nothing from another, and only its own of a wider filter', async () => {
    const food = facts.filter((f) => leavesOf([FOOD]).has(f.category_id));
    expect(expected(food, FOOD_WORD).cur.length).toBeGreaterThan(0);
    expect((await data(member, '/concept/empty', body(FOOD_WORD, [FOOD]))).empty).toBe(true);
    expect(await data(member, '/concept/summary', body(FOOD_WORD, [FOOD]))).toMatchObject({
      sales: 0,
      count: 0,
      penetration: null,
      brand_count: 0,
      product_count: 0,
    });
    // Beauty as a whole, or no category at all: only the granted category's figures.
    const granted = facts.filter((f) => leavesOf([GRANTED]).has(f.category_id));
    const e = expected(granted, WORD);
    for (const categories of [[BEAUTY], null]) {
      const s = await data(member, '/concept/summary', body(WORD, categories));
      close(s.sales, e.sales, `member sales (${categories})`);
      close(s.penetration, e.penetration, 'member penetration');
      expect(s.product_count).toBe(e.product_count);
    }
  });

  // -------------------------------------------------------------------------------------------
  // Trends, related words, categories, rankings

  const ZH_WORD = '面霜';
  const ZH_OTHER = '精华';
  const MONTHS = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'];
  const cur = (word: string, scope: readonly FactRow[] = beauty) => inRange(scope, ...RANGE).filter(matches(word));
  /** Sums of sales (cents-exact) and units per key. */
  function sumBy(rows: readonly FactRow[], key: (f: FactRow) => number | string) {
    const m = new Map<string, { sales: number; count: number }>();
    for (const f of rows) {
      const k = String(key(f));
      const a = m.get(k) ?? { sales: 0, count: 0 };
      a.sales += Math.round(f.sales * 100);
      a.count += f.count;
      m.set(k, a);
    }
    for (const v of m.values()) v.sales /= 100;
    return m;
  }
  const level2 = (f: FactRow) => catById.get(f.category_id)!.parent_id!;
  /**
   * A ranking of the API equals the oracle's up to ties: each listed key has the oracle's sales, the
   * list is in descending order, and it holds the oracle's top `n` sales levels.
   */
  function sameRanking(got: { id: number; sales: number }[], want: Map<string, { sales: number }>, what: string) {
    const sorted = [...want.values()].map((v) => v.sales).sort((a, b) => b - a);
    expect(got.length, what).toBe(Math.min(got.length, sorted.length));
    got.forEach((g, i) => {
      close(g.sales, want.get(String(g.id))?.sales ?? -1, `${what} ${g.id}`);
      close(g.sales, sorted[i]!, `${what} rank ${i + 1}`);
    });
  }

  it('trends: per period figures and penetration, with two more concepts compared on one chart', async () => {
    const superQuery = '"祛痘" or "舒缓"';
    const d = await data(
      admin,
      '/concept/trends',
      body(ZH_WORD, [BEAUTY], {
        metric: 'count',
        compare: [concept(ZH_OTHER), { enable: true, input_type: 'super', value: superQuery }],
      }),
    );
    expect(d.periods).toEqual(MONTHS);
    expect(d.concepts.map((c: { label: string; main: boolean }) => [c.label, c.main])).toEqual([
      [ZH_WORD, true],
      [ZH_OTHER, false],
      [superQuery, false],
    ]);
    const rowsOf = [
      cur(ZH_WORD),
      cur(ZH_OTHER),
      inRange(beauty, ...RANGE).filter((f) => matches('祛痘')(f) || matches('舒缓')(f)),
    ];
    rowsOf.forEach((rows, i) => {
      expect(rows.length).toBeGreaterThan(0);
      const line = d.concepts[i];
      const leaves = new Set([...sumBy(rows, (f) => f.category_id)].filter(([, v]) => v.sales > 0).map(([k]) => +k));
      const market = sumBy(
        inRange(beauty, ...RANGE).filter((f) => leaves.has(f.category_id)),
        (f) => f.period,
      );
      const own = sumBy(rows, (f) => f.period);
      expect(line.points.map((p: { period: string }) => p.period)).toEqual(MONTHS);
      for (const p of line.points) {
        const o = own.get(p.period) ?? { sales: 0, count: 0 };
        close(p.sales, o.sales, `${line.label} ${p.period} sales`);
        expect(p.count).toBe(o.count);
        expect(p.value).toBe(o.count);
        close(p.categories_sales, market.get(p.period)?.sales ?? 0, `${line.label} ${p.period} categories`);
        close(p.penetration, share(o.sales, market.get(p.period)?.sales ?? 0), `${line.label} ${p.period} penetration`);
      }
      expect(line.total).toBe(units(rows));
    });
    // A compared concept equal to the page's own is refused, like a word given twice.
    const twice = await post(
      admin,
      '/concept/trends',
      body(ZH_WORD, [BEAUTY], { compare: [concept(ZH_WORD)] }),
      'en_us',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('This keyword already exists!');
    // At most three concepts on one chart.
    const many = await post(
      admin,
      '/concept/trends',
      body(ZH_WORD, [BEAUTY], { compare: [concept('a'), concept('b'), concept('c')] }),
    );
    expect(many.statusCode).toBe(400);
  });

  it('a concept shows every reader the same market: a word is matched in both titles in either language', async () => {
    // 'Retinol' is in English titles only, 面霜 in Chinese titles only: each is found on the Chinese
    // and on the English page alike — a shared link means the same market to every reader.
    for (const [word, only] of [
      [WORD, 'en'],
      [ZH_WORD, 'zh'],
    ] as const) {
      const rows = cur(word);
      expect(rows.length).toBeGreaterThan(0);
      const other = only === 'en' ? 'zh' : 'en';
      expect(inRange(beauty, ...RANGE).filter((f) => titleHas(f.sku_id, word, other))).toEqual([]);
      for (const locale of ['zh_cn', 'en_us']) {
        close((await data(admin, '/concept/summary', body(word), locale)).sales, cents(rows), `${word} ${locale}`);
        expect(await data(admin, '/concept/empty', body(word), locale)).toEqual({ empty: false, warnings: [] });
        // The super query and the other pages' keyword filter match the same way.
        const superQuery = { ...body(null), goodsKeywords: { enable: true, input_type: 'super', value: `"${word}"` } };
        close(
          (await data(admin, '/concept/summary', superQuery, locale)).sales,
          cents(rows),
          `${word} super ${locale}`,
        );
        const summary = await data(admin, '/summary', body(word), locale);
        close(summary.sales, cents(rows), `${word} /summary ${locale}`);
      }
    }
  });

  it('related words: title words of the concept products weighted by sales, the concept left out', async () => {
    const extractor = new KeywordExtractor();
    for (const [word, lang] of [
      [ZH_WORD, 'zh'],
      [WORD, 'en'],
    ] as const) {
      const rows = cur(word);
      const words = new Map<string, { sales: number }>();
      for (const [sku, v] of sumBy(rows, (f) => f.sku_id)) {
        const s = skuById.get(Number(sku))!;
        for (const w of lang === 'zh' ? extractor.zh(s.title_zh) : extractor.en(s.title_en)) {
          const a = words.get(w) ?? { sales: 0 };
          a.sales = (Math.round(a.sales * 100) + Math.round(v.sales * 100)) / 100;
          words.set(w, a);
        }
      }
      words.delete(word.toLowerCase());
      const d = await data(admin, '/concept/tops', body(word));
      expect(d.lang).toBe(lang);
      close(d.sales, cents(rows), 'concept sales');
      expect(d.items.length).toBe(Math.min(30, [...words.values()].filter((w) => w.sales > 0).length));
      expect(d.items.map((i: { keyword: string }) => i.keyword.toLowerCase())).not.toContain(word.toLowerCase());
      sameRanking(
        d.items.map((i: { keyword: string; sales: number }) => ({ id: i.keyword, sales: i.sales })) as never,
        words,
        `${lang} words`,
      );
      expect(d.items[0].heat).toBe(100);
      for (const i of d.items) close(i.share, share(i.sales, cents(rows)), `share of ${i.keyword}`);
    }
  });

  it('top categories with trends, and the concept penetration of each', async () => {
    const rows = cur(ZH_WORD);
    const own = sumBy(rows, level2);
    const t = await data(admin, '/concept/top/categories/trends', body(ZH_WORD, [BEAUTY], { parent_id: BEAUTY }));
    expect(t.level).toBe(2);
    expect(t.periods).toEqual(MONTHS);
    sameRanking(
      t.categories.map((c: { category_id: number; sales: number }) => ({ id: c.category_id, sales: c.sales })),
      own,
      'categories',
    );
    const byPeriod = sumBy(rows, (f) => `${level2(f)}|${f.period}`);
    for (const c of t.categories) {
      close(c.share, share(c.sales, cents(rows)), `share of ${c.category_id}`);
      for (const p of c.trend) close(p.sales, byPeriod.get(`${c.category_id}|${p.period}`)?.sales ?? 0, 'trend');
    }

    const whole = sumBy(inRange(beauty, ...RANGE), level2);
    const wholeByPeriod = sumBy(inRange(beauty, ...RANGE), (f) => `${level2(f)}|${f.period}`);
    const p = await data(admin, '/concept/trends/categories', body(ZH_WORD, [BEAUTY], { parent_id: BEAUTY }));
    expect(p.categories.map((c: { category_id: number }) => c.category_id)).toEqual(
      t.categories.map((c: { category_id: number }) => c.category_id),
    );
    for (const c of p.categories) {
      const all = whole.get(String(c.category_id))!.sales;
      close(c.category_sales, all, `category sales ${c.category_id}`);
      close(c.penetration, share(c.sales, all), `penetration ${c.category_id}`);
      expect(c.penetration).toBeLessThanOrEqual(1);
      for (const q of c.trend) {
        const w = wholeByPeriod.get(`${c.category_id}|${q.period}`)?.sales ?? 0;
        close(q.category_sales, w, 'category sales per period');
        close(q.penetration, share(q.sales, w), 'penetration per period');
      }
    }
  });

  it('category valuation: the selection sub-categories scored on concept products only', async () => {
    const own = sumBy(cur(ZH_WORD), level2);
    const v = await data(admin, '/concept/categories/valuations', body(ZH_WORD));
    const sold = [...own].filter(([, x]) => x.sales > 0).map(([k]) => Number(k));
    expect(v.items.map((i: { category_id: number }) => i.category_id).sort()).toEqual(sold.sort());
    for (const i of v.items) {
      close(i.sales, own.get(String(i.category_id))!.sales, `valuation sales ${i.category_id}`);
      expect(i.count).toBe(own.get(String(i.category_id))!.count);
    }
    expect(v.items.map((i: { rank: number }) => i.rank)).toEqual(v.items.map((_: unknown, n: number) => n + 1));
  });

  it('top brands and products of the concept, and the drill-down into one category', async () => {
    const rows = cur(ZH_WORD);
    const b = await data(admin, '/concept/top/brands', body(ZH_WORD));
    sameRanking(
      b.items,
      sumBy(rows, (f) => f.brand_id),
      'brands',
    );
    for (const i of b.items) close(i.share, share(i.sales, cents(rows)), `brand share ${i.id}`);
    close(b.total.sales, cents(rows), 'brands total');
    const p = await data(admin, '/concept/products/top', body(ZH_WORD, [BEAUTY], { sort_by: 'count' }));
    const bySku = sumBy(rows, (f) => f.sku_id);
    expect(p.items.length).toBe(Math.min(50, bySku.size));
    for (const i of p.items) {
      expect(i.count).toBe(bySku.get(String(i.id))!.count);
      expect(skuById.get(i.id)!.title_zh).toContain(ZH_WORD);
    }
    // The drill-down: the concept's products in its first category only.
    const category = Number([...sumBy(rows, level2)].sort((x, y) => y[1].sales - x[1].sales)[0]![0]);
    const inside = rows.filter((f) => level2(f) === category);
    const d = await data(admin, '/concept_detail/products/top', body(ZH_WORD, [BEAUTY], { category_id: category }));
    sameRanking(
      d.items,
      sumBy(inside, (f) => f.sku_id),
      'category products',
    );
    close(d.total.sales, cents(inside), 'category total');
    expect(
      (await post(admin, '/concept_detail/products/top', body(ZH_WORD, [BEAUTY], { category_id: 999999 }))).statusCode,
    ).toBe(400);
  });

  it('downloads: the brand and product rankings as .xlsx, first row equal to the table', async () => {
    for (const [url, table, sheet, name] of [
      ['/concept/top/brands/downloads', '/concept/top/brands', 'Top brands', 'Brand'],
      ['/concept/products/top/downloads', '/concept/products/top', 'Top products', 'Product'],
    ] as const) {
      const screen = await data(admin, table, body(WORD), 'en_us');
      const res = await post(admin, url, body(WORD), 'en_us');
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('concept-top-');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const ws = wb.worksheets[0]!;
      expect(ws.name).toBe(sheet);
      let header = 0;
      ws.eachRow((row, n) => {
        if (row.getCell(1).value === 'Rank') header = n;
      });
      const cells = ws.getRow(header).values as unknown[];
      const first = ws.getRow(header + 1);
      expect(first.getCell(cells.indexOf(name)).value).toBe(screen.items[0].name_en);
      expect(first.getCell(cells.indexOf('Sales')).value).toBe(screen.items[0].sales);
      let n = 0;
      ws.eachRow((_, i) => {
        if (i > header) n++;
      });
      expect(n).toBe(screen.items.length);
    }
  });

  it('a malformed super query gets the docs/product.md §5 message with its position', async () => {
    const res = await post(
      admin,
      '/concept/trends',
      { ...body(null), goodsKeywords: { enable: true, input_type: 'super', value: '"面霜" and' } },
      'en_us',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^The format of the super query clause is incorrect \(near character \d+\)\.$/);
    const compared = await post(
      admin,
      '/concept/trends',
      body(ZH_WORD, [BEAUTY], { compare: [{ enable: true, input_type: 'super', value: '("精华"' }] }),
      'en_us',
    );
    expect(compared.statusCode).toBe(400);
    expect(compared.json().msg).toMatch(/super query clause is incorrect/);
  });

  it('every endpoint keeps a member inside its grant', async () => {
    const food = body(FOOD_WORD, [FOOD]);
    const en = 'en_us';
    expect(
      (await data(member, '/concept/trends', food, en)).concepts[0].points.every(
        (p: { sales: number }) => p.sales === 0,
      ),
    ).toBe(true);
    expect((await data(member, '/concept/tops', food, en)).items).toEqual([]);
    expect((await data(member, '/concept/top/categories/trends', food, en)).categories).toEqual([]);
    expect((await data(member, '/concept/trends/categories', food, en)).categories).toEqual([]);
    expect((await data(member, '/concept/categories/valuations', food, en)).items).toEqual([]);
    expect((await data(member, '/concept/top/brands', food, en)).items).toEqual([]);
    expect((await data(member, '/concept/products/top', food, en)).items).toEqual([]);
    expect((await data(member, '/concept_detail/products/top', { ...food, category_id: FOOD }, en)).items).toEqual([]);
    for (const url of ['/concept/top/brands/downloads', '/concept/products/top/downloads']) {
      const res = await post(member, url, food, en);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe('There is no data to download for this filter.');
    }
    // Wider filters: only the granted category's products.
    const granted = facts.filter((f) => leavesOf([GRANTED]).has(f.category_id));
    const rows = cur(WORD, granted);
    const brands = await data(member, '/concept/top/brands', body(WORD, null), en);
    sameRanking(
      brands.items,
      sumBy(rows, (f) => f.brand_id),
      'member brands',
    );
    const products = await data(member, '/concept_detail/products/top', body(WORD, null, { category_id: BEAUTY }), en);
    close(products.total.sales, cents(rows), 'member drill-down');
  });

  it('a member without page 2 is refused', async () => {
    for (const url of [
      '/concept/empty',
      '/concept/summary',
      '/concept/trends',
      '/concept/tops',
      '/concept/top/categories/trends',
      '/concept/trends/categories',
      '/concept/categories/valuations',
      '/concept/top/brands',
      '/concept/top/brands/downloads',
      '/concept/products/top',
      '/concept/products/top/downloads',
    ]) {
      expect((await post(outsider, url, body(WORD))).statusCode, url).toBe(403);
    }
    for (const url of ['/concept_detail/products/top']) {
      expect((await post(outsider, url, body(WORD, [BEAUTY], { category_id: BEAUTY }))).statusCode, url).toBe(403);
    }
  });
});
