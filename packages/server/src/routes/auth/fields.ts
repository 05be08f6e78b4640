import { Type } from 'typebox';
import { LocaleField } from '../../schema.js';

/** docs/product.md §7: auth calls may carry randNum (cache buster) and app_key. */
export const AuthCallFields = {
  ...LocaleField,
  randNum: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
  app_key: Type.Optional(Type.String({ maxLength: 64 })),
};
