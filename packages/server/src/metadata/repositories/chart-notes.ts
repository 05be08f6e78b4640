import type { Kysely, Selectable } from 'kysely';
import { toCount } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { ChartNotesTable, MetadataDatabase } from '../schema.js';

/** A note on a chart point (docs/product.md "Notes on charts"). */
export interface ChartNote {
  id: number;
  projectId: number;
  entityKind: string;
  entityId: number;
  /** The period's first day, 'YYYY-MM-DD'. */
  date: string;
  text: string;
  createdBy: number | null;
  /** The author's user name when the note was written (kept when the account goes). */
  createdByName: string;
  createdAt: string;
}

export interface ChartNoteFieldsInput {
  entityKind: string;
  entityId: number;
  date: string;
  text: string;
}

function toNote(row: Selectable<ChartNotesTable>): ChartNote {
  return {
    id: Number(row.id),
    projectId: row.project_id,
    entityKind: row.entity_kind,
    entityId: row.entity_id,
    date: row.date,
    text: row.text,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
  };
}

/**
 * The notes of projects. Every read and delete names its project: a note of another project is as
 * absent as a missing one, whatever id is asked for.
 */
export class ChartNotesRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  async create(
    projectId: number,
    fields: ChartNoteFieldsInput,
    author: { id: number; username: string },
  ): Promise<ChartNote> {
    const row = await this.db
      .insertInto('chart_notes')
      .values({
        project_id: projectId,
        entity_kind: fields.entityKind,
        entity_id: fields.entityId,
        date: fields.date,
        text: fields.text,
        created_by: author.id,
        created_by_name: author.username,
        created_at: this.ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNote(row);
  }

  /** The project's notes by date (then id), optionally only those about one entity. */
  async list(projectId: number, entity?: { kind: string; id: number }): Promise<ChartNote[]> {
    let q = this.db.selectFrom('chart_notes').selectAll().where('project_id', '=', projectId);
    if (entity) q = q.where('entity_kind', '=', entity.kind).where('entity_id', '=', entity.id);
    const rows = await q.orderBy('date').orderBy('id').execute();
    return rows.map(toNote);
  }

  async get(projectId: number, id: number): Promise<ChartNote | undefined> {
    const row = await this.db
      .selectFrom('chart_notes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toNote(row);
  }

  async count(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('chart_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chart_notes')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
