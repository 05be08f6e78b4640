import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from 'typebox';
import {
  attributeValues,
  datasetAttributes,
  PlatformChannelsSchema,
  platformChannels,
} from '../../analytics/engine/dimensions.js';
import type { AnalyticsEngine } from '../../analytics/engine/service.js';
import { FilterFields } from '../../analytics/engine/validate.js';
import {
  type DataScope,
  loadDataScope,
  requestSignal,
  scopeQuery,
  validateScopeFilter,
} from '../../analytics/request.js';
import type { AppContext } from '../../context.js';
import { AUTH, isAdmin, perm } from '../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../schema.js';

/**
 * /api/common reference data (spec §7 "Data"): what every analysis page needs to draw its filters,
 * always within the user's grant. Routes declare `signedIn`; the data scope (project) is authorised
 * in the handler through the permissions module, because spec §5 wants an empty answer — not an
 * error — when no data_scope_id is sent.
 */

const ScopeId = Type.Integer({ minimum: 1 });
const Body = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });
const Named = Type.Object({ id: Type.Number(), name: Type.String(), name_en: Type.String() });
const CategoryItem = Type.Object({
  category_id: Type.Integer(),
  category_name: Type.String(),
  category_name_en: Type.String(),
  level: Type.Integer(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
});
/**
 * A node of the granted tree. `ready` is false when the project's administrator has not yet marked
 * the category (or a category above it) ready: its data is not reviewed, and the analysis pages show
 * the spec §6 "not ready" warning instead of its figures.
 */
const TreeItem = Type.Object({ ...CategoryItem.properties, ready: Type.Boolean() });
// The tree has three levels (DESIGN.md §3), so its schema is written out rather than recursive.
const WithChildren = <T extends TSchema>(child: T) =>
  Type.Object({ ...TreeItem.properties, children: Type.Array(child) });
const CategoryTree = WithChildren(WithChildren(WithChildren(TreeItem)));
interface CategoryTreeNode extends Static<typeof TreeItem> {
  children: CategoryTreeNode[];
}
const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};

