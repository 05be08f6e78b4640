/**
 * Growth and price regimes of level-2 categories. The catalogue's trends (catalog/tree-*.ts) gave
 * every level-2 category a gently falling growth rate, so in the latest year all of them grew by
 * about −2 … +12 % and no page that looks for fast-growing categories (Potential Brand) found
 * anything. A regime replaces a level-2 category's own growth curve over the ten years; the
 * catalogue's leaf-specific stories (air fryers, floor washers …) stay as the leaf's deviation from
 * its parent, so a leaf boom still stands out inside its category.
 *
 * The choices follow the real market of the 2020s: pet health, men's skincare, outdoor gear and
 * functional supplements boom recently; baby formula, diapers (birth rate), makeup and women's
 * dress shoes shrink; beauty devices and fitness equipment boomed and matured. Price regimes say
 * whether a category trades up (premium milk, spirits, formula: average price rising while units
 * fall) or down (apparel, cleaning, robot vacuums: cheaper products, more units).
 */
import type { Knots } from './catalog/dsl.js';

export type RegimeKind = 'booming' | 'growing' | 'mature' | 'declining';

export interface GrowthRegime {
  /** Annual growth rate knots of the level-2 category (replacing its catalogue trend). */
  readonly rate: Knots;
  /** One line for the docs and the realism report. */
  readonly story: string;
}

const k = (...xs: number[]): Knots => {
  const out: [number, number][] = [];
  for (let i = 0; i < xs.length; i += 2) out.push([xs[i]!, xs[i + 1]!]);
  return out;
};

export const GROWTH_REGIMES: Readonly<Record<number, GrowthRegime>> = {
  // Booming recently.
  605: {
    rate: k(2017, 0.3, 2022, 0.18, 2024, 0.28, 2025.2, 0.36, 2026.8, 0.24, 2029, 0.1, 2033, 0.06),
    story: 'pet health: steady, then a boom from 2024 (pet insurance, home diagnostics)',
  },
  104: {
    rate: k(2017, 0.2, 2021, 0.1, 2023.5, 0.2, 2025.1, 0.55, 2026.6, 0.04, 2030, 0.05),
    story: "men's skincare: a second wave in 2024–2025 (tone-up creams, men's makeup) that is fading fast in 2026",
  },
  704: {
    rate: k(
      2017,
      0.1,
      2020,
      0.3,
      2021,
      0.9,
      2022,
      0.7,
      2022.6,
      0.1,
      2023,
      -0.15,
      2024,
      -0.05,
      2024.6,
      0.2,
      2025.1,
      0.34,
      2026.8,
      0.24,
      2029,
      0.06,
      2031,
      0.03,
    ),
    story: 'outdoor gear: camping boom 2021–2022, bust 2023–2024, hiking and gorpcore boom from late 2024',
  },
  408: {
    rate: k(2017, 0.15, 2020, 0.25, 2023, 0.1, 2024.3, 0.22, 2025.1, 0.55, 2026.6, 0.04, 2030, 0.06),
    story: 'functional supplements and gummies: a 2024–2025 craze, cooling in 2026',
  },
  // Growing.
  601: {
    rate: k(2017, 0.3, 2020, 0.25, 2023, 0.14, 2026, 0.12, 2030, 0.06),
    story: 'cat food: steady double-digit growth',
  },
  103: { rate: k(2017, 0.22, 2023, 0.15, 2026, 0.12, 2030, 0.06), story: 'fragrance: steady growth' },
  // Boomed and matured (regime changes).
  105: {
    rate: k(2017, 0.35, 2019, 0.6, 2021, 0.5, 2022, 0.05, 2024, -0.03, 2026, 0.01),
    story: 'beauty devices: boom 2019–2021, mature since',
  },
  703: {
    rate: k(2017, 0.2, 2020, 0.9, 2021, 0.05, 2022, -0.1, 2024, 0, 2026, 0.02),
    story: 'fitness equipment: 2020 home-workout spike, flat since',
  },
  504: {
    rate: k(2017, 0.2, 2020, 0.35, 2022, 0.2, 2023, -0.05, 2026, 0),
    story: 'health appliances: boom 2020–2022, mature since',
  },
  // Declining.
  301: {
    rate: k(2017, 0.08, 2019, 0, 2021, -0.08, 2023, -0.14, 2026, -0.17, 2030, -0.08),
    story: 'infant formula: falling births, −12 … −14 % a year since 2023',
  },
  302: {
    rate: k(2017, 0.08, 2020, 0, 2022, -0.06, 2024.5, -0.13, 2027, -0.12, 2031, -0.06),
    story: 'diapers and wipes: falling births',
  },
  804: {
    rate: k(2017, 0.05, 2020, -0.02, 2023, -0.08, 2025.5, -0.14, 2029, -0.06),
    story: "women's shoes: dress shoes give way to sneakers",
  },
  102: {
    rate: k(2017, 0.25, 2020, 0.12, 2021, -0.02, 2023, -0.08, 2025.5, -0.12, 2028, -0.05),
    story: 'makeup: shrinking since 2021 (skincare-first, no-makeup look)',
  },
};

