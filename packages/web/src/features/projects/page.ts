import type { PageDeclarations } from '../../shared/route.js';

/** The project administration. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const projectsPages: PageDeclarations = {
  Projects: { index: () => import('./ProjectListPage.js') },
  ProjectInfo: { load: () => import('./ProjectInfoPage.js') },
  CategoryManagement: { load: () => import('./CategoryManagementPage.js') },
  AttributeManagement: { load: () => import('./AttributeManagementPage.js') },
  UserManagement: { load: () => import('./UserManagementPage.js') },
  ProjectEvents: { load: () => import('./ProjectEventsPage.js') },
};
