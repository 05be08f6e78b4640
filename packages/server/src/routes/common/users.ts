import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  generateRandomPassword,
  isRole,
  MAX_BATCH_ROWS,
  type Role,
  validateEmail,
  validateRequired,
} from '@marketlens/shared';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthServices } from '../../auth/index.js';
import { clearLoginFailures } from '../../auth/lockout.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { assertStrongPassword } from '../../auth/reset.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import { accountOpenedMail, recipientLocale } from '../../mail/compose.js';
import {
  type Application,
  ConflictError,
  type JsonObject,
  type MetadataRepositories,
  type User,
  type UserPatch,
} from '../../metadata/index.js';
import { AUTH, contactsHiddenFrom, isRoot, perm } from '../../permissions/index.js';
import { Envelope, LocaleField, ok, Query } from '../../schema.js';
import { readSheet, UploadFile } from '../../uploads/sheet.js';
import {
  assertCanManage,
  type BatchAddRow,
  type BatchUpdateRow,
  canAssignProjectRole,
  canAssignRole,
  checkBatchAdd,
  checkBatchUpdate,
  type OpeningDecision,
  openingDecision,
  statusChangeProblem,
  validityBound,
} from './accounts.js';
import { assertGrantValues } from './grant-values.js';
import { SessionUserSchema, sessionUser } from './session.js';
import { absentBodyAsEmpty, BriefUserSchema, briefUserView, Done, IdParams, UserSchema, userView } from './views.js';

const RoleField = Type.Union([
  ...['root', 'admin', 'enterprise', 'general', 'community', ''].map((r) => Type.Literal(r)),
]);
const DateField = Type.Union([Type.String({ format: 'date' }), Type.Null(), Type.Literal('')]);
const Body = <P extends Parameters<typeof Type.Object>[0]>(props: P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });

const NewUserFields = {
  username: Type.String({ maxLength: 64 }),
  email: Type.String({ maxLength: 254 }),
  enterprise: Type.String({ maxLength: 128 }),
  telephone: Type.String({ maxLength: 32 }),
  password: Type.Optional(Type.String({ maxLength: 256 })),
  role: Type.Optional(RoleField),
  group: Type.Optional(Type.String({ maxLength: 128 })),
  valid_from: Type.Optional(DateField),
  valid_to: Type.Optional(DateField),
};
// Batch rows take the role as free text, so a bad one is reported per row rather than refused whole.
const BatchAddRowSchema = Type.Object(
  { ...NewUserFields, role: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);
const BatchUpdateRowSchema = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    enterprise: Type.Optional(Type.String({ maxLength: 128 })),
    telephone: Type.Optional(Type.String({ maxLength: 32 })),
    password: Type.Optional(Type.String({ maxLength: 256 })),
    role: Type.Optional(Type.String({ maxLength: 32 })),
    group: Type.Optional(Type.String({ maxLength: 128 })),
    status: Type.Optional(Type.String({ maxLength: 16 })),
    valid_from: Type.Optional(DateField),
    valid_to: Type.Optional(DateField),
  },
  { additionalProperties: false },
);
const BatchReport = Type.Object({
  valid: Type.Boolean(),
  rows: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() })),
});
const MembershipSchema = Type.Object({
  project_id: Type.Integer(),
  project_name: Type.String(),
  role: Type.String(),
  pages: Type.Array(Type.Integer()),
  categories: Type.Array(Type.Integer()),
  brands: Type.Array(Type.String()),
  shops: Type.Array(Type.String()),
});
const ApplicationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  reviewer_id: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  reviewed_at: Type.Union([Type.String(), Type.Null()]),
});

const conflictError = (err: unknown): never => {
  if (err instanceof ConflictError) {
    throw badRequest(err.field === 'email' ? 'server.emailExists' : 'server.usernameExists');
  }
  throw err;
};

