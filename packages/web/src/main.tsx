import { pageByPath } from '@marketlens/shared';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App.js';
import { prefetchScreens, preloadScreens } from './app/router.js';
import { takeTokensFromUrl } from './shared/api/tokens.js';
import { prefetchSession } from './shared/auth/session.js';
import { detectLocale, initI18n } from './shared/i18n/index.js';

// Tokens in the address (tk, rtk) are taken and removed before anything else runs (docs/product.md §2).
takeTokensFromUrl();
// i18next knows the language at once, so the session's requests carry it.
const strings = initI18n(detectLocale());
// The session's requests and the page's first-view calls (with the little code they need) are queued
// first: over HTTP/1.1's six connections the screen's ≈ 100 chunk requests would otherwise be ahead of
// them. The first-view calls go out as soon as the session and the period range are known.
const queryClient = createQueryClient();
const session = prefetchSession(queryClient);
prefetchScreens(queryClient);
preloadScreens();
void session.then(async (projectId) => {
  // An analysis page's panels all need the dataset's period range: ask for it beside the brief.
  if (projectId === undefined || !pageByPath(window.location.pathname)) return;
  const { ensureTableDate } = await import('./shared/analysis/reference.js');
  await ensureTableDate(queryClient, projectId, i18next.language);
});
await strings;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
