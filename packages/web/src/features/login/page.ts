import type { PageDeclarations } from '../../shared/route.js';

/** The sign-in page. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const loginPages: PageDeclarations = { Login: { load: () => import('./LoginPage.js') } };
