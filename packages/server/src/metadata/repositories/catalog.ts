import type { Kysely } from 'kysely';
import { type JsonObject, type JsonValue, parseJson, toJson } from '../codec.js';
import { inTransaction, type RepoContext } from '../db.js';
import { rethrowConflict } from '../errors.js';
import { remembered } from '../remember.js';
import type { BandKind, CategoryStatus, MetadataDatabase } from '../schema.js';

/** Rows per INSERT, well below both databases' parameter limits. */
const CHUNK = 300;

export interface ProjectCategory {
  projectId: number;
  categoryId: number;
  status: CategoryStatus;
  createdAt: string;
  updatedAt: string;
}

/** The categories a project sells (its catalogue); grants are checked against this list. */
export class ProjectCategoriesRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  async list(projectId: number): Promise<ProjectCategory[]> {
    const rows = await this.db
      .selectFrom('project_categories')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('category_id')
      .execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      categoryId: r.category_id,
      status: r.status,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  /** Remembered while the store is unchanged: every analysis request's grant reads it (metadata/remember.ts). */
  async ids(projectId: number): Promise<number[]> {
    const rows = await remembered(this.ctx.remember, `project_categories:${projectId}`, () =>
      this.db
        .selectFrom('project_categories')
        .select('category_id')
        .where('project_id', '=', projectId)
        .orderBy('category_id')
        .execute(),
    );
    return rows.map((r) => r.category_id);
  }

  /** Adds categories, all or none. @throws ConflictError with field 'category' */
  async add(projectId: number, categoryIds: readonly number[], status: CategoryStatus = 'not_ready'): Promise<void> {
    const now = this.ctx.now();
    const unique = [...new Set(categoryIds)];
    try {
      await inTransaction(this.db, async (trx) => {
        for (let i = 0; i < unique.length; i += CHUNK) {
          await trx
            .insertInto('project_categories')
            .values(
              unique
                .slice(i, i + CHUNK)
                .map((id) => ({ project_id: projectId, category_id: id, status, created_at: now, updated_at: now })),
            )
            .execute();
        }
      });
    } catch (err) {
      rethrowConflict(err, 'project category', { category_id: 'category' });
    }
  }

