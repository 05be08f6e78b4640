import { FAVORITE_SCHEMAS } from '@marketlens/shared/contracts';
import { FAVORITE_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { type BrandName, brandNames, hasDataset } from '../../analytics/engine/dimensions.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Collection, FavoriteBrand } from '../../metadata/index.js';
import { authorizeProject, resolveDataGrant } from '../../permissions/index.js';
import { registerRoutes } from '../register.js';

/**
 * Favourites (docs/product.md §7): the user's favourites folder (/collections) and the favourite brands of a
 * project (/projects/{project_id}/collections). Handlers stay thin: ownership is enforced by the
 * repositories (every read and delete is keyed by the signed-in user), project membership by the
 * permissions module, brand ids by the project's dataset.
 */

const collectionView = (c: Collection) => ({
  id: c.id,
  project_id: c.projectId,
  kind: c.kind,
  ref: c.ref,
  title: c.title,
  payload: c.payload,
  created_at: c.createdAt,
});

/** /api/common favourites routes. */
export function favoriteRoutes(ctx: AppContext): FastifyPluginAsync {
  const { metadata, warehouse } = ctx;

  /** Names of the given brands in a dataset; unknown ids (or dataset) are absent. */
  const namesOf = (dataset: string, ids: readonly number[]) =>
    hasDataset(warehouse, dataset)
      ? brandNames(warehouse, dataset, ids)
      : Promise.resolve(new Map<number, BrandName>());

  async function brandViews(dataset: string, brands: FavoriteBrand[]) {
    const names = await namesOf(
      dataset,
      brands.map((b) => b.brandId),
    );
    return brands.map((b) => ({
      brand_id: b.brandId,
      brand_name: names.get(b.brandId)?.name_zh ?? '',
      brand_name_en: names.get(b.brandId)?.name_en ?? '',
      created_at: b.createdAt,
    }));
  }

  /** Every brand-list call answers with the brands the user now follows in the project. */
  const followed = async (project: { id: number; dataset: string }, userId: number) => ({
    brands: await brandViews(project.dataset, await metadata.favoriteBrands.list(project.id, userId)),
  });

  return async (app) => {
    registerRoutes(app, {
      tag: 'favorites',
      endpoints: FAVORITE_ENDPOINTS,
      schemas: FAVORITE_SCHEMAS,
      summaries: {
        collections: "The user's saved collections",
        collect: 'Save a collection',
        removeCollection: 'Delete a collection',
        brands: 'Brands the user follows in a project',
        follow: 'Follow brands in a project',
        unfollow: 'Unfollow brands in a project',
      },
      emptyBody: ['removeCollection', 'follow', 'unfollow'],
      handlers: {
        collections: async (req) => {
          const items = await metadata.collections.listForUser(req.user!.id, req.query.project_id);
          return { items: items.map(collectionView) };
        },
        collect: async (req) => {
          const user = req.user!;
          const b = req.body;
          const projectId = b.project_id ?? null;
          // An item collected in a project needs membership of it (deny by default).
          if (projectId !== null) await authorizeProject(metadata, user, projectId, 'member');
          if (b.payload !== undefined && JSON.stringify(b.payload).length > 16_384) {
            throw badRequest('server.invalidArgumentDetail', { field: 'payload' });
          }
          const item = await metadata.collections.add({
            userId: user.id,
            projectId,
            kind: b.kind,
            ref: b.ref ?? '',
            title: b.title ?? '',
            payload: (b.payload ?? {}) as Collection['payload'],
          });
          return { item: collectionView(item) };
        },
        removeCollection: async (req) => {
          // Another user's item is reported exactly like a missing one.
          if (!(await metadata.collections.removeForUser(req.user!.id, Number(req.params.id)))) {
            throw notFound('collections.notFound');
          }
          return { message: 'ok' };
        },
        brands: async (req) => followed(req.scope!.project, req.user!.id),
        follow: async (req) => {
          const project = req.scope!.project;
          const ids = [...new Set(req.body.brands)];
          // A project that limits brands lets a user follow only the brands granted to them.
          const grant = await resolveDataGrant(metadata, req.user!, project);
          if (grant.brands !== null) {
            const granted = new Set(grant.brands.map(Number));
            const denied = ids.filter((id) => !granted.has(id));
            if (denied.length > 0) throw new AppError(403, 403, 'brand.noAccessIds', { ids: denied.join(', ') });
          }
          const known = await namesOf(project.dataset, ids);
          const unknown = ids.filter((id) => !known.has(id));
          if (unknown.length > 0) throw badRequest('collections.brandNotInDataset', { ids: unknown.join(', ') });
          await metadata.favoriteBrands.add(project.id, req.user!.id, ids);
          return followed(project, req.user!.id);
        },
        unfollow: async (req) => {
          const project = req.scope!.project;
          await metadata.favoriteBrands.remove(project.id, req.user!.id, req.body.brands);
          return followed(project, req.user!.id);
        },
      },
    });
  };
}
