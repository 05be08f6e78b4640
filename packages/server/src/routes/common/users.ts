import { MAX_BATCH_ROWS } from '@marketlens/shared';
import { ACCOUNT_SCHEMAS, SESSION_SCHEMAS } from '@marketlens/shared/contracts';
import { ACCOUNT_ENDPOINTS, SESSION_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { accountService, briefUserView, sessionUser, userView } from '../../accounts/index.js';
import type { AuthServices } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import type { JsonObject } from '../../metadata/index.js';
import { readSheet } from '../../uploads/sheet.js';
import { registerRoutes } from '../register.js';

/**
 * /api/common/users and the personal centre: accounts, their project access, applications, batch
 * operations (`ACCOUNT_ENDPOINTS`), the signed-in user and their own settings (`SESSION_ENDPOINTS`).
 * The rules are in accounts/; the access is the table's.
 */
export function userRoutes(ctx: AppContext, services: AuthServices): FastifyPluginAsync {
  const { metadata } = ctx;
  const accounts = accountService(ctx, services);
  const now = () => services.clock();

  return async (app) => {
    registerRoutes(app, {
      tag: 'users',
      endpoints: SESSION_ENDPOINTS,
      schemas: SESSION_SCHEMAS,
      summaries: {
        me: 'The signed-in user',
        changePassword: 'Change the own password',
        projectConfig: "The user's own settings in a project",
        saveProjectConfig: "Save the user's own settings in a project",
      },
      handlers: {
        me: async (req) => ({ user: await sessionUser(ctx, req.user!, now()) }),
        changePassword: async (req) => {
          await accounts.changePassword(req, req.body.old_password, req.body.new_password);
          return { message: translateFor(req.locale)('auth.passwordChanged') };
        },
        projectConfig: async (req) => ({ config: req.scope!.member?.config ?? {} }),
        saveProjectConfig: async (req) => {
          const { project, member } = req.scope!;
          const config = req.body.config as JsonObject;
          if (JSON.stringify(config).length > 64_000) throw badRequest();
          // A root/admin without membership keeps no per-project config: there is no row to hold it.
          if (!member) throw badRequest('users.notMember');
          await metadata.members.update(project.id, req.user!.id, { config });
          return { config };
        },
      },
    });

    registerRoutes(app, {
      tag: 'users',
      endpoints: ACCOUNT_ENDPOINTS,
      schemas: ACCOUNT_SCHEMAS,
      summaries: {
        list: 'Accounts, one page, with filters',
        all: 'Every account',
        brief: 'Every account, brief (id, user name, enterprise)',
        applications: 'Applications to review (account openings, WeChat unbinding), one page',
        get: 'One account',
        create: 'Create an account',
        update: 'Update an account',
        remove: 'Delete an account',
        exist: 'Whether a user name or e-mail is taken',
        setAccess: "Set an account's role, pages and data grant in a project",
        updateApplication: 'Edit a pending application',
        reviewApplication: 'Approve or reject an application',
        batchSheet: 'Read an uploaded .xlsx or CSV sheet as a table of texts',
        batchAddCheck: 'Check rows of new accounts before adding them',
        batchAdd: 'Add accounts in a batch',
        batchUpdateCheck: 'Check rows of account changes before applying them',
        batchUpdate: 'Update accounts in a batch',
        enterprises: 'Enterprises (customers)',
      },
      // The enterprise picker serves the project form first: documented beside the projects.
      tags: { enterprises: 'projects' },
      emptyBody: ['remove'],
      handlers: {
        list: async (req) => accounts.list(req.user!, req.query),
        all: async (req) => {
          const t = now();
          return { items: (await accounts.all()).map((u) => userView(u, t, req.user!)) };
        },
        brief: async (req) => ({ items: (await accounts.all()).map((u) => briefUserView(u, req.user!)) }),
        applications: async (req) => ({ items: await accounts.applications(req.query.status) }),
        get: async (req) => accounts.get(req.user!, Number(req.params.id)),
        create: async (req) => accounts.create(req, req.body),
        update: async (req) => accounts.update(req, Number(req.params.id), req.body),
        remove: async (req) => {
          await accounts.remove(req, Number(req.params.id));
          return { message: 'ok' };
        },
        exist: async (req) => accounts.exist(req.body),
        setAccess: async (req) => accounts.setAccess(req, Number(req.params.id), req.body),
        updateApplication: async (req) =>
          accounts.updateApplication(req, Number(req.params.id), req.body.payload as JsonObject),
        reviewApplication: async (req) => accounts.reviewApplication(req, Number(req.params.app_id), req.body.status),
        // An uploaded file (.xlsx or CSV in UTF-8/GBK), read by the one upload reader: a table of
        // texts, header row first, which the page maps to columns, then checks and commits.
        batchSheet: async (req) => ({ table: await readSheet(Buffer.from(req.body.file, 'base64'), MAX_BATCH_ROWS) }),
        batchAddCheck: async (req) => {
          const errors = await accounts.checkBatchAdd(req, req.body.rows);
          return { valid: errors.length === 0, rows: req.body.rows.length, errors };
        },
        batchAdd: async (req) => accounts.batchAdd(req, req.body.rows),
        batchUpdateCheck: async (req) => {
          const errors = await accounts.checkBatchUpdate(req, req.body.rows);
          return { valid: errors.length === 0, rows: req.body.rows.length, errors };
        },
        batchUpdate: async (req) => accounts.batchUpdate(req, req.body.rows),
        enterprises: async (req) => ({ items: await accounts.enterprises(req.user!) }),
      },
    });
  };
}
