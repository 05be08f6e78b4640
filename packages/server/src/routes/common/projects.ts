import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthServices } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
export function projectRoutes(_ctx: AppContext, _s: AuthServices): FastifyPluginAsyncTypebox {
  return async () => {};
}
