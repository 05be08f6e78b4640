import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataScopesData } from '@marketlens/shared/contracts';
import { Type } from 'typebox';
import type { AnalyticsEngine } from '../../analytics/engine/service.js';
import type { AppContext } from '../../context.js';
import { AUTH, isAdmin, perm } from '../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../schema.js';

/**
 * The two /api/common "Data" routes (docs/product.md §7) that are not about one project, so they are not in
 * `DATA_ENDPOINTS` (whose entries are authorised by the project they name): the user's projects
 * (data scopes), open to every signed-in user, and clearing the query cache, for administrators.
 * The project's reference data is routes/common/analysis/reference.ts.
 */
export function dataRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  const { metadata } = ctx;
  return async (app) => {
    app.get(
      '/data_scopes',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['data'],
          summary: "The user's projects (data scopes)",
          querystring: Query(),
          response: { 200: Envelope(DataScopesData) },
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

    app.post(
      '/cache/clear',
      {
        config: { permission: perm.roles(AUTH.projectAdmin) },
        schema: {
          tags: ['data'],
          summary: 'Clear the query result cache',
          body: Type.Optional(Type.Object({ ...LocaleField }, { additionalProperties: false })),
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
