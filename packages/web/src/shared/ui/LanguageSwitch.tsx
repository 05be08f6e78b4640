import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLocale } from '../i18n/index.js';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../i18n/locales.js';
import { ICONS } from './icons.js';

/** Language menu; each language is named in itself so anyone can find theirs. */
export function LanguageSwitch({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => void setLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<ICONS.GlobalOutlined />}
        aria-label={t('language.label')}
        data-testid="language-switch"
        style={light ? { color: '#fff' } : undefined}
      >
        {LANGUAGE_NAMES[locale]}
      </Button>
    </Dropdown>
  );
}
