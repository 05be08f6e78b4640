import { buildMarket, type FactRow } from '@marketlens/datagen';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bandsFromCuts } from '../../src/analytics/engine/dimensions.js';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * The data grant bounds everything derived from data, not only figures: names of categories the
 * user is not granted, band configuration inherited from them and price bands proposed from their
 * products must not reach a user granted one leaf. Expected bands come from the generator's rows.
 */

const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const facts: FactRow[] = [...market.facts()];
const { dim_category, dim_sku } = market.dims;
const catById = new Map(dim_category.map((c) => [c.category_id, c]));

const BEAUTY = 1;
const FOOD = 4;
const FACIAL = 101;
const leavesUnder = (parent: number) => dim_category.filter((c) => c.level === 3 && c.parent_id === parent);
/** The member's one granted leaf: under Facial Care, which has other leaves too. */
const LEAF = leavesUnder(FACIAL)[0]!.category_id;
/** A leaf the member is not granted, in another branch. */
const OTHER = dim_category.find((c) => c.level === 3 && catById.get(c.parent_id!)!.parent_id === FOOD)!;
const RANGE = ['2026-01-01', '2026-06-01'] as const;
const PROJECT_BANDS: [number, number | null][] = [
  [0, 7],
  [7, null],
];

/** DuckDB's quantile_cont: linear interpolation between the closest ranks. */
function quantileCont(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
/** Bands proposed from the quintiles of the list prices of the granted leaf's products only. */
const grantedPrices = dim_sku
  .filter((s) => s.category_id === LEAF && s.price > 0)
  .map((s) => s.price)
  .sort((a, b) => a - b);
const GRANTED_BANDS = bandsFromCuts([0.2, 0.4, 0.6, 0.8].map((q) => quantileCont(grantedPrices, q)));

// A brand that sells in the granted leaf within the range.
const BRAND = facts.find((f) => f.category_id === LEAF && f.period >= RANGE[0] && f.period <= RANGE[1])!.brand_id;

const targets = await warehouseTargets();

describeOnEach(targets, 'the data grant bounds names, band configuration and proposed bands', (target) => {
  let t: TestApp;
  let withBands: number;
  let withoutBands: number;
  let member: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'g_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'g_member', { role: 'general' });
    for (const name of ['with-bands', 'without-bands']) {
      const id = (await metadata.projects.create({ name, dataset: 'cn_monthly', ownerId: root.id, pages: [4, 5] })).id;
      // Grants name project categories: the leaf is one of them.
      await metadata.projectCategories.add(id, [BEAUTY, FOOD, FACIAL, LEAF], 'ready');
      await metadata.members.add({ projectId: id, userId: m.id, role: 'general', pages: [4, 5] });
      await metadata.grants.replace(id, m.id, 'category', [String(LEAF)]);
      if (name === 'with-bands') withBands = id;
      else withoutBands = id;
    }
    // Configured on the level-1 ancestor the member is not granted.
    await metadata.bands.set(withBands, BEAUTY, 'price', PROJECT_BANDS);
    member = (await login(t.app, 'g_member')).access_token;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, locale = 'zh_cn') =>
    t.app.inject({
      method: 'POST',
      url: `/api/common${url}?locale=${locale}`,
      headers: bearer(member),
      payload,
    });
  const body = (project: number, categories: number[], extra: object = {}) => ({
    data_scope_id: project,
    category: { enable: true, value: categories },
    date: [...RANGE],
    ...extra,
  });
  const names = (...ids: number[]) => ids.flatMap((id) => [catById.get(id)!.name_zh, catById.get(id)!.name_en]);

  it('/summary names no ungranted category: neither the parent of the granted leaf nor of another', async () => {
    const own = await post('/summary', body(withBands, [LEAF]));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.sales).toBeGreaterThan(0);
    expect(own.json().data.parent).toBeNull();
    for (const name of names(FACIAL, BEAUTY)) expect(own.body).not.toContain(name);

    const other = await post('/summary', body(withBands, [OTHER.category_id]));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data.parent).toBeNull();
    for (const name of names(OTHER.category_id, OTHER.parent_id!)) expect(other.body).not.toContain(name);
  });

  it('download headers name only granted categories of the filter', async () => {
    const res = await post('/top/downloads', body(withBands, [LEAF, OTHER.category_id], { kind: 'brand' }), 'en_us');
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const texts: string[] = [];
    for (const ws of wb.worksheets) ws.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    const all = texts.join('\n');
    expect(all).toContain(catById.get(LEAF)!.name_en);
    for (const name of names(OTHER.category_id)) expect(all).not.toContain(name);
  });

  it('/brands/characters proposes price bands from granted products only', async () => {
    const res = await post('/brands/characters', body(withoutBands, [LEAF, OTHER.category_id], { brand_id: BRAND }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bands).toEqual(GRANTED_BANDS);
  });

  it('/distributions/bands_values does not use bands configured on an ungranted ancestor', async () => {
    const res = await post('/distributions/bands_values', body(withBands, [LEAF]));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.source).toBe('computed');
    expect(data.category_id).toBeNull();
    expect(data.bands).toEqual(GRANTED_BANDS);
  });
});
