/**
 * Custom attributes (docs/web-analysis.md `newAttributes`, docs/api.md `/users/projects/{id}/categories/custom_attributes`):
 * a user's own attribute over product titles, a name in both languages and its values, each value a
 * super query. The filter panel writes keyword attributes: one value per word, its query the quoted
 * word ("anti-ageing" = 抗衰, 抗老, 紧致 → values 抗衰, 抗老, 紧致 with queries "抗衰", "抗老", "紧致").
 * The rules are here so the panel and the server refuse the same attributes with the same words.
 */
import type { MessageKey } from './messages.js';

export const CUSTOM_ATTRIBUTE_NAME_MAX = 64;
/** A value (a word) of a custom attribute. */
export const CUSTOM_ATTRIBUTE_VALUE_MAX = 64;
export const CUSTOM_ATTRIBUTE_QUERY_MAX = 1000;
/** Values of one custom attribute. */
export const CUSTOM_ATTRIBUTE_VALUES_MAX = 50;
/** Custom attributes of one user in one project. */
export const CUSTOM_ATTRIBUTES_MAX = 100;

/** What the rules check of an attribute: its names and its values (the words). */
export interface CustomAttributeNames {
  name: string;
  name_en: string;
  values: readonly string[];
}

export interface CustomAttributeProblem {
  field: 'name' | 'name_en' | 'values';
  key: MessageKey;
  params?: Record<string, number>;
}

/** The super query of one word: the word in half-width quotes (docs/api.md). */
export function wordQuery(word: string): string {
  return `"${word}"`;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The first problem of `item` among the user's `others` (the attributes it is saved with), or null:
 * a name is required and at most 64 characters; neither name may be another attribute's (docs/api.md
 * "name already exists", case and outer spaces ignored); at least one value, at most 50, each
 * non-empty and at most 64 characters, and no value twice (docs/api.md "This keyword already exists!").
 */
export function validateCustomAttribute(
  item: CustomAttributeNames,
  others: readonly CustomAttributeNames[],
): CustomAttributeProblem | null {
  const max = CUSTOM_ATTRIBUTE_NAME_MAX;
  if (!item.name.trim()) return { field: 'name', key: 'customAttribute.nameRequired' };
  if (item.name.trim().length > max) return { field: 'name', key: 'customAttribute.tooLong', params: { max } };
  if (item.name_en.trim().length > max) return { field: 'name_en', key: 'customAttribute.tooLong', params: { max } };
  if (others.some((o) => sameName(o.name, item.name))) return { field: 'name', key: 'server.nameExists' };
  if (item.name_en.trim() && others.some((o) => o.name_en.trim() && sameName(o.name_en, item.name_en)))
    return { field: 'name_en', key: 'server.nameExists' };
  return validateCustomAttributeValues(item.values);
}

/** The first problem of an attribute's values (the words), or null: the value rules of {@link validateCustomAttribute}. */
export function validateCustomAttributeValues(values: readonly string[]): CustomAttributeProblem | null {
  if (values.length === 0) return { field: 'values', key: 'customAttribute.valuesRequired' };
  if (values.length > CUSTOM_ATTRIBUTE_VALUES_MAX)
    return { field: 'values', key: 'customAttribute.tooManyValues', params: { max: CUSTOM_ATTRIBUTE_VALUES_MAX } };
  const seen = new Set<string>();
  for (const value of values) {
    const v = value.trim();
    if (!v) return { field: 'values', key: 'validation.keyword.required' };
    if (v.length > CUSTOM_ATTRIBUTE_VALUE_MAX)
      return { field: 'values', key: 'customAttribute.tooLong', params: { max: CUSTOM_ATTRIBUTE_VALUE_MAX } };
    if (seen.has(v)) return { field: 'values', key: 'validation.keyword.duplicate' };
    seen.add(v);
  }
  return null;
}

/**
 * Problems of a whole list as saved (each attribute against those before it), in list order:
 * what the server refuses, and what the panel shows beside the attribute it belongs to.
 */
export function validateCustomAttributes(
  items: readonly CustomAttributeNames[],
): { index: number; problem: CustomAttributeProblem } | null {
  for (let i = 0; i < items.length; i++) {
    const problem = validateCustomAttribute(items[i]!, items.slice(0, i));
    if (problem) return { index: i, problem };
  }
  return null;
}
