import { POTENTIAL_ENDPOINTS, POTENTIAL_SCHEMAS } from '@marketlens/shared/contracts';
import { checkLimits, potentialBrands, potentialFilter } from '../../../analytics/pages/potential.js';
import { sendPotential } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Potential Brand (/potential, docs/product.md §3 "Potential config", §5, §9; docs/pages/potential.md): the
 * search's periods and categories are checked as the filter of docs/product.md §3 (`filters`), its limits by the
 * page module; the download lists the same rows as the answer.
 */
export const potentialArea: Area<typeof POTENTIAL_SCHEMAS> = {
  tag: 'potential',
  endpoints: POTENTIAL_ENDPOINTS,
  schemas: POTENTIAL_SCHEMAS,
  summaries: {
    brands: 'Potential Brand: search rising brands in growing categories',
    brandsDownload: 'Potential Brand: download the search results (.xlsx)',
  },
  handlers: {
    brands: (a, b) => potentialBrands(a, b),
    brandsDownload: async (a, b, reply) => sendPotential(reply, a, checkLimits(a, b), await potentialBrands(a, b)),
  },
  filters: { brands: potentialFilter, brandsDownload: potentialFilter },
};
