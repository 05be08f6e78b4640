import { EXPLORE_ENDPOINTS, EXPLORE_SCHEMAS } from '@marketlens/shared/contracts';
import {
  conceptBrands,
  conceptCategoryPenetration,
  conceptCategoryProducts,
  conceptCategoryTrends,
  conceptEmpty,
  conceptProducts,
  conceptSummary,
  conceptTrends,
  conceptValuations,
  conceptWords,
} from '../../../analytics/pages/explore.js';
import { RANKING_DOCS, sendTop } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Concept Explore (/explore, docs/product.md §7 Explore; docs/pages/explore.md): every endpoint needs a concept
 * (the request's goodsKeywords, enabled and not empty — a 400 otherwise), then calls the page module.
 */
export const exploreArea: Area<typeof EXPLORE_SCHEMAS> = {
  tag: 'explore',
  endpoints: EXPLORE_ENDPOINTS,
  schemas: EXPLORE_SCHEMAS,
  summaries: {
    empty: 'Concept Explore: whether the concept matches any sales',
    summary: 'Concept Explore: totals of the concept market and their change',
    trends: 'Concept Explore: monthly trend of the concept market',
    words: "Concept Explore: top words in the titles of the concept's products",
    categoryTrends: "Concept Explore: monthly trend of the concept's top categories",
    categoryPenetration: 'Concept Explore: concept share of each category over time',
    valuations: "Concept Explore: valuation of the concept's categories",
    brands: 'Concept Explore: top brands of the concept',
    brandsDownload: 'Concept Explore: download the top brands (.xlsx)',
    products: 'Concept Explore: top products of the concept',
    productsDownload: 'Concept Explore: download the top products (.xlsx)',
    categoryProducts: 'Concept Explore: top products of the concept in one category',
  },
  handlers: {
    empty: (a) => conceptEmpty(a),
    summary: (a) => conceptSummary(a),
    trends: (a, b) => conceptTrends(a, b.metric ?? 'sales', b.compare ?? []),
    words: (a) => conceptWords(a),
    categoryTrends: (a, b) => conceptCategoryTrends(a, b.parent_id),
    categoryPenetration: (a, b) => conceptCategoryPenetration(a, b.parent_id),
    valuations: (a) => conceptValuations(a),
    brands: (a, b) => conceptBrands(a, b.sort_by ?? 'sales'),
    brandsDownload: async (a, b, reply) =>
      sendTop(reply, a, 'brand', (await conceptBrands(a, b.sort_by ?? 'sales')).items, RANKING_DOCS.conceptBrands),
    products: (a, b) => conceptProducts(a, b.sort_by ?? 'sales'),
    productsDownload: async (a, b, reply) =>
      sendTop(
        reply,
        a,
        'product',
        (await conceptProducts(a, b.sort_by ?? 'sales')).items,
        RANKING_DOCS.conceptProducts,
      ),
    categoryProducts: (a, b) => conceptCategoryProducts(a, b.category_id, b.sort_by ?? 'sales'),
  },
};
