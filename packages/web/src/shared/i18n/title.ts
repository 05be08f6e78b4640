import type { MessageKey } from '@marketlens/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentDef } from '../route.js';
import type { WebMessageKey } from './locales.js';

/**
 * A page's title: the matched route's title key (@marketlens/shared's ROUTES, which the router puts in
 * every route's handle), translated, so a page never names its own route. `fallback` is the title of a
 * page shown outside the router (a test rendering the page alone). Apart from shared/route.ts, which is
 * part of the shell: only the pages, each in its own chunk, need this.
 */
export function useRouteTitle(fallback: MessageKey | WebMessageKey): string {
  const { t } = useTranslation();
  const def = useCurrentDef();
  return def ? t(def.titleKey) : t(fallback);
}
