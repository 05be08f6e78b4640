import { generateRandomPassword, isRole, type Role, validateEmail, validateRequired } from '@marketlens/shared';
import type {
  AccountAccessChange,
  AccountApplication,
  AccountListQuery,
  AccountMembership,
  AccountUpdate,
  BatchAddRow,
  BatchUpdateRow,
  BodyOf,
  DataOf,
} from '@marketlens/shared/contracts';
import type { ACCOUNT_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyRequest } from 'fastify';
import type { AuthServices } from '../auth/index.js';
import { clearLoginFailures } from '../auth/lockout.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { assertStrongPassword } from '../auth/reset.js';
import type { AppContext } from '../context.js';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import { translateFor } from '../i18n.js';
import { accountOpenedMail, recipientLocale } from '../mail/compose.js';
import {
  type Application,
  ConflictError,
  type JsonObject,
  type MetadataRepositories,
  type User,
  type UserPatch,
} from '../metadata/index.js';
import {
  type AuthUser,
  accountContact,
  contactsHiddenFrom,
  grantCoverage,
  isAdmin,
  isRoot,
} from '../permissions/index.js';
import { assertGrantValues } from './grants.js';
import {
  assertCanManage,
  canAssignProjectRole,
  canAssignRole,
  checkBatchAdd,
  checkBatchUpdate,
  type OpeningDecision,
  openingDecision,
  statusChangeProblem,
  validityBound,
} from './rules.js';
import { userView } from './views.js';

/**
 * Account administration (docs/product.md §4, §5, §7 "Accounts"; docs/security.md "Accounts and
 * sign-in", "Tenancy"): opening accounts (root directly, an admin's for root's review), changing and
 * deleting them, their project access, the review of applications, and the batch operations — each
 * with its audit entry, the sessions it ends and the mail it sends. The route module only hands the
 * validated request over; who may call what is the endpoint table's declared access.
 */

type NewAccount = BodyOf<typeof ACCOUNT_ENDPOINTS.create>;
type Reviewed = DataOf<typeof ACCOUNT_ENDPOINTS.reviewApplication>;

/** Both collisions are reported the same way on both databases (see ConflictError). */
const conflictError = (err: unknown): never => {
  if (err instanceof ConflictError) {
    throw badRequest(err.field === 'email' ? 'server.emailExists' : 'server.usernameExists');
  }
  throw err;
};

/** An administrator's lock holds until an administrator lifts it. */
const LOCKED_FOR_GOOD = '9999-12-31T00:00:00.000Z';

export type AccountService = ReturnType<typeof accountService>;

