import { CONTRAST_ENDPOINTS, CONTRAST_SCHEMAS } from '@marketlens/shared/contracts';
import { contrast, favoriteBrands } from '../../../analytics/pages/contrast.js';
import { sendContrast } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Brand Comparison (/contrast) and Favourite Brands (/favorite-brand), docs/pages/contrast.md: a
 * slot's access (brand or category not granted, brand not found) is part of the comparison's answer,
 * so one refused slot does not hide the others.
 */
export const contrastArea: Area<typeof CONTRAST_SCHEMAS> = {
  tag: 'contrast',
  endpoints: CONTRAST_ENDPOINTS,
  schemas: CONTRAST_SCHEMAS,
  summaries: {
    compare: 'Brand Comparison: compare up to four brands on their categories',
    download: 'Brand Comparison: download the comparison (.xlsx)',
    favorites: 'Favourite Brands: the followed brands with their movements',
  },
  handlers: {
    compare: (a, b) => contrast(a, b.slots, b.level ?? 1),
    download: async (a, b, reply) => sendContrast(reply, a, await contrast(a, b.slots, b.level ?? 1)),
    favorites: (a) => favoriteBrands(a),
  },
};
