import { setMaxListeners } from 'node:events';
import type { DateRange, WireLocale } from '@marketlens/shared';
import type { FastifyReply } from 'fastify';
import { customRules, type MetadataStore, type Project, type ProjectMember } from '../metadata/index.js';
import { type AuthUser, type ProjectScope, resolveDataGrant } from '../permissions/index.js';
import type { WarehouseEngine } from '../warehouse/engine.js';
import type { AdmissionGate } from './admission.js';
import type { ResolvedGrant } from './engine/filters.js';
import type { AnalyticsQuery, Filter } from './engine/model.js';
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

/** The data scope of a project the user was authorised for: the grant (deny by default) and the catalogue. */
export async function dataScopeOf(
  metadata: MetadataStore,
  engine: AnalyticsEngine,
  user: AuthUser,
  { project, member }: ProjectScope,
): Promise<DataScope> {
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

/** The parts of an analytics query a panel names; the request fills in the scope's defaults. */
export type QueryParts = Partial<AnalyticsQuery> & Pick<AnalyticsQuery, 'dimensions' | 'measures'>;

/** The spec §3 filter of a request without its data scope (what download headers describe). */
export type PageFilter = Omit<WireFilter, 'data_scope_id'>;

/**
 * One analysis request, the only thing page modules and panels work with: who asks, in which data
 * scope (project, grant, catalogue), with which validated filter, and the one way to run a query
 * (always with the user's grant, cancelled when the client goes away). Built once per request by
 * {@link openAnalysis} after the auth plugin checked membership and pages.
 */
export interface AnalysisRequest {
  readonly user: AuthUser;
  readonly member: ProjectMember | undefined;
  readonly scope: DataScope;
  /** The request's filter, validated (spec §5); the whole data range without one. */
  readonly validated: ValidatedFilter;
  /** The filter as sent (absent fields left out). */
  readonly wire: PageFilter | undefined;
  /** The category ids the user selected (empty in custom SQL mode or without a selection). */
  readonly selected: readonly number[];
  readonly locale: WireLocale;
  readonly signal: AbortSignal;
  readonly engine: AnalyticsEngine;
  readonly warehouse: WarehouseEngine;
  readonly metadata: MetadataStore;
  /** Runs a query over the scope: its dataset, granularity and discount switch, the user's grant. */
  run(query: QueryParts): Promise<AnalyticsResult>;
  /** Grand totals of a filter over several ranges in one statement (AnalyticsEngine.rangeTotals). */
  rangeTotals(filter: Filter, ranges: readonly DateRange[]): ReturnType<AnalyticsEngine['rangeTotals']>;
}

export interface AnalysisDeps {
  metadata: MetadataStore;
  warehouse: WarehouseEngine;
  engine: AnalyticsEngine;
  /** Admission of analysis requests (bounded queue, 503 beyond it); the route runs each request through it. */
  gate: AdmissionGate;
}

/**
 * Builds the request object for a route the auth plugin authorised (`req.scope`): resolves the
 * grant and the catalogue once and validates the filter (`wire` undefined: no filter, the whole
 * data range). The statements of one request share its signal, so it may have many listeners.
 */
export async function openAnalysis(
  deps: AnalysisDeps,
  req: { user: AuthUser; scope: ProjectScope; locale: WireLocale },
  reply: FastifyReply,
  wire: PageFilter | undefined,
  signal: AbortSignal = requestSignal(reply),
): Promise<AnalysisRequest> {
  const { metadata, engine } = deps;
  const scope = await dataScopeOf(metadata, engine, req.user, req.scope);
  const validated = wire
    ? await validateScopeFilter(metadata, engine, req.user, scope, wire)
    : { filter: {}, range: scope.fullRange, comparison: { kind: 'none' as const } };
  setMaxListeners(64, signal);
  const selected = wire?.category?.enable && !wire.sql?.enable ? wire.category.value : [];
  return {
    user: req.user,
    member: req.scope.member,
    scope,
    validated,
    wire,
    selected,
    locale: req.locale,
    signal,
    metadata,
    engine,
    warehouse: deps.warehouse,
    run: (query) => engine.run(scope.grant, scopeQuery(scope, query), { signal }),
    rangeTotals: (filter, ranges) =>
      engine.rangeTotals(
        scope.grant,
        { dataset: scope.project.dataset, filter, ranges, discount: scope.discount },
        { signal },
      ),
  };
}

/** Validates a wire filter for a data scope (favourites and custom attributes from the metadata store). */
export function validateScopeFilter(
  metadata: MetadataStore,
  engine: AnalyticsEngine,
  user: AuthUser,
  scope: DataScope,
  wire: PageFilter,
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
        rules: customRules(c.rules),
      })),
  });
}

/** A query over the scope with defaults filled in: no comparison, the scope's discount switch. */
export function scopeQuery(scope: DataScope, q: QueryParts): AnalyticsQuery {
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
