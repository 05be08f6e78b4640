import { MAX_CATEGORY_ROWS } from '@marketlens/shared';
import type { RowProblem } from '@marketlens/shared/contracts';
import type { FastifyRequest } from 'fastify';
import {
  allCategories,
  type CategoryInfo,
  categoriesById,
  categoriesByName,
} from '../../../analytics/engine/dimensions.js';
import { AppError, badRequest, notFound } from '../../../errors.js';
import { translateFor } from '../../../i18n.js';
import { ConflictError, type Project } from '../../../metadata/index.js';
import { resolveDataGrant } from '../../../permissions/index.js';
import { readSheet } from '../../../uploads/sheet.js';
import type { ProjectHandlers, ProjectKit } from './shared.js';

const CATEGORY_HEADING = /^(category|category_id|category_name|品类|品类id|品类名称)$/i;

/**
 * The categories (ids or names) of an uploaded table: the column headed 'category' (or 品类 …) when the
 * first row is a header, otherwise the first column of every row.
 */
export function uploadedCategories(table: readonly string[][]): string[] {
  const column = table[0]?.findIndex((cell) => CATEGORY_HEADING.test(cell.replace(/\s+/g, ''))) ?? -1;
  const rows = column >= 0 ? table.slice(1) : table;
  return rows.map((cells) => cells[Math.max(column, 0)] ?? '');
}