/** /api/common/users: accounts, their project rights, applications, batch operations. */
export function userRoutes(ctx: AppContext, services: AuthServices): FastifyPluginAsyncTypebox {
  const { metadata } = ctx;
  const accounts = perm.roles(AUTH.accounts);
  const now = () => services.clock();
  /** Tells the account's owner it can sign in (written to the outbox; delivery never holds the request). */
  const mailOpened = (user: User) =>
    services.mailer.send(accountOpenedMail(user, recipientLocale(user), ctx.config.auth.publicUrl));

  async function loadManaged(actor: NonNullable<FastifyRequest['user']>, id: string): Promise<User> {
    const user = await metadata.users.getById(Number(id));
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

  return async (app) => {
    app.get(
      '/users/me',
      {
        config: { permission: perm.ownAccount },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ user: SessionUserSchema })) },
        },
      },
      async (req) => ok({ user: await sessionUser(ctx, req.user!, now()) }),
    );

    app.put(
      '/users/me/password',
      {
        config: { permission: perm.ownAccount },
        schema: {
          tags: ['users'],
          summary: 'Change the own password',
          body: Body({ old_password: Type.String({ maxLength: 256 }), new_password: Type.String({ maxLength: 256 }) }),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const user = req.user!;
        await services.limiter.check(`password-user:${user.id}`, ctx.config.auth.rateLimitPerUsername);
        if (!(await verifyPassword(user.account.passwordHash, req.body.old_password))) {
          await services.audit.record(req, {
            action: 'user.password_change',
            outcome: 'failure',
            target: `user:${user.id}`,
          });
          throw badRequest('server.incorrectCurrentPassword');
        }
        assertStrongPassword(req.body.new_password);
        await metadata.users.update(user.id, {
          passwordHash: await hashPassword(req.body.new_password),
          mustChangePassword: false,
        });
        // Every other session ends; this one must sign in again too (its token version changed).
        await services.tokens.revokeUser(user.id);
        await services.audit.record(req, {
          action: 'user.password_change',
          outcome: 'success',
          target: `user:${user.id}`,
        });
        return ok({ message: translateFor(req.locale)('auth.passwordChanged') });
      },
    );

    const ListQuery = Query({
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      search: Type.Optional(Type.String({ maxLength: 100 })),
      role: Type.Optional(RoleField),
      status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('pending'), Type.Literal('disabled')])),
      enterprise: Type.Optional(Type.String({ maxLength: 128 })),
    });
    app.get(
      '/users',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Accounts, one page, with filters',
          querystring: ListQuery,
          response: {
            200: Envelope(
              Type.Object({
                items: Type.Array(UserSchema),
                total: Type.Integer(),
                page: Type.Integer(),
                page_size: Type.Integer(),
              }),
            ),
          },
        },
      },
      async (req) => {
        const q = req.query;
        const viewer = req.user!;
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
        return ok({
          items: page.items.map((u) => userView(u, t, viewer)),
          total: page.total,
          page: page.page,
          page_size: page.pageSize,
        });
      },
    );

    app.get(
      '/users/all',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Every account',
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ items: Type.Array(UserSchema) })) },
        },
      },
      async (req) => {
        const t = now();
        const page = await metadata.users.list({ pageSize: 1000 });
        return ok({ items: page.items.map((u) => userView(u, t, req.user!)) });
      },
    );

    app.get(
      '/users/brief',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Every account, brief (id, user name, enterprise)',
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ items: Type.Array(BriefUserSchema) })) },
        },
      },
      async (req) => {
        const page = await metadata.users.list({ pageSize: 1000 });
        return ok({ items: page.items.map((u) => briefUserView(u, req.user!)) });
      },
    );

    app.get(
      '/users/applications',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Applications to review (account openings, WeChat unbinding), one page',
          querystring: Query({
            status: Type.Optional(
              Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
            ),
          }),
          response: { 200: Envelope(Type.Object({ items: Type.Array(ApplicationSchema) })) },
        },
      },
      async (req) => {
        const list = await metadata.applications.list(req.query.status ? { status: req.query.status } : {});
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
        return ok({ items });
      },
    );

    app.get(
      '/users/:id',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'One account',
          params: IdParams,
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ user: UserSchema, projects: Type.Array(MembershipSchema) })) },
        },
      },
      async (req) => {
        const user = await metadata.users.getById(Number(req.params.id));
        if (!user) throw notFound();
        const projects = [];
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
          });
        }
        return ok({ user: userView(user, now(), req.user!), projects });
      },
    );

    app.post(
      '/users',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Create an account',
          body: Body(NewUserFields),
          response: { 200: Envelope(Type.Object({ user: UserSchema, password: Type.Optional(Type.String()) })) },
        },
      },
      async (req) => {
        const actor = req.user!;
        const b = req.body;
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
        // Root opens accounts directly; an admin's opening waits for root's review (spec §4 pending).
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
        return ok({ user: userView(user, now(), actor), ...(b.password ? {} : { password }) });
      },
    );

    app.put(
      '/users/:id',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Update an account',
          params: IdParams,
          body: Body({
            email: Type.Optional(Type.String({ maxLength: 254 })),
            enterprise: Type.Optional(Type.String({ maxLength: 128 })),
            telephone: Type.Optional(Type.String({ maxLength: 32 })),
            group: Type.Optional(Type.String({ maxLength: 128 })),
            role: Type.Optional(RoleField),
            status: Type.Optional(
              Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('pending')]),
            ),
            locked: Type.Optional(Type.Boolean()),
            password: Type.Optional(Type.String({ maxLength: 256 })),
            valid_from: Type.Optional(DateField),
            valid_to: Type.Optional(DateField),
          }),
          response: { 200: Envelope(Type.Object({ user: UserSchema })) },
        },
      },
      async (req) => {
        const actor = req.user!;
        const target = await loadManaged(actor, req.params.id);
        const b = req.body;
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
          // An administrator's lock holds until an administrator lifts it.
          patch.lockedUntil = b.locked ? '9999-12-31T00:00:00.000Z' : null;
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
        // Root taking a pending account out of review decides its opening, as a review would.
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
        return ok({ user: userView((await metadata.users.getById(target.id)) ?? updated, now(), actor) });
      },
    );

    app.delete(
      '/users/:id',
      {
        config: { permission: accounts },
        preValidation: absentBodyAsEmpty,
        schema: {
          tags: ['users'],
          summary: 'Delete an account',
          params: IdParams,
          body: Type.Optional(Body({})),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const actor = req.user!;
        if (Number(req.params.id) === actor.id) throw badRequest('users.cannotDeleteSelf');
        const target = await loadManaged(actor, req.params.id);
        await metadata.users.delete(target.id);
        await services.audit.record(req, {
          action: 'user.delete',
          outcome: 'success',
          target: `user:${target.id}`,
          detail: { username: target.username },
        });
        return ok({ message: 'ok' });
      },
    );

    app.post(
      '/users/exist',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Whether a user name or e-mail is taken',
          body: Body({
            username: Type.Optional(Type.String({ maxLength: 64 })),
            email: Type.Optional(Type.String({ maxLength: 254 })),
          }),
          response: { 200: Envelope(Type.Object({ username: Type.Boolean(), email: Type.Boolean() })) },
        },
      },
      async (req) => {
        const { username, email } = req.body;
        return ok({
          username: username ? (await metadata.users.getByUsername(username.trim())) !== undefined : false,
          email: email ? (await metadata.users.getByEmail(email)) !== undefined : false,
        });
      },
    );

    app.put(
      '/users/:id/auth',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: "Set an account's role, pages and data grant in a project",
          params: IdParams,
          body: Body({
            project_id: Type.Integer({ minimum: 1 }),
            role: Type.Optional(RoleField),
            pages: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { maxItems: 9 })),
            categories: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 100_000 })),
            brands: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100_000 })),
            shops: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100_000 })),
          }),
          response: { 200: Envelope(MembershipSchema) },
        },
      },
      async (req) => {
        const actor = req.user!;
        const target = await loadManaged(actor, req.params.id);
        const b = req.body;
        const project = await metadata.projects.getById(b.project_id);
        if (!project) throw notFound('server.projectNotFound');
        if (b.role !== undefined && !canAssignProjectRole(actor, b.role as Role))
          throw forbidden('users.roleNotAllowed');
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
        return ok({ ...result, project_name: project.name });
      },
    );

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

    app.put(
      '/users/application/:id',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Edit a pending application',
          params: IdParams,
          body: Body({
            payload: Type.Record(
              Type.String({ maxLength: 64 }),
              Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
            ),
          }),
          response: { 200: Envelope(Type.Object({ id: Type.Integer(), status: Type.String() })) },
        },
      },
      async (req) => {
        const updated = await metadata.applications.updatePayload(
          Number(req.params.id),
          req.body.payload as JsonObject,
        );
        if (!updated) {
          if (await metadata.applications.get(Number(req.params.id)))
            throw new AppError(409, 'reviewed', 'users.applicationReviewed');
          throw notFound();
        }
        await services.audit.record(req, {
          action: 'application.update',
          outcome: 'success',
          target: `application:${updated.id}`,
        });
        return ok({ id: updated.id, status: updated.status });
      },
    );

    app.put(
      '/users/application/:app_id/status',
      {
        config: { permission: accounts },
        schema: {
          tags: ['users'],
          summary: 'Approve or reject an application',
          params: Type.Object({ app_id: Type.String({ pattern: '^[0-9]{1,15}$' }) }, { additionalProperties: false }),
          body: Body({ status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]) }),
          response: { 200: Envelope(Type.Object({ id: Type.Integer(), status: Type.String() })) },
        },
      },
      async (req) => {
        const actor = req.user!;
        const id = Number(req.params.app_id);
        const application = await metadata.applications.get(id);
        if (!application) throw notFound();
        // Account openings are root's decision (an admin opened them); unbinding any administrator's.
        if (application.kind === 'account_opening' && !isRoot(actor)) throw forbidden();
        if (application.userId !== null) {
          const subject = await metadata.users.getById(application.userId);
          if (subject) assertCanManage(actor, subject);
        }
        const status = req.body.status;
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
        return ok({ id, status });
      },
    );

    const ConfigParams = Type.Object(
      { id: Type.String({ pattern: '^[0-9]{1,15}$' }) },
      { additionalProperties: false },
    );
    app.get(
      '/users/projects/:id/config',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['users'],
          summary: "The user's own settings in a project",
          params: ConfigParams,
          querystring: Query(),
          response: { 200: Envelope(Type.Object({ config: Type.Record(Type.String(), Type.Unknown()) })) },
        },
      },
      async (req) => ok({ config: req.scope!.member?.config ?? {} }),
    );

    app.put(
      '/users/projects/:id/config',
      {
        config: { permission: perm.project('member', 'params.id') },
        schema: {
          tags: ['users'],
          summary: "Save the user's own settings in a project",
          params: ConfigParams,
          body: Body({ config: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 100 }) }),
          response: { 200: Envelope(Type.Object({ config: Type.Record(Type.String(), Type.Unknown()) })) },
        },
      },
      async (req) => {
        const { project, member } = req.scope!;
        const config = req.body.config as JsonObject;
        if (JSON.stringify(config).length > 64_000) throw badRequest();
        // A root/admin without membership keeps no per-project config: there is no row to hold it.
        if (!member) throw badRequest('users.notMember');
        await metadata.members.update(project.id, req.user!.id, { config });
        return ok({ config });
      },
    );

    // Batch operations (root only): a check that reports every bad row, and an all-or-nothing write.
    const batch = perm.roles(AUTH.batch);
    const AddBody = Body({ rows: Type.Array(BatchAddRowSchema, { minItems: 1, maxItems: MAX_BATCH_ROWS }) });
    const UpdateBody = Body({ rows: Type.Array(BatchUpdateRowSchema, { minItems: 1, maxItems: MAX_BATCH_ROWS }) });

    // An uploaded file (.xlsx or CSV in UTF-8/GBK), read on the server by the one upload reader: a table
    // of texts, header row first, which the page maps to columns, then checks and commits.
    app.post(
      '/users/batch/sheet',
      {
        config: { permission: batch },
        schema: {
          tags: ['users'],
          summary: 'Read an uploaded .xlsx or CSV sheet as a table of texts',
          body: Body({ file: UploadFile }),
          response: { 200: Envelope(Type.Object({ table: Type.Array(Type.Array(Type.String())) })) },
        },
      },
      async (req) => ok({ table: await readSheet(Buffer.from(req.body.file, 'base64'), MAX_BATCH_ROWS) }),
    );

    app.post(
      '/users/batch/add/check',
      {
        config: { permission: batch },
        schema: {
          tags: ['users'],
          summary: 'Check rows of new accounts before adding them',
          body: AddBody,
          response: { 200: Envelope(BatchReport) },
        },
      },
      async (req) => {
        const errors = await checkBatchAdd(
          metadata,
          req.user!,
          req.body.rows as BatchAddRow[],
          translateFor(req.locale),
        );
        return ok({ valid: errors.length === 0, rows: req.body.rows.length, errors });
      },
    );

    app.post(
      '/users/batch/add',
      {
        config: { permission: batch },
        schema: {
          tags: ['users'],
          summary: 'Add accounts in a batch',
          body: AddBody,
          response: {
            200: Envelope(
              Type.Object({
                created: Type.Array(
                  Type.Object({ id: Type.Integer(), username: Type.String(), password: Type.Optional(Type.String()) }),
                ),
              }),
            ),
          },
        },
      },
      async (req) => {
        const rows = req.body.rows as BatchAddRow[];
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
        return ok({
          created: created.map(({ user, password }) => ({
            id: user.id,
            username: user.username,
            ...(password === undefined ? {} : { password }),
          })),
        });
      },
    );

    app.post(
      '/users/batch/update/check',
      {
        config: { permission: batch },
        schema: {
          tags: ['users'],
          summary: 'Check rows of account changes before applying them',
          body: UpdateBody,
          response: { 200: Envelope(BatchReport) },
        },
      },
      async (req) => {
        const errors = await checkBatchUpdate(
          metadata,
          req.user!,
          req.body.rows as BatchUpdateRow[],
          translateFor(req.locale),
        );
        return ok({ valid: errors.length === 0, rows: req.body.rows.length, errors });
      },
    );

    app.post(
      '/users/batch/update',
      {
        config: { permission: batch },
        schema: {
          tags: ['users'],
          summary: 'Update accounts in a batch',
          body: UpdateBody,
          response: { 200: Envelope(Type.Object({ updated: Type.Integer() })) },
        },
      },
      async (req) => {
        const rows = req.body.rows as BatchUpdateRow[];
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
        return ok({ updated: rows.length });
      },
    );
  };
}
