import { type Static, Type } from 'typebox';
import {
  CUSTOM_ATTRIBUTE_NAME_MAX,
  CUSTOM_ATTRIBUTE_QUERY_MAX,
  CUSTOM_ATTRIBUTE_VALUE_MAX,
  CUSTOM_ATTRIBUTE_VALUES_MAX,
  CUSTOM_ATTRIBUTES_MAX,
} from '../custom-attributes.js';
import { LocaleField } from './common.js';

/**
 * POST /users/projects/{id}/categories/custom_attributes and …/queries (docs/api.md): a user's custom
 * attributes in a project. Rules of the names and values: custom-attributes.ts.
 */

/** One value: its label and the super query over product titles that selects it. */
export const CustomAttributeRule = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: CUSTOM_ATTRIBUTE_VALUE_MAX }),
    query: Type.String({ minLength: 1, maxLength: CUSTOM_ATTRIBUTE_QUERY_MAX }),
  },
  { additionalProperties: false },
);

/**
 * A nullable integer: `type: [..., 'null']` rather than a union (with coerceTypes ajv turns null into
 * 0 in a union's number branch: "every category" would become category 0).
 */
const NullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0 });

/** An attribute as sent: `id` of one of the user's attributes to update it, none to add one. */
export const CustomAttributeInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The category it is meant for; null = every category. */
    category_id: NullableId,
    name: Type.String({ minLength: 1, maxLength: CUSTOM_ATTRIBUTE_NAME_MAX }),
    name_en: Type.String({ maxLength: CUSTOM_ATTRIBUTE_NAME_MAX }),
    rules: Type.Array(CustomAttributeRule, { minItems: 1, maxItems: CUSTOM_ATTRIBUTE_VALUES_MAX }),
  },
  { additionalProperties: false },
);

export const CustomAttribute = Type.Object({
  id: Type.Integer(),
  category_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  name_en: Type.String(),
  rules: Type.Array(Type.Object({ value: Type.String(), query: Type.String() })),
  /** The user's own (false: a project-wide attribute, read-only to the user). */
  editable: Type.Boolean(),
});
export type CustomAttribute = Static<typeof CustomAttribute>;

export const CustomAttributesData = Type.Object({ items: Type.Array(CustomAttribute) });
export type CustomAttributesData = Static<typeof CustomAttributesData>;

export const CustomAttributesSaveBody = Type.Object(
  { ...LocaleField, items: Type.Array(CustomAttributeInput, { maxItems: CUSTOM_ATTRIBUTES_MAX }) },
  { additionalProperties: false },
);
export type CustomAttributesSaveBody = Static<typeof CustomAttributesSaveBody>;

export const CustomAttributesQueryBody = Type.Object(
  { ...LocaleField, category_id: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
);
