import type { Kysely, Selectable } from 'kysely';
import { type JsonObject, parseJson, toJson } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { CollectionsTable, MetadataDatabase } from '../schema.js';

/** One item of a user's favourites folder (docs/product.md §3): what was collected and when. */
export interface Collection {
  id: number;
  userId: number;
  /** The project it was collected in, or null for items that belong to no project. */
  projectId: number | null;
  kind: string;
  ref: string;
  title: string;
  payload: JsonObject;
  /** The collection time. */
  createdAt: string;
}

export interface NewCollection {
  userId: number;
  projectId?: number | null;
  kind: string;
  ref?: string;
  title?: string;
  payload?: JsonObject;
}

function toCollection(row: Selectable<CollectionsTable>): Collection {
  return {
    id: Number(row.id),
    userId: row.user_id,
    projectId: row.project_id,
    kind: row.kind,
    ref: row.ref,
    title: row.title,
    payload: parseJson<JsonObject>(row.payload, {}),
    createdAt: row.created_at,
  };
}

/** The favourites folder. Every read and delete is scoped to one user: nobody sees another's items. */
export class CollectionsRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  async add(input: NewCollection): Promise<Collection> {
    const row = await this.db
      .insertInto('collections')
      .values({
        user_id: input.userId,
        project_id: input.projectId ?? null,
        kind: input.kind,
        ref: input.ref ?? '',
        title: input.title ?? '',
        payload: toJson(input.payload ?? {}),
        created_at: this.ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCollection(row);
  }

  /** A user's items, newest first; optionally only those of one project. */
  async listForUser(userId: number, projectId?: number): Promise<Collection[]> {
    let q = this.db.selectFrom('collections').selectAll().where('user_id', '=', userId);
    if (projectId !== undefined) q = q.where('project_id', '=', projectId);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toCollection);
  }

  /** The item when it is the user's; another user's item is as absent as a missing one. */
  async getForUser(userId: number, id: number): Promise<Collection | undefined> {
    const row = await this.db
      .selectFrom('collections')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toCollection(row);
  }

  /** Deletes the user's own item; false when there is none with that id for this user. */
  async removeForUser(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('collections')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

/** A followed brand of a project (docs/product.md §3 favourite brands) and when it was followed. */
export interface FavoriteBrand {
  projectId: number;
  userId: number;
  brandId: number;
  createdAt: string;
}

/** Favourite (followed) brands per user and project; a brand is followed or not (docs/product.md §4). */
export class FavoriteBrandsRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /** Newest first. */
  async list(projectId: number, userId: number): Promise<FavoriteBrand[]> {
    const rows = await this.db
      .selectFrom('favorite_brands')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('brand_id')
      .execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      userId: r.user_id,
      brandId: Number(r.brand_id),
      createdAt: r.created_at,
    }));
  }

  /** Just the ids (the analytics filter isFollowConcernedBrands). */
  async ids(projectId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favorite_brands')
      .select('brand_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('brand_id')
      .execute();
    return rows.map((r) => Number(r.brand_id));
  }

  /** Follows the brands; already followed ones keep their original collection time. */
  async add(projectId: number, userId: number, brandIds: readonly number[]): Promise<void> {
    const unique = [...new Set(brandIds)];
    if (unique.length === 0) return;
    const now = this.ctx.now();
    await this.db
      .insertInto('favorite_brands')
      .values(unique.map((b) => ({ project_id: projectId, user_id: userId, brand_id: b, created_at: now })))
      .onConflict((oc) => oc.columns(['project_id', 'user_id', 'brand_id']).doNothing())
      .execute();
  }

  /** Unfollows the brands; the number actually removed. */
  async remove(projectId: number, userId: number, brandIds: readonly number[]): Promise<number> {
    if (brandIds.length === 0) return 0;
    const result = await this.db
      .deleteFrom('favorite_brands')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('brand_id', 'in', [...new Set(brandIds)])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
