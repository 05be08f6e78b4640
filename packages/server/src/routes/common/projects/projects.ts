import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAGE_IDS } from '@marketlens/shared';
import { PlatformChannels } from '@marketlens/shared/contracts';
import { type TSchema, Type } from 'typebox';
import { hasDataset, platformChannels } from '../../../analytics/engine/dimensions.js';
import { AppError, badRequest, notFound } from '../../../errors.js';
import { translateFor } from '../../../i18n.js';
import { ConflictError, DatasetInUseError, type ProjectPatch } from '../../../metadata/index.js';
import { AUTH, accountContact, isAdmin, perm, projectPages } from '../../../permissions/index.js';
import { Envelope, ok, Query } from '../../../schema.js';
import { Done, ProjectSchema } from '../views.js';
import { Body, NoBody, Nullable, onProject, onRoles, Pages, type ProjectKit, ProjectStatusField } from './shared.js';

const ProjectFields = {
  name: Type.String({ minLength: 1, maxLength: 128 }),
  data_scope: Type.String({ minLength: 1, maxLength: 64 }),
  owner_id: Type.Optional(Nullable('integer', { minimum: 1 })),
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
  status: Type.Optional(ProjectStatusField),
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

const BriefSchema = Type.Object({
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
});

const TableSchema = Type.Object({
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
});

const Items = <T extends TSchema>(item: T) => Envelope(Type.Object({ items: Type.Array(item) }));

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
  if (err instanceof DatasetInUseError) throw new AppError(400, 'dataset_in_use', 'projects.datasetInUse');
  throw err;
};

