import { setMaxListeners } from 'node:events';
import { type DatasetCoverage, type DateRange, type Locale, toLocale, type WireLocale } from '@marketlens/shared';
import type { FastifyReply } from 'fastify';
import { customRules, type MetadataStore, type Project, type ProjectMember } from '../metadata/index.js';
import { type AuthUser, type ProjectScope, resolveDataGrant } from '../permissions/index.js';
import type { WarehouseEngine } from '../warehouse/engine.js';
import type { AdmissionGate } from './admission.js';
import { type DimensionReader, dimensionReader } from './engine/dimensions.js';
import type { ResolvedGrant } from './engine/filters.js';
import type { AnalyticsQuery, Filter, Measure } from './engine/model.js';
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
  /** The dataset's coverage per period (docs/data-format.md §11): gaps, last complete period. */
  coverage: DatasetCoverage;
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
    coverage: catalog.coverage,
  };
}

/**
 * The parts of an analytics query a page or panel names; {@link queryOf} fills in the rest. Only the
 * dimensions are always named.
 */
export type QueryParts = Partial<AnalyticsQuery> & Pick<AnalyticsQuery, 'dimensions'>;

/** The filter (docs/product.md §3) of a request without its data scope (what download headers describe). */
export type PageFilter = Omit<WireFilter, 'data_scope_id'>;

/**
 * One analysis request, the only thing page modules and panels work with: who asks, in which data
 * scope (project, grant, catalogue), with which validated filter, and the one road to the
 * warehouse: `query` for facts and `dims` for dimension data, both bound to the request's dataset
 * and the user's grant (facts also cancelled when the client goes away). Built once per request by
 * {@link openAnalysis} after the auth plugin checked membership and pages.
 */
export interface AnalysisRequest {
  readonly user: AuthUser;
  readonly member: ProjectMember | undefined;
  readonly scope: DataScope;
  /** The request's filter, validated (docs/product.md §5); the whole data range without one. */
  readonly validated: ValidatedFilter;
  /** The filter as sent (absent fields left out). */
  readonly wire: PageFilter | undefined;
  /** The category ids the user selected (empty in custom SQL mode or without a selection). */
  readonly selected: readonly number[];
  readonly locale: WireLocale;
  readonly signal: AbortSignal;
  /** What a statement of this request is sent with: its signal and the engine's time limit. */
  readonly statementOptions: { signal: AbortSignal; timeoutMs?: number };
  /**
   * The warehouse, for the download header only (downloads/xlsx.ts names the filter's values);
   * pages and panels read dimension data through `dims`.
   */
  readonly warehouse: WarehouseEngine;
  readonly metadata: MetadataStore;
  /** The dimension reads of the request's dataset, bound to the user's grant. */
  readonly dims: DimensionReader;
  /** A fact query with the defaults of {@link queryOf}, under the user's grant. */
  query(parts: QueryParts): Promise<AnalyticsResult>;
  /** Grand totals of a filter over several ranges in one statement (AnalyticsEngine.rangeTotals). */
  rangeTotals(filter: Filter, ranges: readonly DateRange[]): ReturnType<AnalyticsEngine['rangeTotals']>;
  /** Title words of the filtered products with their sales and one brand's part, under the grant. */
  keywordSegments(brandId: number, lang: 'zh' | 'en'): ReturnType<AnalyticsEngine['keywordSegments']>;
  /** Parses a custom SQL condition against the request's dataset. */
  parseSql(text: string): ReturnType<AnalyticsEngine['parseCustomSql']>;
  /** The editions of the dataset's calendar (empty without one), read once per dataset version. */
  eventEditions(): ReturnType<AnalyticsEngine['eventEditions']>;
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
    ? await validateScopeFilter(metadata, engine, req.user, scope, wire, toLocale(req.locale))
    : { filter: {}, range: scope.fullRange, comparison: { kind: 'none' as const } };
  setMaxListeners(64, signal);
  const selected = wire?.category?.enable && !wire.sql?.enable ? wire.category.value : [];
  const dataset = scope.project.dataset;
  const request: AnalysisRequest = {
    user: req.user,
    member: req.scope.member,
    scope,
    validated,
    wire,
    selected,
    locale: req.locale,
    signal,
    statementOptions: { signal, ...(engine.timeoutMs ? { timeoutMs: engine.timeoutMs } : {}) },
    metadata,
    warehouse: deps.warehouse,
    dims: dimensionReader(deps.warehouse, dataset, scope.grant),
    // Methods reading `this`: a page narrows a request by spreading it with another filter
    // ({ ...a, validated }), and the narrowed request's queries must use that filter.
    query(parts) {
      return engine.answer(this.scope.grant, queryOf(this.scope, this.validated, parts), { signal });
    },
    rangeTotals(filter, ranges) {
      const { grant, discount } = this.scope;
      return engine.rangeTotals(grant, { dataset, filter, ranges, discount }, { signal });
    },
    keywordSegments(brandId, lang) {
      const { filter, range } = this.validated;
      return engine.keywordSegments(
        this.scope.grant,
        { dataset, filter, range, discount: this.scope.discount, brandId, lang },
        { signal },
      );
    },
    parseSql: (text) => engine.parseCustomSql(dataset, text),
    eventEditions: () => engine.eventEditions(dataset),
  };
  return request;
}

/** Validates a wire filter for a data scope (favourites and custom attributes from the metadata store). */
export function validateScopeFilter(
  metadata: MetadataStore,
  engine: AnalyticsEngine,
  user: AuthUser,
  scope: DataScope,
  wire: PageFilter,
  locale?: Locale,
): Promise<ValidatedFilter> {
  const projectId = scope.project.id;
  return validateFilter(wire, {
    catalog: scope.catalog,
    granularity: scope.project.dateField,
    eventEditions: () => engine.eventEditions(scope.project.dataset),
    fullRange: scope.fullRange,
    ...(locale ? { locale } : {}),
    parseSql: (text) => engine.parseCustomSql(scope.project.dataset, text),
    favouriteBrands: () => metadata.favoriteBrands.ids(projectId, user.id),
    customAttributes: async () =>
      (await metadata.customAttributes.list(projectId, user.id)).map((c) => ({
        id: c.id,
        rules: customRules(c.rules),
      })),
  });
}

const ALL_MEASURES: readonly Measure[] = ['sales', 'count', 'avg_price', 'share'];

/**
 * THE defaults of an analysis query, set here only: the scope's dataset, granularity and discount
 * switch; the request's filter and range; every measure; no comparison unless the query names one
 * (a panel that compares says so, with the request's comparison or a base of its own).
 */
export function queryOf(scope: DataScope, validated: ValidatedFilter, parts: QueryParts): AnalyticsQuery {
  return {
    dataset: scope.project.dataset,
    granularity: scope.project.dateField,
    filter: validated.filter,
    range: validated.range,
    comparison: { kind: 'none' },
    discount: scope.discount,
    ...parts,
    measures: parts.measures ?? [...ALL_MEASURES],
  };
}

/**
 * An AbortSignal that fires when the client goes away before the answer is sent, so its warehouse
 * query is interrupted instead of running on for nobody (docs/query-engine.md "Cancellation and time limits").
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
