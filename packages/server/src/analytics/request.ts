import type { DateRange } from '@marketlens/shared';
import type { FastifyReply } from 'fastify';
import type { MetadataStore, Project } from '../metadata/index.js';
import { type AuthUser, authorizeProject, resolveDataGrant } from '../permissions/index.js';
import type { ResolvedGrant } from './engine/filters.js';
import type { AnalyticsQuery } from './engine/model.js';
import type { AnalyticsEngine, AnalyticsResult, DatasetCatalog } from './engine/service.js';
import { type ValidatedFilter, validateFilter, type WireFilter } from './engine/validate.js';

/**
 * What an analytics route works with for one request: the project (data scope) the user was
 * authorised for, the grant resolved by the permissions module, and the dataset's catalogue.
 */
export interface DataScope {
  project: Project;
  grant: ResolvedGrant;
  catalog: DatasetCatalog;
  /** Sales at discount price: the project offers it and the user switched it on. */
  discount: boolean;
  /** The dataset's whole period range. */
  fullRange: DateRange;
}

/** Authorises the project (membership, the one permissions module) and resolves the user's grant. */
export async function loadDataScope(
  metadata: MetadataStore,
  engine: AnalyticsEngine,
  user: AuthUser,
  projectId: number,
): Promise<DataScope> {
  const { project, member } = await authorizeProject(metadata, user, projectId, 'member');
  const [grant, catalog] = await Promise.all([
    resolveDataGrant(metadata, user, project).then((g) => engine.resolveGrant(g)),
    engine.catalog(project.dataset),
  ]);
  const ds = catalog.dataset;
  return {
    project,
    grant,
    catalog,
    discount: project.discountPrice && (member?.discountPriceOn ?? false),
    fullRange: { start: ds.farthestDate, end: ds.latestDate },
  };
}

/** Validates a wire filter for a data scope (favourites and custom attributes from the metadata store). */
export function validateScopeFilter(
  metadata: MetadataStore,
  engine: AnalyticsEngine,
  user: AuthUser,
  scope: DataScope,
  wire: Omit<WireFilter, 'data_scope_id'>,
): Promise<ValidatedFilter> {
  const projectId = scope.project.id;
  return validateFilter(wire, {
    catalog: scope.catalog,
    granularity: scope.project.dateField,
    parseSql: (text) => engine.parseCustomSql(scope.project.dataset, text),
    favouriteBrands: () => metadata.favoriteBrands.ids(projectId, user.id),
    customAttributes: async () =>
      (await metadata.customAttributes.list(projectId, user.id)).map((c) => ({
        id: c.id,
        rules: Array.isArray(c.rules)
          ? c.rules.flatMap((r) =>
              r &&
              typeof r === 'object' &&
              !Array.isArray(r) &&
              typeof r.value === 'string' &&
              typeof r.query === 'string'
                ? [{ value: r.value, query: r.query }]
                : [],
            )
          : [],
      })),
  });
}

/** A query over the scope with defaults filled in: no comparison, the scope's discount switch. */
export function scopeQuery(
  scope: DataScope,
  q: Partial<AnalyticsQuery> & Pick<AnalyticsQuery, 'dimensions' | 'measures'>,
): AnalyticsQuery {
  return {
    dataset: scope.project.dataset,
    granularity: scope.project.dateField,
    filter: {},
    range: scope.fullRange,
    comparison: { kind: 'none' },
    discount: scope.discount,
    ...q,
  };
}

/**
 * An AbortSignal that fires when the client goes away before the answer is sent, so its warehouse
 * query is interrupted instead of running on for nobody (DESIGN.md §5).
 */
export function requestSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // The response's 'close' before 'finish' means the connection went away (the request's own
  // 'close' also fires once its body has been read, so it cannot tell).
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export type { AnalyticsResult };
