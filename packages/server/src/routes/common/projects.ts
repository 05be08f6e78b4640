import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAGE_IDS, parseSuperQuery, type Role } from '@marketlens/shared';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthServices } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import {
  type Band,
  ConflictError,
  type JsonObject,
  type JsonValue,
  type Project,
  type ProjectPatch,
  settingsScope,
} from '../../metadata/index.js';
import { AUTH, isAdmin, perm, projectPages, resolveDataGrant } from '../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../schema.js';
import { canAssignRole } from './accounts.js';
import { Done, ProjectSchema, projectView } from './views.js';
import {
  attributeValues,
  categoriesById,
  categoriesByName,
  datasetAttributes,
  hasDataset,
  niceNumber,
  platformChannels,
  priceQuantiles,
} from './warehouse-lookups.js';

const Body = <P extends Parameters<typeof Type.Object>[0]>(props: P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });
const Id = Type.String({ pattern: '^[0-9]{1,15}$' });
const Params = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, Id])) as Record<K, typeof Id>, { additionalProperties: false });
const RoleField = Type.Union(['root', 'admin', 'enterprise', 'general', 'community', ''].map((r) => Type.Literal(r)));
const Pages = Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { maxItems: 9 });
const BandSchema = Type.Tuple([Type.Number({ minimum: 0 }), Type.Union([Type.Number({ minimum: 0 }), Type.Null()])]);
const BandKindField = Type.Optional(Type.Union([Type.Literal('price'), Type.Literal('weight')]));

const ProjectFields = {
  name: Type.String({ minLength: 1, maxLength: 128 }),
  data_scope: Type.String({ minLength: 1, maxLength: 64 }),
  owner_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  currency_unit: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  cur_symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  date_field: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('week')])),
  has_series: Type.Optional(Type.Boolean()),
  series_name: Type.Optional(Type.String({ maxLength: 64 })),
  series_name_en: Type.Optional(Type.String({ maxLength: 64 })),
  hide_keywords: Type.Optional(Type.Boolean()),
  discount_price: Type.Optional(Type.Boolean()),
  limit_brands: Type.Optional(Type.Boolean()),
  limit_shops: Type.Optional(Type.Boolean()),
  pages: Type.Optional(Pages),
  status: Type.Optional(Type.Union([Type.Literal('in_service'), Type.Literal('stopped')])),
};

const CURRENCIES = [
  { currency_unit: 'CNY', cur_symbol: '¥' },
  { currency_unit: 'USD', cur_symbol: '$' },
  { currency_unit: 'EUR', cur_symbol: '€' },
  { currency_unit: 'GBP', cur_symbol: '£' },
  { currency_unit: 'JPY', cur_symbol: '¥' },
  { currency_unit: 'HKD', cur_symbol: 'HK$' },
  { currency_unit: 'SGD', cur_symbol: 'S$' },
  { currency_unit: 'MYR', cur_symbol: 'RM' },
  { currency_unit: 'IDR', cur_symbol: 'Rp' },
  { currency_unit: 'THB', cur_symbol: '฿' },
  { currency_unit: 'PHP', cur_symbol: '₱' },
  { currency_unit: 'VND', cur_symbol: '₫' },
];

const MemberView = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  enterprise: Type.String(),
  role: Type.String(),
  pages: Type.Array(Type.Integer()),
  categories: Type.Array(Type.Integer()),
  brands: Type.Array(Type.String()),
  shops: Type.Array(Type.String()),
  discount_price_on: Type.Boolean(),
});

/** Bands: non-negative, each min below its max, in increasing order, only the last open-ended. */
function validBands(bands: readonly Band[]): boolean {
  let prev = -1;
  for (const [i, [min, max]] of bands.entries()) {
    if (min < prev) return false;
    if (max === null) {
      if (i !== bands.length - 1) return false;
    } else {
      if (max <= min) return false;
      prev = max;
    }
  }
  return true;
}

