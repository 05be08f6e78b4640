import { PAGE_IDS } from '@marketlens/shared';
import type { ProjectFields } from '@marketlens/shared/contracts';
import { hasDataset, platformChannels } from '../../../analytics/engine/dimensions.js';
import { AppError, badRequest, forbidden, notFound } from '../../../errors.js';
import { translateFor } from '../../../i18n.js';
import { ConflictError, DatasetInUseError, type ProjectPatch } from '../../../metadata/index.js';
import { isAdmin, isRoot, projectPages } from '../../../permissions/index.js';
import type { ProjectHandlers, ProjectKit } from './shared.js';

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

/**
 * Projects themselves (docs/product.md §7): CRUD, brief, status, pages, discount switch, and the pickers of
 * the project form.
 */
export function projectCoreHandlers(kit: ProjectKit) {
  const { metadata, warehouse } = kit.ctx;

  /** An owner must be an existing account (a dangling id would fail deep in the store). */
  async function assertOwner(ownerId: number | null | undefined) {
    if (ownerId != null && !(await metadata.users.getById(ownerId))) throw badRequest('server.invalidArgument');
  }
  /**
   * A dataset holds one granularity and one currency (its manifest); a project asking for another would
   * show periods or amounts the data does not have (docs/product.md §5). Only the fields the body sets.
   */
  const assertMatchesDataset = (dataset: string, b: { date_field?: string; currency_unit?: string }) => {
    const manifest = warehouse.datasets().find((d) => d.manifest.name === dataset)?.manifest;
    if (!manifest) return;
    if (b.date_field !== undefined && b.date_field !== manifest.date_field) {
      throw badRequest('projects.dateFieldMismatch');
    }
    if (b.currency_unit !== undefined && b.currency_unit !== manifest.currency_unit) {
      throw badRequest('projects.currencyMismatch');
    }
  };
  const assertPages = (pages: readonly number[]) => {
    if (pages.filter((p) => PAGE_IDS.includes(p)).length === 0) throw badRequest('projects.pagesInvalid');
  };

  return {
    list: async (req) => {
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
      return { items, total: page.total, page: page.page, page_size: page.pageSize };
    },
    create: async (req) => {
      const b = req.body;
      kit.assertDataset(b.data_scope);
      const pages = (b.pages ?? []).filter((p) => PAGE_IDS.includes(p));
      if (pages.length === 0) throw badRequest('projects.pagesInvalid');
      if (await metadata.projects.getByName(b.name.trim())) throw badRequest('server.projectExists');
      await assertOwner(b.owner_id);
      assertMatchesDataset(b.data_scope, b);
      const manifest = warehouse.datasets().find((d) => d.manifest.name === b.data_scope)!.manifest;
      // The dataset's own settings are the defaults; the form may override those that are not the data's own.
      const project = await metadata
        .transaction(async (tx) => {
          const created = await tx.projects.create({
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
          });
          // The creator is a member with every page of the project, root and global admins included:
          // they pass the member check without a row, but a global admin's pages and anyone's own saved
          // configuration live on the membership (docs/security.md, "Project membership").
          await tx.members.add({ projectId: created.id, userId: req.user!.id, role: '', pages });
          return created;
        })
        .catch(projectConflict);
      await kit.audit(req, 'project.create', project.id, { name: project.name });
      return await kit.view(project);
    },
    check: async (req) => {
      const found = await metadata.projects.getByName(req.body.name.trim());
      const exists = found !== undefined && found.id !== req.body.id;
      return { exists, message: exists ? translateFor(req.locale)('server.projectExists') : '' };
    },
    get: async (req) => await kit.view(req.scope!.project),
    brief: async (req) => {
      const { project: p, member } = req.scope!;
      return {
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
      };
    },
    update: async (req) => {
      const b = req.body;
      if (b.data_scope !== undefined) kit.assertDataset(b.data_scope);
      if (b.pages !== undefined) assertPages(b.pages);
      if (b.name !== undefined) {
        const other = await metadata.projects.getByName(b.name.trim());
        if (other && other.id !== req.scope!.project.id) throw badRequest('server.projectExists');
      }
      await assertOwner(b.owner_id);
      assertMatchesDataset(b.data_scope ?? req.scope!.project.dataset, b);
      const updated = await metadata.projects.update(req.scope!.project.id, toPatch(b)).catch(projectConflict);
      if (!updated) throw notFound('server.projectNotFound');
      await kit.audit(req, 'project.update', updated.id, { fields: Object.keys(b).filter((k) => k !== 'locale') });
      return await kit.view(updated);
    },
    // Deleting takes the members' work with it (docs/product.md §6): root's decision alone, and the audit
    // keeps what went.
    remove: async (req) => {
      if (!isRoot(req.user!)) throw forbidden('projects.deleteRootOnly');
      const p = req.scope!.project;
      const ties = await metadata.projects.ties(p.id);
      if (!(await metadata.projects.delete(p.id))) throw notFound('server.projectNotFound');
      await kit.audit(req, 'project.delete', p.id, {
        name: p.name,
        members: ties.members,
        categories: ties.categories,
        saved_configs: ties.savedConfigs,
      });
      return { message: 'ok' };
    },
    ties: async (req) => {
      const t = await metadata.projects.ties(req.scope!.project.id);
      return {
        members: t.members,
        grants: t.grants,
        saved_configs: t.savedConfigs,
        categories: t.categories,
        attributes: t.attributes,
        bands: t.bands,
        custom_attributes: t.customAttributes,
        favorite_brands: t.favoriteBrands,
        collections: t.collections,
        events: t.events,
        notes: t.notes,
        views: t.views,
      };
    },
    setStatus: async (req) => {
      const updated = await metadata.projects.setStatus(req.scope!.project.id, req.body.status);
      if (!updated) throw notFound('server.projectNotFound');
      await kit.audit(req, 'project.status', updated.id, { status: req.body.status });
      return await kit.view(updated);
    },
    pages: async (req) => ({ pages: projectPages(req.user!, req.scope!.project, req.scope!.member) }),
    discountPrice: async (req) => {
      const { project, member } = req.scope!;
      if (!member) throw badRequest('users.notMember');
      // The switch only exists where the project's dataset has discount prices.
      const on = project.discountPrice && req.body.discount_price_on;
      await metadata.members.update(project.id, member.userId, { discountPriceOn: on });
      return { discount_price_on: on };
    },
    tables: async () => ({
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
    currencies: async () => {
      const known = new Map(CURRENCIES.map((c) => [c.currency_unit, c]));
      for (const d of warehouse.datasets()) {
        if (!known.has(d.manifest.currency_unit)) {
          known.set(d.manifest.currency_unit, {
            currency_unit: d.manifest.currency_unit,
            cur_symbol: d.manifest.cur_symbol,
          });
        }
      }
      return { items: [...known.values()] };
    },
    platformChannels: async (req) => {
      if (!hasDataset(warehouse, req.params.table_name)) throw notFound('projects.datasetNotFound');
      return { items: await platformChannels(warehouse, req.params.table_name) };
    },
  } satisfies Partial<ProjectHandlers>;
}
