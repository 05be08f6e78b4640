import type { Level1 } from './dsl.js';
import { APPLIANCES, FOOD, PETS } from './tree-home.js';
import { APPAREL, HOME, SPORTS } from './tree-lifestyle.js';
import { BEAUTY, MOTHER_BABY, PERSONAL_CARE } from './tree-personal.js';

export { ATTRIBUTES, type AttrCode } from './attributes.js';
export type { Concept, Leaf, Level1, Level2, Pair, Spec, VocabGroup } from './dsl.js';

/** The full three-level category tree (level-1 ids 1–9, level-2 = L1·100+n, level-3 = L2·100+n). */
export const CATEGORY_TREE: readonly Level1[] = [
  BEAUTY,
  PERSONAL_CARE,
  MOTHER_BABY,
  FOOD,
  APPLIANCES,
  PETS,
  SPORTS,
  APPAREL,
  HOME,
];
