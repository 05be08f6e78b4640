import type { PageDeclarations } from '../../shared/route.js';

/** The account administration. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const accountsPages: PageDeclarations = {
  Accounts: {},
  AccountList: { load: () => import('./AccountListPage.js') },
  AccountCreate: { load: () => import('./AccountCreatePage.js') },
  AccountEdit: { load: () => import('./AccountEditPage.js') },
  AccountBatchCreate: { load: () => import('./AccountBatchPage.js') },
  AccountBatchUpdate: { load: () => import('./AccountBatchPage.js') },
};