  /** Moves a category to a new id (replacing it in the project's list). */
  async replace(projectId: number, fromId: number, toId: number): Promise<boolean> {
    try {
      const result = await this.db
        .updateTable('project_categories')
        .set({ category_id: toId, updated_at: this.ctx.now() })
        .where('project_id', '=', projectId)
        .where('category_id', '=', fromId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    } catch (err) {
      rethrowConflict(err, 'project category', { category_id: 'category' });
    }
  }

  async setStatus(projectId: number, categoryIds: readonly number[], status: CategoryStatus): Promise<number> {
    if (categoryIds.length === 0) return 0;
    const result = await this.db
      .updateTable('project_categories')
      .set({ status, updated_at: this.ctx.now() })
      .where('project_id', '=', projectId)
      .where('category_id', 'in', [...categoryIds])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Removes a category together with the grants and bands that referred to it. */
  async remove(projectId: number, categoryId: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      await trx
        .deleteFrom('grants')
        .where('project_id', '=', projectId)
        .where('kind', '=', 'category')
        .where('value', '=', String(categoryId))
        .execute();
      await trx
        .deleteFrom('category_bands')
        .where('project_id', '=', projectId)
        .where('category_id', '=', categoryId)
        .execute();
      const result = await trx
        .deleteFrom('project_categories')
        .where('project_id', '=', projectId)
        .where('category_id', '=', categoryId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }
}

/** A band: [min, max]; max null = open-ended. */
export type Band = [number, number | null];

/** Price and weight bands per project category. */
export class CategoryBandsRepository {
  constructor(private readonly ctx: RepoContext) {}

  async get(projectId: number, categoryId: number, kind: BandKind): Promise<Band[] | undefined> {
    const row = await this.ctx.db
      .selectFrom('category_bands')
      .select('bands')
      .where('project_id', '=', projectId)
      .where('category_id', '=', categoryId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? parseJson<Band[]>(row.bands, []) : undefined;
  }

  async list(projectId: number, kind: BandKind): Promise<Map<number, Band[]>> {
    const rows = await this.ctx.db
      .selectFrom('category_bands')
      .select(['category_id', 'bands'])
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .orderBy('category_id')
      .execute();
    return new Map(rows.map((r) => [r.category_id, parseJson<Band[]>(r.bands, [])]));
  }

  async set(projectId: number, categoryId: number, kind: BandKind, bands: readonly Band[]): Promise<void> {
    const text = toJson(bands);
    const now = this.ctx.now();
    await this.ctx.db
      .insertInto('category_bands')
      .values({ project_id: projectId, category_id: categoryId, kind, bands: text, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['project_id', 'category_id', 'kind']).doUpdateSet({ bands: text, updated_at: now }),
      )
      .execute();
  }
}

export interface ProjectAttribute {
  attrName: string;
  title: string;
  titleEn: string;
  sortOrder: number;
  config: JsonObject;
}

/** The attributes a project shows as filters, with their titles, order and value configuration. */
export class ProjectAttributesRepository {
  constructor(private readonly ctx: RepoContext) {}

  async list(projectId: number): Promise<ProjectAttribute[]> {
    const rows = await this.ctx.db
      .selectFrom('project_attributes')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('sort_order')
      .orderBy('attr_name')
      .execute();
    return rows.map((r) => ({
      attrName: r.attr_name,
      title: r.title,
      titleEn: r.title_en,
      sortOrder: r.sort_order,
      config: parseJson<JsonObject>(r.config, {}),
    }));
  }

  /** Replaces the whole list atomically (the attribute-management screen saves it as one form). */
  async replaceAll(projectId: number, attributes: readonly ProjectAttribute[]): Promise<void> {
    const now = this.ctx.now();
    await inTransaction(this.ctx.db, async (trx) => {
      await trx.deleteFrom('project_attributes').where('project_id', '=', projectId).execute();
      if (attributes.length === 0) return;
      await trx
        .insertInto('project_attributes')
        .values(
          attributes.map((a) => ({
            project_id: projectId,
            attr_name: a.attrName,
            title: a.title,
            title_en: a.titleEn,
            sort_order: a.sortOrder,
            config: toJson(a.config),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    });
  }

  async remove(projectId: number, attrNames: readonly string[]): Promise<number> {
    if (attrNames.length === 0) return 0;
    const result = await this.ctx.db
      .deleteFrom('project_attributes')
      .where('project_id', '=', projectId)
      .where('attr_name', 'in', [...attrNames])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export interface CustomAttribute {
  id: number;
  projectId: number;
  userId: number | null;
  categoryId: number | null;
  name: string;
  nameEn: string;
  rules: JsonValue;
  createdAt: string;
  updatedAt: string;
}

/** One value of a custom attribute: its label and the super query (over titles) that selects it. */
export interface CustomRule {
  value: string;
  query: string;
}

/** The well-formed rules of a stored attribute (anything else in the JSON is skipped). */
export function customRules(rules: JsonValue): CustomRule[] {
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((r) =>
    r && typeof r === 'object' && !Array.isArray(r) && typeof r.value === 'string' && typeof r.query === 'string'
      ? [{ value: r.value, query: r.query }]
      : [],
  );
}

/** Attributes a user defines by keyword rules over product titles. */
export class CustomAttributesRepository {
  constructor(private readonly ctx: RepoContext) {}

  async list(projectId: number, userId: number): Promise<CustomAttribute[]> {
    const rows = await this.ctx.db
      .selectFrom('custom_attributes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      projectId: r.project_id,
      userId: r.user_id,
      categoryId: r.category_id,
      name: r.name,
      nameEn: r.name_en,
      rules: parseJson<JsonValue>(r.rules, []),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  /**
   * Replaces the user's own custom attributes in a project (project-wide ones stay). An item with
   * the `id` of one of the user's attributes updates it in place, so the id keeps naming it — a
   * filter link (`na=<id>:<value>`) survives an edit; other items are added, and the user's
   * attributes not in the list are removed.
   */
  async replaceForUser(
    projectId: number,
    userId: number,
    items: readonly { id?: number; categoryId: number | null; name: string; nameEn: string; rules: JsonValue }[],
  ): Promise<void> {
    const now = this.ctx.now();
    await inTransaction(this.ctx.db, async (trx) => {
      const own = trx
        .selectFrom('custom_attributes')
        .select('id')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId);
      const existing = new Set((await own.execute()).map((r) => Number(r.id)));
      const kept = items.filter((i) => i.id !== undefined && existing.has(i.id));
      const keptIds = kept.map((i) => i.id!);
      let removal = trx
        .deleteFrom('custom_attributes')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId);
      if (keptIds.length > 0) removal = removal.where('id', 'not in', keptIds);
      await removal.execute();
      for (const i of kept) {
        await trx
          .updateTable('custom_attributes')
          .set({ category_id: i.categoryId, name: i.name, name_en: i.nameEn, rules: toJson(i.rules), updated_at: now })
          .where('id', '=', i.id!)
          .execute();
      }
      const added = items.filter((i) => !kept.includes(i));
      if (added.length === 0) return;
      await trx
        .insertInto('custom_attributes')
        .values(
          added.map((i) => ({
            project_id: projectId,
            user_id: userId,
            category_id: i.categoryId,
            name: i.name,
            name_en: i.nameEn,
            rules: toJson(i.rules),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    });
  }
}
