import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
import type { NewProject } from '../../src/metadata/repositories/projects.js';
import { login, makeUser } from '../auth/helpers.js';
import { GRANTED_CATEGORY, TEST_BANDS } from './tiny-market.js';

export interface GrantProjects {
  /** Categories 1, 4 and 101 ready, the test bands on category 1; `member` granted category 101 only. */
  project: number;
  /** Limits brands: `limited` granted categories 1 and 4 and one brand. */
  limitedProject: number;
  rootId: number;
  /** Bearer tokens of root, the member and the limited member. */
  admin: string;
  member: string;
  limited: string;
  limitedId: number;
}

/**
 * The two projects the analysis API tests check grants with (on the tiny market's cn_monthly): a
 * member granted one level-2 category, and a project that limits brands with a member granted one.
 * Projects `<name>` and `<name>-limited`; users `<prefix>_root`, `<prefix>_member` and `<prefix>_limited`;
 * members hold `pages`.
 */
export async function grantProjects(
  ctx: AppContext,
  app: FastifyInstance,
  opts: { prefix: string; name: string; pages: number[]; brand: number },
): Promise<GrantProjects> {
  const { metadata } = ctx;
  const { prefix, pages } = opts;
  const root = await makeUser(ctx, `${prefix}_root`, { role: 'root' });
  const m = await makeUser(ctx, `${prefix}_member`, { role: 'general' });
  const l = await makeUser(ctx, `${prefix}_limited`, { role: 'general' });
  const create = (name: string, limitBrands: boolean) =>
    metadata.projects.create({ name, dataset: 'cn_monthly', ownerId: root.id, pages, limitBrands });
  const project = (await create(opts.name, false)).id;
  await metadata.projectCategories.add(project, [1, 4, GRANTED_CATEGORY], 'ready');
  await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages });
  await metadata.grants.replace(project, m.id, 'category', [String(GRANTED_CATEGORY)]);
  await metadata.bands.set(project, 1, 'price', TEST_BANDS);
  const limitedProject = (await create(`${opts.name}-limited`, true)).id;
  await metadata.projectCategories.add(limitedProject, [1, 4], 'ready');
  await metadata.members.add({ projectId: limitedProject, userId: l.id, role: 'general', pages });
  await metadata.grants.replaceMany(limitedProject, l.id, { category: ['1', '4'], brand: [String(opts.brand)] });
  const token = async (u: string) => (await login(app, u)).access_token;
  return {
    project,
    limitedProject,
    rootId: root.id,
    admin: await token(`${prefix}_root`),
    member: await token(`${prefix}_member`),
    limited: await token(`${prefix}_limited`),
    limitedId: l.id,
  };
}

export interface PageProject {
  project: number;
  rootId: number;
  /** Bearer tokens: root; a member holding the page, granted one category; an outsider without it. */
  admin: string;
  member: string;
  outsider: string;
}

/**
 * The project a page's API tests use (on the tiny market's cn_monthly): root; `<prefix>_member`
 * holding the page (`page`), granted `granted` only; `<prefix>_outsider` holding Category Insight
 * (page 4) but not the page, granted `outsiderGrant`. The project holds the page and page 4.
 */
export async function pageProject(
  ctx: AppContext,
  app: FastifyInstance,
  opts: {
    prefix: string;
    name: string;
    page: number;
    categories: number[];
    granted: number;
    outsiderGrant: number[];
    project?: Partial<NewProject>;
  },
): Promise<PageProject> {
  const { metadata } = ctx;
  const { prefix, page } = opts;
  const root = await makeUser(ctx, `${prefix}_root`, { role: 'root' });
  const m = await makeUser(ctx, `${prefix}_member`, { role: 'general' });
  const o = await makeUser(ctx, `${prefix}_outsider`, { role: 'general' });
  const project = (
    await metadata.projects.create({
      name: opts.name,
      dataset: 'cn_monthly',
      ownerId: root.id,
      pages: [page, 4],
      ...opts.project,
    })
  ).id;
  await metadata.projectCategories.add(project, opts.categories, 'ready');
  await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [page] });
  await metadata.grants.replace(project, m.id, 'category', [String(opts.granted)]);
  await metadata.members.add({ projectId: project, userId: o.id, role: 'general', pages: [4] });
  await metadata.grants.replace(project, o.id, 'category', opts.outsiderGrant.map(String));
  const token = async (u: string) => (await login(app, u)).access_token;
  return {
    project,
    rootId: root.id,
    admin: await token(`${prefix}_root`),
    member: await token(`${prefix}_member`),
    outsider: await token(`${prefix}_outsider`),
  };
}
