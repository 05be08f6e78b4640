import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessageKey } from '@marketlens/shared';
import {
  BrandCategories,
  BrandCategoryValuations,
  BrandCharacters,
  BrandInfo,
  BrandOverview,
  BrandOverviews,
  BrandTrends,
} from '@marketlens/shared/contracts';
import { type Static, type TSchema, Type } from 'typebox';
import { datasetAttributes } from '../../../analytics/engine/dimensions.js';
import type { AnalyticsEngine } from '../../../analytics/engine/service.js';
import { FilterFields } from '../../../analytics/engine/validate.js';
import {
  type AttributeDef,
  type BrandRun,
  brandCategories,
  brandCategoryValuations,
  brandCharacters,
  brandInfo,
  brandOverviews,
  brandTrend,
  characterBands,
  requireBrands,
} from '../../../analytics/pages/brand.js';
import { loadDataScope, requestSignal, validateScopeFilter } from '../../../analytics/request.js';
import type { AppContext } from '../../../context.js';
import { type Column, downloadContext, type Sheet, sendXlsx } from '../../../downloads/xlsx.js';
import { translateFor } from '../../../i18n.js';
import type { AuthUser } from '../../../permissions/index.js';
import { perm } from '../../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../../schema.js';

/**
 * Endpoints of Brand Detail (/brand, spec §7): brands/info, overview(s), categories overview and
 * valuations, trends, characters and their download (docs/pages/brand.md). Thin handlers: the
 * project is authorised and the grant resolved by loadDataScope, the filter validated by the spec
 * §3 rules, the brand checked against the grant (403) and the dataset (404); figures come from
 * analytics/pages/brand.ts.
 */

const BrandId = Type.Integer({ minimum: 0 });
const Body = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ ...LocaleField, ...FilterFields, ...props }, { additionalProperties: false });
const BrandBody = Body({ brand_id: BrandId });
const Level = Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]));
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** At most four comparison slots on the contrast page; a little room for other callers. */
const MAX_OVERVIEW_BRANDS = 10;

