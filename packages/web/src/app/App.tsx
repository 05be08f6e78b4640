import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES builds: 'antd/locale/*' resolves to the CommonJS files, which cannot be tree-shaken.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { isApiError } from '../shared/api/request.js';
import { startTokenPoll } from '../shared/auth/poll.js';
import { SessionProvider } from '../shared/auth/session.js';
import { FeedbackProvider } from '../shared/ui/feedback.js';
import { APP_THEME } from '../shared/ui/theme.js';
import { createAppRouter } from './router.js';
// antd's component styles as a static file (theme.ts `zeroRuntime`): the browser caches it, and no
// style is generated in the page at first render. The theme's colours reach it as CSS variables.
import 'antd/dist/antd.css';
import './app.css';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Retrying a refused call only repeats the refusal; network blips get one more try.
        retry: (count, err) => count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Weeks are ISO weeks in both languages: the labels (2024-W14, periodLabel) count Monday weeks whose
 * year is their Thursday's, so the English picker must highlight the same Monday…Sunday weeks. antd's
 * pickers read the locale registry by name ('en'), hence the registered locale itself is adjusted.
 */
Object.assign(dayjs.Ls.en ?? {}, { weekStart: 1, yearStart: 4 });

/** dayjs follows the language; the zh-cn locale starts weeks on Monday (docs/product.md §4). */
function applyDayjsLocale(lang: string) {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
}

/** `queryClient`: one the caller has already started requests with (main.tsx); otherwise a new one. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  const [queryClient] = useState(() => given ?? createQueryClient());
  // The router's loaders start a page's first-view calls with this client (in-app navigation).
  const [router] = useState(() => createAppRouter(queryClient));
  const [lang, setLang] = useState(i18n.language);
  applyDayjsLocale(lang);
  useEffect(() => {
    const onChange = (l: string) => {
      applyDayjsLocale(l);
      setLang(l);
      // Names and messages from the server follow the request locale: fetch them again.
      void queryClient.invalidateQueries();
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n, queryClient]);
  useEffect(() => startTokenPoll(), []);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={APP_THEME}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
