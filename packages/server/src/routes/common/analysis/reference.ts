import { datasetGaps } from '@marketlens/shared';
import { DATA_ENDPOINTS, DATA_SCHEMAS } from '@marketlens/shared/contracts';
import {
  brandPage,
  brandScope,
  categoriesByPrefix,
  categoriesBySql,
  categoryTree,
  childCategories,
  defaultBrands,
  filterAttributes,
  grantIds,
  isEmpty,
  search,
  shopPage,
} from '../../../analytics/pages/reference.js';
import type { Area } from './register.js';

/**
 * Reference data of a project (docs/product.md §7 "Data"): what the filter panels and the grant pickers of
 * project administration read. Access is project membership (the table marks it `member`); the
 * logic is in analytics/pages/reference.ts and always within the user's grant.
 */
export const referenceArea: Area<typeof DATA_SCHEMAS> = {
  tag: 'data',
  endpoints: DATA_ENDPOINTS,
  schemas: DATA_SCHEMAS,
  // docs/product.md §5: no data scope, no categories (not an error).
  unscoped: { categories: { items: [] } },
  summaries: {
    tableDate: "Period range of the project's data, its last complete period and its gaps",
    rawCategories: 'Top-level categories',
    secondCategories: 'Second-level categories of a category',
    thirdCategories: 'Third-level categories of a category',
    categories: 'Category tree of the project',
    categoryPrefix: 'Categories whose path starts with a prefix',
    categorySql: 'Categories matching a custom SQL clause',
    brands: 'Brands of the project, one page',
    defaultBrands: 'Default brands of the filter panel',
    brandScope: 'Brands the user may see',
    shops: 'Shops of the project, one page',
    attributes: 'Product attributes for the filter panel',
    attributeValues: 'Values of one product attribute',
    channels: 'Platforms and their channels',
    permission: "The user's data grant in the project",
    search: 'Search brands, shops and categories for the filter panel',
    empty: 'Whether the filter matches any sales',
  },
  handlers: {
    // docs/data-format.md §11: the last complete period and the gaps of the dataset version read.
    tableDate: async (a) => ({
      farthest_date: a.scope.fullRange.start,
      latest_date: a.scope.fullRange.end,
      last_complete_date: a.scope.coverage.lastComplete,
      gaps: datasetGaps(a.scope.coverage),
      // The import's date (UTC), the one the coverage was classified against.
      as_of: a.scope.catalog.dataset.loadedAt.slice(0, 10),
    }),
    rawCategories: async (a) => childCategories(a, null),
    secondCategories: async (a, q) => childCategories(a, Number(q.id)),
    thirdCategories: async (a, q) => childCategories(a, Number(q.id)),
    categories: (a, b) => categoryTree(a, b.brands_filtering),
    categoryPrefix: async (a, q) => categoriesByPrefix(a, q.prefix),
    categorySql: (a, q) => categoriesBySql(a, q.sql),
    brands: (a, q) => brandPage(a, q),
    defaultBrands: (a) => defaultBrands(a),
    brandScope: (a) => brandScope(a),
    shops: (a, q) => shopPage(a, q),
    attributes: (a) => filterAttributes(a),
    attributeValues: (a, q) => filterAttributes(a, [q.name]),
    channels: async (a) => ({ items: await a.dims.platformChannels() }),
    permission: async (a) => grantIds(a),
    search: (a, b) => search(a, b.keyword),
    empty: (a) => isEmpty(a),
  },
};
