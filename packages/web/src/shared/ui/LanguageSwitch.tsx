import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLocale } from '../i18n/index.js';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../i18n/locales.js';

/**
 * The language switch: every language in view, each named in itself so anyone can find theirs, one
 * click to change. (A dropdown menu would hide the choice and bring antd's Menu to the sign-in page.)
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Segmented<Locale>
      size="small"
      aria-label={t('language.label')}
      data-testid="language-switch"
      value={currentLocale()}
      options={LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> }))}
      onChange={(l) => void setLocale(l)}
    />
  );
}
