/**
 * Binary downloads (.xlsx) through the same wire rules as request.ts: JSON body with the normalised
 * locale, the bearer token, one refresh-and-retry on 401, cancellable. A failure answers the usual
 * error envelope, which becomes an ApiError with the server's message (e.g. "empty download data").
 */

import { reportCall } from './calls.js';
import { ApiError, buildUrl, type Params, refreshSession, wirePayload } from './request.js';
import { readTokens } from './tokens.js';

export interface DownloadedFile {
  blob: Blob;
  /** The server's file name (Content-Disposition filename*), when it sent one. */
  fileName: string | undefined;
}

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  params: Params,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json',
  };
  const token = readTokens()?.access;
  if (token) headers.Authorization = `Bearer ${token}`;
  const payload = wirePayload(path, params);
  const url = method === 'GET' ? buildUrl(path, payload) : path;
  const startedAt = Date.now();
  // Reported to the call observers like every call of request.ts (tracking, docs/api.md).
  const settled = (status: number) =>
    reportCall({
      kind: 'download',
      method,
      url,
      path,
      params: payload,
      status,
      credentials: 'same-origin',
      startedAt,
      endedAt: Date.now(),
    });
  try {
    let res: Response;
    if (method === 'GET') res = await fetch(url, { headers, signal: signal ?? null });
    else {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      res = await fetch(url, { method, headers, body: JSON.stringify(payload), signal: signal ?? null });
    }
    settled(res.status);
    return res;
  } catch (err) {
    if (signal?.aborted) throw new ApiError(0, 'cancelled', 'cancelled', true);
    settled(0);
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
}

/**
 * Calls a download endpoint (POST with a JSON body, or GET with the params as query) and returns the
 * file. Rejects with an ApiError on any failure.
 */
export async function downloadFile(
  path: string,
  params: Params,
  signal?: AbortSignal,
  method: 'GET' | 'POST' = 'POST',
): Promise<DownloadedFile> {
  let res = await send(method, path, params, signal);
  if (res.status === 401 && readTokens()?.refresh && (await refreshSession()))
    res = await send(method, path, params, signal);
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('application/json')) {
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
  }
  const body = (await res.json().catch(() => null)) as { ok?: boolean; code?: number | string; msg?: string } | null;
  throw new ApiError(res.status, body?.code ?? res.status, body?.msg ?? res.statusText);
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the blob URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
