/**
 * The four comparison slots of /contrast (docs/product.md §1: blue, purple, teal, pink; an empty or switched-off
 * slot is gray) and their URL form. Pure: no React, tested in node.
 */
import { MAX_CONTRAST_BRANDS } from '@marketlens/shared';
import { CHART_GRAY } from '../../shared/analysis/chartTheme.js';
import type { PanelParam } from '../../shared/analysis/panelParams.js';
import { PRIMARY } from '../../shared/ui/theme.js';

/** One slot: its brand (null = empty), its own categories ([] = the filter's), switched on or off. */
export interface Slot {
  brand: number | null;
  categories: number[];
  on: boolean;
}

/** docs/product.md §1's slot colours, in slot order. */
export const SLOT_COLORS = ['#1677ff', '#722ed1', '#13c2c2', '#eb2f96'] as const;
/** The same hues for a slot's brand name as text: darkened where needed for 4.5:1 on white (docs/web.md). */
export const SLOT_TEXT_COLORS = [PRIMARY, '#722ed1', '#006d75', '#c41d7f'] as const;
export const SLOT_GRAY = CHART_GRAY;

export const EMPTY_SLOT: Slot = { brand: null, categories: [], on: true };
export const EMPTY_SLOTS: readonly Slot[] = Array.from({ length: MAX_CONTRAST_BRANDS }, () => EMPTY_SLOT);

/** A slot compares (and has its colour) when it has a brand and is switched on. */
export const isActive = (s: Slot) => s.brand !== null && s.on;
export const slotColor = (s: Slot, i: number): string => (isActive(s) ? SLOT_COLORS[i]! : SLOT_GRAY);

/**
 * One slot in the URL: '' (empty), or the brand id, then '-' and each category, with a leading 'x'
 * when switched off: `12-1-4` (brand 12 on categories 1 and 4), `x34` (brand 34, off).
 */
export function encodeSlot(s: Slot): string {
  if (s.brand === null) return '';
  return `${s.on ? '' : 'x'}${[s.brand, ...s.categories].join('-')}`;
}

export function decodeSlot(raw: string): Slot | undefined {
  if (raw === '') return EMPTY_SLOT;
  const m = /^(x?)(\d{1,12}(?:-\d{1,12}){0,50})$/.exec(raw);
  if (!m) return undefined;
  const [brand, ...categories] = m[2]!.split('-').map(Number);
  return { brand: brand!, categories: [...new Set(categories)], on: m[1] === '' };
}

/** The four slots as one URL param, slots joined by '_' (`sl=12-1_34-4__x56`); absent = all empty. */
export const slotsParam = (name: string): PanelParam<readonly Slot[]> => ({
  name,
  fallback: EMPTY_SLOTS,
  parse: (raw) => {
    const parts = raw.split('_');
    if (parts.length > MAX_CONTRAST_BRANDS) return undefined;
    const slots = parts.map(decodeSlot);
    if (slots.some((s) => s === undefined)) return undefined;
    return [...(slots as Slot[]), ...EMPTY_SLOTS].slice(0, MAX_CONTRAST_BRANDS);
  },
  format: (slots) => slots.map(encodeSlot).join('_').replace(/_+$/, ''),
  history: 'push',
});

/** The slots a comparison asks about, with their place (0–3) on the page. */
export function activeSlots(slots: readonly Slot[]): { index: number; brand_id: number; categories: number[] }[] {
  return slots.flatMap((s, index) => (isActive(s) ? [{ index, brand_id: s.brand!, categories: s.categories }] : []));
}

/** The slots with one of them changed. */
export function withSlot(slots: readonly Slot[], index: number, change: Partial<Slot>): Slot[] {
  return slots.map((s, i) => (i === index ? { ...s, ...change } : s));
}
