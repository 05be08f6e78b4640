import { pageByPath } from '@marketlens/shared';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App.js';
import { preloadScreens } from './app/router.js';
import { takeTokensFromUrl } from './shared/api/tokens.js';
import { prefetchSession } from './shared/auth/session.js';
import { detectLocale, initI18n } from './shared/i18n/index.js';

// Tokens in the address (tk, rtk) are taken and removed before anything else runs (spec §2).
takeTokensFromUrl();
// The language's strings, the screen's chunks and the session's requests go out side by side (i18next
// knows the language at once, so the requests carry it).
const strings = initI18n(detectLocale());
preloadScreens();
const queryClient = createQueryClient();
void prefetchSession(queryClient).then(async (projectId) => {
  // An analysis page's panels all need the dataset's period range: ask for it beside the brief.
  if (projectId === undefined || !pageByPath(window.location.pathname)) return;
  const { prefetchTableDate } = await import('./shared/analysis/reference.js');
  await prefetchTableDate(queryClient, projectId, i18next.language);
});
await strings;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
