import type { Kysely, Selectable } from 'kysely';
import { parseJson, toCount, toJson } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { MetadataDatabase, ProjectEventsTable } from '../schema.js';

/** A project's own event (docs/product.md "Events calendar"). */
export interface ProjectEvent {
  id: number;
  projectId: number;
  code: string | null;
  nameZh: string;
  nameEn: string;
  kind: string;
  /** 'YYYY-MM-DD', both inclusive. */
  startDate: string;
  endDate: string;
  /** Platform codes; empty: every platform. */
  platforms: string[];
  brandId: number | null;
  categoryId: number | null;
  note: string;
  createdBy: number | null;
  /** The author's user name when the event was created (kept when the account goes). */
  createdByName: string;
  createdAt: string;
  updatedAt: string;
}

/** The fields an administrator writes; the rules are checked before (projectEventProblems). */
export interface ProjectEventFieldsInput {
  code: string | null;
  nameZh: string;
  nameEn: string;
  kind: string;
  startDate: string;
  endDate: string;
  platforms: readonly string[];
  brandId: number | null;
  categoryId: number | null;
  note: string;
}

function toEvent(row: Selectable<ProjectEventsTable>): ProjectEvent {
  return {
    id: Number(row.id),
    projectId: row.project_id,
    code: row.code,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    kind: row.kind,
    startDate: row.start_date,
    endDate: row.end_date,
    platforms: parseJson<string[]>(row.platforms, []),
    brandId: row.brand_id,
    categoryId: row.category_id,
    note: row.note,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const columns = (f: ProjectEventFieldsInput) => ({
  code: f.code,
  name_zh: f.nameZh,
  name_en: f.nameEn,
  kind: f.kind,
  start_date: f.startDate,
  end_date: f.endDate,
  platforms: toJson([...f.platforms]),
  brand_id: f.brandId,
  category_id: f.categoryId,
  note: f.note,
});

/**
 * The own events of projects. Every read, change and delete names its project: an event of another
 * project is as absent as a missing one, whatever id is asked for.
 */
export class ProjectEventsRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  async create(
    projectId: number,
    fields: ProjectEventFieldsInput,
    author: { id: number; username: string },
  ): Promise<ProjectEvent> {
    const now = this.ctx.now();
    const row = await this.db
      .insertInto('project_events')
      .values({
        ...columns(fields),
        project_id: projectId,
        created_by: author.id,
        created_by_name: author.username,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvent(row);
  }

  /**
   * The project's events by start date (then id), optionally only those overlapping `from`..`to`
   * (YYYY-MM-DD, inclusive; text order is date order).
   */
  async list(projectId: number, range: { from?: string; to?: string } = {}): Promise<ProjectEvent[]> {
    let q = this.db.selectFrom('project_events').selectAll().where('project_id', '=', projectId);
    if (range.from !== undefined) q = q.where('end_date', '>=', range.from);
    if (range.to !== undefined) q = q.where('start_date', '<=', range.to);
    const rows = await q.orderBy('start_date').orderBy('id').execute();
    return rows.map(toEvent);
  }

  async get(projectId: number, id: number): Promise<ProjectEvent | undefined> {
    const row = await this.db
      .selectFrom('project_events')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toEvent(row);
  }

  async count(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('project_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  /** The event after the change; undefined when the project has no such event. */
  async update(projectId: number, id: number, fields: ProjectEventFieldsInput): Promise<ProjectEvent | undefined> {
    const row = await this.db
      .updateTable('project_events')
      .set({ ...columns(fields), updated_at: this.ctx.now() })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toEvent(row);
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('project_events')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