export interface PriceRegime {
  /** Annual log change of prices in the category (positive = trading up), by year. */
  readonly drift: Knots;
  readonly story: string;
}

/**
 * A price regime moves the realised price of listed products (price term) and, more strongly, the
 * list price of products launched later (mix term: new SKUs priced differently from the ones they
 * replace), so units move against the price while the category's value follows its growth regime.
 */
export const PRICE_REGIMES: Readonly<Record<number, PriceRegime>> = {
  301: {
    drift: k(2018, 0, 2019, 0.05, 2030, 0.04),
    story: 'infant formula trades up (super-premium, A2, organic) while units fall',
  },
  404: {
    drift: k(2020, 0, 2021, 0.06, 2030, 0.05),
    story: 'dairy trades up (fresh, organic, Jersey milk): fewer, dearer units',
  },
  407: { drift: k(2020, 0, 2021, 0.05, 2030, 0.04), story: 'alcohol trades up: drinking less but better' },
  801: {
    drift: k(2020, 0, 2021, -0.2, 2030, -0.12),
    story: "women's clothing trades down (value platforms, fast fashion)",
  },
  901: { drift: k(2020, 0, 2021, -0.16, 2030, -0.1), story: 'cleaning supplies trade down (big packs, private label)' },
  502: {
    drift: k(2021, 0, 2022, -0.2, 2030, -0.12),
    story: 'household appliances trade down (robot vacuums and floor washers get cheaper)',
  },
};

/** Share of a category's cumulative price drift in the list price of a new launch (mix) and in a listed product's realised price since launch. */
export const LAUNCH_PRICE_GAIN = 1.3;
export const LISTED_PRICE_GAIN = 0.6;

const STEPS = 4;

/** Cumulative log price drift of a price regime since 2017, as a function of the fractional year. */
export function cumulativeDrift(regime: PriceRegime | undefined): (year: number) => number {
  if (!regime) return () => 0;
  const from = 2017;
  const to = 2040;
  const n = (to - from) * STEPS;
  const cum = new Float64Array(n + 1);
  const rate = (y: number) => {
    const first = regime.drift[0]!;
    return y < first[0] ? 0 : interpolateKnots(regime.drift, y);
  };
  for (let i = 1; i <= n; i++) cum[i] = cum[i - 1]! + rate(from + (i - 0.5) / STEPS) / STEPS;
  return (year: number) => {
    const x = Math.min(Math.max(0, (year - from) * STEPS), n - 1e-9);
    const i = Math.floor(x);
    const f = x - i;
    return cum[i]! * (1 - f) + cum[i + 1]! * f;
  };
}

function interpolateKnots(k: Knots, x: number): number {
  if (x <= k[0]![0]) return k[0]![1];
  for (let i = 1; i < k.length; i++) {
    const [x1, y1] = k[i]!;
    if (x <= x1) {
      const [x0, y0] = k[i - 1]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return k[k.length - 1]![1];
}

/**
 * The growth knots of a leaf: its level-2 regime plus the leaf's own deviation from its parent's
 * catalogue trend (sampled quarterly), or the catalogue trend when the level-2 category has no regime.
 */
export function leafTrend(l2Id: number, leafOwn: Knots | undefined, parent: Knots, horizon: number): Knots {
  const regime = GROWTH_REGIMES[l2Id];
  if (!regime) return leafOwn ?? parent;
  if (!leafOwn) return regime.rate;
  const out: [number, number][] = [];
  for (let y = 2017; y <= horizon; y += 0.25) {
    out.push([y, interpolateKnots(regime.rate, y) + interpolateKnots(leafOwn, y) - interpolateKnots(parent, y)]);
  }
  return out;
}