/** Projects themselves (spec §7): CRUD, brief, status, pages, discount switch, and the pickers of the project form. */
export function projectCoreRoutes(kit: ProjectKit): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = kit.ctx;
  const admin = perm.roles(AUTH.projectAdmin);

  /** An owner must be an existing account (a dangling id would fail deep in the store). */
  async function assertOwner(ownerId: number | null | undefined) {
    if (ownerId != null && !(await metadata.users.getById(ownerId))) throw badRequest('server.invalidArgument');
  }
  const assertPages = (pages: readonly number[]) => {
    if (pages.filter((p) => PAGE_IDS.includes(p)).length === 0) throw badRequest('projects.pagesInvalid');
  };

  return async (app) => {
    app.get(
      '/projects',
      onRoles(perm.roles(AUTH.projects), 'Projects, one page', {
        querystring: Query({
          page: Type.Optional(Type.Integer({ minimum: 1 })),
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          search: Type.Optional(Type.String({ maxLength: 100 })),
          status: Type.Optional(ProjectStatusField),
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
      }),
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
        const items = await Promise.all(page.items.map(kit.view));
        return ok({ items, total: page.total, page: page.page, page_size: page.pageSize });
      },
    );

    app.post(
      '/projects',
      onRoles(admin, 'Create a project', { body: Body(ProjectFields), response: { 200: Envelope(ProjectSchema) } }),
      async (req) => {
        const b = req.body;
        kit.assertDataset(b.data_scope);
        const pages = (b.pages ?? []).filter((p) => PAGE_IDS.includes(p));
        if (pages.length === 0) throw badRequest('projects.pagesInvalid');
        if (await metadata.projects.getByName(b.name.trim())) throw badRequest('server.projectExists');
        await assertOwner(b.owner_id);
        const manifest = warehouse.datasets().find((d) => d.manifest.name === b.data_scope)!.manifest;
        // The dataset's own settings are the defaults; the form may override any of them.
        const project = await metadata.projects
          .create({
            currencyUnit: manifest.currency_unit,
            curSymbol: manifest.cur_symbol,
            dateField: manifest.date_field,
            hasSeries: manifest.has_series,
            seriesName: manifest.series_name ?? '',
            seriesNameEn: manifest.series_name_en ?? '',
            discountPrice: manifest.discount_price,
            ...toPatch(b),
            name: b.name.trim(),
            dataset: b.data_scope,
            ownerId: b.owner_id ?? req.user!.id,
            pages,
          })
          .catch(projectConflict);
        await kit.audit(req, 'project.create', project.id, { name: project.name });
        return ok(await kit.view(project));
      },
    );

    app.post(
      '/projects/check',
      onRoles(admin, 'Whether a project name is taken', {
        body: Body({ name: Type.String({ maxLength: 128 }), id: Type.Optional(Type.Integer()) }),
        response: { 200: Envelope(Type.Object({ exists: Type.Boolean(), message: Type.String() })) },
      }),
      async (req) => {
        const found = await metadata.projects.getByName(req.body.name.trim());
        const exists = found !== undefined && found.id !== req.body.id;
        return ok({ exists, message: exists ? translateFor(req.locale)('server.projectExists') : '' });
      },
    );

    app.get(
      '/projects/:id',
      onProject('member', ['id'], 'One project', { querystring: Query(), response: { 200: Envelope(ProjectSchema) } }),
      async (req) => ok(await kit.view(req.scope!.project)),
    );

    app.get(
      '/projects/:id/brief',
      onProject('member', ['id'], "A project's settings for the analysis pages", {
        querystring: Query(),
        response: { 200: Envelope(BriefSchema) },
      }),
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
      onProject('manage', ['id'], 'Update a project', {
        body: Type.Partial(Body(ProjectFields)),
        response: { 200: Envelope(ProjectSchema) },
      }),
      async (req) => {
        const b = req.body;
        if (b.data_scope !== undefined) kit.assertDataset(b.data_scope);
        if (b.pages !== undefined) assertPages(b.pages);
        if (b.name !== undefined) {
          const other = await metadata.projects.getByName(b.name.trim());
          if (other && other.id !== req.scope!.project.id) throw badRequest('server.projectExists');
        }
        await assertOwner(b.owner_id);
        const updated = await metadata.projects.update(req.scope!.project.id, toPatch(b)).catch(projectConflict);
        if (!updated) throw notFound('server.projectNotFound');
        await kit.audit(req, 'project.update', updated.id, { fields: Object.keys(b).filter((k) => k !== 'locale') });
        return ok(await kit.view(updated));
      },
    );

    app.delete(
      '/projects/:id',
      onProject('manage', ['id'], 'Delete a project', { body: NoBody, response: { 200: Envelope(Done) } }),
      async (req) => {
        const p = req.scope!.project;
        await metadata.projects.delete(p.id);
        await kit.audit(req, 'project.delete', p.id, { name: p.name });
        return ok({ message: 'ok' });
      },
    );

    app.put(
      '/projects/:id/status',
      onProject('manage', ['id'], 'Set the status of a project', {
        body: Body({ status: ProjectStatusField }),
        response: { 200: Envelope(ProjectSchema) },
      }),
      async (req) => {
        const updated = await metadata.projects.setStatus(req.scope!.project.id, req.body.status);
        if (!updated) throw notFound('server.projectNotFound');
        await kit.audit(req, 'project.status', updated.id, { status: req.body.status });
        return ok(await kit.view(updated));
      },
    );

    app.get(
      '/projects/:project_id/pages',
      onProject('member', ['project_id'], 'Pages the user may open in the project', {
        querystring: Query(),
        response: { 200: Envelope(Type.Object({ pages: Type.Array(Type.Integer()) })) },
      }),
      async (req) => ok({ pages: projectPages(req.user!, req.scope!.project, req.scope!.member) }),
    );

    app.put(
      '/projects/:project_id/users/discount_price',
      onProject('member', ['project_id'], 'Turn discount prices on or off for the user', {
        body: Body({ discount_price_on: Type.Boolean() }),
        response: { 200: Envelope(Type.Object({ discount_price_on: Type.Boolean() })) },
      }),
      async (req) => {
        const { project, member } = req.scope!;
        if (!member) throw badRequest('users.notMember');
        // The switch only exists where the project's dataset has discount prices.
        const on = project.discountPrice && req.body.discount_price_on;
        await metadata.members.update(project.id, member.userId, { discountPriceOn: on });
        return ok({ discount_price_on: on });
      },
    );

    app.get(
      '/tables',
      onRoles(admin, 'Datasets in the warehouse', { querystring: Query(), response: { 200: Items(TableSchema) } }),
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
      onRoles(admin, 'Currencies a project may show', {
        querystring: Query(),
        response: { 200: Items(Type.Object({ currency_unit: Type.String(), cur_symbol: Type.String() })) },
      }),
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
      onRoles(admin, 'Platforms and channels of a dataset', {
        params: Type.Object(
          { table_name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,47}$' }) },
          { additionalProperties: false },
        ),
        querystring: Query(),
        response: { 200: Items(PlatformChannels) },
      }),
      async (req) => {
        if (!hasDataset(warehouse, req.params.table_name)) throw notFound('projects.datasetNotFound');
        return ok({ items: await platformChannels(warehouse, req.params.table_name) });
      },
    );

    app.get(
      '/enterprises',
      onRoles(perm.roles(AUTH.projects), 'Enterprises (customers)', {
        querystring: Query(),
        response: { 200: Items(Type.String()) },
      }),
      async (req) => {
        const user = req.user!;
        // Administrators pick from every customer; others only see their own enterprise.
        if (!isAdmin(user)) return ok({ items: user.account.enterprise ? [user.account.enterprise] : [] });
        const all = await metadata.users.list({ pageSize: 1000 });
        // Only of accounts whose enterprise the admin may see (tenancy: not root's or other admins').
        const names = [...new Set(all.items.map((u) => accountContact(user, u).enterprise).filter(Boolean))].sort();
        return ok({ items: names });
      },
    );
  };
}
