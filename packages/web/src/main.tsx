import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './features/status/StatusPage.js';
import { detectLocale, initI18n } from './shared/i18n/index.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** Ant Design and dayjs follow the selected language. */
function Root() {
  const { i18n, t } = useTranslation();
  const [lang, setLang] = useState(i18n.language);
  useEffect(() => {
    const onChange = (l: string) => setLang(l);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.title = t('app.name');
  }, [lang, t]);
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}
    >
      <AntApp>
        <StatusPage />
      </AntApp>
    </ConfigProvider>
  );
}

await initI18n(detectLocale());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Root />
    </QueryClientProvider>
  </StrictMode>,
);
