import type { SessionUser } from '@marketlens/shared/contracts';
import type { AppContext } from '../context.js';
import { type AuthUser, isRoot, projectPages } from '../permissions/index.js';
import { userView } from './views.js';

/**
 * The signed-in user as the web app needs it (docs/product.md §3): account fields plus, per project,
 * the role, the pages they may open and their granted categories. Root sees every project.
 */
export async function sessionUser(ctx: AppContext, user: AuthUser, now: Date): Promise<SessionUser> {
  const memberships = await ctx.metadata.members.listForUser(user.id);
  const byProject = new Map(memberships.map((m) => [m.projectId, m]));
  const ids = isRoot(user) ? undefined : memberships.map((m) => m.projectId);
  const projects = await ctx.metadata.projects.list({ pageSize: 1000, ...(ids ? { ids } : {}) });
  const out = [];
  for (const project of projects.items) {
    const member = byProject.get(project.id);
    const pages = projectPages(user, project, member);
    if (!isRoot(user) && project.status !== 'in_service') continue;
    const categories = isRoot(user)
      ? await ctx.metadata.projectCategories.ids(project.id)
      : (await ctx.metadata.grants.listValues(project.id, user.id, 'category')).map(Number);
    out.push({
      id: project.id,
      name: project.name,
      role: isRoot(user) ? 'root' : (member?.role ?? ''),
      status: project.status,
      pages,
      categories,
    });
  }
  return { ...userView(user.account, now, user), projects: out };
}