export function accountService(ctx: AppContext, services: AuthServices) {
  const { metadata } = ctx;
  const now = () => services.clock();
  /** Tells the account's owner it can sign in (written to the outbox; delivery never holds the request). */
  const mailOpened = (user: User) =>
    services.mailer.send(accountOpenedMail(user, recipientLocale(user), ctx.config.auth.publicUrl));

  async function loadManaged(actor: AuthUser, id: number): Promise<User> {
    const user = await metadata.users.getById(id);
    if (!user) throw notFound();
    assertCanManage(actor, user);
    return user;
  }

  /** Closes the account's pending opening applications with root's decision; the closed ones. */
  async function closeOpening(
    tx: MetadataRepositories,
    userId: number,
    decision: OpeningDecision,
    reviewerId: number,
  ): Promise<Application[]> {
    const closed: Application[] = [];
    for (const a of await tx.applications.list({ kind: 'account_opening', userId, status: 'pending' })) {
      const done = await tx.applications.review(a.id, decision, reviewerId);
      if (done) closed.push(done);
    }
    return closed;
  }

  async function auditReview(req: FastifyRequest, application: Application, decision: OpeningDecision) {
    await services.audit.record(req, {
      action: decision === 'approved' ? 'application.approve' : 'application.reject',
      outcome: 'success',
      target: `application:${application.id}`,
      detail: { kind: application.kind, user_id: application.userId },
    });
  }

  /**
   * What follows root's decision on an account opening, made by reviewing the application or by
   * setting the pending account's status: each closed application is audited as reviewed, and an
   * approved account's owner is told they can sign in.
   */
  async function followOpening(
    req: FastifyRequest,
    userId: number,
    decision: OpeningDecision,
    closed: readonly Application[],
  ) {
    for (const a of closed) await auditReview(req, a, decision);
    if (decision !== 'approved') return;
    const opened = await metadata.users.getById(userId);
    if (opened) await mailOpened(opened);
  }

  async function assertProjectCategories(projectId: number, categories: readonly number[]) {
    const allowed = new Set(await metadata.projectCategories.ids(projectId));
    const bad = categories.find((c) => !allowed.has(c));
    if (bad !== undefined) throw badRequest('projects.categoryNotFound');
  }

  /** Creates or updates a membership and its grants in one transaction. */
  async function setMembership(
    userId: number,
    projectId: number,
    input: {
      role?: Role;
      pages?: readonly number[];
      categories?: readonly number[];
      brands?: readonly string[];
      shops?: readonly string[];
    },
  ) {
    return metadata.transaction(async (tx) => {
      const existing = await tx.members.get(projectId, userId);
      const member = existing
        ? await tx.members.update(projectId, userId, {
            ...(input.role !== undefined ? { role: input.role } : {}),
            ...(input.pages !== undefined ? { pages: input.pages } : {}),
          })
        : await tx.members.add({ projectId, userId, role: input.role ?? '', pages: input.pages ?? [] });
      const grants = await tx.grants.replaceMany(projectId, userId, {
        ...(input.categories !== undefined ? { category: input.categories.map(String) } : {}),
        ...(input.brands !== undefined ? { brand: input.brands } : {}),
        ...(input.shops !== undefined ? { shop: input.shops } : {}),
      });
      return {
        project_id: projectId,
        role: member!.role,
        pages: member!.pages,
        categories: grants.category.map(Number),
        brands: grants.brand,
        shops: grants.shop,
      };
    });
  }

  return {
    /** One page of accounts; a search cannot match contact fields the viewer may not see. */
    async list(viewer: AuthUser, q: AccountListQuery) {
      const page = await metadata.users.list({
        contactsHidden: contactsHiddenFrom(viewer),
        ...(q.page !== undefined ? { page: q.page } : {}),
        ...(q.page_size !== undefined ? { pageSize: q.page_size } : {}),
        ...(q.search ? { search: q.search } : {}),
        ...(q.role !== undefined ? { role: q.role as Role } : {}),
        ...(q.status !== undefined ? { status: q.status } : {}),
        ...(q.enterprise !== undefined ? { enterprise: q.enterprise } : {}),
      });
      const t = now();
      return {
        items: page.items.map((u) => userView(u, t, viewer)),
        total: page.total,
        page: page.page,
        page_size: page.pageSize,
      };
    },

    /** Every account (the pickers' lists), as many as one page holds. */
    async all(): Promise<User[]> {
      return (await metadata.users.list({ pageSize: 1000 })).items;
    },

    async applications(status: Application['status'] | undefined): Promise<AccountApplication[]> {
      const list = await metadata.applications.list(status ? { status } : {});
      const items = [];
      for (const a of list) {
        const user = a.userId === null ? undefined : await metadata.users.getById(a.userId);
        items.push({
          id: a.id,
          kind: a.kind,
          user_id: a.userId,
          username: user?.username ?? null,
          payload: a.payload,
          status: a.status,
          reviewer_id: a.reviewerId,
          created_at: a.createdAt,
          reviewed_at: a.reviewedAt,
        });
      }
      return items;
    },

    /** One account with its memberships and grants. */
    async get(viewer: AuthUser, id: number) {
      const user = await metadata.users.getById(id);
      if (!user) throw notFound();
      const projects: AccountMembership[] = [];
      for (const m of await metadata.members.listForUser(user.id)) {
        const project = await metadata.projects.getById(m.projectId);
        const grants = await metadata.grants.list(m.projectId, user.id);
        projects.push({
          project_id: m.projectId,
          project_name: project?.name ?? '',
          role: m.role,
          pages: m.pages,
          categories: grants.category.map(Number),
          brands: grants.brand,
          shops: grants.shop,
          ...grantCoverage(user, await metadata.projectCategories.ids(m.projectId), grants.category.map(Number)),
        });
      }
      return { user: userView(user, now(), viewer), projects };
    },

    /**
     * Opens an account. Root opens it directly; an admin's opening waits for root's review
     * (docs/product.md §4 pending). Without a password one is generated, answered once, and must be
     * changed at the first sign-in.
     */
    async create(req: FastifyRequest, b: NewAccount) {
      const actor = req.user!;
      for (const field of ['username', 'enterprise', 'telephone'] as const) {
        const k = validateRequired(field, b[field]);
        if (k) throw badRequest(k);
      }
      const emailProblem = validateEmail(b.email);
      if (emailProblem) throw badRequest(emailProblem);
      const role = (b.role ?? '') as Role;
      if (!canAssignRole(actor, role)) throw forbidden('users.roleNotAllowed');
      if (b.password) assertStrongPassword(b.password);
      // Report both collisions the same way on both databases (see ConflictError).
      if (await metadata.users.getByUsername(b.username.trim())) throw badRequest('server.usernameExists');
      if (await metadata.users.getByEmail(b.email)) throw badRequest('server.emailExists');
      const password = b.password || generateRandomPassword();
      const pending = !isRoot(actor);
      const user = await metadata
        .transaction(async (tx) => {
          const created = await tx.users.create({
            username: b.username.trim(),
            email: b.email.trim(),
            passwordHash: await hashPassword(password),
            role,
            enterprise: b.enterprise.trim(),
            telephone: b.telephone.trim(),
            group: b.group ?? '',
            status: pending ? 'pending' : 'active',
            validFrom: validityBound(b.valid_from, false) ?? null,
            validTo: validityBound(b.valid_to, true) ?? null,
            mustChangePassword: !b.password,
          });
          if (pending) await tx.applications.create('account_opening', created.id, { requested_by: actor.username });
          return created;
        })
        .catch(conflictError);
      await services.audit.record(req, {
        action: 'user.create',
        outcome: 'success',
        target: `user:${user.id}`,
        detail: { role, pending },
      });
      if (!pending) await mailOpened(user);
      return { user: userView(user, now(), actor), ...(b.password ? {} : { password }) };
    },

    /**
     * Changes an account the actor manages. A change of role or status (but to active), a lock or a
     * new password ends the account's sessions; root taking a pending account out of review decides
     * its opening, as a review would.
     */
    async update(req: FastifyRequest, id: number, b: AccountUpdate) {
      const actor = req.user!;
      const target = await loadManaged(actor, id);
      const patch: UserPatch = {};
      if (b.email !== undefined) {
        const k = validateEmail(b.email);
        if (k) throw badRequest(k);
        const holder = await metadata.users.getByEmail(b.email);
        if (holder && holder.id !== target.id) throw badRequest('server.emailExists');
        patch.email = b.email.trim();
      }
      for (const field of ['enterprise', 'telephone'] as const) {
        if (b[field] !== undefined) {
          const k = validateRequired(field, b[field]);
          if (k) throw badRequest(k);
          patch[field] = b[field]!.trim();
        }
      }
      if (b.group !== undefined) patch.group = b.group;
      if (b.role !== undefined) {
        if (!isRole(b.role) || !canAssignRole(actor, b.role)) throw forbidden('users.roleNotAllowed');
        patch.role = b.role;
      }
      if (b.status !== undefined) {
        const problem = statusChangeProblem(actor, target.status, b.status);
        if (problem) throw forbidden(problem);
        patch.status = b.status;
      }
      if (b.locked !== undefined) {
        patch.lockedUntil = b.locked ? LOCKED_FOR_GOOD : null;
        patch.failedAttempts = 0;
      }
      if (b.password !== undefined) {
        assertStrongPassword(b.password);
        patch.passwordHash = await hashPassword(b.password);
        patch.mustChangePassword = true;
      }
      const from = validityBound(b.valid_from, false);
      const to = validityBound(b.valid_to, true);
      if (from !== undefined) patch.validFrom = from;
      if (to !== undefined) patch.validTo = to;
      const decision = openingDecision(target.status, b.status);
      const { updated, closed } = await metadata
        .transaction(async (tx) => {
          const changed = await tx.users.update(target.id, patch);
          const apps = changed && decision ? await closeOpening(tx, target.id, decision, actor.id) : [];
          return { updated: changed, closed: apps };
        })
        .catch(conflictError);
      if (!updated) throw notFound();
      // Unlocking also lifts every client's lockout after wrong passwords (auth/lockout.ts).
      if (b.locked === false) await clearLoginFailures(metadata, target);
      const sensitive =
        (b.role !== undefined && b.role !== target.role) ||
        (b.status !== undefined && b.status !== 'active') ||
        b.locked === true ||
        b.password !== undefined;
      if (sensitive) await services.tokens.revokeUser(target.id);
      await services.audit.record(req, {
        action: 'user.update',
        outcome: 'success',
        target: `user:${target.id}`,
        detail: { fields: Object.keys(b).filter((k) => k !== 'password' && k !== 'locale') },
      });
      if (decision) await followOpening(req, target.id, decision, closed);
      return { user: userView((await metadata.users.getById(target.id)) ?? updated, now(), actor) };
    },

    async remove(req: FastifyRequest, id: number) {
      const actor = req.user!;
      if (id === actor.id) throw badRequest('users.cannotDeleteSelf');
      const target = await loadManaged(actor, id);
      await metadata.users.delete(target.id);
      await services.audit.record(req, {
        action: 'user.delete',
        outcome: 'success',
        target: `user:${target.id}`,
        detail: { username: target.username },
      });
    },

    async exist(b: { username?: string | undefined; email?: string | undefined }) {
      const { username, email } = b;
      return {
        username: username ? (await metadata.users.getByUsername(username.trim())) !== undefined : false,
        email: email ? (await metadata.users.getByEmail(email)) !== undefined : false,
      };
    },

    /** Sets an account's role, pages and data grant in a project (the account screen's project access). */
    async setAccess(req: FastifyRequest, id: number, b: AccountAccessChange): Promise<AccountMembership> {
      const actor = req.user!;
      const target = await loadManaged(actor, id);
      const project = await metadata.projects.getById(b.project_id);
      if (!project) throw notFound('server.projectNotFound');
      if (b.role !== undefined && !canAssignProjectRole(actor, b.role as Role)) throw forbidden('users.roleNotAllowed');
      if (b.categories) await assertProjectCategories(b.project_id, b.categories);
      await assertGrantValues(ctx.warehouse, project, b);
      const result = await setMembership(target.id, b.project_id, {
        ...(b.role !== undefined ? { role: b.role as Role } : {}),
        ...(b.pages !== undefined ? { pages: b.pages } : {}),
        ...(b.categories !== undefined ? { categories: b.categories } : {}),
        ...(b.brands !== undefined ? { brands: b.brands } : {}),
        ...(b.shops !== undefined ? { shops: b.shops } : {}),
      });
      await services.audit.record(req, {
        action: 'user.auth',
        outcome: 'success',
        target: `user:${target.id}`,
        detail: { project_id: b.project_id, pages: result.pages, categories: result.categories.length },
      });
      return {
        ...result,
        project_name: project.name,
        ...grantCoverage(target, await metadata.projectCategories.ids(b.project_id), result.categories),
      };
    },

    /** Edits a pending application; a reviewed one is 409. */
    async updateApplication(req: FastifyRequest, id: number, payload: JsonObject): Promise<Reviewed> {
      const updated = await metadata.applications.updatePayload(id, payload);
      if (!updated) {
        if (await metadata.applications.get(id)) throw new AppError(409, 'reviewed', 'users.applicationReviewed');
        throw notFound();
      }
      await services.audit.record(req, {
        action: 'application.update',
        outcome: 'success',
        target: `application:${updated.id}`,
      });
      return { id: updated.id, status: updated.status };
    },

    /**
     * Approves or rejects an application: an account opening activates or disables the account, a
     * WeChat unbinding unbinds it or keeps it bound. Account openings are root's decision (an admin
     * opened them); an unbinding any administrator's who manages the account.
     */
    async reviewApplication(req: FastifyRequest, id: number, status: OpeningDecision): Promise<Reviewed> {
      const actor = req.user!;
      const application = await metadata.applications.get(id);
      if (!application) throw notFound();
      if (application.kind === 'account_opening' && !isRoot(actor)) throw forbidden();
      if (application.userId !== null) {
        const subject = await metadata.users.getById(application.userId);
        if (subject) assertCanManage(actor, subject);
      }
      const reviewed = await metadata.transaction(async (tx) => {
        const done = await tx.applications.review(id, status, actor.id);
        if (!done) return undefined;
        if (done.userId !== null) {
          if (done.kind === 'account_opening') {
            await tx.users.update(done.userId, { status: status === 'approved' ? 'active' : 'disabled' });
          } else if (status === 'approved') {
            await tx.users.update(done.userId, { wechatOpenid: null, wechatState: 'unbound' });
          } else {
            await tx.users.update(done.userId, { wechatState: 'bound' });
          }
        }
        return done;
      });
      if (!reviewed) throw new AppError(409, 'reviewed', 'users.applicationReviewed');
      if (reviewed.kind === 'account_opening' && reviewed.userId !== null) {
        await followOpening(req, reviewed.userId, status, [reviewed]);
      } else {
        await auditReview(req, reviewed, status);
      }
      return { id, status };
    },

    /**
     * The enterprise names (customers) of the project and account forms: administrators pick from
     * every customer whose enterprise they may see (tenancy: not root's or other admins'); others
     * only see their own enterprise.
     */
    async enterprises(viewer: AuthUser): Promise<string[]> {
      if (!isAdmin(viewer)) return viewer.account.enterprise ? [viewer.account.enterprise] : [];
      const all = await metadata.users.list({ pageSize: 1000 });
      return [...new Set(all.items.map((u) => accountContact(viewer, u).enterprise).filter(Boolean))].sort();
    },

    /**
     * The own password change: the old password must be right (attempts count against the user's
     * rate limit), the new one strong; every session ends, this one too (its token version changed).
     */
    async changePassword(req: FastifyRequest, oldPassword: string, newPassword: string) {
      const user = req.user!;
      await services.limiter.check(`password-user:${user.id}`, ctx.config.auth.rateLimitPerUsername);
      if (!(await verifyPassword(user.account.passwordHash, oldPassword))) {
        await services.audit.record(req, {
          action: 'user.password_change',
          outcome: 'failure',
          target: `user:${user.id}`,
        });
        throw badRequest('server.incorrectCurrentPassword');
      }
      assertStrongPassword(newPassword);
      await metadata.users.update(user.id, {
        passwordHash: await hashPassword(newPassword),
        mustChangePassword: false,
      });
      await services.tokens.revokeUser(user.id);
      await services.audit.record(req, {
        action: 'user.password_change',
        outcome: 'success',
        target: `user:${user.id}`,
      });
    },

    /** Every problem of a batch, in the request's language (the check writes nothing). */
    checkBatchAdd: (req: FastifyRequest, rows: BatchAddRow[]) =>
      checkBatchAdd(metadata, req.user!, rows, translateFor(req.locale)),
    checkBatchUpdate: (req: FastifyRequest, rows: BatchUpdateRow[]) =>
      checkBatchUpdate(metadata, req.user!, rows, translateFor(req.locale)),

    /** Adds a batch of accounts, all or nothing; a row without a password gets a generated one. */
    async batchAdd(req: FastifyRequest, rows: BatchAddRow[]) {
      const errors = await checkBatchAdd(metadata, req.user!, rows, translateFor(req.locale));
      if (errors.length > 0) throw new AppError(400, 'batch_invalid', 'batch.invalidRows');
      const prepared = await Promise.all(
        rows.map(async (r) => {
          const password = r.password || generateRandomPassword();
          return { r, password, hash: await hashPassword(password) };
        }),
      );
      const created = await metadata
        .transaction(async (tx) => {
          const out = [];
          for (const { r, password, hash } of prepared) {
            const u = await tx.users.create({
              username: r.username.trim(),
              email: r.email.trim(),
              passwordHash: hash,
              role: (r.role ?? '') as Role,
              enterprise: r.enterprise.trim(),
              telephone: r.telephone.trim(),
              group: r.group ?? '',
              validFrom: validityBound(r.valid_from, false) ?? null,
              validTo: validityBound(r.valid_to, true) ?? null,
              mustChangePassword: !r.password,
            });
            out.push({ user: u, password: r.password ? undefined : password });
          }
          return out;
        })
        .catch(conflictError);
      await services.audit.record(req, {
        action: 'user.batch_add',
        outcome: 'success',
        detail: { count: created.length },
      });
      for (const { user } of created) await mailOpened(user);
      return {
        created: created.map(({ user, password }) => ({
          id: user.id,
          username: user.username,
          ...(password === undefined ? {} : { password }),
        })),
      };
    },

    /** Applies a batch of account changes (rows keyed by user name), all or nothing. */
    async batchUpdate(req: FastifyRequest, rows: BatchUpdateRow[]) {
      const errors = await checkBatchUpdate(metadata, req.user!, rows, translateFor(req.locale));
      if (errors.length > 0) throw new AppError(400, 'batch_invalid', 'batch.invalidRows');
      const hashes = await Promise.all(rows.map((r) => (r.password ? hashPassword(r.password) : undefined)));
      const revoke: number[] = [];
      const decided: { userId: number; decision: OpeningDecision; closed: Application[] }[] = [];
      await metadata
        .transaction(async (tx) => {
          for (const [i, r] of rows.entries()) {
            const user = await tx.users.getByUsername(r.username.trim());
            if (!user) throw new AppError(400, 'batch_invalid', 'batch.invalidRows');
            const patch: UserPatch = {};
            if (r.email !== undefined) patch.email = r.email.trim();
            if (r.enterprise !== undefined) patch.enterprise = r.enterprise.trim();
            if (r.telephone !== undefined) patch.telephone = r.telephone.trim();
            if (r.group !== undefined) patch.group = r.group;
            if (r.role !== undefined) patch.role = r.role as Role;
            if (r.status !== undefined) patch.status = r.status as UserPatch['status'] & string;
            if (hashes[i]) {
              patch.passwordHash = hashes[i];
              patch.mustChangePassword = true;
            }
            const from = validityBound(r.valid_from, false);
            const to = validityBound(r.valid_to, true);
            if (from !== undefined) patch.validFrom = from;
            if (to !== undefined) patch.validTo = to;
            await tx.users.update(user.id, patch);
            const decision = openingDecision(user.status, patch.status);
            if (decision)
              decided.push({
                userId: user.id,
                decision,
                closed: await closeOpening(tx, user.id, decision, req.user!.id),
              });
            if (r.role !== undefined || r.status !== undefined || r.password) revoke.push(user.id);
          }
        })
        .catch(conflictError);
      for (const id of revoke) await services.tokens.revokeUser(id);
      await services.audit.record(req, {
        action: 'user.batch_update',
        outcome: 'success',
        detail: { count: rows.length },
      });
      for (const d of decided) await followOpening(req, d.userId, d.decision, d.closed);
      return { updated: rows.length };
    },
  };
}
