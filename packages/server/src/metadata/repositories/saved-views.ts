import type { Kysely, Selectable } from 'kysely';
import { toCount } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { MetadataDatabase, SavedViewsTable } from '../schema.js';

/** A saved view (docs/product.md "Saved views"). */
export interface SavedViewRecord {
  id: number;
  projectId: number;
  ownerId: number;
  /** The owner's user name (joined when read). */
  ownerName: string;
  name: string;
  page: string;
  query: string;
  shared: boolean;
  createdAt: string;
  updatedAt: string;
}

type Row = Selectable<SavedViewsTable> & { owner_name: string | null };

const toView = (r: Row): SavedViewRecord => ({
  id: Number(r.id),
  projectId: r.project_id,
  ownerId: r.owner_id,
  ownerName: r.owner_name ?? '',
  name: r.name,
  page: r.page,
  query: r.query,
  shared: Number(r.shared) === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Saved views of projects. Every read, change and delete names its project: a view of another
 * project is as absent as a missing one, whatever id is asked for.
 */
export class SavedViewsRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  private select() {
    return this.db
      .selectFrom('saved_views')
      .leftJoin('users', 'users.id', 'saved_views.owner_id')
      .selectAll('saved_views')
      .select('users.username as owner_name');
  }

  /** A user's own views and the shared views of others in a project, by name (then id); one page's only when given. */
  async visible(projectId: number, userId: number, page?: string): Promise<SavedViewRecord[]> {
    let q = this.select()
      .where('saved_views.project_id', '=', projectId)
      .where((eb) => eb.or([eb('saved_views.owner_id', '=', userId), eb('saved_views.shared', '=', 1)]));
    if (page !== undefined) q = q.where('saved_views.page', '=', page);
    const rows = await q.orderBy('saved_views.name').orderBy('saved_views.id').execute();
    return rows.map(toView);
  }

  async get(projectId: number, id: number): Promise<SavedViewRecord | undefined> {
    const row = await this.select()
      .where('saved_views.project_id', '=', projectId)
      .where('saved_views.id', '=', id)
      .executeTakeFirst();
    return row && toView(row);
  }

  /** The owner's view of that name in the project, if any (names are unique per owner and project). */
  async byName(projectId: number, ownerId: number, name: string): Promise<SavedViewRecord | undefined> {
    const row = await this.select()
      .where('saved_views.project_id', '=', projectId)
      .where('saved_views.owner_id', '=', ownerId)
      .where('saved_views.name', '=', name)
      .executeTakeFirst();
    return row && toView(row);
  }

  async countOwned(projectId: number, ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  async create(
    projectId: number,
    ownerId: number,
    v: { name: string; page: string; query: string; shared: boolean },
  ): Promise<SavedViewRecord> {
    const now = this.ctx.now();
    const { id } = await this.db
      .insertInto('saved_views')
      .values({
        project_id: projectId,
        owner_id: ownerId,
        name: v.name,
        page: v.page,
        query: v.query,
        shared: v.shared ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.get(projectId, Number(id)))!;
  }

  /** The view after the change; undefined when the project has no such view. */
  async update(
    projectId: number,
    id: number,
    change: { name?: string; shared?: boolean },
  ): Promise<SavedViewRecord | undefined> {
    await this.db
      .updateTable('saved_views')
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.shared !== undefined ? { shared: change.shared ? 1 : 0 } : {}),
        updated_at: this.ctx.now(),
      })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    return this.get(projectId, id);
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('saved_views')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
