import { PROJECT_SCHEMAS } from '@marketlens/shared/contracts';
import { PROJECT_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import type { DatasetCatalogs } from '../../../analytics/engine/catalog.js';
import type { AuthServices } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { registerRoutes } from '../../register.js';
import { projectAttributeHandlers } from './attributes.js';
import { projectBandHandlers } from './bands.js';
import { projectCategoryHandlers } from './categories.js';
import { customAttributeHandlers } from './custom-attributes.js';
import { registerProjectEventRoutes } from './events.js';
import { projectMemberHandlers } from './members.js';
import { registerChartNoteRoutes } from './notes.js';
import { projectCoreHandlers } from './projects.js';
import { projectKit } from './shared.js';
import { registerSavedViewRoutes } from './views.js';

/**
 * /api/common projects (docs/api.md): projects, members, categories, bands, attributes, custom
 * attributes — `PROJECT_ENDPOINTS`, with the handlers of each part from its module — and the
 * events calendar. `catalogs` are the analytics engine's category trees (one cache per app).
 */
export function projectRoutes(ctx: AppContext, services: AuthServices, catalogs: DatasetCatalogs): FastifyPluginAsync {
  const kit = projectKit(ctx, services);
  return async (app) => {
    registerRoutes(app, {
      tag: 'projects',
      endpoints: PROJECT_ENDPOINTS,
      schemas: PROJECT_SCHEMAS,
      // Every project endpoint takes an absent body as an empty one (a DELETE or an action without input).
      emptyBody: true,
      summaries: {
        list: 'Projects, one page',
        create: 'Create a project',
        check: 'Whether a project name is taken',
        get: 'One project',
        brief: "A project's settings for the analysis pages",
        update: 'Update a project',
        remove: 'Delete a project (root only)',
        ties: 'What goes with the project when it is deleted, counted',
        setStatus: 'Set the status of a project',
        pages: 'Pages the user may open in the project',
        discountPrice: 'Turn discount prices on or off for the user',
        tables: 'Datasets in the warehouse',
        currencies: 'Currencies a project may show',
        platformChannels: 'Platforms and channels of a dataset',
        members: "The project's members",
        addMember: 'Add members to the project',
        updateMember: "Update a member's role, pages and grant",
        removeMember: 'Remove a member from the project',
        categories: "The project's categories the user may see",
        datasetCategories: "The category tree of the project's dataset, with each node's status in the project",
        addCategories: 'Add categories to the project',
        checkCategories: 'Check categories before adding them',
        uploadCategories: 'Check or add categories from an uploaded .xlsx or CSV file',
        replaceCategory: 'Replace a category of the project by another',
        removeCategory: 'Remove a category from the project',
        categoryStatus: 'Set the status of categories',
        bands: 'Price bands of categories',
        setBands: 'Set the price bands of a category',
        calculateBands: 'Propose price bands of a category from its prices',
        attributes: 'Attributes the project offers',
        setAttributes: 'Set the attributes the project offers',
        removeAttributes: 'Remove attributes from the project',
        saveAttributeDraft: 'Save a draft attribute configuration',
        checkAttributeDraft: 'Check the draft attribute configuration',
        cancelAttributeDraft: 'Discard the draft attribute configuration',
        filterAttributes: 'Attributes of the project for the filter panel',
        customAttributes: "The user's custom attributes (keyword rules), optionally of one category",
        saveCustomAttributes: "Replace the user's custom attributes (an item with an id updates that one)",
      },
      handlers: {
        ...projectCoreHandlers(kit),
        ...projectMemberHandlers(kit),
        ...projectCategoryHandlers(kit),
        ...projectBandHandlers(kit),
        ...projectAttributeHandlers(kit),
        ...customAttributeHandlers(kit),
      },
    });
    registerProjectEventRoutes(app, kit, catalogs);
    registerChartNoteRoutes(app, kit, catalogs);
    registerSavedViewRoutes(app, kit);
  };
}
