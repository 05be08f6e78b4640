/**
 * The typed call of an entry of a shared endpoint table (`@marketlens/shared/endpoints`): method and
 * path from the table, request and answer typed by the endpoint's schemas. The tables reach the web as
 * types only, so no TypeBox in the bundle (ADR 0004). The call goes through the one request layer
 * (request.ts, or download.ts for a file answer), so the wire rules and the error handling are those
 * of every call: a GET's input is its query, any other method's its JSON body.
 */
import type { BodyOf, DataOf, HttpMethod, ParamsOf } from '@marketlens/shared/endpoints';
import { type DownloadedFile, downloadFile } from './download.js';
import { type Params, type RequestOptions, request } from './request.js';

/**
 * An entry of any endpoint table (the analysis tables and the administration ones): what the call
 * needs of it, and the type carrier its table's schemas fill (request, answer, path parameters).
 */
export interface CallableEndpoint {
  readonly method: HttpMethod;
  /** Path under /api/common; `:name` segments are the path parameters. */
  readonly path: string;
  readonly file: boolean;
  readonly types?: { readonly body: unknown; readonly data: unknown; readonly params?: unknown };
}

/** The request of an entry: the query of a GET, the JSON body otherwise. */
export type InputOf<E> = BodyOf<E>;
/** The request as a screen gives it: the request layer adds `locale` and `debug` itself. */
export type Input<E> = Omit<InputOf<E>, 'locale' | 'debug'>;
/** The answer's data of an entry (`never` for a file entry). */
export type AnswerDataOf<E> = DataOf<E>;
/** The path parameters of an entry, by name, as the web holds them (ids as numbers or strings). */
export type PathParamsOf<E> = [ParamsOf<E>] extends [never]
  ? Record<never, never>
  : string extends keyof ParamsOf<E>
    ? Record<never, never> // a table's "no parameters" (Record<string, never>)
    : { readonly [K in keyof ParamsOf<E>]: string | number };
/** What a call answers: the data, or the file for a file entry. */
export type AnswerOf<E> = [AnswerDataOf<E>] extends [never] ? DownloadedFile : AnswerDataOf<E>;

/** Values of path parameters by name. */
export type PathParams = Readonly<Record<string, string | number>>;

/** The request options, and the path parameters when the entry's path has any (then required). */
export type CallOptions<E> = RequestOptions &
  (keyof PathParamsOf<E> extends never ? { params?: undefined } : { params: PathParamsOf<E> });
type OptionsArg<E> = keyof PathParamsOf<E> extends never ? [opts?: CallOptions<E>] : [opts: CallOptions<E>];

/** The table paths are under this prefix. */
const PREFIX = '/api/common';

/**
 * The address of an entry: its path under /api/common with the path parameters filled in (encoded).
 * A parameter without a value is a bug of the caller, so it throws rather than call a wrong address.
 */
export function endpointUrl(endpoint: Pick<CallableEndpoint, 'path'>, params?: PathParams): string {
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`[api] ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return PREFIX + path;
}

/**
 * Calls `endpoint` with `input` (the query of a GET, the body otherwise) and `opts` (the request
 * options, and the path parameters). A file entry answers the file; its failures are the caller's to
 * show (download.ts), as for every download.
 */
export async function call<E extends CallableEndpoint>(
  endpoint: E,
  input: InputOf<E>,
  ...[opts]: OptionsArg<E>
): Promise<AnswerOf<E>> {
  const { params, ...options } = (opts ?? {}) as RequestOptions & { params?: PathParams };
  const url = endpointUrl(endpoint, params);
  if (endpoint.file) {
    if (endpoint.method !== 'GET' && endpoint.method !== 'POST')
      throw new Error(`[api] ${endpoint.path}: a file is downloaded by GET or POST`);
    return (await downloadFile(url, input as Params, options.signal, endpoint.method)) as AnswerOf<E>;
  }
  return request<AnswerOf<E>>(endpoint.method, url, input as Params, options);
}
