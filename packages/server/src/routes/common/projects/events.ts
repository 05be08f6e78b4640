import {
  PROJECT_EVENT_FIRST_DATE,
  PROJECT_EVENT_LAST_DATE,
  PROJECT_EVENTS_MAX,
  type ProjectEventFields,
  projectEventDateOk,
  projectEventProblems,
} from '@marketlens/shared';
import { PROJECT_EVENT_SCHEMAS, type ProjectEventInput, type ProjectEventView } from '@marketlens/shared/contracts';
import { PROJECT_EVENT_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatasetCatalogs } from '../../../analytics/engine/catalog.js';
import { brandNames, categoryGranted, hasDataset } from '../../../analytics/engine/dimensions.js';
import type { ResolvedGrant } from '../../../analytics/engine/filters.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import type { Project, ProjectEvent, ProjectEventFieldsInput } from '../../../metadata/index.js';
import { type AuthUser, canAccessProject, resolveDataGrant } from '../../../permissions/index.js';
import { readCalendarEvents } from '../../../warehouse/index.js';
import { registerRoutes } from '../../register.js';
import type { ProjectKit } from './shared.js';

/**
 * What of the project's data the user sees: brands (null: all) and whole categories. `sees` is the
 * grant rule of the project's own data about a brand or a category (events, chart notes).
 */
export async function projectVisibility(kit: ProjectKit, catalogs: DatasetCatalogs, user: AuthUser, project: Project) {
  const { metadata, warehouse } = kit.ctx;
  const grant = await resolveDataGrant(metadata, user, project);
  const dataset = hasDataset(warehouse, project.dataset) ? project.dataset : undefined;
  const catalog = dataset === undefined ? undefined : await catalogs.catalog(dataset);
  const resolved: ResolvedGrant | undefined = dataset === undefined ? undefined : await catalogs.resolveGrant(grant);
  const brandOk = (id: number) => grant.brands === null || grant.brands.includes(String(id));
  // Without the dataset no category can be checked: deny by default.
  const categoryOk = (id: number) =>
    catalog !== undefined && resolved !== undefined && categoryGranted(catalog, resolved, id);
  return {
    catalog,
    sees: (e: Pick<ProjectEvent, 'brandId' | 'categoryId'>) =>
      (e.brandId === null || brandOk(e.brandId)) && (e.categoryId === null || categoryOk(e.categoryId)),
  };
}

/**
 * A project's events calendar (docs/product.md "Events calendar"): the calendar its dataset brought
 * (read-only) and the project's own events, in one list by start date. Own events about a brand or
 * a category are data of the project like any figure: a reader sees one only when their grant
 * covers that brand or that category whole (the grant the analysis pages apply), and a writer may
 * only name what they see. Membership and who writes are the auth plugin's (PROJECT_EVENT_ENDPOINTS).
 */
