import { DATA_ENDPOINTS, DATA_SCHEMAS } from '@marketlens/shared/contracts';
import { platformChannels } from '../../../analytics/engine/dimensions.js';
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
 * Reference data of a project (spec §7 "Data"): what the filter panels and the grant pickers of
 * project administration read. Access is project membership (the table marks it `member`); the
 * logic is in analytics/pages/reference.ts and always within the user's grant.
 */
export const referenceArea: Area<typeof DATA_SCHEMAS> = {
  tag: 'data',
  endpoints: DATA_ENDPOINTS,
  schemas: DATA_SCHEMAS,
  // Spec §5: no data scope, no categories (not an error).
  unscoped: { categories: { items: [] } },
  handlers: {
    tableDate: async (a) => ({ farthest_date: a.scope.fullRange.start, latest_date: a.scope.fullRange.end }),
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
    channels: async (a) => ({ items: await platformChannels(a.warehouse, a.scope.project.dataset) }),
    permission: async (a) => grantIds(a),
    search: (a, b) => search(a, b.keyword),
    empty: (a) => isEmpty(a),
  },
};
