import { buildMarket, type Market } from '@marketlens/datagen';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { TINY_AS_OF, TINY_SEED } from '../global-setup.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { type Caller, caller, data, refused } from './helpers.js';

/**
 * Project endpoints that read the warehouse, on the tiny demo data. Expected values come from the
 * generator's rows in memory (buildMarket with the same seed), computed here in plain TypeScript.
 */

const market = (dataset: 'cn_monthly' | 'cn_weekly' | 'global_monthly') =>
  buildMarket({ scale: 'tiny', seed: TINY_SEED, asOf: TINY_AS_OF, dataset });

/** The category and its descendants. */
function subtree(m: Market, categoryId: number): Set<number> {
  const out = new Set([categoryId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of m.dims.dim_category) {
      if (c.parent_id !== null && out.has(c.parent_id) && !out.has(c.category_id)) {
        out.add(c.category_id);
        grew = true;
      }
    }
  }
  return out;
}

/** Continuous quantile with linear interpolation (what DuckDB's quantile_cont computes). */
function quantile(sorted: readonly number[], q: number): number {
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** 1, 2, 5 × 10^n, the nearest step at or below the value's band (written independently of the server). */
function readable(v: number): number {
  const exp = 10 ** Math.floor(Math.log10(v));
  const f = v / exp;
  return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * exp;
}

describe.each(stores())('project endpoints on the warehouse ($name)', (target) => {
  const cn = market('cn_monthly');
  let t: TestApp;
  let call: Caller;
  let projectId: number;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, store: target });
    await makeUser(t.ctx, 'root', { role: 'root' });
    call = caller(t.app, (await login(t.app, 'root')).access_token);
    projectId = data<{ id: number }>(
      await call('POST', '/projects', { name: 'Beauty', data_scope: 'cn_monthly', pages: [1, 2, 3] }),
    ).id;
  });
  afterAll(() => t.close());

  it('GET /tables lists every imported dataset with its manifest and period range', async () => {
    const { items } = data<{ items: Record<string, unknown>[] }>(await call('GET', '/tables'));
    const expected = (['cn_monthly', 'cn_weekly', 'global_monthly'] as const).map((name) => {
      const m = market(name);
      return {
        table_name: name,
        title: m.manifest.title_zh,
        title_en: m.manifest.title_en,
        date_field: m.manifest.date_field,
        currency_unit: m.manifest.currency_unit,
        cur_symbol: m.manifest.cur_symbol,
        has_series: m.manifest.has_series,
        discount_price: m.manifest.discount_price,
        farthest_date: m.periods[0],
        latest_date: m.periods.at(-1),
      };
    });
    expect(items.sort((a, b) => String(a.table_name).localeCompare(String(b.table_name)))).toEqual(expected);
  });

  it('a new project takes its currency, period and series names from the dataset', async () => {
    const p = data(await call('POST', '/projects', { name: 'Global', data_scope: 'global_monthly', pages: [1] }));
    const g = market('global_monthly').manifest;
    expect(p).toMatchObject({
      currency_unit: g.currency_unit,
      cur_symbol: g.cur_symbol,
      date_field: g.date_field,
      has_series: g.has_series,
      series_name: g.series_name,
      series_name_en: g.series_name_en,
      discount_price: g.discount_price,
    });
  });

  it('GET /platforms/channels/{table_name} gives every platform with its channels', async () => {
    for (const name of ['cn_monthly', 'global_monthly'] as const) {
      const m = market(name);
      const expected = [...m.dims.dim_platform]
        .sort((a, b) => a.platform_id - b.platform_id)
        .map((p) => ({
          platform_id: p.platform_id,
          code: p.code,
          platform: p.name_zh,
          platform_en: p.name_en,
          channels: m.dims.dim_channel
            .filter((c) => c.platform_id === p.platform_id)
            .sort((a, b) => (a.shop_type < b.shop_type ? -1 : 1))
            .map((c) => ({ code: c.shop_type, shop_type: c.name_zh, shop_type_en: c.name_en, is_active: c.is_active })),
        }));
      expect(data(await call('GET', `/platforms/channels/${name}`)).items).toEqual(expected);
    }
    const missing = await call('GET', '/platforms/channels/no_such_dataset?locale=en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The dataset does not exist.');
  });

  it('checks categories by id or by name in either language, row by row, writing nothing', async () => {
    const cats = cn.dims.dim_category;
    const leaf = cats.find((c) => c.level === 3)!;
    const mid = cats.find((c) => c.level === 2)!;
    const top = cats.find((c) => c.level === 1)!;
    const unknownId = Math.max(...cats.map((c) => c.category_id)) + 1;
    const res = await call('POST', `/projects/${projectId}/categories/check`, {
      categories: [
        leaf.category_id,
        mid.name_zh,
        top.name_en.toUpperCase(),
        String(unknownId),
        '没有这个品类',
        leaf.name_en,
      ],
      locale: 'en',
    });
    expect(data(res)).toEqual({
      valid: false,
      rows: 6,
      errors: [
        { row: 4, field: 'category', problem: 'the category does not exist in the dataset' },
        { row: 5, field: 'category', problem: 'the category does not exist in the dataset' },
        { row: 6, field: 'category', problem: 'appears more than once in the file' },
      ],
    });
    expect(await t.ctx.metadata.projectCategories.ids(projectId)).toEqual([]);
  });

  it('adds categories and shows their names, level and parent from the dataset', async () => {
    const picked = [
      cn.dims.dim_category.find((c) => c.level === 1)!,
      ...cn.dims.dim_category.filter((c) => c.level === 3).slice(0, 3),
    ];
    const { items } = data<{ items: unknown[] }>(
      await call('POST', `/projects/${projectId}/categories`, { categories: picked.map((c) => c.category_id) }),
    );
    const expected = picked.map((c) => ({
      category_id: c.category_id,
      category_name: c.name_zh,
      category_name_en: c.name_en,
      level: c.level,
      parent: c.parent_id,
      // Usable at once: no review was asked for.
      status: 'ready',
    }));
    const byId = (a: unknown, b: unknown) =>
      (a as { category_id: number }).category_id - (b as { category_id: number }).category_id;
    expect([...items].sort(byId)).toEqual([...expected].sort(byId));
    expect(data<{ items: unknown[] }>(await call('GET', `/projects/${projectId}/categories`)).items.sort(byId)).toEqual(
      [...expected].sort(byId),
    );
  });

  const upload = (file: Buffer | string, dryRun?: boolean) =>
    call('POST', `/projects/${projectId}/categories/upload`, {
      file: (typeof file === 'string' ? Buffer.from(file) : file).toString('base64'),
      ...(dryRun === undefined ? {} : { dry_run: dryRun }),
    });

  it('uploads a category list by name: a bad row is reported and nothing is added; a clean file adds all', async () => {
    const leaves = cn.dims.dim_category.filter((c) => c.level === 3).slice(3, 6);
    const before = await t.ctx.metadata.projectCategories.ids(projectId);
    // A GBK-encoded CSV as Excel saves it in a Chinese locale: heading 品类 in the second column.
    const gbk = iconv.encode(
      `序号,品类\r\n1,${leaves[0]!.name_zh}\r\n2,no such category\r\n3,${leaves[1]!.category_id}\r\n`,
      'gbk',
    );
    const bad = data(await upload(gbk));
    expect(bad).toEqual({
      valid: false,
      rows: 3,
      errors: [{ row: 2, field: 'category', problem: '数据集中不存在该品类' }],
      added: 0,
      categories: [leaves[0]!.name_zh, 'no such category', String(leaves[1]!.category_id)],
    });
    expect(await t.ctx.metadata.projectCategories.ids(projectId)).toEqual(before);
    // No heading: the first column of every row; a name with a comma would be quoted.
    const dry = data(await upload(`\uFEFF${leaves.map((c) => `"${c.name_en}",note`).join('\r\n')}`, true));
    expect(dry).toMatchObject({ valid: true, rows: 3, errors: [], added: 0 });
    expect(await t.ctx.metadata.projectCategories.ids(projectId)).toEqual(before);
    // An .xlsx: ids as number cells under the heading category.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('categories');
    ws.addRow(['category', 'comment']);
    for (const c of leaves) ws.addRow([c.category_id, c.name_zh]);
    const good = data(await upload(Buffer.from(await wb.xlsx.writeBuffer())));
    expect(good).toEqual({
      valid: true,
      rows: 3,
      errors: [],
      added: 3,
      categories: leaves.map((c) => String(c.category_id)),
    });
    expect((await t.ctx.metadata.projectCategories.ids(projectId)).sort()).toEqual(
      [...before, ...leaves.map((c) => c.category_id)].sort(),
    );
    // A corrupt workbook is refused as such, and nothing changes.
    const corrupt = await upload(Buffer.from(await wb.xlsx.writeBuffer()).subarray(0, 300));
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().msg).toBe('Excel 工作簿已损坏或无法读取，请在 Excel 中重新另存为 .xlsx 后上传');
    expect(refused(await upload('category\r\n'), 400)).toBe('文件为空');
  });

  it('the warehouse price quantiles of a category match the SKU prices of its subtree', async () => {
    const { priceQuantiles } = await import('../../src/analytics/engine/dimensions.js');
    for (const level of [1, 2, 3]) {
      const cat = cn.dims.dim_category.find((c) => c.level === level)!;
      const ids = subtree(cn, cat.category_id);
      const prices = cn.dims.dim_sku
        .filter((s) => ids.has(s.category_id) && s.price > 0)
        .map((s) => s.price)
        .sort((a, b) => a - b);
      expect(prices.length).toBeGreaterThan(0);
      const qs = [0.2, 0.4, 0.6, 0.8];
      const got = await priceQuantiles(t.ctx.warehouse, 'cn_monthly', { categories: [cat.category_id] }, qs);
      expect(got).toHaveLength(4);
      for (const [i, v] of got!.entries()) expect(v).toBeCloseTo(quantile(prices, qs[i]!), 6);
    }
    expect(await priceQuantiles(t.ctx.warehouse, 'cn_monthly', { categories: [999_999_999] }, [0.5])).toBeUndefined();
  });

  it('calculate_bands proposes bands at readable quantile edges of the real price distribution', async () => {
    const cat = cn.dims.dim_category.find((c) => c.level === 2)!;
    const ids = subtree(cn, cat.category_id);
    const prices = cn.dims.dim_sku
      .filter((s) => ids.has(s.category_id) && s.price > 0)
      .map((s) => s.price)
      .sort((a, b) => a - b);
    for (const count of [undefined, 4]) {
      const n = count ?? 5;
      const edges = [...new Set(Array.from({ length: n - 1 }, (_, i) => readable(quantile(prices, (i + 1) / n))))];
      const expected: [number, number | null][] = [];
      let lo = 0;
      for (const e of edges.sort((a, b) => a - b)) {
        expected.push([lo, e]);
        lo = e;
      }
      expected.push([lo, null]);
      const res = await call('POST', `/projects/${projectId}/categories/calculate_bands`, {
        category_id: cat.category_id,
        ...(count ? { count } : {}),
      });
      expect(data(res)).toEqual({ category_id: cat.category_id, kind: 'price', bands: expected });
    }
    const none = await call('POST', `/projects/${projectId}/categories/calculate_bands`, {
      category_id: 999_999_999,
      locale: 'en',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('There is no price data for this category.');
  });

  it('lists the dataset attributes, and filter values of the configured ones', async () => {
    const expectedAvailable = [...cn.dims.dim_attribute]
      .sort((a, b) => (a.attr_name < b.attr_name ? -1 : 1))
      .map((a) => ({ name: a.attr_name, title: a.title_zh, title_en: a.title_en }));
    expect(data(await call('GET', `/projects/${projectId}/attributes`))).toEqual({
      items: [],
      available: expectedAvailable,
    });
    const chosen = expectedAvailable.slice(0, 2);
    const put = await call('PUT', `/projects/${projectId}/attributes`, {
      attributes: chosen.map((a) => ({ name: a.name, title: a.title, title_en: a.title_en })),
    });
    expect(data<{ items: unknown[] }>(put).items).toEqual(chosen.map((a, i) => ({ ...a, sort_order: i, config: {} })));
    const filters = data<{ items: unknown[] }>(await call('GET', `/filter/projects/${projectId}/attributes`));
    // Values of the products in the given categories (any level), as the user sees them.
    const expectedFor = (categoryIds: readonly number[]) => {
      const inScope = new Set(categoryIds.flatMap((id) => [...subtree(cn, id)]));
      const skus = new Set(cn.dims.dim_sku.filter((k) => inScope.has(k.category_id)).map((k) => k.sku_id));
      return chosen.map((a) => {
        const values = new Map<string, string>();
        for (const r of cn.dims.sku_attribute) {
          if (r.attr_name !== a.name || !skus.has(r.sku_id)) continue;
          const en = values.get(r.value_zh);
          if (en === undefined || r.value_en < en) values.set(r.value_zh, r.value_en);
        }
        return {
          ...a,
          filter_values: [...values.entries()]
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([value, value_en]) => ({ value, value_en })),
        };
      });
    };
    // Root sees the project's categories: a project is a data scope.
    const projectCategories = await t.ctx.metadata.projectCategories.ids(projectId);
    expect(projectCategories.length).toBeGreaterThan(0);
    const expectedFilters = expectedFor(projectCategories);
    expect(expectedFilters.every((f) => f.filter_values.length > 0)).toBe(true);
    expect(filters.items).toEqual(expectedFilters);

    // A member granted one leaf category sees only that category's values; without a grant, none.
    const leaf = cn.dims.dim_category.find(
      (c) => c.level === 3 && projectCategories.some((p) => subtree(cn, p).has(c.category_id)),
    )!;
    const member = await makeUser(t.ctx, 'attr_member', { role: 'general' });
    const outsider = await makeUser(t.ctx, 'attr_outsider', { role: 'general' });
    for (const u of [member, outsider]) {
      await t.ctx.metadata.members.add({ projectId, userId: u.id, role: 'general', pages: [1] });
    }
    await t.ctx.metadata.grants.replace(projectId, member.id, 'category', [String(leaf.category_id)]);
    const asMember = caller(t.app, (await login(t.app, 'attr_member')).access_token);
    const memberFilters = data<{ items: unknown[] }>(await asMember('GET', `/filter/projects/${projectId}/attributes`));
    expect(memberFilters.items).toEqual(expectedFor([leaf.category_id]));
    expect(expectedFor([leaf.category_id])).not.toEqual(expectedFilters);
    const asOutsider = caller(t.app, (await login(t.app, 'attr_outsider')).access_token);
    const none = data<{ items: { filter_values: unknown[] }[] }>(
      await asOutsider('GET', `/filter/projects/${projectId}/attributes`),
    );
    expect(none.items.every((i) => i.filter_values.length === 0)).toBe(true);
  });
});
