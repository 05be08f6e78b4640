import type { Kysely } from 'kysely';
import { fromBool, type JsonObject, parseJson, toBool, toJson } from '../codec.js';
import { inTransaction, type RepoContext } from '../db.js';
import { rethrowConflict } from '../errors.js';
import { remembered } from '../remember.js';
import type { MetadataDatabase, ProjectMemberRow, UserRole } from '../schema.js';
import { normalizePages } from './projects.js';

/** A user's membership of a project: their role and pages there (access = these ∩ the project's). */
export interface ProjectMember {
  projectId: number;
  userId: number;
  role: UserRole;
  pages: number[];
  discountPriceOn: boolean;
  /** The member's saved per-project UI configuration. */
  config: JsonObject;
  createdAt: string;
  updatedAt: string;
}

export interface NewMember extends MemberInput {
  projectId: number;
  userId: number;
}

export interface MemberInput {
  role?: UserRole;
  /** Default: none (deny by default). */
  pages?: readonly number[];
  discountPriceOn?: boolean;
  config?: JsonObject;
}

function toMember(row: ProjectMemberRow): ProjectMember {
  return {
    projectId: row.project_id,
    userId: row.user_id,
    role: row.role,
    pages: parseJson<number[]>(row.pages, []),
    discountPriceOn: toBool(row.discount_price_on),
    config: parseJson<JsonObject>(row.config, {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class MembersRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /**
   * @throws ConflictError with field 'member' when the user is already a member; a missing
   * project or user is a foreign-key error (isForeignKeyViolation).
   */
  async add(input: NewMember): Promise<ProjectMember> {
    const now = this.ctx.now();
    try {
      const row = await this.db
        .insertInto('project_members')
        .values({
          project_id: input.projectId,
          user_id: input.userId,
          role: input.role ?? '',
          pages: toJson(normalizePages(input.pages ?? [])),
          discount_price_on: fromBool(input.discountPriceOn ?? false),
          config: toJson(input.config ?? {}),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMember(row);
    } catch (err) {
      rethrowConflict(err, 'project member', { user_id: 'member' });
    }
  }

  /** Remembered while the store is unchanged: every project request reads it (metadata/remember.ts). */
  async get(projectId: number, userId: number): Promise<ProjectMember | undefined> {
    const row = await remembered(this.ctx.remember, `members:${projectId}:${userId}`, () =>
      this.db
        .selectFrom('project_members')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
    return row && toMember(row);
  }

  /** Returns undefined when the user is not a member. `config` replaces the stored object. */
  async update(projectId: number, userId: number, patch: MemberInput): Promise<ProjectMember | undefined> {
    const row = await this.db
      .updateTable('project_members')
      .set({
        ...(patch.role === undefined ? {} : { role: patch.role }),
        ...(patch.pages === undefined ? {} : { pages: toJson(normalizePages(patch.pages)) }),
        ...(patch.discountPriceOn === undefined ? {} : { discount_price_on: fromBool(patch.discountPriceOn) }),
        ...(patch.config === undefined ? {} : { config: toJson(patch.config) }),
        updated_at: this.ctx.now(),
      })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row && toMember(row);
  }

  /** Removes the membership and, with it, the user's grants and favourites in that project. */
  async remove(projectId: number, userId: number): Promise<boolean> {
    const del = async (trx: Kysely<MetadataDatabase>) => {
      await trx.deleteFrom('grants').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
      await trx
        .deleteFrom('favorite_brands')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
      const result = await trx
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    };
    return inTransaction(this.db, del);
  }

  /** Memberships of one user, by project id. */
  async listForUser(userId: number): Promise<ProjectMember[]> {
    const rows = await this.db
      .selectFrom('project_members')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('project_id')
      .execute();
    return rows.map(toMember);
  }

  /** Members of one project, by user id. */
  async listForProject(projectId: number): Promise<ProjectMember[]> {
    const rows = await this.db
      .selectFrom('project_members')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('user_id')
      .execute();
    return rows.map(toMember);
  }
}
