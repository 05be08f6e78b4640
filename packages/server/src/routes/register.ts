import type { AdminEndpoint, EndpointSchemas } from '@marketlens/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { type Permission, permissionFor } from '../permissions/index.js';
import { absentBodyAsEmpty, Envelope, ok } from '../schema.js';

/**
 * Registers an area of the administration half from its endpoint table (`@marketlens/shared/endpoints`,
 * `*_ENDPOINTS`) through the one route-building step both halves share (`addTableRoute`, below):
 * method, path and access from the table, request and answer schemas from the area's schema table of
 * the same keys, the permission the auth plugin checks derived from the declared access (deny by
 * default: an entry has no other way in), and the OpenAPI tag and summary. A handler gets the
 * request typed by the entry's schemas and answers the envelope's data (or, for a file, the reply
 * it was sent on); the rules live in the domain modules (accounts/, permissions/ …), not here.
 */

type ParamsOf<S extends EndpointSchemas> = S extends { params: infer P extends TSchema }
  ? Static<P>
  : Record<string, never>;

/**
 * The request as a handler sees it: the validated body (or query of a GET — the entry's `body`
 * schema), the path parameters, and what the auth plugin set (`user`, `scope`).
 */
export type RequestOf<S extends EndpointSchemas> = FastifyRequest<{
  Body: Static<S['body']>;
  Querystring: Static<S['body']>;
  Params: ParamsOf<S>;
}>;
type Answer<S extends EndpointSchemas> = S['data'] extends TSchema ? Static<S['data']> : FastifyReply;

export type RouteHandlers<T extends Record<string, EndpointSchemas>> = {
  readonly [K in keyof T]: (req: RequestOf<T[K]>, reply: FastifyReply) => Promise<Answer<T[K]>>;
};

type Entry = Pick<AdminEndpoint, 'method' | 'path' | 'access' | 'file'>;

export interface RouteArea<T extends Record<string, EndpointSchemas>> {
  /** OpenAPI tag, and of the endpoints whose tag differs (where the document lists them). */
  tag: string;
  tags?: { readonly [K in keyof T]?: string };
  /** OpenAPI summary of each endpoint (English): a key without one is a compile error. */
  summaries: { readonly [K in keyof T]: string };
  endpoints: { readonly [K in keyof T]: Entry };
  schemas: T;
  handlers: RouteHandlers<T>;
  /**
   * Endpoints whose absent body is taken as an empty one (`true`: every endpoint of the area): Fastify
   * validates a missing body as `undefined`, which no object schema accepts, so a DELETE without a
   * body would be refused.
   */
  emptyBody?: true | readonly (keyof T & string)[];
}

/**
 * One endpoint of a table, as both halves register it: the one place a table entry becomes a Fastify
 * route (method, path, the permission the auth plugin checks, request and answer schemas, the
 * OpenAPI tag and summary, and the envelope around a JSON answer). The administration half calls it
 * through `registerRoutes`, the analysis half through `registerArea` (routes/common/analysis), which
 * only adds the analysis request object around its handlers.
 */
export interface TableRoute {
  method: AdminEndpoint['method'];
  path: string;
  permission: Permission;
  schemas: EndpointSchemas;
  tag: string;
  summary: string;
  /** The answer is a file sent on the reply, not the envelope's data. */
  file: boolean;
  /** Take an absent body as an empty one. */
  emptyBody?: boolean;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function addTableRoute(app: FastifyInstance, route: TableRoute): void {
  const { schemas } = route;
  app.route({
    method: route.method,
    url: route.path,
    config: { permission: route.permission },
    ...(route.emptyBody ? { preValidation: absentBodyAsEmpty } : {}),
    schema: {
      tags: [route.tag],
      summary: route.summary,
      [route.method === 'GET' ? 'querystring' : 'body']: schemas.body,
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.data ? { response: { 200: Envelope(schemas.data) } } : {}),
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const answer = await route.handler(req, reply);
      return route.file ? answer : ok(answer);
    },
  });
}

export function registerRoutes<T extends Record<string, EndpointSchemas>>(
  app: FastifyInstance,
  area: RouteArea<T>,
): void {
  for (const key of Object.keys(area.endpoints) as (keyof T & string)[]) {
    const endpoint = area.endpoints[key];
    addTableRoute(app, {
      method: endpoint.method,
      path: endpoint.path,
      permission: permissionFor(endpoint.access),
      schemas: area.schemas[key] as EndpointSchemas,
      tag: area.tags?.[key] ?? area.tag,
      summary: area.summaries[key],
      file: endpoint.file,
      emptyBody: area.emptyBody === true || (area.emptyBody ?? []).includes(key),
      handler: area.handlers[key] as TableRoute['handler'],
    });
  }
}
