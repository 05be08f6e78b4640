/**
 * Wire contract of favourites (docs/product.md §7): the user's favourites folder (/collections) and
 * the brands the user follows in a project (/projects/{project_id}/collections). The endpoint table
 * is `FAVORITE_ENDPOINTS` (admin-endpoints.ts).
 */
import { type Static, Type } from 'typebox';
import { AdminBody, Done, IdParams, IdParamsOf, NoBody } from './accounts.js';

export const Collection = Type.Object({
  id: Type.Integer(),
  project_id: Type.Union([Type.Integer(), Type.Null()]),
  kind: Type.String(),
  ref: Type.String(),
  title: Type.String(),
  payload: Type.Record(Type.String(), Type.Unknown()),
  /** The collection time. */
  created_at: Type.String(),
});
export type Collection = Static<typeof Collection>;

export const CollectionInput = AdminBody({
  kind: Type.String({ minLength: 1, maxLength: 64 }),
  ref: Type.Optional(Type.String({ maxLength: 1024 })),
  title: Type.Optional(Type.String({ maxLength: 255 })),
  /** The project it was collected in (membership needed), or none. */
  project_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type CollectionInput = Static<typeof CollectionInput>;

export const FavoriteBrand = Type.Object({
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  brand_name_en: Type.String(),
  /** The collection time. */
  created_at: Type.String(),
});
export type FavoriteBrand = Static<typeof FavoriteBrand>;

/** Every brand-list call answers with the brands the user now follows in the project. */
const FollowedBrands = Type.Object({ brands: Type.Array(FavoriteBrand) });
export type FollowedBrands = Static<typeof FollowedBrands>;
/** Follow (PUT) and unfollow (DELETE) take the same body. */
const BrandChange = AdminBody({ brands: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 1000 }) });
const ProjectParams = IdParamsOf('project_id');

export const FAVORITE_SCHEMAS = {
  collections: {
    body: AdminBody({ project_id: Type.Optional(Type.Integer({ minimum: 1 })) }),
    data: Type.Object({ items: Type.Array(Collection) }),
  },
  collect: { body: CollectionInput, data: Type.Object({ item: Collection }) },
  removeCollection: { body: NoBody, params: IdParams, data: Done },
  brands: { body: AdminBody({}), params: ProjectParams, data: FollowedBrands },
  follow: { body: BrandChange, params: ProjectParams, data: FollowedBrands },
  unfollow: { body: BrandChange, params: ProjectParams, data: FollowedBrands },
};