/** /api/common projects: spec §7 projects, categories, bands, attributes, members. */
export function projectRoutes(ctx: AppContext, services: AuthServices): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = ctx;
  const admin = perm.roles(AUTH.projectAdmin);
  const manage = (from: `params.${string}`) => perm.project('manage', from);

  async function ownerName(p: Project): Promise<string | null> {
    if (p.ownerId === null) return null;
    return (await metadata.users.getById(p.ownerId))?.username ?? null;
  }
  async function view(p: Project) {
    return projectView(p, await ownerName(p));
  }
  function assertDataset(dataset: string) {
    if (!hasDataset(warehouse, dataset)) throw badRequest('projects.datasetNotFound');
  }
  const audit = (req: FastifyRequest, action: string, target: string, detail?: JsonValue) =>
    services.audit.record(req, { action, outcome: 'success', target, ...(detail === undefined ? {} : { detail }) });

  function toPatch(b: Partial<Record<keyof typeof ProjectFields, unknown>>): ProjectPatch {
    const p: ProjectPatch = {};
    const set = <K extends keyof ProjectPatch>(k: K, v: unknown) => {
      if (v !== undefined) p[k] = v as ProjectPatch[K];
    };
    set('name', typeof b.name === 'string' ? b.name.trim() : undefined);
    set('dataset', b.data_scope);
    set('ownerId', b.owner_id);
    set('currencyUnit', b.currency_unit);
    set('curSymbol', b.cur_symbol);
    set('dateField', b.date_field);
    set('hasSeries', b.has_series);
    set('seriesName', b.series_name);
    set('seriesNameEn', b.series_name_en);
    set('hideKeywords', b.hide_keywords);
    set('discountPrice', b.discount_price);
    set('limitBrands', b.limit_brands);
    set('limitShops', b.limit_shops);
    set('pages', b.pages);
    set('status', b.status);
    return p;
  }
  const projectConflict = (err: unknown): never => {
    if (err instanceof ConflictError) throw badRequest('server.projectExists');
    throw err;
  };

  return async (app) => {
    app.get(
      '/projects',
      {
        config: { permission: perm.roles(AUTH.projects) },
        schema: {
          tags: ['projects'],
          querystring: Query({
            page: Type.Optional(Type.Integer({ minimum: 1 })),
            page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
            search: Type.Optional(Type.String({ maxLength: 100 })),
            status: Type.Optional(Type.Union([Type.Literal('in_service'), Type.Literal('stopped')])),
          }),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(ProjectSchema),
                total: Type.Integer(),
                page: Type.Integer(),
                page_size: Type.Integer(),
              }),
            ),
          },
        },
      },
      async (req) => {
        const user = req.user!;
        const q = req.query;
        // Administrators see every project; an enterprise user the projects they belong to.
        const ids = isAdmin(user) ? undefined : (await metadata.members.listForUser(user.id)).map((m) => m.projectId);
        const page = await metadata.projects.list({
          ...(q.page !== undefined ? { page: q.page } : {}),
          ...(q.page_size !== undefined ? { pageSize: q.page_size } : {}),
          ...(q.search ? { search: q.search } : {}),
          ...(q.status ? { status: q.status } : {}),
          ...(ids ? { ids } : {}),
        });
        const items = await Promise.all(page.items.map(view));
        return ok({ items, total: page.total, page: page.page, page_size: page.pageSize });
      },
    );

    app.post(
      '/projects',
      {
        config: { permission: admin },
        schema: { tags: ['projects'], body: Body(ProjectFields), response: { 200: Envelope(ProjectSchema) } },
      },
      async (req) => {
        const b = req.body;
        assertDataset(b.data_scope);
        const pages = (b.pages ?? []).filter((p) => PAGE_IDS.includes(p));
        if (pages.length === 0) throw badRequest('projects.pagesInvalid');
        if (await metadata.projects.getByName(b.name.trim())) throw badRequest('server.projectExists');
        const manifest = warehouse.datasets().find((d) => d.manifest.name === b.data_scope)!.manifest;
        const patch = toPatch(b);
        const project = await metadata.projects
          .create({
            currencyUnit: manifest.currency_unit,
            curSymbol: manifest.cur_symbol,
            dateField: manifest.date_field,
            hasSeries: manifest.has_series,
            discountPrice: manifest.discount_price,
            ...patch,
            name: b.name.trim(),
            dataset: b.data_scope,
            ownerId: b.owner_id ?? req.user!.id,
            pages,
          })
          .catch(projectConflict);
        await audit(req, 'project.create', `project:${project.id}`, { name: project.name });
        return ok(await view(project));
      },
    );

    app.post(
      '/projects/check',
      {
        config: { permission: admin },
        schema: {
          tags: ['projects'],
          body: Body({ name: Type.String({ maxLength: 128 }), id: Type.Optional(Type.Integer()) }),
          response: { 200: Envelope(Type.Object({ exists: Type.Boolean(), message: Type.String() })) },
        },
      },
      async (req) => {
        const found = await metadata.projects.getByName(req.body.name.trim());
        const exists = found !== undefined && found.id !== req.body.id;
        return ok({ exists, message: exists ? translateFor(req.locale)('server.projectExists') : '' });
      },
    );

    app.get(
      '/projects/:id',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          querystring: Query(),
          response: { 200: Envelope(ProjectSchema) },
        },
      },
      async (req) => ok(await view(req.scope!.project)),
    );

    app.get(
      '/projects/:id/brief',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                data_scope: Type.String(),
                date_field: Type.String(),
                currency_unit: Type.String(),
                cur_symbol: Type.String(),
                has_series: Type.Boolean(),
                series_name: Type.String(),
                series_name_en: Type.String(),
                discount_price: Type.Boolean(),
                discount_price_on: Type.Boolean(),
                hide_keywords: Type.Boolean(),
                status: Type.String(),
              }),
            ),
          },
        },
      },
      async (req) => {
        const { project: p, member } = req.scope!;
        return ok({
          id: p.id,
          name: p.name,
          data_scope: p.dataset,
          date_field: p.dateField,
          currency_unit: p.currencyUnit,
          cur_symbol: p.curSymbol,
          has_series: p.hasSeries,
          series_name: p.seriesName,
          series_name_en: p.seriesNameEn,
          discount_price: p.discountPrice,
          discount_price_on: p.discountPrice && (member?.discountPriceOn ?? false),
          hide_keywords: p.hideKeywords,
          status: p.status,
        });
      },
    );

    app.put(
      '/projects/:id',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Type.Partial(Body(ProjectFields)),
          response: { 200: Envelope(ProjectSchema) },
        },
      },
      async (req) => {
        const b = req.body;
        if (b.data_scope !== undefined) assertDataset(b.data_scope);
        if (b.pages !== undefined && b.pages.filter((p) => PAGE_IDS.includes(p)).length === 0) {
          throw badRequest('projects.pagesInvalid');
        }
        if (b.name !== undefined) {
          const other = await metadata.projects.getByName(b.name.trim());
          if (other && other.id !== req.scope!.project.id) throw badRequest('server.projectExists');
        }
        const updated = await metadata.projects.update(req.scope!.project.id, toPatch(b)).catch(projectConflict);
        if (!updated) throw notFound('server.projectNotFound');
        await audit(req, 'project.update', `project:${updated.id}`, {
          fields: Object.keys(b).filter((k) => k !== 'locale'),
        });
        return ok(await view(updated));
      },
    );

    app.delete(
      '/projects/:id',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const p = req.scope!.project;
        await metadata.projects.delete(p.id);
        await audit(req, 'project.delete', `project:${p.id}`, { name: p.name });
        return ok({ message: 'ok' });
      },
    );

    app.put(
      '/projects/:id/status',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({ status: Type.Union([Type.Literal('in_service'), Type.Literal('stopped')]) }),
          response: { 200: Envelope(ProjectSchema) },
        },
      },
      async (req) => {
        const updated = await metadata.projects.setStatus(req.scope!.project.id, req.body.status);
        if (!updated) throw notFound('server.projectNotFound');
        await audit(req, 'project.status', `project:${updated.id}`, { status: req.body.status });
        return ok(await view(updated));
      },
    );

    app.get(
      '/projects/:project_id/pages',
      {
        config: { permission: perm.project('member', 'params.project_id') },
        schema: {
          tags: ['projects'],
          params: Params('project_id'),
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ pages: Type.Array(Type.Integer()) })) },
        },
      },
      async (req) => ok({ pages: projectPages(req.user!, req.scope!.project, req.scope!.member) }),
    );

    app.put(
      '/projects/:project_id/users/discount_price',
      {
        config: { permission: perm.project('member', 'params.project_id') },
        schema: {
          tags: ['projects'],
          params: Params('project_id'),
          body: Body({ discount_price_on: Type.Boolean() }),
          response: { 200: Envelope(Type.Object({ discount_price_on: Type.Boolean() })) },
        },
      },
      async (req) => {
        const { project, member } = req.scope!;
        if (!member) throw badRequest('users.notMember');
        const on = project.discountPrice && req.body.discount_price_on;
        await metadata.members.update(project.id, member.userId, { discountPriceOn: on });
        return ok({ discount_price_on: on });
      },
    );

    app.get(
      '/tables',
      {
        config: { permission: admin },
        schema: {
          tags: ['projects'],
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(
                  Type.Object({
                    table_name: Type.String(),
                    title: Type.String(),
                    title_en: Type.String(),
                    date_field: Type.String(),
                    currency_unit: Type.String(),
                    cur_symbol: Type.String(),
                    has_series: Type.Boolean(),
                    discount_price: Type.Boolean(),
                    farthest_date: Type.String(),
                    latest_date: Type.String(),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async () =>
        ok({
          items: warehouse.datasets().map((d) => ({
            table_name: d.manifest.name,
            title: d.manifest.title_zh,
            title_en: d.manifest.title_en,
            date_field: d.manifest.date_field,
            currency_unit: d.manifest.currency_unit,
            cur_symbol: d.manifest.cur_symbol,
            has_series: d.manifest.has_series,
            discount_price: d.manifest.discount_price,
            farthest_date: d.farthestDate,
            latest_date: d.latestDate,
          })),
        }),
    );

    app.get(
      '/currencies',
      {
        config: { permission: admin },
        schema: {
          tags: ['projects'],
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(Type.Object({ currency_unit: Type.String(), cur_symbol: Type.String() })),
              }),
            ),
          },
        },
      },
      async () => {
        const known = new Map(CURRENCIES.map((c) => [c.currency_unit, c]));
        for (const d of warehouse.datasets()) {
          if (!known.has(d.manifest.currency_unit)) {
            known.set(d.manifest.currency_unit, {
              currency_unit: d.manifest.currency_unit,
              cur_symbol: d.manifest.cur_symbol,
            });
          }
        }
        return ok({ items: [...known.values()] });
      },
    );

    app.get(
      '/platforms/channels/:table_name',
      {
        config: { permission: admin },
        schema: {
          tags: ['projects'],
          params: Type.Object(
            { table_name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' }) },
            { additionalProperties: false },
          ),
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(
                  Type.Object({
                    platform_id: Type.Integer(),
                    code: Type.String(),
                    platform: Type.String(),
                    platform_en: Type.String(),
                    channels: Type.Array(
                      Type.Object({
                        code: Type.String(),
                        shop_type: Type.String(),
                        shop_type_en: Type.String(),
                        is_active: Type.Boolean(),
                      }),
                    ),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (req) => {
        if (!hasDataset(warehouse, req.params.table_name)) throw notFound('projects.datasetNotFound');
        return ok({ items: await platformChannels(warehouse, req.params.table_name) });
      },
    );

    app.get(
      '/enterprises',
      {
        config: { permission: perm.roles(AUTH.projects) },
        schema: {
          tags: ['projects'],
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ items: Type.Array(Type.String()) })) },
        },
      },
      async (req) => {
        const user = req.user!;
        // Administrators pick from every customer; others only see their own enterprise.
        if (!isAdmin(user)) return ok({ items: user.account.enterprise ? [user.account.enterprise] : [] });
        const all = await metadata.users.list({ pageSize: 1000 });
        const names = [...new Set(all.items.map((u) => u.enterprise).filter(Boolean))].sort();
        return ok({ items: names });
      },
    );

    // ---- Project members (project admins included) ----
    async function memberViews(projectId: number) {
      const members = await metadata.members.listForProject(projectId);
      const out = [];
      for (const m of members) {
        const u = await metadata.users.getById(m.userId);
        if (!u) continue;
        const g = await metadata.grants.list(projectId, m.userId);
        out.push({
          user_id: u.id,
          username: u.username,
          email: u.email,
          enterprise: u.enterprise,
          role: m.role,
          pages: m.pages,
          categories: g.category.map(Number),
          brands: g.brand,
          shops: g.shop,
          discount_price_on: m.discountPriceOn,
        });
      }
      return out;
    }

    const MemberInput = {
      role: Type.Optional(RoleField),
      pages: Type.Optional(Pages),
      categories: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 100_000 })),
      brands: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100_000 })),
      shops: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100_000 })),
    };

    async function saveMember(
      req: FastifyRequest,
      projectId: number,
      userId: number,
      b: { role?: string; pages?: number[]; categories?: number[]; brands?: string[]; shops?: string[] },
      create: boolean,
    ) {
      const actor = req.user!;
      // A project admin manages members but cannot make anyone root or admin of anything.
      if (b.role !== undefined && !canAssignRole(actor, b.role as Role)) throw forbidden('users.roleNotAllowed');
      if (b.categories) {
        const allowed = new Set(await metadata.projectCategories.ids(projectId));
        if (b.categories.some((c) => !allowed.has(c))) throw badRequest('projects.categoryNotFound');
      }
      await metadata.transaction(async (tx) => {
        const existing = await tx.members.get(projectId, userId);
        if (create && existing) throw badRequest('users.alreadyMember');
        if (!create && !existing) throw notFound('users.notMember');
        if (existing && !canAssignRole(actor, existing.role)) throw forbidden('users.roleNotAllowed');
        if (existing) {
          await tx.members.update(projectId, userId, {
            ...(b.role !== undefined ? { role: b.role as Role } : {}),
            ...(b.pages !== undefined ? { pages: b.pages } : {}),
          });
        } else {
          await tx.members.add({ projectId, userId, role: (b.role ?? '') as Role, pages: b.pages ?? [] });
        }
        await tx.grants.replaceMany(projectId, userId, {
          ...(b.categories !== undefined ? { category: b.categories.map(String) } : {}),
          ...(b.brands !== undefined ? { brand: b.brands } : {}),
          ...(b.shops !== undefined ? { shop: b.shops } : {}),
        });
      });
    }

    app.get(
      '/projects/:id/users',
      {
        config: { permission: perm.project('users', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ items: Type.Array(MemberView) })) },
        },
      },
      async (req) => ok({ items: await memberViews(req.scope!.project.id) }),
    );

    app.post(
      '/projects/:id/users',
      {
        config: { permission: perm.project('users', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            user_id: Type.Optional(Type.Integer({ minimum: 1 })),
            username: Type.Optional(Type.String({ maxLength: 64 })),
            ...MemberInput,
          }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(MemberView) })) },
        },
      },
      async (req) => {
        const projectId = req.scope!.project.id;
        const target =
          req.body.user_id !== undefined
            ? await metadata.users.getById(req.body.user_id)
            : req.body.username !== undefined
              ? await metadata.users.getByUsername(req.body.username.trim())
              : undefined;
        if (!target) throw notFound();
        await saveMember(req, projectId, target.id, req.body, true);
        await audit(req, 'project.member_add', `project:${projectId}`, { user_id: target.id });
        return ok({ items: await memberViews(projectId) });
      },
    );

    app.put(
      '/projects/:p_id/users/:u_id',
      {
        config: { permission: perm.project('users', 'params.p_id') },
        schema: {
          tags: ['projects'],
          params: Params('p_id', 'u_id'),
          body: Body(MemberInput),
          response: { 200: Envelope(Type.Object({ items: Type.Array(MemberView) })) },
        },
      },
      async (req) => {
        const projectId = req.scope!.project.id;
        const userId = Number(req.params.u_id);
        await saveMember(req, projectId, userId, req.body, false);
        await audit(req, 'project.member_update', `project:${projectId}`, { user_id: userId });
        return ok({ items: await memberViews(projectId) });
      },
    );

    app.delete(
      '/projects/:p_id/users/:u_id',
      {
        config: { permission: perm.project('users', 'params.p_id') },
        schema: {
          tags: ['projects'],
          params: Params('p_id', 'u_id'),
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const projectId = req.scope!.project.id;
        const userId = Number(req.params.u_id);
        const existing = await metadata.members.get(projectId, userId);
        if (!existing) throw notFound('users.notMember');
        if (!canAssignRole(req.user!, existing.role)) throw forbidden('users.roleNotAllowed');
        await metadata.members.remove(projectId, userId);
        await audit(req, 'project.member_remove', `project:${projectId}`, { user_id: userId });
        return ok({ message: 'ok' });
      },
    );

    // ---- Project categories ----
    const CategoryView = Type.Object({
      category_id: Type.Integer(),
      category_name: Type.String(),
      category_name_en: Type.String(),
      level: Type.Integer(),
      parent: Type.Union([Type.Integer(), Type.Null()]),
      status: Type.String(),
    });
    async function categoryViews(project: Project) {
      const list = await metadata.projectCategories.list(project.id);
      const info = hasDataset(warehouse, project.dataset)
        ? await categoriesById(
            warehouse,
            project.dataset,
            list.map((c) => c.categoryId),
          )
        : new Map();
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
    /** Per-row check of category ids against the dataset and the project (nothing is written). */
    async function checkCategories(req: FastifyRequest, project: Project, ids: readonly (number | string)[]) {
      const t = translateFor(req.locale);
      const byName = ids.some((v) => typeof v === 'string' && !/^\d+$/.test(v))
        ? await categoriesByName(warehouse, project.dataset)
        : new Map<string, number>();
      const resolved = ids.map((v) =>
        typeof v === 'number'
          ? v
          : /^\d+$/.test(v.trim())
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
      const errors: { row: number; field: string; problem: string }[] = [];
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
    const CheckReport = Type.Object({
      valid: Type.Boolean(),
      rows: Type.Integer(),
      errors: Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() })),
    });

    app.get(
      '/projects/:id/categories',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ items: Type.Array(CategoryView) })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const all = await categoryViews(project);
        // Members see only their granted categories; the grant resolver is the one rule for that.
        const grant = await resolveDataGrant(metadata, req.user!, project);
        const allowed = new Set(grant.categories);
        return ok({ items: all.filter((c) => allowed.has(c.category_id)) });
      },
    );

    const CategoryIds = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 10_000 });
    app.post(
      '/projects/:id/categories',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            categories: CategoryIds,
            status: Type.Optional(Type.Union([Type.Literal('ready'), Type.Literal('not_ready')])),
          }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(CategoryView) })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const { errors, valid } = await checkCategories(req, project, req.body.categories);
        if (errors.length > 0) throw new AppError(400, 'batch_invalid', 'batch.invalidRows');
        await metadata.projectCategories.add(project.id, valid, req.body.status ?? 'not_ready');
        await audit(req, 'project.category_add', `project:${project.id}`, { count: valid.length });
        return ok({ items: await categoryViews(project) });
      },
    );

    app.post(
      '/projects/:id/categories/check',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            categories: Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 128 })]), {
              minItems: 1,
              maxItems: 10_000,
            }),
          }),
          response: { 200: Envelope(CheckReport) },
        },
      },
      async (req) => {
        const { errors } = await checkCategories(req, req.scope!.project, req.body.categories);
        return ok({ valid: errors.length === 0, rows: req.body.categories.length, errors });
      },
    );

    app.post(
      '/projects/:id/categories/upload',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          // The file's text: one category (id or name) per line; a header line 'category' is skipped.
          body: Body({
            content: Type.String({ minLength: 1, maxLength: 1_000_000 }),
            dry_run: Type.Optional(Type.Boolean()),
          }),
          response: { 200: Envelope(Type.Object({ ...CheckReport.properties, added: Type.Integer() })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const lines = req.body.content.split(/\r?\n/).map((l) => l.split(',')[0]!.trim());
        if (lines[0] && /^(category|category_id|品类)$/i.test(lines[0])) lines.shift();
        while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
        const { errors, valid } = await checkCategories(req, project, lines);
        if (errors.length === 0 && !req.body.dry_run && valid.length > 0) {
          await metadata.projectCategories.add(project.id, valid);
          await audit(req, 'project.category_upload', `project:${project.id}`, { count: valid.length });
        }
        return ok({
          valid: errors.length === 0,
          rows: lines.length,
          errors,
          added: errors.length === 0 && !req.body.dry_run ? valid.length : 0,
        });
      },
    );

    app.put(
      '/projects/:p_id/categories/:c_id',
      {
        config: { permission: manage('params.p_id') },
        schema: {
          tags: ['projects'],
          params: Params('p_id', 'c_id'),
          body: Body({ category_id: Type.Integer({ minimum: 0 }) }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(CategoryView) })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const known = await categoriesById(warehouse, project.dataset, [req.body.category_id]);
        if (!known.has(req.body.category_id)) throw badRequest('projects.categoryNotInDataset');
        const done = await metadata.projectCategories
          .replace(project.id, Number(req.params.c_id), req.body.category_id)
          .catch((err: unknown) => {
            if (err instanceof ConflictError) throw badRequest('projects.categoryExists');
            throw err;
          });
        if (!done) throw notFound('projects.categoryNotFound');
        await audit(req, 'project.category_update', `project:${project.id}`, {
          from: Number(req.params.c_id),
          to: req.body.category_id,
        });
        return ok({ items: await categoryViews(project) });
      },
    );

    app.delete(
      '/projects/:p_id/categories/:c_id',
      {
        config: { permission: manage('params.p_id') },
        schema: {
          tags: ['projects'],
          params: Params('p_id', 'c_id'),
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        if (!(await metadata.projectCategories.remove(project.id, Number(req.params.c_id))))
          throw notFound('projects.categoryNotFound');
        await audit(req, 'project.category_delete', `project:${project.id}`, { category_id: Number(req.params.c_id) });
        return ok({ message: 'ok' });
      },
    );

    app.put(
      '/projects/:id/categories/status',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            categories: CategoryIds,
            status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
          }),
          response: { 200: Envelope(Type.Object({ updated: Type.Integer() })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const updated = await metadata.projectCategories.setStatus(project.id, req.body.categories, req.body.status);
        await audit(req, 'project.category_status', `project:${project.id}`, {
          status: req.body.status,
          count: updated,
        });
        return ok({ updated });
      },
    );

    // ---- Price and weight bands ----
    const BandsView = Type.Object({ category_id: Type.Integer(), kind: Type.String(), bands: Type.Array(BandSchema) });
    app.post(
      '/projects/:id/categories/bands',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            category_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 10_000 })),
            kind: BandKindField,
          }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(BandsView) })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const kind = req.body.kind ?? 'price';
        const grant = await resolveDataGrant(metadata, req.user!, project);
        const allowed = new Set(grant.categories);
        const all = await metadata.bands.list(project.id, kind);
        const wanted = req.body.category_ids ? new Set(req.body.category_ids) : undefined;
        const items = [...all.entries()]
          .filter(([id]) => allowed.has(id) && (!wanted || wanted.has(id)))
          .map(([category_id, bands]) => ({ category_id, kind, bands }));
        return ok({ items });
      },
    );

    app.put(
      '/projects/:id/categories/bands',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            category_id: Type.Integer({ minimum: 0 }),
            kind: BandKindField,
            bands: Type.Array(BandSchema, { minItems: 1, maxItems: 50 }),
          }),
          response: { 200: Envelope(BandsView) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const kind = req.body.kind ?? 'price';
        const bands = req.body.bands as Band[];
        if (!validBands(bands)) throw badRequest('projects.bandsInvalid');
        const ids = new Set(await metadata.projectCategories.ids(project.id));
        if (!ids.has(req.body.category_id)) throw notFound('projects.categoryNotFound');
        await metadata.bands.set(project.id, req.body.category_id, kind, bands);
        await audit(req, 'project.bands_update', `project:${project.id}`, { category_id: req.body.category_id, kind });
        return ok({ category_id: req.body.category_id, kind, bands });
      },
    );

    app.post(
      '/projects/:id/categories/calculate_bands',
      {
        config: { permission: manage('params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({
            category_id: Type.Integer({ minimum: 0 }),
            count: Type.Optional(Type.Integer({ minimum: 2, maximum: 10 })),
          }),
          response: { 200: Envelope(BandsView) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        if (!hasDataset(warehouse, project.dataset)) throw badRequest('projects.datasetNotFound');
        const n = req.body.count ?? 5;
        const qs = Array.from({ length: n - 1 }, (_, i) => (i + 1) / n);
        const edges = await priceQuantiles(warehouse, project.dataset, req.body.category_id, qs);
        if (!edges) throw notFound('projects.noPriceData');
        // Quantiles of the real price distribution, rounded to readable edges, duplicates merged.
        const cuts = [...new Set(edges.map(niceNumber))].filter((v) => v > 0).sort((a, b) => a - b);
        const bands: Band[] = [];
        let lo = 0;
        for (const c of cuts) {
          bands.push([lo, c]);
          lo = c;
        }
        bands.push([lo, null]);
        return ok({ category_id: req.body.category_id, kind: 'price', bands });
      },
    );

    // ---- Attributes ----
    const AttributeSchema = Type.Object({
      name: Type.String({ minLength: 1, maxLength: 64 }),
      title: Type.String({ maxLength: 64 }),
      title_en: Type.String({ maxLength: 64 }),
      sort_order: Type.Optional(Type.Integer()),
      config: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
    });
    async function attributeList(projectId: number) {
      return (await metadata.projectAttributes.list(projectId)).map((a) => ({
        name: a.attrName,
        title: a.title,
        title_en: a.titleEn,
        sort_order: a.sortOrder,
        config: a.config,
      }));
    }
    async function checkAttributes(req: FastifyRequest, project: Project, names: readonly string[]) {
      const t = translateFor(req.locale);
      const known = hasDataset(warehouse, project.dataset)
        ? new Set((await datasetAttributes(warehouse, project.dataset)).map((a) => a.attr_name))
        : new Set<string>();
      return names.flatMap((name, i) =>
        known.has(name) ? [] : [{ row: i + 1, field: 'name', problem: t('projects.attributeNotFound') }],
      );
    }
    const AttrList = Envelope(
      Type.Object({
        items: Type.Array(
          Type.Object({
            name: Type.String(),
            title: Type.String(),
            title_en: Type.String(),
            sort_order: Type.Integer(),
            config: Type.Record(Type.String(), Type.Unknown()),
          }),
        ),
        available: Type.Array(Type.Object({ name: Type.String(), title: Type.String(), title_en: Type.String() })),
      }),
    );
    async function attrResponse(project: Project) {
      const available = hasDataset(warehouse, project.dataset)
        ? (await datasetAttributes(warehouse, project.dataset)).map((a) => ({
            name: a.attr_name,
            title: a.title_zh,
            title_en: a.title_en,
          }))
        : [];
      return ok({ items: await attributeList(project.id), available });
    }

    app.get(
      '/projects/:pid/attributes',
      {
        config: { permission: manage('params.pid') },
        schema: { tags: ['projects'], params: Params('pid'), querystring: Query(), response: { 200: AttrList } },
      },
      async (req) => attrResponse(req.scope!.project),
    );

    app.put(
      '/projects/:pid/attributes',
      {
        config: { permission: manage('params.pid') },
        schema: {
          tags: ['projects'],
          params: Params('pid'),
          body: Body({ attributes: Type.Array(AttributeSchema, { maxItems: 200 }) }),
          response: { 200: AttrList },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const errors = await checkAttributes(
          req,
          project,
          req.body.attributes.map((a) => a.name),
        );
        if (errors.length > 0) throw badRequest('projects.attributeNotFound');
        await metadata.projectAttributes.replaceAll(
          project.id,
          req.body.attributes.map((a, i) => ({
            attrName: a.name,
            title: a.title,
            titleEn: a.title_en,
            sortOrder: a.sort_order ?? i,
            config: (a.config ?? {}) as JsonObject,
          })),
        );
        await audit(req, 'project.attributes_update', `project:${project.id}`, { count: req.body.attributes.length });
        return attrResponse(project);
      },
    );

    app.delete(
      '/projects/:pid/attributes',
      {
        config: { permission: manage('params.pid') },
        schema: {
          tags: ['projects'],
          params: Params('pid'),
          body: Body({ names: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }) }),
          response: { 200: AttrList },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        await metadata.projectAttributes.remove(project.id, req.body.names);
        await audit(req, 'project.attributes_delete', `project:${project.id}`, { names: req.body.names });
        return attrResponse(project);
      },
    );

    // A draft attribute configuration: saved, checked, then applied by PUT or discarded by cancel.
    const DRAFT_KEY = 'attribute_config_draft';
    app.post(
      '/projects/:pid/attributes/config',
      {
        config: { permission: manage('params.pid') },
        schema: {
          tags: ['projects'],
          params: Params('pid'),
          body: Body({ attributes: Type.Array(AttributeSchema, { maxItems: 200 }) }),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        await metadata.settings.set(
          settingsScope.project(project.id),
          DRAFT_KEY,
          req.body.attributes as unknown as JsonValue,
        );
        await audit(req, 'project.attributes_draft', `project:${project.id}`);
        return ok({ message: 'ok' });
      },
    );

    app.get(
      '/projects/:pid/attributes/config/check',
      {
        config: { permission: manage('params.pid') },
        schema: {
          tags: ['projects'],
          params: Params('pid'),
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                pending: Type.Boolean(),
                attributes: Type.Array(Type.Unknown()),
                ...CheckReport.properties,
              }),
            ),
          },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const draft = (await metadata.settings.get<JsonValue>(settingsScope.project(project.id), DRAFT_KEY)) as
          | { name: string }[]
          | undefined;
        if (!Array.isArray(draft)) return ok({ pending: false, attributes: [], valid: true, rows: 0, errors: [] });
        const errors = await checkAttributes(
          req,
          project,
          draft.map((a) => String(a.name)),
        );
        return ok({ pending: true, attributes: draft, valid: errors.length === 0, rows: draft.length, errors });
      },
    );

    app.post(
      '/projects/:pid/attributes/config/cancel',
      {
        config: { permission: manage('params.pid') },
        schema: {
          tags: ['projects'],
          params: Params('pid'),
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        await metadata.settings.delete(settingsScope.project(req.scope!.project.id), DRAFT_KEY);
        return ok({ message: 'ok' });
      },
    );

    app.get(
      '/filter/projects/:project_id/attributes',
      {
        config: { permission: perm.project('member', 'params.project_id') },
        schema: {
          tags: ['projects'],
          params: Params('project_id'),
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(
                  Type.Object({
                    name: Type.String(),
                    title: Type.String(),
                    title_en: Type.String(),
                    filter_values: Type.Array(Type.Object({ value: Type.String(), value_en: Type.String() })),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        const attrs = await metadata.projectAttributes.list(project.id);
        const values = hasDataset(warehouse, project.dataset)
          ? await attributeValues(
              warehouse,
              project.dataset,
              attrs.map((a) => a.attrName),
            )
          : new Map();
        return ok({
          items: attrs.map((a) => ({
            name: a.attrName,
            title: a.title,
            title_en: a.titleEn,
            filter_values: (values.get(a.attrName) ?? []).map((v: { value_zh: string; value_en: string }) => ({
              value: v.value_zh,
              value_en: v.value_en,
            })),
          })),
        });
      },
    );

    // ---- Custom attributes (keyword rules over product titles), per user ----
    const RuleSchema = Type.Object({
      value: Type.String({ minLength: 1, maxLength: 64 }),
      query: Type.String({ minLength: 1, maxLength: 1000 }),
    });
    const CustomSchema = Type.Object({
      id: Type.Optional(Type.Integer()),
      category_id: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
      name: Type.String({ minLength: 1, maxLength: 64 }),
      name_en: Type.String({ maxLength: 64 }),
      rules: Type.Array(RuleSchema, { minItems: 1, maxItems: 50 }),
    });
    async function customList(projectId: number, userId: number) {
      return (await metadata.customAttributes.list(projectId, userId)).map((c) => ({
        id: c.id,
        category_id: c.categoryId,
        name: c.name,
        name_en: c.nameEn,
        rules: (Array.isArray(c.rules) ? c.rules : []) as { value: string; query: string }[],
      }));
    }

    app.post(
      '/users/projects/:id/categories/custom_attributes/queries',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Type.Optional(Body({ category_id: Type.Optional(Type.Integer({ minimum: 0 })) })),
          response: { 200: Envelope(Type.Object({ items: Type.Array(CustomSchema) })) },
        },
      },
      async (req) => {
        const list = await customList(req.scope!.project.id, req.user!.id);
        const cat = req.body?.category_id;
        return ok({
          items: cat === undefined ? list : list.filter((c) => c.category_id === null || c.category_id === cat),
        });
      },
    );

    app.post(
      '/users/projects/:id/categories/custom_attributes',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['projects'],
          params: Params('id'),
          body: Body({ items: Type.Array(CustomSchema, { maxItems: 100 }) }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(CustomSchema) })) },
        },
      },
      async (req) => {
        const { project } = req.scope!;
        // Rules are super queries (spec §5): rejected with the spec's message when malformed.
        for (const item of req.body.items) {
          for (const rule of item.rules) {
            const parsed = parseSuperQuery(rule.query);
            if (!parsed.ok) throw badRequest('superQuery.invalidFormat');
          }
        }
        await metadata.customAttributes.replaceForUser(
          project.id,
          req.user!.id,
          req.body.items.map((i) => ({ categoryId: i.category_id, name: i.name, nameEn: i.name_en, rules: i.rules })),
        );
        return ok({ items: await customList(project.id, req.user!.id) });
      },
    );
  };
}
