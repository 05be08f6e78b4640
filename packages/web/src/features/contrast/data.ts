/**
 * Data access of Brand Comparison (docs/pages/contrast.md): one POST /contrast/brands for every
 * compared slot (each on its own categories), and each slot's characters (POST /brands/characters,
 * Brand Detail's, with the slot's categories in place of the filter's).
 */
import type { Contrast, ContrastSlot } from '@marketlens/shared/contracts';
import { BRAND_ENDPOINTS, CONTRAST_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useAnalysisQuery } from '../../shared/analysis/index.js';
import type { MixLevel } from './params.js';
import { activeSlots, type Slot } from './slots.js';

/** The request's slots: the compared ones, in page order. */
export const requestSlots = (slots: readonly Slot[]) =>
  activeSlots(slots).map((s) => ({ brand_id: s.brand_id, categories: s.categories }));

/** The comparison, and each page slot's answer (undefined for an empty or switched-off slot). */
export function useContrast(slots: readonly Slot[], level: MixLevel) {
  const active = activeSlots(slots);
  const q = useAnalysisQuery(
    CONTRAST_ENDPOINTS.compare,
    { slots: active.map((s) => ({ brand_id: s.brand_id, categories: s.categories })), level },
    { enabled: active.length > 0 },
  );
  const answered = q.data as Contrast | undefined;
  // The answer's slots are the asked ones in order; a previous answer kept on screen may differ.
  const bySlot: (ContrastSlot | undefined)[] = slots.map(() => undefined);
  active.forEach((s, k) => {
    const a = answered?.slots[k];
    if (a && a.brand_id === s.brand_id) bySlot[s.index] = a;
  });
  return { query: q, bySlot, active };
}

/** A slot's characters: the filter with the slot's categories (custom SQL then left out). */
export function useSlotCharacters(brandId: number, categories: readonly number[]) {
  return useAnalysisQuery(BRAND_ENDPOINTS.characters, {
    brand_id: brandId,
    ...(categories.length ? { category: { enable: true, value: [...categories] }, sql: undefined } : {}),
  });
}
