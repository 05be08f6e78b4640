import { buildMarket } from '@marketlens/datagen';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  attributeValues,
  brandNames,
  dimensionReader,
  interpolatedQuantile,
  platformChannels,
  priceQuantiles,
  shopDetails,
} from '../../src/analytics/engine/dimensions.js';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import { describeOnEach, openTarget, warehouseTargets } from '../support/warehouses.js';

/**
 * The dimension reads of engine/dimensions.ts on each engine, against the generator's own rows:
 * written once through the dialect, they must answer the same on DuckDB and on the cluster
 * (booleans as booleans, LEFT JOINs without a match as NULL, quantiles interpolated).
 */
const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const { dim_platform, dim_channel, dim_brand, dim_shop, dim_sku, dim_category, sku_attribute } = market.dims;
const DS = 'cn_monthly';
const leaves = dim_category.filter((c) => c.level === 3).map((c) => c.category_id);
const targets = await warehouseTargets();

it('interpolatedQuantile is quantile_cont: between neighbours at (n − 1)·q', () => {
  expect(interpolatedQuantile([1, 2, 3, 4], 0.3)).toBeCloseTo(1.9, 12);
  expect(interpolatedQuantile([5], 0.8)).toBe(5);
  expect(interpolatedQuantile([1, 3], 1)).toBe(3);
});

describeOnEach(targets, 'dimension reads', (target) => {
  let warehouse: WarehouseEngine;
  beforeAll(async () => {
    warehouse = await openTarget(target);
  });
  afterAll(() => warehouse?.close());

  it('platforms with their channels; is_active is a boolean', async () => {
    const got = await platformChannels(warehouse, DS);
    expect(got.map((p) => p.platform_id)).toEqual(dim_platform.map((p) => p.platform_id).sort((a, b) => a - b));
    for (const p of got) {
      const expected = dim_channel
        .filter((c) => c.platform_id === p.platform_id)
        .sort((a, b) => (a.shop_type < b.shop_type ? -1 : 1))
        .map((c) => ({ code: c.shop_type, shop_type: c.name_zh, shop_type_en: c.name_en, is_active: c.is_active }));
      expect(p.channels).toEqual(expected);
    }
    expect(got.flatMap((p) => p.channels).some((c) => c.is_active === false)).toBe(true);
  });

  it('brand names, shop and product details by id; products outside the granted categories are left out', async () => {
    const brands = dim_brand.slice(0, 5);
    const names = await brandNames(warehouse, DS, [...brands.map((b) => b.brand_id), 999_999_999]);
    expect([...names.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      brands
        .map((b) => [b.brand_id, { name_zh: b.name_zh, name_en: b.name_en }])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const shops = dim_shop.slice(0, 4);
    const shopInfo = await shopDetails(
      warehouse,
      DS,
      shops.map((s) => s.shop_id),
    );
    for (const s of shops) {
      const channel = dim_channel.find((c) => c.platform_id === s.platform_id && c.shop_type === s.shop_type);
      expect(shopInfo.get(s.shop_id)).toMatchObject({
        shop_id: s.shop_id,
        name_zh: s.name_zh,
        channel_zh: channel?.name_zh ?? null,
      });
    }
    const skus = dim_sku.slice(0, 6);
    const granted = leaves.filter((l) => l !== skus[0]!.category_id);
    const products = await dimensionReader(warehouse, DS, { categories: granted, brands: null, shops: null }).products(
      skus.map((s) => s.sku_id),
    );
    for (const s of skus) {
      const got = products.get(s.sku_id);
      if (!granted.includes(s.category_id)) {
        expect(got).toBeUndefined();
        continue;
      }
      const shop = dim_shop.find((x) => x.shop_id === s.shop_id)!;
      const platform = dim_platform.find((x) => x.platform_id === s.platform_id)!;
      expect(got).toMatchObject({
        sku_id: s.sku_id,
        title_zh: s.title_zh,
        price: s.price,
        brand_zh: dim_brand.find((b) => b.brand_id === s.brand_id)!.name_zh,
        shop_en: shop.name_en,
        shop_type: shop.shop_type,
        code: platform.code,
        region: platform.region,
      });
    }
  });

  it('attribute values of the granted categories, and the list-price quintiles as DuckDB quantile_cont', async () => {
    const leaf = leaves[0]!;
    const inLeaf = new Set(dim_sku.filter((s) => s.category_id === leaf).map((s) => s.sku_id));
    const names = [...new Set(sku_attribute.map((a) => a.attr_name))];
    const values = await attributeValues(warehouse, DS, names, [leaf]);
    for (const name of names) {
      const expected = [
        ...new Set(sku_attribute.filter((a) => a.attr_name === name && inLeaf.has(a.sku_id)).map((a) => a.value_zh)),
      ].sort();
      expect((values.get(name) ?? []).map((v) => v.value_zh).sort(), name).toEqual(expected);
    }
    const prices = dim_sku
      .filter((s) => s.category_id === leaf && s.price > 0)
      .map((s) => s.price)
      .sort((a, b) => a - b);
    const q = await priceQuantiles(warehouse, DS, { categories: [leaf] }, [0.2, 0.4, 0.6, 0.8]);
    expect(q).toEqual([0.2, 0.4, 0.6, 0.8].map((f) => interpolatedQuantile(prices, f)));
    expect(await priceQuantiles(warehouse, DS, { categories: [] }, [0.5])).toBeUndefined();
  });
});
