import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FreshData,
  FreshKind,
  HiddenKeywordsData,
  HotCategoryTrendsData,
  HotEntityKind,
  HotGoodsData,
  HotKeywordsData,
  RisingData,
} from '@marketlens/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, type TProperties, Type } from 'typebox';
import type { AnalyticsEngine } from '../../../analytics/engine/service.js';
import { FilterFields, type WireFilter } from '../../../analytics/engine/validate.js';
import {
  categoryTrends,
  fresh,
  HOT_PAGE_ID,
  type HotRequest,
  hiddenKeywords,
  hideKeywords,
  hotGoods,
  hotKeywords,
  normaliseKeyword,
  rising,
  unhideKeywords,
} from '../../../analytics/pages/hot.js';
import { loadDataScope, requestSignal, validateScopeFilter } from '../../../analytics/request.js';
import { Auditor } from '../../../audit/index.js';
import type { AppContext } from '../../../context.js';
import { badRequest, forbidden } from '../../../errors.js';
import type { Project } from '../../../metadata/index.js';
import { type AuthUser, canAccessProject, perm, projectPages } from '../../../permissions/index.js';
import { Envelope, LocaleField, ok } from '../../../schema.js';

/**
 * Endpoints of Trend Overview (/hot, spec §7: rising, fresh, hidden keywords, word cloud, hot goods).
 * Handlers stay thin: page logic is in analytics/pages/hot.ts; the rules are in docs/pages/hot.md.
 */

const Body = <P extends TProperties>(props: P) =>
  Type.Object({ ...LocaleField, ...FilterFields, ...props }, { additionalProperties: false });
/** The parent category whose children are ranked (none: level-1 categories). */
const ParentField = { parent_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])) };
const Keywords = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 });
const KeywordBody = Type.Object(
  { ...LocaleField, data_scope_id: Type.Integer({ minimum: 1 }), keywords: Keywords },
  { additionalProperties: false },
);

export function hotRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  const { metadata } = ctx;
  const signedIn = { permission: perm.signedIn };
  // Hiding and unhiding: project admins, global admins and root (the project's 'users' access).
  const editors = { permission: perm.project('users', 'body.data_scope_id') };
  const now = () => (ctx.clock ?? (() => new Date()))().toISOString();

  /** The project may be read and its Trend Overview page is open to the user (spec §6). */
  async function hotScope(user: AuthUser, projectId: number) {
    const scope = await loadDataScope(metadata, engine, user, projectId);
    const member = await metadata.members.get(projectId, user.id);
    if (!projectPages(user, scope.project, member).includes(HOT_PAGE_ID)) throw forbidden();
    return { scope, member };
  }

  /** Authorises, validates the spec §3 filter and ties the queries to the request. */
  async function prepare(
    req: FastifyRequest,
    reply: FastifyReply,
    body: WireFilter & { locale?: string | undefined },
  ): Promise<HotRequest> {
    const { data_scope_id, locale: _locale, ...wire } = body;
    const user = req.user!;
    const { scope } = await hotScope(user, data_scope_id);
    const filter = await validateScopeFilter(metadata, engine, user, scope, wire);
    return { engine, scope, filter, signal: requestSignal(reply) };
  }

  const hiddenList = async (user: AuthUser, project: Project, member: Parameters<typeof canAccessProject>[2]) => ({
    enabled: project.hideKeywords,
    can_edit: canAccessProject(user, project, member, 'users'),
    items: await hiddenKeywords(metadata, project.id),
  });

  return async (app) => {
    const audit = new Auditor(metadata, app.log);

    app.post(
      '/rising',
      {
        config: signedIn,
        schema: {
          tags: ['hot'],
          body: Body({ kind: Type.Optional(HotEntityKind), ...ParentField }),
          response: { 200: Envelope(RisingData) },
        },
      },
      async (req, reply) => {
        const { kind, parent_id, ...wire } = req.body;
        return ok(await rising(await prepare(req, reply, wire), kind ?? 'brand', parent_id));
      },
    );

    app.post(
      '/fresh',
      {
        config: signedIn,
        schema: {
          tags: ['hot'],
          body: Body({ kind: Type.Optional(FreshKind) }),
          response: { 200: Envelope(FreshData) },
        },
      },
      async (req, reply) => {
        const { kind, ...wire } = req.body;
        return ok(await fresh(await prepare(req, reply, wire), kind ?? 'product'));
      },
    );

    // Not in spec §7 (which names no endpoint for the cloud itself): the hot words with heat index.
    app.post(
      '/keywords/hot',
      {
        config: signedIn,
        schema: { tags: ['hot'], body: Body({}), response: { 200: Envelope(HotKeywordsData) } },
      },
      async (req, reply) => {
        const hot = await prepare(req, reply, req.body);
        const project = hot.scope.project;
        const hidden = project.hideKeywords ? (await hiddenKeywords(metadata, project.id)).map((h) => h.keyword) : [];
        return ok(await hotKeywords(hot, req.locale === 'en_us' ? 'en' : 'zh', hidden));
      },
    );

    // Not in spec §7 either (/trends_list is Category Insight's): the top 10 categories' trend lines.
    app.post(
      '/hot/categories/trends',
      {
        config: signedIn,
        schema: { tags: ['hot'], body: Body(ParentField), response: { 200: Envelope(HotCategoryTrendsData) } },
      },
      async (req, reply) => {
        const { parent_id, ...wire } = req.body;
        return ok(await categoryTrends(await prepare(req, reply, wire), parent_id));
      },
    );

    app.post(
      '/products/top',
      {
        config: signedIn,
        schema: {
          tags: ['hot'],
          body: Body({ seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) }),
          response: { 200: Envelope(HotGoodsData) },
        },
      },
      async (req, reply) => {
        const { seed, ...wire } = req.body;
        // No seed: a new sample (the answer carries the seed, so the page can show it again).
        return ok(await hotGoods(await prepare(req, reply, wire), seed ?? randomInt(0, 2_147_483_647)));
      },
    );

    app.post(
      '/hidden/keywords',
      {
        config: signedIn,
        schema: {
          tags: ['hot'],
          body: Type.Object(
            { ...LocaleField, data_scope_id: Type.Integer({ minimum: 1 }) },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(HiddenKeywordsData) },
        },
      },
      async (req) => {
        const user = req.user!;
        const { scope, member } = await hotScope(user, req.body.data_scope_id);
        return ok(await hiddenList(user, scope.project, member));
      },
    );

    const edit = (action: 'hide' | 'unhide') => async (req: FastifyRequest<{ Body: Static<typeof KeywordBody> }>) => {
      const user = req.user!;
      // The auth plugin authorised the project for 'users' access (req.scope).
      const { project, member } = req.scope!;
      if (!project.hideKeywords) throw badRequest('hot.hidingOff');
      const words = [...new Set(req.body.keywords.map(normaliseKeyword))].filter(Boolean);
      if (words.length === 0) throw badRequest('validation.keyword.required');
      if (action === 'hide') await hideKeywords(metadata, project.id, words, { username: user.username, at: now() });
      else await unhideKeywords(metadata, project.id, words);
      await audit.record(req, {
        action: `project.keywords_${action}`,
        outcome: 'success',
        target: `project:${project.id}`,
        detail: { keywords: words },
      });
      return ok(await hiddenList(user, project, member));
    };
    const editSchema = { tags: ['hot'], body: KeywordBody, response: { 200: Envelope(HiddenKeywordsData) } };
    app.post('/settings/keywords', { config: editors, schema: editSchema }, edit('hide'));
    app.put('/settings/keywords', { config: editors, schema: editSchema }, edit('unhide'));
  };
}
