import type { PriceCategory } from '@marketlens/shared/contracts';

/**
 * The cart lives in the address (`?c=101,10201`): a reload, Back/Forward and a shared link keep it,
 * and the payment step reads the same cart. Ids are kept sorted and unique.
 */
export const CART_PARAM = 'c';

export function parseCart(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function cartParam(cart: readonly number[]): string {
  return [...new Set(cart)].sort((a, b) => a - b).join(',');
}

/** Adds or removes one id. */
export function toggle(cart: readonly number[], id: number, on: boolean): number[] {
  const next = new Set(cart);
  if (on) next.add(id);
  else next.delete(id);
  return [...next].sort((a, b) => a - b);
}

/** The ids of a cart the catalogue sells (levels 2 and 3); stale or foreign ids drop out. */
export function sellable(cart: readonly number[], categories: readonly PriceCategory[]): number[] {
  const ok = new Set(categories.filter((c) => c.price !== null).map((c) => c.category_id));
  return cart.filter((id) => ok.has(id));
}

export interface PickerNode {
  key: number;
  category: PriceCategory;
  checkable: boolean;
  children: PickerNode[];
}

/**
 * The picker's tree: level 1 groups (not for sale), levels 2 and 3 to tick. With a search, only the
 * categories whose name (either language, any case) contains it, with their ancestors, and every
 * child of a matching second-level category.
 */
export function pickerTree(categories: readonly PriceCategory[], search: string): PickerNode[] {
  const q = search.trim().toLowerCase();
  const children = new Map<number | null, PriceCategory[]>();
  for (const c of categories) children.set(c.parent, [...(children.get(c.parent) ?? []), c]);
  const matches = (c: PriceCategory) =>
    q === '' || c.name.toLowerCase().includes(q) || c.name_en.toLowerCase().includes(q);
  const build = (c: PriceCategory, shown: boolean): PickerNode | null => {
    const self = shown || matches(c);
    const kids = (children.get(c.category_id) ?? [])
      .map((k) => build(k, self))
      .filter((n): n is PickerNode => n !== null);
    if (!self && kids.length === 0) return null;
    return { key: c.category_id, category: c, checkable: c.price !== null, children: kids };
  };
  return (children.get(null) ?? []).map((c) => build(c, false)).filter((n): n is PickerNode => n !== null);
}
