import type { PageDeclarations } from '../../shared/route.js';

/** The public price pages and the sales team's enquiries. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const pricePages: PageDeclarations = {
  Price: { load: () => import('./PriceLayout.js') },
  PriceGoods: { load: () => import('./PriceGoodsPage.js') },
  PricePayment: { load: () => import('./PricePaymentPage.js') },
  Enquiries: { load: () => import('./EnquiriesPage.js') },
};
