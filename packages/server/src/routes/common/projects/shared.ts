import { type AuditAction, projectTarget } from '@marketlens/shared';
import type { PROJECT_SCHEMAS } from '@marketlens/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { projectView } from '../../../accounts/views.js';
import { hasDataset } from '../../../analytics/engine/dimensions.js';
import type { AuthServices } from '../../../auth/index.js';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../errors.js';
import type { JsonValue, Project } from '../../../metadata/index.js';
import type { RouteHandlers } from '../../register.js';

/** The handlers of `PROJECT_ENDPOINTS`; each project route module gives those of its part. */
export type ProjectHandlers = RouteHandlers<typeof PROJECT_SCHEMAS>;

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
