import type { PageDeclarations } from '../../shared/route.js';

/** The audit trail. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const auditPages: PageDeclarations = { Audit: { load: () => import('./AuditPage.js') } };
