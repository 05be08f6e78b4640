import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { KeywordExtractor } from '../../src/warehouse/keywords.js';
import { chooseRollup, ROLLUP_MEASURES, ROLLUPS, storesProductColumn } from '../../src/warehouse/rollups.js';
import { defaultWarehouseDir, parseClickHouseUrl, parseWarehouseUrl } from '../../src/warehouse/url.js';

describe('keywords', () => {
  const k = new KeywordExtractor();

  test('Chinese titles: jieba words, Latin brand names, no sizes, numbers or stop words', () => {
    const words = k.zh("L'Oreal巴黎欧莱雅 复颜玻尿酸水光充盈导入膨润面霜 50g*2 官方旗舰店 正品");
    expect(words).toEqual(expect.arrayContaining(["l'oreal", '巴黎', '欧莱雅', '面霜', '充盈']));
    for (const w of ['50g', '2', '*', '官方', '旗舰店', '正品', ' ']) expect(words).not.toContain(w);
    expect(words.every((w) => [...w].length >= 2)).toBe(true);
    expect(k.zh('SK-II神仙水230ml 护肤精华露')).toEqual(expect.arrayContaining(['sk-ii', '神仙', '护肤', '精华']));
    expect(k.zh('三只松鼠 坚果大礼包 1.5kg/箱 每日坚果 零食')).toEqual([
      '三只',
      '松鼠',
      '坚果',
      '大礼包',
      '每日',
      '零食',
    ]);
  });

  test('English titles: lower-case words without stop words, units, numbers or single letters', () => {
    expect(k.en('Lancome Advanced Génifique Serum 50ml, 2 x 30 ml - A Set for Women')).toEqual([
      'lancome',
      'advanced',
      'génifique',
      'serum',
      'women',
    ]);
    expect(k.en("L'Oréal Paris Revitalift 1.5kg 3x 12pcs")).toEqual(["l'oréal", 'paris', 'revitalift']);
  });

  test('distinct words, in first-seen order', () => {
    expect(k.en('Cream cream CREAM night cream')).toEqual(['cream', 'night']);
    expect(k.zh('保湿面霜 保湿 面霜')).toEqual(['保湿', '面霜']);
    expect(k.zh('')).toEqual([]);
  });
});

describe('rollups', () => {
  test('the declared list: category first, then period, additive measures only', () => {
    for (const r of ROLLUPS) {
      expect(r.name).toMatch(/^rollup_/);
      expect(r.dims.slice(0, 2)).toEqual(['category_id', 'period']);
    }
    expect(ROLLUP_MEASURES).toEqual(['sales', 'sales_discount', 'count', 'fact_rows']);
  });

  test('chooseRollup picks the smallest table that has every needed column', () => {
    // Category and month alone: the period rollup (the summary cards, the sales trend, market totals).
    expect(chooseRollup(['period', 'category_id', 'sales'])).toBe('rollup_cat_period');
    expect(chooseRollup(['period', 'sales', 'count', 'fact_rows'])).toBe('rollup_cat_period');
    expect(chooseRollup(['period', 'category_id', 'platform_id', 'shop_type', 'count'])).toBe('rollup_cat_channel');
    expect(chooseRollup(['period', 'category_id', 'brand_id', 'sales', 'count'])).toBe('rollup_cat_brand');
    // The brand rollup has no channel: brand and channel together read the facts.
    expect(chooseRollup(['period', 'category_id', 'brand_id', 'platform_id'])).toBe('fact_sales');
    // No shop rollup (it did not earn its build time): shop rankings read the category-sorted facts.
    expect(chooseRollup(['period', 'shop_id', 'sales_discount'])).toBe('fact_sales');
    expect(chooseRollup(['period', 'sku_id', 'sales'])).toBe('fact_sales');
    expect(chooseRollup(['period', 'brand_id', 'shop_id'])).toBe('fact_sales');
  });

  test('product columns: the list price and one attribute value', () => {
    expect(chooseRollup(['period', 'category_id', 'price'])).toBe('rollup_cat_price');
    expect(chooseRollup(['period', 'category_id', 'attribute'])).toBe('rollup_cat_attribute');
    expect(chooseRollup(['period', 'category_id', 'price', 'brand_id'])).toBe('fact_sales');
    expect(chooseRollup(['period', 'category_id', 'price', 'attribute'])).toBe('fact_sales');
    expect(chooseRollup(['period', 'category_id', 'attribute', 'platform_id', 'shop_type'])).toBe('fact_sales');
    // The attribute rollup counts a sales row once per value: never for a query without the attribute,
    // however small it is.
    expect(chooseRollup(['period', 'category_id'], { rollup_cat_attribute: 1, rollup_cat_channel: 900 })).toBe(
      'rollup_cat_channel',
    );
    expect(storesProductColumn('rollup_cat_price', 'price')).toBe(true);
    expect(storesProductColumn('fact_sales', 'price')).toBe(false);
    expect(storesProductColumn('rollup_cat_attribute', 'attribute')).toBe(true);
    expect(storesProductColumn('rollup_cat_channel', 'attribute')).toBe(false);
  });

  test('real row counts decide between candidates; a rollup the dataset lacks is never chosen', () => {
    const needed = ['period', 'category_id'];
    const rows = { rollup_cat_channel: 900, rollup_cat_brand: 500, rollup_cat_price: 700 };
    expect(chooseRollup(needed, rows)).toBe('rollup_cat_brand');
    expect(chooseRollup(needed, { rollup_cat_price: 10 })).toBe('rollup_cat_price');
    // Imported before rollup_cat_period existed: the totals read the smallest rollup the dataset has.
    expect(chooseRollup(needed, { ...rows, rollup_cat_period: 30 })).toBe('rollup_cat_period');
    // Imported before rollup_cat_price existed: price bands read the facts.
    expect(chooseRollup([...needed, 'price'], { rollup_cat_channel: 900 })).toBe('fact_sales');
  });
});

