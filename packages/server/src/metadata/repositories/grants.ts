import type { Kysely } from 'kysely';
import { inTransaction, type RepoContext } from '../db.js';
import { remembered } from '../remember.js';
import { GRANT_KINDS, type GrantKind, type MetadataDatabase } from '../schema.js';

/** A user's data grants in one project. Deny by default: an empty list grants nothing. */
export type GrantSet = Record<GrantKind, string[]>;

/**
 * Rows per INSERT: 4 bound values each, far below SQLite's 32766 and PG's 65535 parameter limits,
 * so a grant list of any size fits.
 */
const CHUNK = 500;

/** Sorted in JS: PG's ORDER BY follows the database collation, SQLite's does not. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function emptySet(): GrantSet {
  return { category: [], brand: [], shop: [] };
}

export class GrantsRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /**
   * Replaces the user's grants of one kind in one project, atomically: if any insert fails, the
   * previous grants stay. Values are de-duplicated. Returns the stored values, sorted.
   */
  async replace(projectId: number, userId: number, kind: GrantKind, values: readonly string[]): Promise<string[]> {
    const result = await this.replaceMany(projectId, userId, { [kind]: values });
    return result[kind];
  }

  /** Like replace, for several kinds in one transaction; kinds not given are left alone. */
  async replaceMany(
    projectId: number,
    userId: number,
    grants: Partial<Record<GrantKind, readonly string[]>>,
  ): Promise<GrantSet> {
    await inTransaction(this.db, async (trx) => {
      for (const kind of GRANT_KINDS) {
        const values = grants[kind];
        if (values === undefined) continue;
        await trx
          .deleteFrom('grants')
          .where('project_id', '=', projectId)
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .execute();
        const unique = [...new Set(values)];
        for (let i = 0; i < unique.length; i += CHUNK) {
          await trx
            .insertInto('grants')
            .values(
              unique.slice(i, i + CHUNK).map((value) => ({ project_id: projectId, user_id: userId, kind, value })),
            )
            .execute();
        }
      }
    });
    return this.list(projectId, userId);
  }

  /** All of a user's grants in a project, grouped by kind, each sorted. */
  /** Remembered while the store is unchanged: every member's analysis request reads it (metadata/remember.ts). */
  async list(projectId: number, userId: number): Promise<GrantSet> {
    const rows = await remembered(this.ctx.remember, `grants:${projectId}:${userId}`, () =>
      this.db
        .selectFrom('grants')
        .select(['kind', 'value'])
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute(),
    );
    const set = emptySet();
    for (const row of rows) set[row.kind]?.push(row.value);
    for (const kind of GRANT_KINDS) set[kind].sort(byCodeUnit);
    return set;
  }

  /** One kind of a user's grants in a project, sorted. */
  async listValues(projectId: number, userId: number, kind: GrantKind): Promise<string[]> {
    const rows = await this.db
      .selectFrom('grants')
      .select('value')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
    return rows.map((r) => r.value).sort(byCodeUnit);
  }

  /** Every grant of one kind in a project, per user id (for the project's user-management screen). */
  async listForProject(projectId: number, kind: GrantKind): Promise<Map<number, string[]>> {
    const rows = await this.db
      .selectFrom('grants')
      .select(['user_id', 'value'])
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .orderBy('user_id')
      .execute();
    const out = new Map<number, string[]>();
    for (const row of rows) {
      const list = out.get(row.user_id);
      if (list) list.push(row.value);
      else out.set(row.user_id, [row.value]);
    }
    for (const list of out.values()) list.sort(byCodeUnit);
    return out;
  }
}
