import type { MessageKey } from '@marketlens/shared';
import type { WebMessageKey } from './locales.js';

// Typed keys: t('no.such.key') is a compile error, so a key missing from the dictionaries cannot ship.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Record<MessageKey | WebMessageKey, string> };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}
