import { type AuditAction, projectTarget } from '@marketlens/shared';
import type { FastifyRequest } from 'fastify';
import { type TProperties, type TSchema, Type } from 'typebox';
import { hasDataset } from '../../../analytics/engine/dimensions.js';
import type { AuthServices } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../errors.js';
import type { JsonValue, Project } from '../../../metadata/index.js';
import { type Permission, type ProjectAccess, perm } from '../../../permissions/index.js';
import { LocaleField } from '../../../schema.js';
import { absentBodyAsEmpty, projectView } from '../views.js';

/** Schemas, route-option builders and helpers shared by every project route module. */

export const Body = <P extends TProperties>(props: P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });
/** A DELETE/POST body that carries nothing but, optionally, the locale. */
export const NoBody = Type.Optional(Body({}));
const Id = Type.String({ pattern: '^[0-9]{1,15}$' });
export const Params = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, Id])) as Record<K, typeof Id>, { additionalProperties: false });
export const RoleField = Type.Union([
  Type.Literal('root'),
  Type.Literal('admin'),
  Type.Literal('enterprise'),
  Type.Literal('general'),
  Type.Literal('community'),
  Type.Literal(''),
]);
/**
 * A nullable number: `type: [..., 'null']` rather than a union, because with coerceTypes ajv turns
 * null into 0 in a union's number branch (an open-ended band or "no category" would become 0).
 */
export const Nullable = (type: 'number' | 'integer', opts: { minimum?: number } = {}) =>
  Type.Unsafe<number | null>({ type: [type, 'null'], ...opts });
export const Pages = Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { maxItems: 9 });
export const CategoryIds = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 10_000 });
export const ProjectStatusField = Type.Union([Type.Literal('in_service'), Type.Literal('stopped')]);

/** Per-row report of a check: row (from 1), field, problem (in the request's language). */
export interface RowProblem {
  row: number;
  field: string;
  problem: string;
}
export const CheckReport = Type.Object({
  valid: Type.Boolean(),
  rows: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() })),
});

/**
 * Options of a project-scoped route: the permission names the first path parameter as the project
 * id, so the parameters and the permission cannot disagree. `summary` is its OpenAPI summary.
 */
export function onProject<K extends string, S extends Record<string, TSchema | string[]>>(
  access: ProjectAccess,
  params: readonly [K, ...K[]],
  summary: string,
  schema: S,
) {
  return {
    config: { permission: perm.project(access, `params.${params[0]}`) },
    preValidation: absentBodyAsEmpty,
    schema: { tags: ['projects'], summary, params: Params(...params), ...schema },
  };
}

/** Options of a route guarded by global roles only. */
export function onRoles<S extends Record<string, TSchema | string[]>>(
  permission: Permission,
  summary: string,
  schema: S,
) {
  return {
    config: { permission },
    preValidation: absentBodyAsEmpty,
    schema: { tags: ['projects'], summary, ...schema },
  };
}

/** What the project route modules share: stores, the project view and the audit trail. */
export interface ProjectKit {
  ctx: AppContext;
  services: AuthServices;
  view(p: Project): Promise<ReturnType<typeof projectView>>;
  /** Throws 400 'dataset does not exist' unless the warehouse holds it. */
  assertDataset(dataset: string): void;
  /**
   * Reads the project's dataset, or gives `missing` when the warehouse does not hold it (a project
   * may outlive its dataset; its settings pages must still open).
   */
  fromDataset<T>(project: Project, missing: T, read: (dataset: string) => Promise<T>): Promise<T>;
  /** Records a successful administrative change of a project. */
  audit(req: FastifyRequest, action: AuditAction, projectId: number, detail?: JsonValue): Promise<void>;
}

export function projectKit(ctx: AppContext, services: AuthServices): ProjectKit {
  return {
    ctx,
    services,
    async view(p) {
      const owner = p.ownerId === null ? null : ((await ctx.metadata.users.getById(p.ownerId))?.username ?? null);
      return projectView(p, owner);
    },
    assertDataset(dataset) {
      if (!hasDataset(ctx.warehouse, dataset)) throw badRequest('projects.datasetNotFound');
    },
    async fromDataset(project, missing, read) {
      return hasDataset(ctx.warehouse, project.dataset) ? read(project.dataset) : missing;
    },
    audit: (req, action, projectId, detail) =>
      services.audit.record(req, {
        action,
        outcome: 'success',
        target: projectTarget(projectId),
        ...(detail === undefined ? {} : { detail }),
      }),
  };
}
