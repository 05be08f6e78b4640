import { randomInt } from 'node:crypto';
import { projectTarget } from '@marketlens/shared';
import { HOT_ENDPOINTS, HOT_SCHEMAS } from '@marketlens/shared/contracts';
import type { FastifyReply } from 'fastify';
import {
  categoryTrends,
  fresh,
  hiddenKeywords,
  hideKeywords,
  hotGoods,
  hotKeywords,
  normaliseKeyword,
  rising,
  unhideKeywords,
} from '../../../analytics/pages/hot.js';
import type { AnalysisRequest } from '../../../analytics/request.js';
import { Auditor } from '../../../audit/index.js';
import { badRequest } from '../../../errors.js';
import { canAccessProject } from '../../../permissions/index.js';
import type { Area } from './register.js';

/**
 * Trend Overview (/hot, docs/product.md §7: rising, fresh, hidden keywords, word cloud, hot goods). Page logic
 * is in analytics/pages/hot.ts; the rules are in docs/pages/hot.md. Hiding and unhiding words are
 * the project administrators' (the table marks them `manage`).
 */

/** The hidden words of the project, and whether this user may change them. */
async function hiddenList(a: AnalysisRequest) {
  const project = a.scope.project;
  return {
    enabled: project.hideKeywords,
    can_edit: canAccessProject(a.user, project, a.member, 'users'),
    items: await hiddenKeywords(a.metadata, project.id),
  };
}

function editKeywords(action: 'hide' | 'unhide') {
  return async (a: AnalysisRequest, b: { keywords: string[] }, reply: FastifyReply) => {
    const project = a.scope.project;
    if (!project.hideKeywords) throw badRequest('hot.hidingOff');
    const words = [...new Set(b.keywords.map(normaliseKeyword))].filter(Boolean);
    if (words.length === 0) throw badRequest('validation.keyword.required');
    if (action === 'hide') {
      await hideKeywords(a.metadata, project.id, words, { username: a.user.username, at: new Date().toISOString() });
    } else {
      await unhideKeywords(a.metadata, project.id, words);
    }
    await new Auditor(a.metadata, reply.log).record(reply.request, {
      action: action === 'hide' ? 'project.keywords_hide' : 'project.keywords_unhide',
      outcome: 'success',
      target: projectTarget(project.id),
      detail: { keywords: words },
    });
    return hiddenList(a);
  };
}

export const hotArea: Area<typeof HOT_SCHEMAS> = {
  tag: 'hot',
  endpoints: HOT_ENDPOINTS,
  schemas: HOT_SCHEMAS,
  summaries: {
    rising: 'Trend Overview: fastest-rising categories, brands or products',
    fresh: 'Trend Overview: new products or brands',
    keywords: 'Trend Overview: hot keywords in product titles',
    categoryTrends: 'Trend Overview: monthly trend of the top categories',
    goods: 'Trend Overview: a sample of top products',
    hiddenKeywords: 'Trend Overview: keywords hidden in the project',
    hideKeywords: 'Trend Overview: hide keywords in the project',
    unhideKeywords: 'Trend Overview: show hidden keywords again',
  },
  handlers: {
    rising: (a, b) => rising(a, b.kind ?? 'brand', b.parent_id),
    fresh: (a, b) => fresh(a, b.kind ?? 'product'),
    keywords: async (a) => {
      const project = a.scope.project;
      const hidden = project.hideKeywords ? (await hiddenKeywords(a.metadata, project.id)).map((h) => h.keyword) : [];
      return hotKeywords(a, hidden);
    },
    categoryTrends: (a, b) => categoryTrends(a, b.parent_id),
    // No seed: a new sample (the answer carries the seed, so the page can show it again).
    goods: (a, b) => hotGoods(a, b.seed ?? randomInt(0, 2_147_483_647)),
    hiddenKeywords: (a) => hiddenList(a),
    hideKeywords: editKeywords('hide'),
    unhideKeywords: editKeywords('unhide'),
  },
};
