import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
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
