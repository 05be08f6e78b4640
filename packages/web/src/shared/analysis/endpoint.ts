/**
 * Calls an entry of a shared endpoint table (`@marketlens/shared/endpoints`): method and path from
 * the table, request and answer typed by the endpoint's schemas (types only, so no TypeBox in the
 * bundle, ADR 0004). Through the one request layer, so the wire rules and error handling apply.
 */
import type { BodyOf, DataOf, Endpoint } from '@marketlens/shared/endpoints';
import { type Params, type RequestOptions, request } from '../api/request.js';

/** The address of an entry without path parameters. */
export const endpointUrl = (endpoint: Pick<Endpoint, 'path'>) => `/api/common${endpoint.path}`;

/** Entries without path parameters only: their path is the URL as is. */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  body: BodyOf<E>,
  opts?: RequestOptions,
): Promise<DataOf<E>> {
  return request<DataOf<E>>(endpoint.method, endpointUrl(endpoint), body as Params, opts);
}
