import {
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_PROJECT_ID,
  GROWTH_TOP_LIMIT,
  HOT_GOODS_POOL,
  joinCategories,
  MARKET_SHARE_BRANDS_LIMIT,
  MAX_ATTRIBUTE_VALUES,
  MAX_CONTRAST_BRANDS,
  MIN_SCREEN_WIDTH,
  PASSWORD_MIN_LENGTH,
  POPUP_Z_INDEX,
  PRICE_HISTORY_FROM,
  PRICE_LIMITS,
  PRODUCT_RANKING_LIMIT,
  potentialDefaults,
  SHOP_RANKING_LIMIT,
  shopSelection,
  splitCategories,
  TOKEN_POLL_INTERVAL_MS,
  TREND_TOP_CATEGORIES,
} from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

describe('docs/product.md §9 constants', () => {
  it.each([
    ['market share brands', MARKET_SHARE_BRANDS_LIMIT, 100],
    ['growth top', GROWTH_TOP_LIMIT, 50],
    ['shop ranking', SHOP_RANKING_LIMIT, 50],
    ['product ranking', PRODUCT_RANKING_LIMIT, 50],
    ['hot goods pool', HOT_GOODS_POOL, 1000],
    ['trend top categories', TREND_TOP_CATEGORIES, 10],
    ['attribute values', MAX_ATTRIBUTE_VALUES, 10],
    ['comparison brands', MAX_CONTRAST_BRANDS, 4],
    ['password min', PASSWORD_MIN_LENGTH, 8],
    ['min width', MIN_SCREEN_WIDTH, 768],
    ['chunk timeout', CHUNK_LOAD_TIMEOUT_MS, 120_000],
    ['token poll', TOKEN_POLL_INTERVAL_MS, 600_000],
    ['popup z-index', POPUP_Z_INDEX, 3050],
    ['default project', DEFAULT_PROJECT_ID, 1],
    ['price second level', PRICE_LIMITS.secondLevel, 999_999],
    ['price third level', PRICE_LIMITS.thirdLevel, 99_999],
    ['price all third', PRICE_LIMITS.allThird, 50_000],
  ])('%s = %i', (_name, actual, expected) => expect(actual).toBe(expected));
});

describe('potential-brand defaults (docs/product.md §9)', () => {
  it.each([
    ['2024-03-15', '2024-02-01', '2024-03-01', '2023-02-01', '2023-03-01'],
    ['2024-03-01', '2024-02-01', '2024-03-01', '2023-02-01', '2023-03-01'],
    ['2024-01-10', '2023-12-01', '2024-01-01', '2022-12-01', '2023-01-01'],
    ['2024-03-31', '2024-02-01', '2024-03-01', '2023-02-01', '2023-03-01'],
  ])('today %s → %s … %s, benchmark %s … %s', (today, start, end, bStart, bEnd) => {
    const config = potentialDefaults(today);
    expect(config.date_range).toEqual({ start, end });
    expect(config.benchmark_date_range).toEqual({ start: bStart, end: bEnd });
  });

  it('starts from yoy, level 2 and the docs/product.md §9 minimums', () => {
    const config = potentialDefaults('2024-06-15');
    expect(config.quick_selector).toBe('yoy');
    expect(config.categories_filter).toMatchObject({
      category_level: 2,
      sales_range_min: 100_000_000,
      sales_ratio_range_min: 20,
    });
    expect(config.brands_filter).toMatchObject({
      category_sales_range_min: 10_000_000,
      category_sales_ratio_range_min: 30,
    });
  });
});

describe('category lists joined by semicolons', () => {
  it('joins and splits', () => {
    expect(joinCategories([101, 102, '103'])).toBe('101;102;103');
    expect(splitCategories('101; 102;;103;')).toEqual(['101', '102', '103']);
    expect(splitCategories('')).toEqual([]);
  });
});

describe('price history and shop selections', () => {
  it('includes history from January 2017', () => expect(PRICE_HISTORY_FROM).toBe('2017-01-01'));
  it("writes a shop selection as 'platform,shop_id'", () => expect(shopSelection(3, 4567)).toBe('3,4567'));
});
