/**
 * THE list of the web app's pages: one entry per feature, each the feature's own declaration
 * (features/<feature>/page.ts: its routes' lazy screens and first-view calls, by route name). The
 * router's screens (screens.ts) are derived from here. Beside each declaration, and found by name rather
 * than listed: the feature's menuIcons.ts (layout/menu.tsx, so no icon reaches the shell) and its
 * messages.ts (typed into the keys through WebAreas, shared/i18n/area.ts; merged for the checks by
 * catalogue.ts). Adding a page is adding its declaration here (docs/adding-a-page.md); paths, auth lists
 * and page ids are @marketlens/shared's ROUTES.
 */
import { accountsPages } from '../features/accounts/page.js';
import { auditPages } from '../features/audit/page.js';
import { brandPages } from '../features/brand/page.js';
import { contrastPages } from '../features/contrast/page.js';
import { discoverPages } from '../features/discover/page.js';
import { explorePages } from '../features/explore/page.js';
import { favoriteBrandPages } from '../features/favorite-brand/page.js';
import { forbiddenPages } from '../features/forbidden/page.js';
import { hotPages } from '../features/hot/page.js';
import { iconsPages } from '../features/icons/page.js';
import { loginPages } from '../features/login/page.js';
import { noProjectPages } from '../features/no-project/page.js';
import { personalCenterPages } from '../features/personal-center/page.js';
import { potentialPages } from '../features/potential/page.js';
import { pricePages } from '../features/price/page.js';
import { productAnalysisPages } from '../features/product-analysis/page.js';
import { projectsPages } from '../features/projects/page.js';
import { shopPages } from '../features/shop/page.js';
import type { PageDeclarations } from '../shared/route.js';

export const PAGES: readonly PageDeclarations[] = [
  loginPages,
  pricePages,
  // The signed-in frame's root: its children are the pages below; the layout itself is router.tsx's.
  { Index: {} },
  hotPages,
  explorePages,
  potentialPages,
  discoverPages,
  brandPages,
  productAnalysisPages,
  contrastPages,
  favoriteBrandPages,
  shopPages,
  personalCenterPages,
  noProjectPages,
  projectsPages,
  accountsPages,
  auditPages,
  iconsPages,
  forbiddenPages,
];
