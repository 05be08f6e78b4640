import {
  type EndpointAccess,
  type EndpointSchemas,
  FILTER_FIELD_NAMES,
  type HttpMethod,
} from '@marketlens/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import {
  type AnalysisDeps,
  type AnalysisRequest,
  openAnalysis,
  type PageFilter,
  requestSignal,
} from '../../../analytics/request.js';
import { type Permission, type ProjectIdSource, perm } from '../../../permissions/index.js';
import { addTableRoute } from '../../register.js';

/**
 * Registers an area's analysis endpoints from its endpoint table (`@marketlens/shared/contracts`):
 * method, path and pages from the table, request and answer schemas from the area's schema table,
 * the permission derived from the pages (the auth plugin checks membership and the docs/product.md §6 page
 * intersection before validation), and one request object for the handler (analytics/request.ts:
 * grant, catalogue, validated filter, cancellation). Handlers only pick their fields and call the
 * page module. The reference data (`DATA_ENDPOINTS`) is registered the same way. The route itself
 * is built by the step the administration half uses too (`addTableRoute`, routes/register.ts).
 */

/** The request fields of a handler: the body (or query of a GET) with the path parameters, if any. */
type Input<S extends EndpointSchemas> = Static<S['body']> &
  (S extends { params: infer P extends TSchema } ? Static<P> : unknown);
/** What a handler answers: the data of the envelope, or the reply a file was sent on. */
type Answer<S extends EndpointSchemas> = S['data'] extends TSchema ? Static<S['data']> : FastifyReply;

export type Handlers<T extends Record<string, EndpointSchemas>> = {
  readonly [K in keyof T]: (a: AnalysisRequest, input: Input<T[K]>, reply: FastifyReply) => Promise<Answer<T[K]>>;
};

/** The table entries registration reads (the shared table's entries are wider). */
interface Entry {
  readonly method: HttpMethod;
  readonly path: string;
  readonly pages: readonly number[];
  readonly file: boolean;
  readonly access: EndpointAccess;
}

export interface Area<T extends Record<string, EndpointSchemas>> {
  /** OpenAPI tag. */
  tag: string;
  /** OpenAPI summary of each endpoint (English): a key without one is a compile error. */
  summaries: { readonly [K in keyof T]: string };
  endpoints: { readonly [K in keyof T]: Entry };
  schemas: T;
  handlers: Handlers<T>;
  /** The filter (docs/product.md §3) of a request that does not send it as filter fields (a GET with its own). */
  filters?: { readonly [K in keyof T]?: (input: Input<T[K]>) => PageFilter };
  /**
   * Answers of `member` endpoints whose data scope is optional: a signed-in request that names no
   * project gets this answer, without any data (docs/product.md §5: no data scope, an empty list — not an error).
   */
  unscoped?: { readonly [K in keyof T]?: Answer<T[K]> };
}

/** The filter fields of a request body (without the data scope); none when it sends no period. */
export function filterOf(input: object): PageFilter | undefined {
  if (!('date' in input)) return undefined;
  const fields = Object.entries(input).filter(([k]) => k !== 'data_scope_id' && FILTER_FIELD_NAMES.includes(k));
  return Object.fromEntries(fields) as PageFilter;
}

function permissionOf(endpoint: Entry, projectId: ProjectIdSource, optional: boolean): Permission {
  // Only reference data may be asked for without a project: page data always names one.
  if (optional && endpoint.access !== 'member')
    throw new Error(`${endpoint.path}: only member endpoints may be unscoped`);
  switch (endpoint.access) {
    case 'pages':
      return perm.analysis(endpoint.pages, projectId);
    case 'member':
      return perm.project('member', projectId, { optional });
    case 'manage':
      return perm.project('users', projectId);
  }
}

export function registerArea<T extends Record<string, EndpointSchemas>>(
  app: FastifyInstance,
  deps: AnalysisDeps,
  area: Area<T>,
): void {
  for (const key of Object.keys(area.endpoints) as (keyof T & string)[]) {
    const endpoint = area.endpoints[key];
    const input = endpoint.method === 'GET' ? 'query' : 'body';
    const projectId = `${input}.data_scope_id` as const;
    const unscoped = area.unscoped?.[key];
    addTableRoute(app, {
      method: endpoint.method,
      path: endpoint.path,
      permission: permissionOf(endpoint, projectId, unscoped !== undefined),
      schemas: area.schemas[key] as EndpointSchemas,
      tag: area.tag,
      summary: area.summaries[key],
      file: endpoint.file,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        // Path parameters are validated by their own schema; the handler gets them with the fields.
        const fields = {
          ...((input === 'query' ? req.query : req.body) as object),
          ...(req.params as object),
        } as Input<T[typeof key]>;
        // Authorised without a project (an optional data scope left out): the declared empty answer.
        if (!req.scope && unscoped !== undefined) return unscoped;
        const wire = area.filters?.[key] ? area.filters[key](fields) : filterOf(fields as object);
        // Admitted first (503 `overloaded` when the queue is full): a request turned away reads nothing.
        const signal = requestSignal(reply);
        return deps.gate.admit(async () => {
          // The auth plugin authorised the project (req.scope) and the user (req.user).
          const user = { user: req.user!, scope: req.scope!, locale: req.locale };
          const a = await openAnalysis(deps, user, reply, wire, signal);
          return area.handlers[key](a, fields, reply);
        }, signal);
      },
    });
  }
}
