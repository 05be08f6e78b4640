import { BRAND_ENDPOINTS, BRAND_SCHEMAS } from '@marketlens/shared/contracts';
import {
  brandCategories,
  brandCategoryValuations,
  brandInfo,
  brandOverviews,
  brandTrend,
  characters,
  requireBrands,
} from '../../../analytics/pages/brand.js';
import type { AnalysisRequest } from '../../../analytics/request.js';
import { sendCharacters } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Brand Detail (/brand, docs/product.md §7; docs/pages/brand.md): every endpoint first checks the brands it
 * names — not granted 403, not in the dataset 404 — then calls the page module.
 */

/** The brands a request names, checked against the grant and the dataset. */
const brandsOf = (a: AnalysisRequest, ids: readonly number[]) => requireBrands(a, ids);

export const brandArea: Area<typeof BRAND_SCHEMAS> = {
  tag: 'brand',
  endpoints: BRAND_ENDPOINTS,
  schemas: BRAND_SCHEMAS,
  summaries: {
    info: 'Brand Detail: shops, platforms and categories of a brand',
    overview: 'Brand Detail: totals of one brand and their change',
    overviews: 'Brand Detail: totals of several brands',
    categories: 'Brand Detail: the brand in each of its categories',
    categoryValuations: "Brand Detail: valuation of the brand's categories",
    trends: 'Brand Detail: monthly trend of a brand',
    characters: 'Brand Detail: attributes, price bands and keywords that set a brand apart (TGI)',
    charactersDownload: 'Brand Detail: download the brand characteristics (.xlsx)',
  },
  handlers: {
    info: async (a, b) => {
      const names = await brandsOf(a, [b.brand_id]);
      const followed = (await a.metadata.favoriteBrands.ids(a.scope.project.id, a.user.id)).includes(b.brand_id);
      return brandInfo(a, b.brand_id, names.get(b.brand_id)!, followed);
    },
    overview: async (a, b) => {
      const r = await brandOverviews(a, await brandsOf(a, [b.brand_id]));
      return { range: r.range, market: r.market, brand: r.items[0]!, warnings: r.warnings };
    },
    overviews: async (a, b) => {
      const ids = [...new Set(b.brand_ids)];
      const names = await brandsOf(a, ids);
      // In the order asked (the comparison slots).
      return brandOverviews(a, new Map(ids.map((id) => [id, names.get(id)!])));
    },
    categories: async (a, b) => {
      await brandsOf(a, [b.brand_id]);
      return brandCategories(a, b.brand_id, b.level ?? 3);
    },
    categoryValuations: async (a, b) => {
      await brandsOf(a, [b.brand_id]);
      return brandCategoryValuations(a, b.brand_id, b.level ?? 3);
    },
    trends: async (a, q) => {
      await brandsOf(a, [q.brand_id]);
      const selector = q.selector ?? 'mom';
      const metric = q.metric ?? 'sales';
      return { metric, selector, points: await brandTrend(a, q.brand_id, selector, metric) };
    },
    characters: async (a, b) => {
      await brandsOf(a, [b.brand_id]);
      return characters(a, b.brand_id);
    },
    charactersDownload: async (a, b, reply) => {
      const names = (await brandsOf(a, [b.brand_id])).get(b.brand_id)!;
      const data = await characters(a, b.brand_id);
      return sendCharacters(reply, a, a.locale === 'en_us' ? names.name_en : names.name_zh, data);
    },
  },
  filters: {
    // The trend is a GET: its period, selector and categories come as query fields.
    trends: (q) => ({
      date: [q.start, q.end],
      selector: q.selector ?? 'mom',
      ...(q.categories ? { category: { enable: true, value: q.categories.split(',').map(Number) } } : {}),
    }),
  },
};
