import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Picks the name in the page language (English falls back to Chinese when a name has no translation). */
export function useLocalName() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return useCallback((zh: string, enName: string | null | undefined) => (en && enName ? enName : zh), [en]);
}
