import {
  pageByPath,
  SAVED_VIEWS_MAX,
  type SavedViewFields,
  savedViewProblems,
  savedViewQuery,
} from '@marketlens/shared';
import { SAVED_VIEW_SCHEMAS, type SavedView } from '@marketlens/shared/contracts';
import { SAVED_VIEW_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import { type SavedViewRecord, uniqueViolation } from '../../../metadata/index.js';
import { canAccessProject, projectPages } from '../../../permissions/index.js';
import { registerRoutes } from '../../register.js';
import type { ProjectKit } from './shared.js';

/**
 * Saved views (docs/product.md "Saved views"): a member's named page states. A reader lists their own
 * views and the shared ones, of the pages they may open in the project only; a view holds nothing but
 * the page and its URL query, so opening it applies the reader's own grant and never widens it. A view
 * is renamed, shared or deleted by its owner, or by who manages the project's members (as the events
 * are). Membership is the auth plugin's (SAVED_VIEW_ENDPOINTS).
 */
export function registerSavedViewRoutes(app: FastifyInstance, kit: ProjectKit): void {
  const { metadata } = kit.ctx;

  function scopeOf(req: FastifyRequest) {
    const { project, member } = req.scope!;
    const user = req.user!;
    const pages = new Set(projectPages(user, project, member));
    return {
      project,
      user,
      opens: (path: string) => {
        const page = pageByPath(path);
        return page !== undefined && pages.has(page.id);
      },
      manages: canAccessProject(user, project, member, 'users'),
    };
  }
  type Scope = ReturnType<typeof scopeOf>;

  const wire = (s: Scope, v: SavedViewRecord): SavedView => ({
    id: v.id,
    name: v.name,
    page: v.page,
    query: v.query,
    shared: v.shared,
    own: v.ownerId === s.user.id,
    can_edit: v.ownerId === s.user.id || s.manages,
    owner: v.ownerName,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
  });

  /** The view as the reader may see it (own, or shared and of a page they open), else 404. */
  async function visible(s: Scope, id: number): Promise<SavedViewRecord> {
    const v = await metadata.savedViews.get(s.project.id, id);
    const seen = v && (v.ownerId === s.user.id || (v.shared && s.opens(v.page)));
    if (!v || !seen) throw notFound('views.notFound');
    return v;
  }

  async function assertFreeName(s: Scope, ownerId: number, name: string, except?: number) {
    const same = await metadata.savedViews.byName(s.project.id, ownerId, name);
    if (same && same.id !== except) throw badRequest('views.duplicate', { name });
  }

  /** A unique-key race (two saves of one name at once) is the duplicate refusal too. */
  async function guarded<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest('views.duplicate', { name });
      throw err;
    }
  }

  function check(fields: SavedViewFields) {
    const problem = savedViewProblems(fields)[0];
    if (problem) throw badRequest(problem.key, problem.params);
  }

  registerRoutes(app, {
    tag: 'projects',
    endpoints: SAVED_VIEW_ENDPOINTS,
    schemas: SAVED_VIEW_SCHEMAS,
    emptyBody: ['remove'],
    summaries: {
      list: 'Saved views the reader may open: their own and the shared ones, of the pages they may open',
      create: 'Save a view of an analysis page',
      update: 'Rename a saved view or share it (or stop sharing it)',
      remove: 'Delete a saved view',
    },
    handlers: {
      list: async (req) => {
        const s = scopeOf(req);
        const views = await metadata.savedViews.visible(s.project.id, s.user.id, req.query.page);
        return { items: views.filter((v) => s.opens(v.page)).map((v) => wire(s, v)) };
      },
      create: async (req) => {
        const s = scopeOf(req);
        const b = req.body;
        const fields = { name: b.name.trim(), page: b.page, query: savedViewQuery(b.query) };
        check(fields);
        // A page the member cannot open is no page to save a view of.
        if (!s.opens(fields.page)) throw forbidden();
        if ((await metadata.savedViews.countOwned(s.project.id, s.user.id)) >= SAVED_VIEWS_MAX)
          throw badRequest('views.tooMany', { max: SAVED_VIEWS_MAX });
        await assertFreeName(s, s.user.id, fields.name);
        const view = await guarded(fields.name, () =>
          metadata.savedViews.create(s.project.id, s.user.id, { ...fields, shared: b.shared ?? false }),
        );
        return { item: wire(s, view) };
      },
      update: async (req) => {
        const s = scopeOf(req);
        const before = await visible(s, Number(req.params.viewId));
        if (before.ownerId !== s.user.id && !s.manages) throw forbidden('views.notOwner');
        const name = req.body.name?.trim();
        if (name !== undefined) {
          check({ name, page: before.page, query: before.query });
          await assertFreeName(s, before.ownerId, name, before.id);
        }
        const view = await guarded(name ?? before.name, () =>
          metadata.savedViews.update(s.project.id, before.id, {
            ...(name !== undefined ? { name } : {}),
            ...(req.body.shared !== undefined ? { shared: req.body.shared } : {}),
          }),
        );
        if (!view) throw notFound('views.notFound');
        return { item: wire(s, view) };
      },
      remove: async (req) => {
        const s = scopeOf(req);
        const view = await visible(s, Number(req.params.viewId));
        if (view.ownerId !== s.user.id && !s.manages) throw forbidden('views.notOwner');
        await metadata.savedViews.delete(s.project.id, view.id);
        return { message: 'ok' };
      },
    },
  });
}
