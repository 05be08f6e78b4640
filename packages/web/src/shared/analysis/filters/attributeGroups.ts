import type { FilterAttribute } from '@marketlens/shared/contracts';

/**
 * How many of the chosen categories' own attributes the attributes section shows at once: two rows of
 * the grid at 1280 px (docs/web-analysis.md "Attributes"); the rest wait behind "N more attributes".
 */
export const ATTRIBUTES_SHOWN = 8;

export interface AttributeGroups<A> {
  /** Shown at once: the first own attributes, then any other attribute that has chosen values. */
  shown: A[];
  /** Own attributes past the first {@link ATTRIBUTES_SHOWN}, behind the expander. */
  moreOwn: A[];
  /** Attributes with values elsewhere but none in the chosen categories, behind the expander. */
  others: A[];
}

type Grouped = Pick<FilterAttribute, 'name' | 'filter_values' | 'category_ids'>;

/**
 * The attributes section's groups. An attribute is the chosen categories' own when a chosen category
 * (any level) is among its `category_ids` (GET /attributes: the granted categories whose products have a
 * value of it); with no category chosen every attribute with values is. An attribute with no value at
 * all in the grant offers nothing and is left out, unless a link chose values of it. A chosen value is
 * never hidden: its attribute is shown whatever its group. Each group keeps the given order.
 */
export function groupAttributes<A extends Grouped>(
  attributes: readonly A[],
  categories: readonly number[],
  chosen: ReadonlySet<string>,
  limit = ATTRIBUTES_SHOWN,
): AttributeGroups<A> {
  const own = (a: A) =>
    categories.length === 0 ? a.filter_values.length > 0 : a.category_ids.some((id) => categories.includes(id));
  const out: AttributeGroups<A> = { shown: [], moreOwn: [], others: [] };
  const chosenElsewhere: A[] = [];
  for (const a of attributes) {
    if (own(a)) {
      if (out.shown.length < limit || chosen.has(a.name)) out.shown.push(a);
      else out.moreOwn.push(a);
    } else if (chosen.has(a.name)) chosenElsewhere.push(a);
    else if (a.filter_values.length > 0) out.others.push(a);
  }
  out.shown.push(...chosenElsewhere);
  return out;
}
