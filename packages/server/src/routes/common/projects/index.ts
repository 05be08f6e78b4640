import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthServices } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { projectAttributeRoutes } from './attributes.js';
import { projectBandRoutes } from './bands.js';
import { projectCategoryRoutes } from './categories.js';
import { customAttributeRoutes } from './custom-attributes.js';
import { projectMemberRoutes } from './members.js';
import { projectCoreRoutes } from './projects.js';
import { projectKit } from './shared.js';

/** /api/common projects (docs/api.md): projects, members, categories, bands, attributes, custom attributes. */
export function projectRoutes(ctx: AppContext, services: AuthServices): FastifyPluginAsyncTypebox {
  const kit = projectKit(ctx, services);
  return async (app) => {
    await app.register(projectCoreRoutes(kit));
    await app.register(projectMemberRoutes(kit));
    await app.register(projectCategoryRoutes(kit));
    await app.register(projectBandRoutes(kit));
    await app.register(projectAttributeRoutes(kit));
    await app.register(customAttributeRoutes(kit));
  };
}
