import { CHART_NOTES_MAX, type ChartNoteEntity, chartNoteProblems, isChartNoteEntity } from '@marketlens/shared';
import { CHART_NOTE_SCHEMAS, type ChartNoteView } from '@marketlens/shared/contracts';
import { CHART_NOTE_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatasetCatalogs } from '../../../analytics/engine/catalog.js';
import { brandNames, categoryGranted, hasDataset } from '../../../analytics/engine/dimensions.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import type { ChartNote, Project } from '../../../metadata/index.js';
import { type AuthUser, canAccessProject } from '../../../permissions/index.js';
import { registerRoutes } from '../../register.js';
import { projectVisibility } from './events.js';
import type { ProjectKit } from './shared.js';

/** The note's entity in the shape of the grant rule (events.ts `projectVisibility`). */
const about = (kind: string, id: number) => ({
  brandId: kind === 'brand' ? id : null,
  categoryId: kind === 'category' ? id : null,
});

/**
 * Notes on chart points (docs/product.md "Notes on charts"): a member writes a line about one period
 * of a category's or a brand's trend; it reaches the members whose grant covers that entity — the
 * rule of the project's own events, reused. A note outside the reader's grant is as absent as a
 * missing one (404). Its author deletes it, and so does whoever manages the project's members.
 * Membership is the auth plugin's (CHART_NOTE_ENDPOINTS).
 */
export function registerChartNoteRoutes(app: FastifyInstance, kit: ProjectKit, catalogs: DatasetCatalogs): void {
  const { metadata, warehouse } = kit.ctx;

  const mayDelete = (req: FastifyRequest, note: ChartNote) =>
    note.createdBy === req.user!.id || canAccessProject(req.user!, req.scope!.project, req.scope!.member, 'users');

  const view = (req: FastifyRequest, n: ChartNote): ChartNoteView => ({
    id: n.id,
    entity_kind: n.entityKind,
    entity_id: n.entityId,
    date: n.date,
    text: n.text,
    author: n.createdByName,
    created_at: n.createdAt,
    can_delete: mayDelete(req, n),
  });

  /** Whether the entity is one of the project's: a brand of its dataset, a category of the project. */
  async function entityExists(project: Project, kind: ChartNoteEntity, id: number): Promise<boolean> {
    if (kind === 'brand') return (await brandNames(warehouse, project.dataset, [id])).has(id);
    const catalog = await catalogs.catalog(project.dataset);
    const own = { categories: catalog.leavesOf(await metadata.projectCategories.ids(project.id)) };
    return catalog.categories.has(id) && categoryGranted(catalog, own, id);
  }

  async function visibleNote(user: AuthUser, project: Project, id: number): Promise<ChartNote> {
    const note = await metadata.chartNotes.get(project.id, id);
    if (!note || !(await projectVisibility(kit, catalogs, user, project)).sees(about(note.entityKind, note.entityId)))
      throw notFound('notes.notFound');
    return note;
  }

  const auditDetail = (n: ChartNote) => ({
    note_id: n.id,
    entity_kind: n.entityKind,
    entity_id: n.entityId,
    date: n.date,
  });

  registerRoutes(app, {
    tag: 'projects',
    endpoints: CHART_NOTE_ENDPOINTS,
    schemas: CHART_NOTE_SCHEMAS,
    emptyBody: ['remove'],
    summaries: {
      list: "Notes on the project's chart points the reader may see, by period; optionally of one category or brand",
      create: 'Add a note on a chart point (a period of a category or a brand)',
      remove: 'Delete a note (its author or an administrator of the project)',
    },
    handlers: {
      list: async (req) => {
        const { project } = req.scope!;
        const { entity_kind: kind, entity_id: id } = req.query;
        if ((kind === undefined) !== (id === undefined)) throw badRequest();
        if (kind !== undefined && !isChartNoteEntity(kind)) throw badRequest('notes.unknownEntity', { kind });
        const notes = await metadata.chartNotes.list(
          project.id,
          kind === undefined || id === undefined ? undefined : { kind, id },
        );
        const seen = notes.length === 0 ? undefined : await projectVisibility(kit, catalogs, req.user!, project);
        const visible = seen ? notes.filter((n) => seen.sees(about(n.entityKind, n.entityId))) : [];
        return { items: visible.map((n) => view(req, n)) };
      },
      create: async (req) => {
        const { project } = req.scope!;
        const b = req.body;
        if (!hasDataset(warehouse, project.dataset)) throw badRequest('projects.datasetNotFound');
        const ds = (await catalogs.catalog(project.dataset)).dataset;
        const problem = chartNoteProblems(b, { start: ds.farthestDate, end: ds.latestDate })[0];
        if (problem) throw badRequest(problem.key, problem.params);
        const kind = b.entity_kind as ChartNoteEntity;
        if (!(await entityExists(project, kind, b.entity_id))) throw badRequest('notes.entityNotFound');
        if (!(await projectVisibility(kit, catalogs, req.user!, project)).sees(about(kind, b.entity_id)))
          throw forbidden('brand.noAccess');
        if ((await metadata.chartNotes.count(project.id)) >= CHART_NOTES_MAX)
          throw badRequest('notes.tooMany', { max: CHART_NOTES_MAX });
        const note = await metadata.chartNotes.create(
          project.id,
          { entityKind: kind, entityId: b.entity_id, date: b.date, text: b.text.trim() },
          req.user!,
        );
        await kit.audit(req, 'project.note_create', project.id, auditDetail(note));
        return { item: view(req, note) };
      },
      remove: async (req) => {
        const { project } = req.scope!;
        const note = await visibleNote(req.user!, project, Number(req.params.noteId));
        if (!mayDelete(req, note)) throw forbidden('notes.deleteNotAllowed');
        await metadata.chartNotes.delete(project.id, note.id);
        await kit.audit(req, 'project.note_delete', project.id, auditDetail(note));
        return { message: 'ok' };
      },
    },
  });
}
