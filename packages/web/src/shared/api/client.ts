import type { ApiResponse } from '@marketlens/shared';
import { normalizeLocale } from '@marketlens/shared';
import i18next from 'i18next';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    message: string,
  ) {
    super(message);
  }
}

/** GET with the request locale; succeeds only when the envelope says ok (spec §7). */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('locale', normalizeLocale(i18next.language));
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as ApiResponse<T> | null;
  if (body?.ok) return body.data;
  throw new ApiError(
    res.status,
    body && !body.ok ? body.code : res.status,
    body && !body.ok ? body.msg : res.statusText,
  );
}