describe('parseWarehouseUrl', () => {
  const cwd = '/srv/app';
  test.each([
    ['./data/warehouse', '/srv/app/data/warehouse'],
    ['/var/lib/ml', '/var/lib/ml'],
    ['duckdb:./data/warehouse', '/srv/app/data/warehouse'],
    ['duckdb:///var/lib/ml', '/var/lib/ml'],
    ['duckdb://rel/dir', '/srv/app/rel/dir'],
    ['file:///var/lib/ml', '/var/lib/ml'],
  ])('%s is the DuckDB directory %s', (url, dir) => {
    expect(parseWarehouseUrl(url, cwd)).toEqual({ engine: 'duckdb', dir });
  });

  test('http(s) is ClickHouse; other schemes and empty values are errors', () => {
    expect(parseWarehouseUrl('http://ch:8123', cwd)).toMatchObject({ engine: 'clickhouse', url: 'http://ch:8123' });
    expect(() => parseWarehouseUrl('redis://x', cwd)).toThrow(/not supported/);
    expect(() => parseWarehouseUrl('  ', cwd)).toThrow(/empty/);
    expect(() => parseWarehouseUrl('duckdb:', cwd)).toThrow(/no directory/);
  });

  test('a ClickHouse URL names the query account, every shard, the database, the cluster and the import account', () => {
    expect(
      parseClickHouseUrl(
        'http://reader:p%40ss@ch1:8123,ch2:8124/sales?cluster=prod&import_user=loader&import_password=x%26y',
      ),
    ).toEqual({
      protocol: 'http',
      hosts: ['ch1:8123', 'ch2:8124'],
      user: 'reader',
      password: 'p@ss',
      database: 'sales',
      cluster: 'prod',
      importUser: 'loader',
      importPassword: 'x&y',
    });
    expect(parseClickHouseUrl('https://ch:8443')).toEqual({
      protocol: 'https',
      hosts: ['ch:8443'],
      user: 'default',
      password: '',
      database: 'marketlens',
      cluster: 'marketlens',
    });
    expect(() => parseClickHouseUrl('http://ch:8123/my-db')).toThrow(/not a plain identifier/);
    expect(() => parseClickHouseUrl('http://ch:8123/db?cluster=a;b')).toThrow(/not a plain identifier/);
    expect(() => parseClickHouseUrl('http://ch/db')).toThrow(/host:port/);
    expect(() => parseClickHouseUrl('http://ch:8123/db?readonly=0')).toThrow(/unknown parameter/);
  });

  test('the default directory follows DATA_DIR', () => {
    expect(defaultWarehouseDir({}, cwd)).toBe(path.join(cwd, 'data', 'warehouse'));
    expect(defaultWarehouseDir({ DATA_DIR: '/data' }, cwd)).toBe('/data/warehouse');
  });
});
