import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type BrandName, brandNames, hasDataset } from '../../analytics/engine/dimensions.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Collection, FavoriteBrand } from '../../metadata/index.js';
import { authorizeProject, perm, resolveDataGrant } from '../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../schema.js';
import { absentBodyAsEmpty, Done, IdParams } from './views.js';

/**
 * Favourites (spec §7): the user's favourites folder (/collections) and the favourite brands of a
 * project (/projects/{project_id}/collections). Handlers stay thin: ownership is enforced by the
 * repositories (every read and delete is keyed by the signed-in user), project membership by the
 * permissions module, brand ids by the project's dataset.
 */

const Id = Type.String({ pattern: '^[0-9]{1,15}$' });
const ProjectParams = Type.Object({ project_id: Id }, { additionalProperties: false });
const Body = <P extends Parameters<typeof Type.Object>[0]>(props: P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });
const BrandIds = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 1000 });

const CollectionView = Type.Object({
  id: Type.Integer(),
  project_id: Type.Union([Type.Integer(), Type.Null()]),
  kind: Type.String(),
  ref: Type.String(),
  title: Type.String(),
  payload: Type.Record(Type.String(), Type.Unknown()),
  /** The collection time. */
  created_at: Type.String(),
});
const FavoriteBrandView = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  brand_name_en: Type.String(),
  /** The collection time. */
  created_at: Type.String(),
});
const BrandList = Envelope(Type.Object({ brands: Type.Array(FavoriteBrandView) }));

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
export function favoriteRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
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

  return async (app) => {
    app.get(
      '/collections',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['favorites'],
          summary: "The user's saved collections",
          querystring: Query({ project_id: Type.Optional(Type.Integer({ minimum: 1 })) }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(CollectionView) })) },
        },
      },
      async (req) => {
        const items = await metadata.collections.listForUser(req.user!.id, req.query.project_id);
        return ok({ items: items.map(collectionView) });
      },
    );

    app.post(
      '/collections',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['favorites'],
          summary: 'Save a collection',
          body: Body({
            kind: Type.String({ minLength: 1, maxLength: 64 }),
            ref: Type.Optional(Type.String({ maxLength: 1024 })),
            title: Type.Optional(Type.String({ maxLength: 255 })),
            project_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
            payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          }),
          response: { 200: Envelope(Type.Object({ item: CollectionView })) },
        },
      },
      async (req) => {
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
        return ok({ item: collectionView(item) });
      },
    );

    app.delete(
      '/collections/:id',
      {
        config: { permission: perm.signedIn },
        preValidation: absentBodyAsEmpty,
        schema: {
          tags: ['favorites'],
          summary: 'Delete a collection',
          params: IdParams,
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        // Another user's item is reported exactly like a missing one.
        if (!(await metadata.collections.removeForUser(req.user!.id, Number(req.params.id)))) {
          throw notFound('collections.notFound');
        }
        return ok({ message: 'ok' });
      },
    );

    const onProject = { permission: perm.project('member', 'params.project_id') };
    /** Every brand-list call answers with the brands the user now follows in the project. */
    const followed = async (project: { id: number; dataset: string }, userId: number) =>
      ok({ brands: await brandViews(project.dataset, await metadata.favoriteBrands.list(project.id, userId)) });
    /** PUT (follow) and DELETE (unfollow) take the same body and answer the same list. */
    const changeBrands = (summary: string) => ({
      config: onProject,
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['favorites'],
        summary,
        params: ProjectParams,
        body: Body({ brands: BrandIds }),
        response: { 200: BrandList },
      },
    });

    app.get(
      '/projects/:project_id/collections',
      {
        config: onProject,
        schema: {
          tags: ['favorites'],
          summary: 'Brands the user follows in a project',
          params: ProjectParams,
          querystring: Query(),
          response: { 200: BrandList },
        },
      },
      async (req) => {
        const project = req.scope!.project;
        return followed(project, req.user!.id);
      },
    );

    app.put('/projects/:project_id/collections', changeBrands('Follow brands in a project'), async (req) => {
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
    });

    app.delete('/projects/:project_id/collections', changeBrands('Unfollow brands in a project'), async (req) => {
      const project = req.scope!.project;
      await metadata.favoriteBrands.remove(project.id, req.user!.id, req.body.brands);
      return followed(project, req.user!.id);
    });
  };
}
