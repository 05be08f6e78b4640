import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { preloadScreens } from './app/router.js';
import { takeTokensFromUrl } from './shared/api/tokens.js';
import { detectLocale, initI18n } from './shared/i18n/index.js';

// Tokens in the address (tk, rtk) are taken and removed before anything else runs (spec §2).
takeTokensFromUrl();
// The language's strings and the screen's chunks download side by side.
const strings = initI18n(detectLocale());
preloadScreens();
await strings;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