/** A project's categories (from its dataset's tree), their status and the category list upload. */
export function projectCategoryHandlers(kit: ProjectKit) {
  const { metadata, warehouse } = kit.ctx;

  async function categoryViews(project: Project) {
    const list = await metadata.projectCategories.list(project.id);
    const info = await kit.fromDataset(project, new Map<number, CategoryInfo>(), (dataset) =>
      categoriesById(
        warehouse,
        dataset,
        list.map((c) => c.categoryId),
      ),
    );
    return list.map((c) => {
      const i = info.get(c.categoryId);
      return {
        category_id: c.categoryId,
        category_name: i?.name_zh ?? '',
        category_name_en: i?.name_en ?? '',
        level: i?.level ?? 0,
        parent: i?.parent_id ?? null,
        status: c.status,
      };
    });
  }

  /** Per-row check of categories (ids, or names in either language) against the dataset and the project; writes nothing. */
  async function checkCategories(req: FastifyRequest, project: Project, values: readonly (number | string)[]) {
    kit.assertDataset(project.dataset);
    const t = translateFor(req.locale);
    const isId = (v: string) => /^\d+$/.test(v.trim());
    const byName = values.some((v) => typeof v === 'string' && !isId(v))
      ? await categoriesByName(warehouse, project.dataset)
      : new Map<string, number>();
    const resolved = values.map((v) =>
      typeof v === 'number'
        ? v
        : isId(v)
          ? Number(v.trim())
          : (byName.get(v.trim()) ?? byName.get(v.trim().toLowerCase())),
    );
    const known = await categoriesById(
      warehouse,
      project.dataset,
      resolved.filter((v): v is number => v !== undefined),
    );
    const existing = new Set(await metadata.projectCategories.ids(project.id));
    const seen = new Set<number>();
    const errors: RowProblem[] = [];
    const valid: number[] = [];
    resolved.forEach((id, i) => {
      const row = i + 1;
      if (id === undefined || !known.has(id))
        errors.push({ row, field: 'category', problem: t('projects.categoryNotInDataset') });
      else if (existing.has(id)) errors.push({ row, field: 'category', problem: t('projects.categoryExists') });
      else if (seen.has(id)) errors.push({ row, field: 'category', problem: t('batch.duplicateInFile') });
      else valid.push(id);
      if (id !== undefined) seen.add(id);
    });
    return { errors, valid };
  }

  return {
    categories: async (req) => {
      const { project } = req.scope!;
      const all = await categoryViews(project);
      // Members see only their granted categories; the grant resolver is the one rule for that.
      const grant = await resolveDataGrant(metadata, req.user!, project);
      const allowed = new Set(grant.categories);
      return { items: all.filter((c) => allowed.has(c.category_id)) };
    },
    datasetCategories: async (req) => {
      const { project } = req.scope!;
      const [all, mine] = await Promise.all([
        kit.fromDataset(project, [] as CategoryInfo[], (dataset) => allCategories(warehouse, dataset)),
        metadata.projectCategories.list(project.id),
      ]);
      const status = new Map(mine.map((c) => [c.categoryId, c.status]));
      return {
        items: all.map((c) => ({
          category_id: c.category_id,
          category_name: c.name_zh,
          category_name_en: c.name_en,
          level: c.level,
          parent: c.parent_id,
          status: status.get(c.category_id) ?? null,
        })),
      };
    },
    addCategories: async (req) => {
      const { project } = req.scope!;
      const { errors, valid } = await checkCategories(req, project, req.body.categories);
      if (errors.length > 0) throw new AppError(400, 'batch_invalid', 'batch.invalidRows');
      // Usable at once unless the administrator holds them back for a review (docs/product.md §6 "not ready").
      await metadata.projectCategories.add(project.id, valid, req.body.status ?? 'ready');
      await kit.audit(req, 'project.category_add', project.id, {
        count: valid.length,
        status: req.body.status ?? 'ready',
      });
      return { items: await categoryViews(project) };
    },
    checkCategories: async (req) => {
      const { errors } = await checkCategories(req, req.scope!.project, req.body.categories);
      return { valid: errors.length === 0, rows: req.body.categories.length, errors };
    },
    // The file (.xlsx or CSV, base64): one category (id or name) per row, see uploadedCategories.
    uploadCategories: async (req) => {
      const { project } = req.scope!;
      const table = await readSheet(Buffer.from(req.body.file, 'base64'), MAX_CATEGORY_ROWS);
      const categories = uploadedCategories(table);
      if (categories.length === 0) throw new AppError(400, 'empty_file', 'upload.empty');
      const { errors, valid } = await checkCategories(req, project, categories);
      // All or nothing: one bad row and nothing is added.
      const write = errors.length === 0 && !req.body.dry_run;
      if (write && valid.length > 0) {
        const status = req.body.status ?? 'ready';
        await metadata.projectCategories.add(project.id, valid, status);
        await kit.audit(req, 'project.category_upload', project.id, { count: valid.length, status });
      }
      const added = write ? valid.length : 0;
      return { valid: errors.length === 0, rows: categories.length, errors, added, categories };
    },
    replaceCategory: async (req) => {
      const { project } = req.scope!;
      kit.assertDataset(project.dataset);
      const known = await categoriesById(warehouse, project.dataset, [req.body.category_id]);
      if (!known.has(req.body.category_id)) throw badRequest('projects.categoryNotInDataset');
      const done = await metadata.projectCategories
        .replace(project.id, Number(req.params.c_id), req.body.category_id)
        .catch((err: unknown) => {
          if (err instanceof ConflictError) throw badRequest('projects.categoryExists');
          throw err;
        });
      if (!done) throw notFound('projects.categoryNotFound');
      await kit.audit(req, 'project.category_update', project.id, {
        from: Number(req.params.c_id),
        to: req.body.category_id,
      });
      return { items: await categoryViews(project) };
    },
    removeCategory: async (req) => {
      const { project } = req.scope!;
      const categoryId = Number(req.params.c_id);
      if (!(await metadata.projectCategories.remove(project.id, categoryId))) {
        throw notFound('projects.categoryNotFound');
      }
      await kit.audit(req, 'project.category_delete', project.id, { category_id: categoryId });
      return { message: 'ok' };
    },
    categoryStatus: async (req) => {
      const { project } = req.scope!;
      const updated = await metadata.projectCategories.setStatus(project.id, req.body.categories, req.body.status);
      await kit.audit(req, 'project.category_status', project.id, { status: req.body.status, count: updated });
      return { updated };
    },
  } satisfies Partial<ProjectHandlers>;
}
