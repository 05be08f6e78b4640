import { setMaxListeners } from 'node:events';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WireLocale } from '@marketlens/shared';
import {
  InsightAttributes,
  InsightAttributeValues,
  InsightBandsValues,
  InsightChannelsOverview,
  InsightDistribution,
  InsightSummary,
  InsightTop,
  type InsightTopRowData,
  InsightTrends,
  InsightTrendsList,
  InsightValuation,
  InsightValuationSettings,
} from '@marketlens/shared/contracts';
import type { FastifyReply } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { AnalyticsEngine } from '../../../analytics/engine/service.js';
import { FilterFields, type WireFilter } from '../../../analytics/engine/validate.js';
import {
  attributesOverview,
  attributeValues,
  bandsValues,
  channelsOverview,
  distribution,
  type InsightContext,
  type InsightMetric,
  selectionOf,
  summary,
  type TopKind,
  top,
  trends,
  trendsList,
} from '../../../analytics/pages/insight.js';
import {
  type CategoryValuation,
  checkWeights,
  DEFAULT_VALUATION_WEIGHTS,
  type ValuationWeights,
  valuateCategories,
  valuationSettings,
} from '../../../analytics/panels/valuation.js';
import { loadDataScope, requestSignal, validateScopeFilter } from '../../../analytics/request.js';
import type { AppContext } from '../../../context.js';
import { type Column, downloadContext, sendXlsx } from '../../../downloads/xlsx.js';
import { translateFor } from '../../../i18n.js';
import { type AuthUser, perm } from '../../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../../schema.js';

/**
 * Endpoints of Category Insight (/discover, spec §7: summary, trends, trends_list, distributions,
 * channels overview, top + download, category valuations + settings, custom weights and download).
 * Thin handlers: loadDataScope (project + grant) → validateScopeFilter (spec §3/§5) → the page
 * logic in analytics/pages/insight.ts and analytics/panels/. docs/pages/insight.md.
 */

const Metric = Type.Optional(Type.Union([Type.Literal('sales'), Type.Literal('count'), Type.Literal('avg_price')]));
const SortBy = Type.Optional(Type.Union([Type.Literal('sales'), Type.Literal('count')]));
const Kind = Type.Optional(Type.Union([Type.Literal('brand'), Type.Literal('shop'), Type.Literal('product')]));
/** Weights are checked in code so that a negative one gets the spec §5 message, not a schema error. */
const Weights = Type.Object(
  {
    market_size: Type.Optional(Type.Number()),
    growth: Type.Optional(Type.Number()),
    concentration: Type.Optional(Type.Number()),
    avg_price: Type.Optional(Type.Number()),
    new_brand: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
const Body = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ ...LocaleField, ...FilterFields, ...props }, { additionalProperties: false });

/** The fields of a body that are not the spec §3 filter. */
const OWN_FIELDS = ['data_scope_id', 'locale', 'metric', 'sort_by', 'kind', 'dimension', 'attribute', 'weights'];