export function dataRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = ctx;
  const signedIn = { permission: perm.signedIn };
  const scopeOf = (req: { user: unknown }, id: number) =>
    loadDataScope(metadata, engine, (req as { user: Parameters<typeof loadDataScope>[2] }).user, id);

  /** Categories of the tree that hold at least one granted leaf. */
  function grantedIds(scope: DataScope, leaves: readonly number[] = scope.grant.categories): Set<number> {
    const out = new Set<number>();
    for (const leaf of leaves) {
      let c = scope.catalog.categories.get(leaf);
      while (c) {
        out.add(c.category_id);
        c = c.parent_id === null ? undefined : scope.catalog.categories.get(c.parent_id);
      }
    }
    return out;
  }
  const item = (scope: DataScope, id: number) => {
    const c = scope.catalog.categories.get(id)!;
    return {
      category_id: id,
      category_name: c.name_zh,
      category_name_en: c.name_en,
      level: c.level,
      parent: c.parent_id,
    };
  };
  /** The granted tree under `parent`; a node is not ready when it or an ancestor is in `notReady`. */
  function tree(
    scope: DataScope,
    allowed: Set<number>,
    parent: number | null,
    notReady: ReadonlySet<number>,
    parentReady = true,
  ): CategoryTreeNode[] {
    return (scope.catalog.children.get(parent) ?? [])
      .filter((c) => allowed.has(c.category_id))
      .map((c) => {
        const ready = parentReady && !notReady.has(c.category_id);
        return {
          ...item(scope, c.category_id),
          ready,
          children: tree(scope, allowed, c.category_id, notReady, ready),
        };
      });
  }
  const children = (scope: DataScope, parent: number | null) => {
    const allowed = grantedIds(scope);
    return (scope.catalog.children.get(parent) ?? [])
      .filter((c) => allowed.has(c.category_id))
      .map((c) => item(scope, c.category_id));
  };

  /** Entities with sales in the grant (brands, shops …), biggest first; cached like any query. */
  async function ranked(scope: DataScope, dim: 'brand' | 'shop', signal: AbortSignal, filterBrands?: number[]) {
    const dims = dim === 'shop' ? (['platform', 'shop'] as const) : (['brand'] as const);
    const result = await engine.run(
      scope.grant,
      scopeQuery(scope, {
        dimensions: [...dims],
        measures: ['sales'],
        sort: { by: 'sales', desc: true },
        ...(filterBrands ? { filter: { brands: filterBrands } } : {}),
      }),
      { signal },
    );
    return result.rows.map((r) => {
      const label = r.labels[dim] ?? { zh: String(r.keys[dim]), en: String(r.keys[dim]) };
      return {
        id: Number(r.keys[dim]),
        platform: Number(r.keys.platform ?? 0),
        name: label.zh,
        name_en: label.en,
        sales: r.sales,
      };
    });
  }
  const prefixed = (prefix: string | undefined) => {
    const p = prefix?.trim().toLowerCase();
    return (e: { name: string; name_en: string }) =>
      !p || e.name.toLowerCase().startsWith(p) || e.name_en.toLowerCase().startsWith(p);
  };
  const page = <T>(items: T[], q: { page?: number | undefined; page_size?: number | undefined }) => {
    const size = q.page_size ?? 50;
    const n = q.page ?? 1;
    return { items: items.slice((n - 1) * size, n * size), total: items.length, page: n, page_size: size };
  };

  return async (app) => {
    app.get(
      '/data_scopes',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query(),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(
                  Type.Object({
                    id: Type.Integer(),
                    name: Type.String(),
                    table: Type.String(),
                    has_series: Type.Boolean(),
                    series_name: Type.String(),
                    series_name_en: Type.String(),
                    hide_keywords: Type.Boolean(),
                    discount_price: Type.Boolean(),
                    discount_price_on: Type.Boolean(),
                    limit_brands: Type.Boolean(),
                    date_field: Type.String(),
                    currency_unit: Type.String(),
                    cur_symbol: Type.String(),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (req) => {
        const user = req.user!;
        const members = await metadata.members.listForUser(user.id);
        const byProject = new Map(members.map((m) => [m.projectId, m]));
        const list = await metadata.projects.list({
          pageSize: 1000,
          ...(isAdmin(user) ? {} : { ids: [...byProject.keys()], status: 'in_service' as const }),
        });
        return ok({
          items: list.items.map((p) => ({
            id: p.id,
            name: p.name,
            table: p.dataset,
            has_series: p.hasSeries,
            series_name: p.seriesName,
            series_name_en: p.seriesNameEn,
            hide_keywords: p.hideKeywords,
            discount_price: p.discountPrice,
            discount_price_on: p.discountPrice && (byProject.get(p.id)?.discountPriceOn ?? false),
            limit_brands: p.limitBrands,
            date_field: p.dateField,
            currency_unit: p.currencyUnit,
            cur_symbol: p.curSymbol,
          })),
        });
      },
    );

    app.get(
      '/table_date',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId }),
          response: { 200: Envelope(Type.Object({ farthest_date: Type.String(), latest_date: Type.String() })) },
        },
      },
      async (req) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        return ok({ farthest_date: scope.fullRange.start, latest_date: scope.fullRange.end });
      },
    );

    const ItemsOf = <T extends TSchema>(t: T) => Envelope(Type.Object({ items: Type.Array(t) }));
    app.get(
      '/raw/categories',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId }),
          response: { 200: ItemsOf(CategoryItem) },
        },
      },
      async (req) => ok({ items: children(await scopeOf(req, req.query.data_scope_id), null) }),
    );
    for (const path of ['/raw/second_categories/:id', '/raw/third_categories/:id']) {
      app.get(
        path,
        {
          config: signedIn,
          schema: {
            tags: ['data'],
            params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,12}$' }) }, { additionalProperties: false }),
            querystring: Query({ data_scope_id: ScopeId }),
            response: { 200: ItemsOf(CategoryItem) },
          },
        },
        async (req) => ok({ items: children(await scopeOf(req, req.query.data_scope_id), Number(req.params.id)) }),
      );
    }

    app.post(
      '/categories',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          body: Body({
            data_scope_id: Type.Optional(Type.Union([ScopeId, Type.Null()])),
            /** Only categories in which these brands sold. */
            brands_filtering: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 500 })),
          }),
          response: { 200: ItemsOf(CategoryTree) },
        },
      },
      async (req, reply) => {
        const id = req.body.data_scope_id;
        // Spec §5: no data scope, no categories (not an error).
        if (!id) return ok({ items: [] });
        const scope = await scopeOf(req, id);
        let leaves = scope.grant.categories;
        if (req.body.brands_filtering?.length) {
          const result = await engine.run(
            scope.grant,
            scopeQuery(scope, {
              dimensions: ['category_3'],
              measures: ['sales'],
              filter: { brands: req.body.brands_filtering },
            }),
            { signal: requestSignal(reply) },
          );
          leaves = result.rows.map((r) => Number(r.keys.category_3));
        }
        const notReady = new Set(
          (await metadata.projectCategories.list(scope.project.id))
            .filter((c) => c.status !== 'ready')
            .map((c) => c.categoryId),
        );
        return ok({ items: tree(scope, grantedIds(scope, leaves), null, notReady) as Static<typeof CategoryTree>[] });
      },
    );

    app.get(
      '/categories/exist_prefix',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId, prefix: Type.String({ minLength: 1, maxLength: 100 }) }),
          response: { 200: ItemsOf(CategoryItem) },
        },
      },
      async (req) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        const match = prefixed(req.query.prefix);
        const items = [...grantedIds(scope)]
          .map((id) => item(scope, id))
          .filter((c) => match({ name: c.category_name, name_en: c.category_name_en }))
          .sort((a, b) => a.level - b.level || a.category_id - b.category_id);
        return ok({ items });
      },
    );

    app.get(
      '/categories/sql',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId, sql: Type.String({ minLength: 1, maxLength: 4000 }) }),
          response: { 200: ItemsOf(CategoryItem) },
        },
      },
      async (req, reply) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        const customSql = await engine.parseCustomSql(scope.project.dataset, req.query.sql);
        const result = await engine.run(
          scope.grant,
          scopeQuery(scope, { dimensions: ['category_3'], measures: ['sales'], filter: { customSql } }),
          { signal: requestSignal(reply) },
        );
        return ok({ items: result.rows.map((r) => item(scope, Number(r.keys.category_3))) });
      },
    );

    const BrandList = Envelope(
      Type.Object({ items: Type.Array(Named), total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() }),
    );
    app.get(
      '/brands',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({
            data_scope_id: ScopeId,
            prefix: Type.Optional(Type.String({ maxLength: 100 })),
            ...PageFields,
          }),
          response: { 200: BrandList },
        },
      },
      async (req, reply) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        const brands = (await ranked(scope, 'brand', requestSignal(reply))).filter(prefixed(req.query.prefix));
        return ok(
          page(
            brands.map(({ id, name, name_en }) => ({ id, name, name_en })),
            req.query,
          ),
        );
      },
    );

    app.get(
      '/brands/default',
      {
        config: signedIn,
        schema: { tags: ['data'], querystring: Query({ data_scope_id: ScopeId }), response: { 200: ItemsOf(Named) } },
      },
      async (req, reply) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        const brands = await ranked(scope, 'brand', requestSignal(reply));
        return ok({ items: brands.slice(0, 10).map(({ id, name, name_en }) => ({ id, name, name_en })) });
      },
    );

    app.get(
      '/brands/scope',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId }),
          response: { 200: Envelope(Type.Object({ limited: Type.Boolean(), items: Type.Array(Named) })) },
        },
      },
      async (req, reply) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        const brands = await ranked(scope, 'brand', requestSignal(reply));
        return ok({
          limited: scope.grant.brands !== null,
          items: brands.map(({ id, name, name_en }) => ({ id, name, name_en })),
        });
      },
    );

    app.get(
      '/shops',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({
            data_scope_id: ScopeId,
            prefix: Type.Optional(Type.String({ maxLength: 100 })),
            ...PageFields,
          }),
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(Type.Object({ value: Type.String(), name: Type.String(), name_en: Type.String() })),
                total: Type.Integer(),
                page: Type.Integer(),
                page_size: Type.Integer(),
              }),
            ),
          },
        },
      },
      async (req, reply) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        const shops = (await ranked(scope, 'shop', requestSignal(reply))).filter(prefixed(req.query.prefix));
        // Spec §4: a shop selection is 'platform,shop_id'.
        return ok(
          page(
            shops.map((s) => ({ value: `${s.platform},${s.id}`, name: s.name, name_en: s.name_en })),
            req.query,
          ),
        );
      },
    );

    const Attribute = Type.Object({
      name: Type.String(),
      title: Type.String(),
      title_en: Type.String(),
      filter_values: Type.Array(Type.Object({ value: Type.String(), value_en: Type.String() })),
    });
    async function attributes(scope: DataScope, names?: string[]) {
      const ds = scope.project.dataset;
      const defs = await datasetAttributes(warehouse, ds);
      const wanted = defs.filter((d) => !names || names.includes(d.attr_name));
      // Values of products in the granted categories only.
      const values = await attributeValues(
        warehouse,
        ds,
        wanted.map((d) => d.attr_name),
        scope.grant.categories,
      );
      return wanted.map((d) => ({
        name: d.attr_name,
        title: d.title_zh,
        title_en: d.title_en,
        filter_values: (values.get(d.attr_name) ?? []).map((v) => ({ value: v.value_zh, value_en: v.value_en })),
      }));
    }
    app.get(
      '/attributes',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId }),
          response: { 200: ItemsOf(Attribute) },
        },
      },
      async (req) => ok({ items: await attributes(await scopeOf(req, req.query.data_scope_id)) }),
    );
    app.get(
      '/attributes/values',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId, name: Type.String({ minLength: 1, maxLength: 64 }) }),
          response: { 200: ItemsOf(Attribute) },
        },
      },
      async (req) => ok({ items: await attributes(await scopeOf(req, req.query.data_scope_id), [req.query.name]) }),
    );

    app.get(
      '/platforms/channels',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId }),
          response: {
            200: ItemsOf(PlatformChannelsSchema),
          },
        },
      },
      async (req) => {
        const scope = await scopeOf(req, req.query.data_scope_id);
        return ok({ items: await platformChannels(warehouse, scope.project.dataset) });
      },
    );

    app.get(
      '/data/permission',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          querystring: Query({ data_scope_id: ScopeId }),
          response: {
            200: Envelope(
              Type.Object({
                categories: Type.Array(Type.Integer()),
                brands: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
                shops: Type.Union([Type.Array(Type.Number()), Type.Null()]),
              }),
            ),
          },
        },
      },
      async (req) => {
        const { grant } = await scopeOf(req, req.query.data_scope_id);
        return ok({
          categories: [...grant.categories],
          brands: grant.brands && [...grant.brands],
          shops: grant.shops && [...grant.shops],
        });
      },
    );

    app.post(
      '/filter/search',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          body: Body({ data_scope_id: ScopeId, keyword: Type.String({ minLength: 1, maxLength: 100 }) }),
          response: {
            200: Envelope(
              Type.Object({
                categories: Type.Array(CategoryItem),
                brands: Type.Array(Named),
                shops: Type.Array(Type.Object({ value: Type.String(), name: Type.String(), name_en: Type.String() })),
              }),
            ),
          },
        },
      },
      async (req, reply) => {
        const scope = await scopeOf(req, req.body.data_scope_id);
        const needle = req.body.keyword.trim().toLowerCase();
        const has = (e: { name: string; name_en: string }) =>
          e.name.toLowerCase().includes(needle) || e.name_en.toLowerCase().includes(needle);
        const signal = requestSignal(reply);
        const [brands, shops] = await Promise.all([ranked(scope, 'brand', signal), ranked(scope, 'shop', signal)]);
        const limit = 20;
        return ok({
          categories: [...grantedIds(scope)]
            .map((id) => item(scope, id))
            .filter((c) => has({ name: c.category_name, name_en: c.category_name_en }))
            .slice(0, limit),
          brands: brands
            .filter(has)
            .slice(0, limit)
            .map(({ id, name, name_en }) => ({ id, name, name_en })),
          shops: shops
            .filter(has)
            .slice(0, limit)
            .map((s) => ({ value: `${s.platform},${s.id}`, name: s.name, name_en: s.name_en })),
        });
      },
    );

    app.post(
      '/data/empty',
      {
        config: signedIn,
        schema: {
          tags: ['data'],
          body: Body(FilterFields),
          response: { 200: Envelope(Type.Object({ empty: Type.Boolean() })) },
        },
      },
      async (req, reply) => {
        const { data_scope_id, locale: _locale, ...wire } = req.body;
        const scope = await scopeOf(req, data_scope_id);
        const v = await validateScopeFilter(metadata, engine, req.user!, scope, wire);
        const result = await engine.run(
          scope.grant,
          scopeQuery(scope, { dimensions: [], measures: ['sales'], filter: v.filter, range: v.range }),
          { signal: requestSignal(reply) },
        );
        return ok({ empty: result.rows.length === 0 || result.rows[0]!.count === 0 });
      },
    );

    app.post(
      '/cache/clear',
      {
        config: { permission: perm.roles(AUTH.projectAdmin) },
        schema: {
          tags: ['data'],
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Type.Object({ cleared: Type.Boolean() })) },
        },
      },
      async () => {
        await engine.cache?.clear();
        return ok({ cleared: true });
      },
    );
  };
}
