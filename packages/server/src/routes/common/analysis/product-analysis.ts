import {
  PRODUCT_ANALYSIS_ENDPOINTS,
  PRODUCT_ANALYSIS_SCHEMAS,
  PRODUCTS_DOWNLOAD_LIMIT,
} from '@marketlens/shared/contracts';
import {
  priceTrends,
  productSummary,
  productsPage,
  productTrends,
  selectionOf,
  seriesInfo,
  seriesSearch,
} from '../../../analytics/pages/product-analysis.js';
import { sendProducts } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Product Analysis (/analysis, docs/product.md §7; docs/pages/product-analysis.md): every endpoint but the
 * search first checks the products it names against the grant (403), then calls the page module.
 */
export const productAnalysisArea: Area<typeof PRODUCT_ANALYSIS_SCHEMAS> = {
  tag: 'product analysis',
  endpoints: PRODUCT_ANALYSIS_ENDPOINTS,
  schemas: PRODUCT_ANALYSIS_SCHEMAS,
  summaries: {
    summary: 'Product Analysis: totals of the selected products or series',
    trends: 'Product Analysis: monthly sales trend of the selection',
    prices: 'Product Analysis: monthly price trend of the selection',
    products: 'Product Analysis: the products of the selection, one page',
    productsDownload: 'Product Analysis: download the products (.xlsx)',
    seriesSearch: 'Product Analysis: search product series',
    seriesInfo: 'Product Analysis: details of product series',
  },
  handlers: {
    summary: async (a, b) => productSummary(a, await selectionOf(a, b)),
    trends: async (a, b) => productTrends(a, await selectionOf(a, b), b.by ?? 'total'),
    prices: async (a, b) => priceTrends(a, await selectionOf(a, b)),
    products: async (a, b) =>
      productsPage(a, await selectionOf(a, b), b.sort ?? 'sales', b.page ?? 1, b.page_size ?? 20),
    productsDownload: async (a, b, reply) => {
      const sel = await selectionOf(a, b);
      const data = await productsPage(a, sel, b.sort ?? 'sales', 1, PRODUCTS_DOWNLOAD_LIMIT);
      return sendProducts(reply, a, sel, data.items);
    },
    seriesSearch: (a, b) => seriesSearch(a, b.keyword),
    seriesInfo: (a, b) => seriesInfo(a, b.name),
  },
};