export function insightRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = ctx;
  const signedIn = { permission: perm.signedIn };

  /** Scope (project + grant) and validated filter of a request. */
  async function prepare(
    req: { user?: AuthUser | null; locale: WireLocale; body: { data_scope_id: number } & Record<string, unknown> },
    reply: FastifyReply,
  ): Promise<InsightContext & { wire: Omit<WireFilter, 'data_scope_id'> }> {
    const wire = Object.fromEntries(Object.entries(req.body).filter(([k]) => !OWN_FIELDS.includes(k))) as Omit<
      WireFilter,
      'data_scope_id'
    >;
    const scope = await loadDataScope(metadata, engine, req.user!, req.body.data_scope_id);
    const validated = await validateScopeFilter(metadata, engine, req.user!, scope, wire);
    const selected = wire.category?.enable && !wire.sql?.enable ? wire.category.value : [];
    const signal = requestSignal(reply);
    // One request runs several statements in parallel, each listening on the same signal.
    setMaxListeners(64, signal);
    return {
      engine,
      warehouse,
      metadata,
      scope,
      validated,
      selected,
      locale: req.locale,
      signal,
      wire,
    };
  }
  const metricOf = (body: { metric?: InsightMetric | undefined }): InsightMetric => body.metric ?? 'sales';

  /** Sub-categories of the selection, scored (custom weights when given). */
  async function valuation(c: InsightContext, weights?: ValuationWeights) {
    const sel = selectionOf(c.scope, c.selected);
    return valuateCategories({
      engine,
      scope: c.scope,
      validated: c.validated,
      categories: sel.children,
      ...(weights ? { weights } : {}),
      signal: c.signal,
    });
  }

  const route = <S extends TSchema>(body: S, data: TSchema, tag = 'insight') => ({
    config: signedIn,
    schema: { tags: [tag], body, response: { 200: Envelope(data) } },
  });

  return async (app) => {
    app.post('/summary', route(Body({}), InsightSummary), async (req, reply) =>
      ok(await summary(await prepare(req, reply))),
    );

    app.post('/trends', route(Body({ metric: Metric }), InsightTrends), async (req, reply) =>
      ok(await trends(await prepare(req, reply), metricOf(req.body))),
    );

    app.post(
      '/trends_list',
      route(
        Body({
          metric: Metric,
          dimension: Type.Optional(
            Type.Union([
              Type.Literal('category'),
              Type.Literal('brand'),
              Type.Literal('platform'),
              Type.Literal('channel'),
            ]),
          ),
        }),
        InsightTrendsList,
      ),
      async (req, reply) =>
        ok(await trendsList(await prepare(req, reply), metricOf(req.body), req.body.dimension ?? 'category')),
    );

    app.post(
      '/distributions',
      route(
        Body({
          metric: Metric,
          dimension: Type.Optional(
            Type.Union([Type.Literal('category'), Type.Literal('platform'), Type.Literal('channel')]),
          ),
        }),
        InsightDistribution,
      ),
      async (req, reply) =>
        ok(await distribution(await prepare(req, reply), metricOf(req.body), req.body.dimension ?? 'category')),
    );

    app.post('/distributions/attributes', route(Body({ metric: Metric }), InsightAttributes), async (req, reply) =>
      ok(await attributesOverview(await prepare(req, reply), metricOf(req.body))),
    );

    app.post(
      '/distributions/attribute_values',
      route(Body({ metric: Metric, attribute: Type.String({ minLength: 1, maxLength: 64 }) }), InsightAttributeValues),
      async (req, reply) =>
        ok(await attributeValues(await prepare(req, reply), metricOf(req.body), req.body.attribute)),
    );

    app.post('/distributions/bands_values', route(Body({ metric: Metric }), InsightBandsValues), async (req, reply) =>
      ok(await bandsValues(await prepare(req, reply), metricOf(req.body))),
    );

    app.post('/channels/overviews', route(Body({ metric: Metric }), InsightChannelsOverview), async (req, reply) =>
      ok(await channelsOverview(await prepare(req, reply), metricOf(req.body))),
    );

    const TopBody = Body({ kind: Kind, sort_by: SortBy });
    app.post('/top', route(TopBody, InsightTop), async (req, reply) =>
      ok(await top(await prepare(req, reply), req.body.kind ?? 'brand', req.body.sort_by ?? 'sales')),
    );

    app.post(
      '/top/downloads',
      { config: signedIn, schema: { tags: ['insight'], body: TopBody } },
      async (req, reply) => {
        const c = await prepare(req, reply);
        const kind: TopKind = req.body.kind ?? 'brand';
        const data = await top(c, kind, req.body.sort_by ?? 'sales');
        const context = await downloadContext(warehouse, c.scope, c.wire, c.validated, req.locale);
        return sendXlsx(reply, {
          locale: req.locale,
          fileName: translateFor(req.locale)('insight.download.file.top'),
          title: 'insight.download.topTitle',
          context,
          sheets: [
            {
              name:
                kind === 'brand'
                  ? 'insight.download.sheet.brands'
                  : kind === 'shop'
                    ? 'insight.download.sheet.shops'
                    : 'insight.download.sheet.products',
              columns: topColumns(kind, req.locale),
              rows: data.items,
            },
          ],
        });
      },
    );

    app.get(
      '/categories/valuations/settings',
      {
        config: signedIn,
        schema: {
          tags: ['insight'],
          querystring: Query({ data_scope_id: Type.Optional(FilterFields.data_scope_id) }),
          response: { 200: Envelope(InsightValuationSettings) },
        },
      },
      async (req) => {
        // With a data scope, the user must belong to it (the weights are the same for every project).
        if (req.query.data_scope_id) await loadDataScope(metadata, engine, req.user!, req.query.data_scope_id);
        const zh = translateFor('zh_cn');
        const en = translateFor('en_us');
        return ok({
          factors: valuationSettings().map((f) => ({
            key: f.key,
            weight: f.weight,
            higher_is_better: f.higher_is_better,
            name: zh(f.name),
            name_en: en(f.name),
            description: zh(f.description),
            description_en: en(f.description),
          })),
        });
      },
    );

    app.post('/categories/valuations', route(Body({}), InsightValuation), async (req, reply) =>
      ok(await valuation(await prepare(req, reply))),
    );

    const CustomBody = Body({ weights: Weights });
    app.post('/categories/valuations/custom', route(CustomBody, InsightValuation), async (req, reply) => {
      const weights = checkWeights(req.body.weights);
      return ok(await valuation(await prepare(req, reply), weights));
    });

    app.post(
      '/categories/valuations/downloads',
      { config: signedIn, schema: { tags: ['insight'], body: Body({ weights: Type.Optional(Weights) }) } },
      async (req, reply) => {
        const weights = req.body.weights ? checkWeights(req.body.weights) : DEFAULT_VALUATION_WEIGHTS;
        const c = await prepare(req, reply);
        const data = await valuation(c, weights);
        const context = await downloadContext(warehouse, c.scope, c.wire, c.validated, req.locale);
        return sendXlsx(reply, {
          locale: req.locale,
          fileName: translateFor(req.locale)('insight.download.file.valuation'),
          title: 'insight.download.valuationTitle',
          context,
          sheets: [
            { name: 'insight.download.sheet.valuation', columns: valuationColumns(req.locale), rows: data.items },
          ],
        });
      },
    );
  };
}