export function registerProjectEventRoutes(app: FastifyInstance, kit: ProjectKit, catalogs: DatasetCatalogs): void {
  const { metadata, warehouse } = kit.ctx;

  const visibility = (user: AuthUser, project: Project) => projectVisibility(kit, catalogs, user, project);

  async function ownViews(project: Project, events: ProjectEvent[]): Promise<ProjectEventView[]> {
    const brandIds = [...new Set(events.flatMap((e) => (e.brandId === null ? [] : [e.brandId])))];
    const hasData = hasDataset(warehouse, project.dataset);
    const brands = hasData ? await brandNames(warehouse, project.dataset, brandIds) : new Map();
    const catalog =
      hasData && events.some((e) => e.categoryId !== null) ? await catalogs.catalog(project.dataset) : undefined;
    return events.map((e) => {
      const category = e.categoryId === null ? undefined : catalog?.categories.get(e.categoryId);
      return {
        id: e.id,
        source: 'project',
        code: e.code,
        year: null,
        phase: null,
        name_zh: e.nameZh,
        name_en: e.nameEn,
        kind: e.kind,
        start_date: e.startDate,
        end_date: e.endDate,
        peak_date: null,
        platforms: e.platforms,
        brand_id: e.brandId,
        brand_name_zh: e.brandId === null ? '' : (brands.get(e.brandId)?.name_zh ?? ''),
        brand_name_en: e.brandId === null ? '' : (brands.get(e.brandId)?.name_en ?? ''),
        category_id: e.categoryId,
        category_name_zh: category?.name_zh ?? '',
        category_name_en: category?.name_en ?? '',
        note: e.note,
        created_by: e.createdByName || null,
        created_at: e.createdAt,
        updated_at: e.updatedAt,
      };
    });
  }

  /**
   * The sent event checked (the shared rules, then the brand and category against the dataset and
   * the writer's grant) and trimmed; refusals name the rule in the request's language.
   */
  async function checked(user: AuthUser, project: Project, b: ProjectEventInput): Promise<ProjectEventFieldsInput> {
    const fields: ProjectEventFields = {
      code: b.code ?? null,
      name_zh: b.name_zh,
      name_en: b.name_en,
      kind: b.kind,
      start_date: b.start_date,
      end_date: b.end_date,
      platforms: b.platforms,
      note: b.note ?? null,
    };
    const problem = projectEventProblems(fields)[0];
    if (problem) throw badRequest(problem.key, problem.params);
    const brandId = b.brand_id ?? null;
    const categoryId = b.category_id ?? null;
    if (brandId !== null || categoryId !== null) {
      if (!hasDataset(warehouse, project.dataset)) throw badRequest('projects.datasetNotFound');
      const seen = await visibility(user, project);
      if (brandId !== null && !(await brandNames(warehouse, project.dataset, [brandId])).has(brandId))
        throw badRequest('events.brandNotFound');
      if (categoryId !== null) {
        const own = { categories: seen.catalog!.leavesOf(await metadata.projectCategories.ids(project.id)) };
        if (!categoryGranted(seen.catalog!, own, categoryId)) throw badRequest('events.categoryNotFound');
      }
      if (!seen.sees({ brandId, categoryId })) throw forbidden('brand.noAccess');
    }
    const code = (b.code ?? '').trim();
    return {
      code: code === '' ? null : code,
      nameZh: b.name_zh.trim(),
      nameEn: b.name_en.trim(),
      kind: b.kind,
      startDate: b.start_date,
      endDate: b.end_date,
      platforms: [...new Set(b.platforms)],
      brandId,
      categoryId,
      note: (b.note ?? '').trim(),
    };
  }

  /** The own event the writer may see, else 404: an event outside their grant is as absent as a missing one. */
  async function visibleEvent(req: FastifyRequest, project: Project, id: number): Promise<ProjectEvent> {
    const event = await metadata.projectEvents.get(project.id, id);
    if (!event || !(await visibility(req.user!, project)).sees(event)) throw notFound('events.notFound');
    return event;
  }

  const auditDetail = (e: ProjectEvent) => ({
    event_id: e.id,
    name: e.nameZh,
    name_en: e.nameEn,
    kind: e.kind,
    start_date: e.startDate,
    end_date: e.endDate,
  });

  registerRoutes(app, {
    tag: 'projects',
    endpoints: PROJECT_EVENT_ENDPOINTS,
    schemas: PROJECT_EVENT_SCHEMAS,
    emptyBody: ['remove'],
    summaries: {
      list: "The project's events calendar: the dataset's calendar and the project's own events, by start date",
      create: 'Add an event of the project',
      update: 'Change an event of the project',
      remove: 'Delete an event of the project',
    },
    handlers: {
      list: async (req) => {
        const { project, member } = req.scope!;
        const { from, to } = req.query;
        for (const d of [from, to])
          if (d !== undefined && !projectEventDateOk(d))
            throw badRequest('events.dateOutOfRange', { min: PROJECT_EVENT_FIRST_DATE, max: PROJECT_EVENT_LAST_DATE });
        const overlaps = (e: { start_date: string; end_date: string }) =>
          (from === undefined || e.end_date >= from) && (to === undefined || e.start_date <= to);
        const dataset = await kit.fromDataset(project, [], (ds) => readCalendarEvents(warehouse, ds));
        const fromDataset: ProjectEventView[] = dataset.filter(overlaps).map((e) => ({
          id: null,
          source: 'dataset',
          code: e.code,
          year: e.year,
          phase: e.phase,
          name_zh: e.name_zh,
          name_en: e.name_en,
          kind: e.kind,
          start_date: e.start_date,
          end_date: e.end_date,
          peak_date: e.peak_date,
          platforms: e.platforms,
          brand_id: null,
          brand_name_zh: '',
          brand_name_en: '',
          category_id: null,
          category_name_zh: '',
          category_name_en: '',
          note: '',
          created_by: null,
          created_at: null,
          updated_at: null,
        }));
        const own = await metadata.projectEvents.list(project.id, {
          ...(from === undefined ? {} : { from }),
          ...(to === undefined ? {} : { to }),
        });
        const seen = own.some((e) => e.brandId !== null || e.categoryId !== null)
          ? await visibility(req.user!, project)
          : undefined;
        const visible = seen ? own.filter(seen.sees) : own;
        const items = [...fromDataset, ...(await ownViews(project, visible))].sort(
          (a, b) =>
            a.start_date.localeCompare(b.start_date) || a.source.localeCompare(b.source) || (a.id ?? 0) - (b.id ?? 0),
        );
        return { items, can_edit: canAccessProject(req.user!, project, member, 'users') };
      },
      create: async (req) => {
        const { project } = req.scope!;
        const fields = await checked(req.user!, project, req.body);
        if ((await metadata.projectEvents.count(project.id)) >= PROJECT_EVENTS_MAX)
          throw badRequest('events.tooMany', { max: PROJECT_EVENTS_MAX });
        const event = await metadata.projectEvents.create(project.id, fields, req.user!);
        await kit.audit(req, 'project.event_create', project.id, auditDetail(event));
        return { item: (await ownViews(project, [event]))[0]! };
      },
      update: async (req) => {
        const { project } = req.scope!;
        const before = await visibleEvent(req, project, Number(req.params.eventId));
        const fields = await checked(req.user!, project, req.body);
        const event = await metadata.projectEvents.update(project.id, before.id, fields);
        if (!event) throw notFound('events.notFound');
        const changed = (Object.keys(fields) as (keyof ProjectEventFieldsInput)[]).filter(
          (k) => JSON.stringify(fields[k]) !== JSON.stringify(before[k]),
        );
        await kit.audit(req, 'project.event_update', project.id, {
          ...auditDetail(event),
          fields: changed.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
        });
        return { item: (await ownViews(project, [event]))[0]! };
      },
      remove: async (req) => {
        const { project } = req.scope!;
        const event = await visibleEvent(req, project, Number(req.params.eventId));
        await metadata.projectEvents.delete(project.id, event.id);
        await kit.audit(req, 'project.event_delete', project.id, auditDetail(event));
        return { message: 'ok' };
      },
    },
  });
}
