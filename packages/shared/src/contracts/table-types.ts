/**
 * What the analysis tables (endpoints.ts) and the administration tables (admin-endpoints.ts) share:
 * the methods, the schemas of one endpoint, and the static types an entry carries for its callers.
 * Types only, so the tables stay free of TypeBox at run time.
 */
import type { Static, TSchema } from 'typebox';

/** The HTTP methods of the endpoint tables. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Schemas of one endpoint: its request, its answer's data (null for a file) and, for a path with
 * parameters (`/raw/second_categories/:id`), the parameters.
 */
export interface EndpointSchemas {
  readonly body: TSchema;
  readonly data: TSchema | null;
  readonly params?: TSchema;
}

/** The static types of an endpoint's schemas: request, answer data, path parameters (empty record without). */
export interface Carried<S extends EndpointSchemas> {
  body: Static<S['body']>;
  data: S['data'] extends TSchema ? Static<S['data']> : never;
  params: S extends { params: infer P extends TSchema } ? Static<P> : Record<string, never>;
}

/** The request, answer and path parameters of a table entry (analysis or administration). */
export type BodyOf<E> = E extends { readonly types?: { readonly body: infer B } } ? B : never;
export type DataOf<E> = E extends { readonly types?: { readonly data: infer D } } ? D : never;
export type ParamsOf<E> = E extends { readonly types?: { readonly params: infer P } } ? P : never;