/** Columns of the ranking download: the numbers of the /top answer, names in the request's language. */
function topColumns(kind: TopKind, locale: WireLocale): Column<InsightTopRowData>[] {
  const en = locale === 'en_us';
  const pick = (zh: string | undefined, english: string | undefined) => (en ? english : zh);
  const name: Column<InsightTopRowData> = {
    header: kind === 'brand' ? 'download.col.brand' : kind === 'shop' ? 'download.col.shop' : 'download.col.product',
    format: 'text',
    value: (r) => pick(r.name, r.name_en),
  };
  const figures: Column<InsightTopRowData>[] = [
    { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
    { header: 'download.col.count', format: 'integer', value: (r) => r.count },
    { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
    { header: 'download.col.share', format: 'share', value: (r) => r.share },
    // Points: the share difference × 100 (0.012 → 1.2).
    {
      header: 'download.col.shareChange',
      format: 'number',
      value: (r) => (r.share_change === null ? null : r.share_change * 100),
    },
    { header: 'download.col.salesGrowth', format: 'percent', value: (r) => r.growth?.sales },
    { header: 'download.col.countGrowth', format: 'percent', value: (r) => r.growth?.count },
    { header: 'download.col.avgPriceGrowth', format: 'percent', value: (r) => r.growth?.avg_price },
  ];
  const rank: Column<InsightTopRowData> = { header: 'download.col.rank', format: 'integer', value: (r) => r.rank };
  const platform: Column<InsightTopRowData> = {
    header: 'download.col.platform',
    format: 'text',
    value: (r) => pick(r.platform?.name, r.platform?.name_en),
  };
  if (kind === 'shop') {
    return [
      rank,
      name,
      platform,
      { header: 'download.col.channel', format: 'text', value: (r) => pick(r.channel?.name, r.channel?.name_en) },
      ...figures,
      { header: 'download.col.link', format: 'text', value: (r) => r.link },
    ];
  }
  if (kind === 'product') {
    return [
      rank,
      name,
      { header: 'download.col.brand', format: 'text', value: (r) => pick(r.brand?.name, r.brand?.name_en) },
      platform,
      { header: 'download.col.shop', format: 'text', value: (r) => pick(r.shop?.name, r.shop?.name_en) },
      { header: 'download.col.price', format: 'money', value: (r) => r.price },
      ...figures,
      { header: 'download.col.link', format: 'text', value: (r) => r.link },
    ];
  }
  return [rank, name, ...figures];
}

function valuationColumns(locale: WireLocale): Column<CategoryValuation>[] {
  const en = locale === 'en_us';
  return [
    { header: 'download.col.rank', format: 'integer', value: (r) => r.rank },
    { header: 'download.col.category', format: 'text', value: (r) => (en ? r.name_en : r.name) },
    { header: 'insight.download.col.score', format: 'number', value: (r) => r.score },
    { header: 'download.col.sales', format: 'money', value: (r) => r.sales },
    { header: 'download.col.count', format: 'integer', value: (r) => r.count },
    { header: 'download.col.avgPrice', format: 'money', value: (r) => r.avg_price },
    { header: 'insight.download.col.growth', format: 'percent', value: (r) => r.growth },
    { header: 'insight.download.col.cr5', format: 'share', value: (r) => r.cr5 },
    { header: 'insight.download.col.hhi', format: 'number', value: (r) => r.hhi },
    { header: 'insight.download.col.brandCount', format: 'integer', value: (r) => r.brand_count },
    { header: 'insight.download.col.newBrandShare', format: 'share', value: (r) => r.new_brand_share },
    { header: 'insight.download.col.scoreMarketSize', format: 'number', value: (r) => r.scores.market_size },
    { header: 'insight.download.col.scoreGrowth', format: 'number', value: (r) => r.scores.growth },
    { header: 'insight.download.col.scoreConcentration', format: 'number', value: (r) => r.scores.concentration },
    { header: 'insight.download.col.scoreAvgPrice', format: 'number', value: (r) => r.scores.avg_price },
    { header: 'insight.download.col.scoreNewBrand', format: 'number', value: (r) => r.scores.new_brand },
  ];
}
