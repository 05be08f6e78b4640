/**
 * Wire contract of the personal centre (docs/product.md §7): the signed-in user with their projects,
 * the own password change and the user's own settings in a project. The endpoint table is
 * `SESSION_ENDPOINTS` (admin-endpoints.ts).
 */
import { type Static, Type } from 'typebox';
import { AccountView, AdminBody, Done, IdParams } from './accounts.js';

/** A project of the signed-in user: their role, the pages they may open and their granted categories. */
export const SessionProject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Type.String(),
  status: Type.String(),
  pages: Type.Array(Type.Integer()),
  categories: Type.Array(Type.Integer()),
});
export type SessionProject = Static<typeof SessionProject>;

/** The signed-in user as the web app needs it: the account fields plus, per project, the role and pages. */
export const SessionUser = Type.Object({ ...AccountView.properties, projects: Type.Array(SessionProject) });
export type SessionUser = Static<typeof SessionUser>;

const ProjectConfig = Type.Object({ config: Type.Record(Type.String(), Type.Unknown()) });
export type ProjectConfig = Static<typeof ProjectConfig>;

export const SESSION_SCHEMAS = {
  me: { body: AdminBody({}), data: Type.Object({ user: SessionUser }) },
  changePassword: {
    body: AdminBody({ old_password: Type.String({ maxLength: 256 }), new_password: Type.String({ maxLength: 256 }) }),
    data: Done,
  },
  projectConfig: { body: AdminBody({}), params: IdParams, data: ProjectConfig },
  saveProjectConfig: {
    body: AdminBody({ config: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 100 }) }),
    params: IdParams,
    data: ProjectConfig,
  },
};