export function brandRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = ctx;
  const signedIn = { permission: perm.signedIn };

  /** The request's scope and validated filter (wire filter without the brand fields and locale). */
  async function prepare(
    user: AuthUser,
    body: { data_scope_id: number; locale?: string | undefined } & Record<string, unknown>,
    ids: readonly number[],
  ) {
    const { data_scope_id, locale: _locale, brand_id: _b, brand_ids: _bs, level: _l, ...wire } = body;
    const scope = await loadDataScope(metadata, engine, user, data_scope_id);
    const brands = await requireBrands(engine, scope, ids);
    const v = await validateScopeFilter(metadata, engine, user, scope, wire as never);
    return { scope, brands, v, wire: wire as never };
  }
  const runOf = (scope: BrandRun['scope'], signal: AbortSignal): BrandRun => ({ engine, scope, signal });

  async function characters(user: AuthUser, body: Static<typeof BrandBody>, locale: string, signal: AbortSignal) {
    const p = await prepare(user, body, [body.brand_id]);
    const selected = body.category?.enable ? body.category.value : [];
    const leaves = p.v.filter.categories ?? p.scope.grant.categories;
    const [attributes, bands] = await Promise.all([
      datasetAttributes(warehouse, p.scope.project.dataset) as Promise<AttributeDef[]>,
      characterBands(metadata, engine, p.scope, selected, leaves),
    ]);
    const data = await brandCharacters(runOf(p.scope, signal), p.v, body.brand_id, {
      attributes,
      bands,
      lang: locale === 'en_us' ? 'en' : 'zh',
    });
    return { ...p, data };
  }

  return async (app) => {
    app.post(
      '/brands/info',
      {
        config: signedIn,
        schema: {
          tags: ['brand'],
          body: Type.Object(
            { ...LocaleField, data_scope_id: FilterFields.data_scope_id, brand_id: BrandId },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(BrandInfo) },
        },
      },
      async (req, reply) => {
        const user = req.user!;
        const scope = await loadDataScope(metadata, engine, user, req.body.data_scope_id);
        const id = req.body.brand_id;
        const names = await requireBrands(engine, scope, [id]);
        const followed = (await metadata.favoriteBrands.ids(scope.project.id, user.id)).includes(id);
        return ok(await brandInfo(runOf(scope, requestSignal(reply)), id, names.get(id)!, followed));
      },
    );

    app.post(
      '/brands/overview',
      { config: signedIn, schema: { tags: ['brand'], body: BrandBody, response: { 200: Envelope(BrandOverview) } } },
      async (req, reply) => {
        const p = await prepare(req.user!, req.body, [req.body.brand_id]);
        const r = await brandOverviews(runOf(p.scope, requestSignal(reply)), p.v, p.brands);
        return ok({ range: r.range, market: r.market, brand: r.items[0]!, warnings: r.warnings });
      },
    );

    app.post(
      '/brands/overviews',
      {
        config: signedIn,
        schema: {
          tags: ['brand'],
          body: Body({ brand_ids: Type.Array(BrandId, { minItems: 1, maxItems: MAX_OVERVIEW_BRANDS }) }),
          response: { 200: Envelope(BrandOverviews) },
        },
      },
      async (req, reply) => {
        const ids = [...new Set(req.body.brand_ids)];
        const p = await prepare(req.user!, req.body, ids);
        // In the order asked (the comparison slots).
        const ordered = new Map(ids.map((id) => [id, p.brands.get(id)!]));
        return ok(await brandOverviews(runOf(p.scope, requestSignal(reply)), p.v, ordered));
      },
    );

    app.post(
      '/brands/categories/overview',
      {
        config: signedIn,
        schema: {
          tags: ['brand'],
          body: Body({ brand_id: BrandId, level: Level }),
          response: { 200: Envelope(BrandCategories) },
        },
      },
      async (req, reply) => {
        const p = await prepare(req.user!, req.body, [req.body.brand_id]);
        return ok(
          await brandCategories(runOf(p.scope, requestSignal(reply)), p.v, req.body.brand_id, req.body.level ?? 3),
        );
      },
    );

    app.post(
      '/brands/categories/valuations',
      {
        config: signedIn,
        schema: {
          tags: ['brand'],
          body: Body({ brand_id: BrandId, level: Level }),
          response: { 200: Envelope(BrandCategoryValuations) },
        },
      },
      async (req, reply) => {
        const p = await prepare(req.user!, req.body, [req.body.brand_id]);
        return ok(
          await brandCategoryValuations(
            runOf(p.scope, requestSignal(reply)),
            p.v,
            req.body.brand_id,
            req.body.level ?? 3,
          ),
        );
      },
    );

    app.get(
      '/brands/trends',
      {
        config: signedIn,
        schema: {
          tags: ['brand'],
          querystring: Query({
            data_scope_id: FilterFields.data_scope_id,
            brand_id: BrandId,
            start: Day,
            end: Day,
            /** Category ids at any level, comma-separated; none = everything granted. */
            categories: Type.Optional(Type.String({ pattern: '^\\d{1,12}(,\\d{1,12}){0,499}$' })),
            selector: Type.Optional(Type.Union([Type.Literal('mom'), Type.Literal('yoy')])),
            metric: Type.Optional(
              Type.Union([
                Type.Literal('sales'),
                Type.Literal('count'),
                Type.Literal('avg_price'),
                Type.Literal('share'),
              ]),
            ),
          }),
          response: { 200: Envelope(BrandTrends) },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const categories = q.categories ? q.categories.split(',').map(Number) : [];
        const selector = q.selector ?? 'mom';
        const metric = q.metric ?? 'sales';
        const p = await prepare(
          req.user!,
          {
            data_scope_id: q.data_scope_id,
            date: [q.start, q.end],
            selector,
            ...(categories.length ? { category: { enable: true, value: categories } } : {}),
          },
          [q.brand_id],
        );
        const points = await brandTrend(runOf(p.scope, requestSignal(reply)), p.v, q.brand_id, selector, metric);
        return ok({ metric, selector, points });
      },
    );

    app.post(
      '/brands/characters',
      {
        config: signedIn,
        schema: { tags: ['brand'], body: BrandBody, response: { 200: Envelope(BrandCharacters) } },
      },
      async (req, reply) => ok((await characters(req.user!, req.body, req.locale, requestSignal(reply))).data),
    );

    app.post(
      '/brands/characters/downloads',
      { config: signedIn, schema: { tags: ['brand'], body: BrandBody } },
      async (req, reply) => {
        const locale = req.locale;
        const en = locale === 'en_us';
        const c = await characters(req.user!, req.body, locale, requestSignal(reply));
        type Row = (typeof c.data.attributes)[number];
        const figures: Column<Row>[] = [
          { header: 'brand.characters.col.brandSales', format: 'money', value: (r) => r.brand_sales },
          { header: 'brand.characters.col.segmentSales', format: 'money', value: (r) => r.segment_sales },
          { header: 'brand.characters.col.shareInSegment', format: 'share', value: (r) => r.share_in_segment },
          { header: 'brand.characters.col.tgi', format: 'number', value: (r) => r.tgi },
          { header: 'brand.characters.col.distinction', format: 'number', value: (r) => r.distinction },
        ];
        const rankIn = (list: readonly Row[]): Column<Row> => ({
          header: 'download.col.rank',
          format: 'integer',
          value: (r) => list.indexOf(r) + 1,
        });
        const sheet = (name: MessageKey, rows: readonly Row[], first: Column<Row>[]): Sheet<Row> => ({
          name,
          rows,
          columns: [rankIn(rows), ...first, ...figures],
        });
        const sheets = [
          sheet('brand.characters.sheet.attributes', c.data.attributes, [
            {
              header: 'brand.characters.col.attribute',
              format: 'text',
              value: (r) => (en ? r.group_name_en : r.group_name),
            },
            { header: 'brand.characters.col.value', format: 'text', value: (r) => (en ? r.value_en : r.value) },
          ]),
          sheet('brand.characters.sheet.priceBands', c.data.price_bands, [
            { header: 'brand.characters.col.band', format: 'text', value: (r) => r.value },
          ]),
          sheet('brand.characters.sheet.keywords', c.data.keywords, [
            { header: 'brand.characters.col.keyword', format: 'text', value: (r) => r.value },
          ]),
        ];
        const t = translateFor(locale);
        const names = c.brands.get(req.body.brand_id)!;
        const name = en ? names.name_en : names.name_zh;
        const { data_scope_id: _s, locale: _l, brand_id: _b, ...wire } = req.body;
        const context = await downloadContext(warehouse, c.scope, wire, c.v, locale);
        return sendXlsx(reply, {
          locale,
          fileName: `${name}-${t('brand.characters.title')}`,
          title: 'brand.characters.title',
          // The brand the sheet is about heads the filter lines.
          context: { ...context, lines: [[t('download.col.brand'), name], ...context.lines] },
          sheets,
        });
      },
    );
  };
}
