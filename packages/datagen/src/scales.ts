/** Sizes of the generated market per scale, and which market and calendar each dataset uses. */
import type { DemoDatasetName } from '@marketlens/shared';
import type { PeriodKind, Region } from './calendar.js';

export const SCALES = ['tiny', 'demo', 'bench'] as const;
export type Scale = (typeof SCALES)[number];

export interface UniverseConfig {
  /** Level-2 ids with how many of their leaves to use; undefined = the whole tree. */
  readonly categories?: readonly (readonly [number, number])[];
  /** Brands already trading before 2017. */
  readonly establishedBrands: number;
  /** Brands founded per year from 2017 on (besides the rising stars). */
  readonly newBrandsPerYear: number;
  /** Fast-rising new brands per year. */
  readonly starsPerYear: number;
  /** Products a brand launches per year in one of its categories (scaled by brand size). */
  readonly productsPerYear: number;
  /**
   * Multiplier of every category's market size. A scale with fewer products than the real market
   * sells a proportionally smaller market, so that a single product, shop and brand keep real
   * magnitudes (calibration in docs/datagen.md, "Magnitudes").
   */
  readonly marketScale: number;
  /** Multi-brand shops per platform, channel and level-1 category. */
  readonly multiBrandShops: number;
  /** Share of Western-style (import) brands. */
  readonly importShare: number;
}

export interface DatasetPlan {
  readonly region: Region;
  readonly kind: PeriodKind;
  /** Level-2 categories included; undefined = every category of the universe. */
  readonly level2?: readonly number[];
  /** Number of periods for weekly datasets. */
  readonly weeks?: number;
}

const TINY_CATEGORIES: readonly (readonly [number, number])[] = [
  [101, 4],
  [102, 2],
  [401, 2],
  [403, 2],
];

export const UNIVERSES: Record<Scale, Record<Region, UniverseConfig>> = {
  tiny: {
    cn: {
      categories: TINY_CATEGORIES,
      establishedBrands: 16,
      newBrandsPerYear: 2,
      starsPerYear: 1,
      productsPerYear: 0.02,
      marketScale: 1,
      multiBrandShops: 2,
      importShare: 0.3,
    },
    global: {
      categories: TINY_CATEGORIES,
      establishedBrands: 14,
      newBrandsPerYear: 1,
      starsPerYear: 1,
      productsPerYear: 0.05,
      marketScale: 1,
      multiBrandShops: 2,
      importShare: 0.6,
    },
  },
  demo: {
    cn: {
      establishedBrands: 1400,
      newBrandsPerYear: 60,
      starsPerYear: 12,
      productsPerYear: 0.3,
      marketScale: 0.3,
      multiBrandShops: 6,
      importShare: 0.3,
    },
    global: {
      establishedBrands: 400,
      newBrandsPerYear: 16,
      starsPerYear: 5,
      productsPerYear: 0.3,
      marketScale: 0.25,
      multiBrandShops: 4,
      importShare: 0.6,
    },
  },
  bench: {
    cn: {
      establishedBrands: 8000,
      newBrandsPerYear: 350,
      starsPerYear: 40,
      productsPerYear: 0.6,
      marketScale: 1,
      multiBrandShops: 20,
      importShare: 0.3,
    },
    global: {
      establishedBrands: 1500,
      newBrandsPerYear: 60,
      starsPerYear: 10,
      productsPerYear: 0.3,
      marketScale: 1,
      multiBrandShops: 8,
      importShare: 0.6,
    },
  },
};

/** cn_weekly covers a few level-2 categories: facial care, makeup, hair care, diapers, snacks, cat food. */
const WEEKLY_LEVEL2: Record<Scale, readonly number[]> = {
  tiny: [101],
  demo: [101, 102, 201, 302, 401, 601],
  bench: [101, 102, 201, 302, 401, 601],
};

export function datasetPlan(name: DemoDatasetName, scale: Scale): DatasetPlan {
  switch (name) {
    case 'cn_monthly':
      return { region: 'cn', kind: 'month' };
    case 'cn_weekly':
      return { region: 'cn', kind: 'week', level2: WEEKLY_LEVEL2[scale], weeks: 104 };
    case 'global_monthly':
      return { region: 'global', kind: 'month' };
  }
}

/** First month of the monthly datasets. */
export const MONTHLY_START = { year: 2017, month: 1 };
