import { addDays, addMonths, type DateRange } from '@marketlens/shared';
import type { PriceCatalog } from '@marketlens/shared/contracts';
import type { AnalyticsEngine } from '../analytics/engine/service.js';
import type { LoadedDataset } from '../warehouse/engine.js';
import { listPrice, type PricedCategory, type PricedTree, pricedTree, priceTerms } from './rules.js';

/**
 * The subscription catalogue: which dataset's categories are sold and the market size each is
 * priced from (docs/pricing.md). The prices themselves are rules.ts's.
 */

/**
 * The dataset whose categories are sold: subscriptions are priced in RMB, so the first dataset (by
 * name) kept in CNY, a monthly one before a weekly one; without any CNY dataset, the first by name.
 */
export function priceDataset(engine: AnalyticsEngine): LoadedDataset | undefined {
  const all = [...engine.warehouse.datasets()].sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
  const cny = all.filter((d) => d.manifest.currency_unit === 'CNY');
  return cny.find((d) => d.manifest.date_field === 'month') ?? cny[0] ?? all[0];
}

/** The last year of a dataset: its latest twelve months, or latest 52 weeks. */
export function lastYear(dataset: LoadedDataset): DateRange {
  const end = dataset.latestDate;
  const start = dataset.manifest.date_field === 'week' ? addDays(end, -51 * 7) : addMonths(end, -11);
  return { start: start < dataset.farthestDate ? dataset.farthestDate : start, end };
}

export interface PriceBook {
  tree: PricedTree;
  catalog: PriceCatalog;
}

/**
 * The sellable tree with each category's sales over the last year, read through the engine (one
 * grouped query over every leaf). The catalogue is public: it names categories and prices, never a
 * sales figure (docs/pricing.md, "What the catalogue reveals").
 */
export async function priceBook(engine: AnalyticsEngine, signal?: AbortSignal): Promise<PriceBook> {
  const dataset = priceDataset(engine);
  if (!dataset) return { tree: pricedTree([]), catalog: { terms: priceTerms(null), categories: [] } };
  const name = dataset.manifest.name;
  const cat = await engine.catalog(name);
  const range = lastYear(dataset);
  const roots = cat.children.get(null) ?? [];
  // The whole market: the catalogue is the product's own offer, not a user's view of the data.
  const result = await engine.answer(
    { categories: cat.leavesOf(roots.map((c) => c.category_id)), brands: null, shops: null },
    {
      dataset: name,
      granularity: dataset.manifest.date_field,
      measures: ['sales'],
      dimensions: ['category_3'],
      filter: {},
      range,
      comparison: { kind: 'none' },
      discount: false,
    },
    signal ? { signal } : {},
  );
  const leafSales = new Map(result.rows.map((r) => [Number(r.keys.category_3), Number(r.sales ?? 0)]));
  const secondSales = new Map<number, number>();
  for (const [id, sales] of leafSales) {
    const parent = cat.categories.get(id)?.parent_id;
    if (parent != null) secondSales.set(parent, (secondSales.get(parent) ?? 0) + sales);
  }
  const sellable: PricedCategory[] = [];
  for (const c of cat.categories.values()) {
    if (c.level !== 2 && c.level !== 3) continue;
    sellable.push({
      id: c.category_id,
      level: c.level,
      parent: c.level === 3 ? c.parent_id : null,
      name: c.name_zh,
      nameEn: c.name_en,
      annualSales: (c.level === 2 ? secondSales : leafSales).get(c.category_id) ?? 0,
    });
  }
  const tree = pricedTree(sellable);
  const categories = [...cat.categories.values()]
    .sort((a, b) => a.category_id - b.category_id)
    .map((c) => {
      const priced = tree.categories.get(c.category_id);
      return {
        category_id: c.category_id,
        name: c.name_zh,
        name_en: c.name_en,
        level: c.level,
        parent: c.parent_id,
        price: priced ? listPrice(priced).price : null,
      };
    });
  return { tree, catalog: { terms: priceTerms(range), categories } };
}
