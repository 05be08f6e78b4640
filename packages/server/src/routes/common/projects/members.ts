import type { Role } from '@marketlens/shared';
import type { MemberChange } from '@marketlens/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { assertGrantValues, canAssignProjectRole } from '../../../accounts/index.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import type { User } from '../../../metadata/index.js';
import {
  type AccountViewer,
  type AuthUser,
  accountContact,
  canAddMember,
  grantCoverage,
  isAdmin,
} from '../../../permissions/index.js';
import type { ProjectHandlers, ProjectKit } from './shared.js';

/** A project's members, their project roles, pages and data grants (project user management). */
export function projectMemberHandlers(kit: ProjectKit) {
  const { metadata } = kit.ctx;

  /** The members as `viewer` sees them: contact fields under the tenancy rule (`accountContact`). */
  async function memberViews(projectId: number, viewer: AccountViewer) {
    const members = await metadata.members.listForProject(projectId);
    const projectCategories = await metadata.projectCategories.ids(projectId);
    const out = [];
    for (const m of members) {
      const u = await metadata.users.getById(m.userId);
      if (!u) continue;
      const g = await metadata.grants.list(projectId, m.userId);
      const contact = accountContact(viewer, u);
      out.push({
        user_id: u.id,
        username: u.username,
        email: contact.email,
        enterprise: contact.enterprise,
        role: m.role,
        pages: m.pages,
        categories: g.category.map(Number),
        brands: g.brand,
        shops: g.shop,
        ...grantCoverage(u, projectCategories, g.category.map(Number)),
        discount_price_on: m.discountPriceOn,
      });
    }
    return out;
  }

  /**
   * The account to add. Root and global admins name any account (by id from their picker, or by
   * user name); a project admin names a colleague by user name, and an account of another enterprise
   * is not found — the same answer as a name nobody has, so the call tells nothing about other customers.
   */
  async function findNewMember(actor: AuthUser, b: { user_id?: number; username?: string }): Promise<User> {
    if (b.user_id !== undefined && !isAdmin(actor)) throw badRequest('users.addByUsername');
    const target =
      b.user_id !== undefined
        ? await metadata.users.getById(b.user_id)
        : b.username !== undefined
          ? await metadata.users.getByUsername(b.username.trim())
          : undefined;
    if (!target || !canAddMember(actor, target)) throw notFound();
    return target;
  }

  async function saveMember(req: FastifyRequest, projectId: number, userId: number, b: MemberChange, create: boolean) {
    const actor = req.user!;
    // A project admin manages members but cannot make anyone root or admin of anything.
    if (b.role !== undefined && !canAssignProjectRole(actor, b.role as Role)) throw forbidden('users.roleNotAllowed');
    if (b.categories) {
      const allowed = new Set(await metadata.projectCategories.ids(projectId));
      if (b.categories.some((c) => !allowed.has(c))) throw badRequest('projects.categoryNotFound');
    }
    await assertGrantValues(kit.ctx.warehouse, req.scope!.project, b);
    await metadata.transaction(async (tx) => {
      const existing = await tx.members.get(projectId, userId);
      if (create && existing) throw badRequest('users.alreadyMember');
      if (!create && !existing) throw notFound('users.notMember');
      if (existing && !canAssignProjectRole(actor, existing.role)) throw forbidden('users.roleNotAllowed');
      if (existing) {
        await tx.members.update(projectId, userId, {
          ...(b.role !== undefined ? { role: b.role as Role } : {}),
          ...(b.pages !== undefined ? { pages: b.pages } : {}),
        });
      } else {
        await tx.members.add({ projectId, userId, role: (b.role ?? '') as Role, pages: b.pages ?? [] });
      }
      await tx.grants.replaceMany(projectId, userId, {
        ...(b.categories !== undefined ? { category: b.categories.map(String) } : {}),
        ...(b.brands !== undefined ? { brand: b.brands } : {}),
        ...(b.shops !== undefined ? { shop: b.shops } : {}),
      });
    });
  }

  return {
    members: async (req) => ({ items: await memberViews(req.scope!.project.id, req.user!) }),
    addMember: async (req) => {
      const projectId = req.scope!.project.id;
      const target = await findNewMember(req.user!, req.body);
      await saveMember(req, projectId, target.id, req.body, true);
      await kit.audit(req, 'project.member_add', projectId, { user_id: target.id });
      return { items: await memberViews(projectId, req.user!) };
    },
    updateMember: async (req) => {
      const projectId = req.scope!.project.id;
      const userId = Number(req.params.u_id);
      await saveMember(req, projectId, userId, req.body, false);
      await kit.audit(req, 'project.member_update', projectId, { user_id: userId });
      return { items: await memberViews(projectId, req.user!) };
    },
    removeMember: async (req) => {
      const projectId = req.scope!.project.id;
      const userId = Number(req.params.u_id);
      const existing = await metadata.members.get(projectId, userId);
      if (!existing) throw notFound('users.notMember');
      if (!canAssignProjectRole(req.user!, existing.role)) throw forbidden('users.roleNotAllowed');
      await metadata.members.remove(projectId, userId);
      await kit.audit(req, 'project.member_remove', projectId, { user_id: userId });
      return { message: 'ok' };
    },
  } satisfies Partial<ProjectHandlers>;
}
