import {
  type EndpointAccess,
  type EndpointSchemas,
  FILTER_FIELD_NAMES,
  type HttpMethod,
} from '@marketlens/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { type AnalysisDeps, type AnalysisRequest, openAnalysis, type PageFilter } from '../../../analytics/request.js';
import { type Permission, type ProjectIdSource, perm } from '../../../permissions/index.js';
import { Envelope, ok } from '../../../schema.js';

/**
 * Registers an area's analysis endpoints from its endpoint table (`@marketlens/shared/contracts`):
 * method, path and pages from the table, request and answer schemas from the area's schema table,
 * the permission derived from the pages (the auth plugin checks membership and the spec §6 page
 * intersection before validation), and one request object for the handler (analytics/request.ts:
 * grant, catalogue, validated filter, cancellation). Handlers only pick their fields and call the
 * page module.
 */

type Input<S extends EndpointSchemas> = Static<S['body']>;
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
  endpoints: { readonly [K in keyof T]: Entry };
  schemas: T;
  handlers: Handlers<T>;
  /** The spec §3 filter of a request that does not send it as filter fields (a GET with its own). */
  filters?: { readonly [K in keyof T]?: (input: Input<T[K]>) => PageFilter };
}

/** The filter fields of a request body (without the data scope); none when it sends no period. */
export function filterOf(input: object): PageFilter | undefined {
  if (!('date' in input)) return undefined;
  const fields = Object.entries(input).filter(([k]) => k !== 'data_scope_id' && FILTER_FIELD_NAMES.includes(k));
  return Object.fromEntries(fields) as PageFilter;
}

function permissionOf(endpoint: Entry, projectId: ProjectIdSource): Permission {
  switch (endpoint.access) {
    case 'pages':
      return perm.analysis(endpoint.pages, projectId);
    case 'member':
      return perm.project('member', projectId);
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
    const schemas = area.schemas[key] as EndpointSchemas;
    const input = endpoint.method === 'GET' ? 'query' : 'body';
    const projectId = `${input}.data_scope_id` as const;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { permission: permissionOf(endpoint, projectId) },
      schema: {
        tags: [area.tag],
        [input === 'query' ? 'querystring' : 'body']: schemas.body,
        ...(schemas.data ? { response: { 200: Envelope(schemas.data) } } : {}),
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const fields = (input === 'query' ? req.query : req.body) as Input<T[typeof key]>;
        const wire = area.filters?.[key] ? area.filters[key](fields) : filterOf(fields as object);
        // The auth plugin authorised the project (req.scope) and the user (req.user).
        const a = await openAnalysis(deps, { user: req.user!, scope: req.scope!, locale: req.locale }, reply, wire);
        const answer = await area.handlers[key](a, fields, reply);
        return endpoint.file ? answer : ok(answer);
      },
    });
  }
}
