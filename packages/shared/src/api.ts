/** The response envelope (docs/architecture.md "The server"). */
export interface ApiSuccess<T> {
  ok: true;
  data: T;
}
export interface ApiFailure {
  ok: false;
  code: number | string;
  msg: string;
}
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** Code 10002: the account is not valid (docs/product.md §7). */
export const CODE_ACCOUNT_NOT_VALID = 10002;

/**
 * The code of the 409 that says the account is expired or outside its validity (docs/api.md): the only
 * 409 that ends the session. Other 409s are conflicts (an application already reviewed, a WeChat
 * binding) and are shown like any other failure (docs/api.md § Errors).
 */
export const CODE_ACCOUNT_EXPIRED = 'account_expired';

/** Request locale as sent on the wire (docs/product.md §7). */
export type WireLocale = 'zh_cn' | 'en_us';

/** docs/product.md §7: en, EN, en-us, en_us become en_us; everything else zh_cn. */
export function normalizeLocale(value: unknown): WireLocale {
  if (typeof value !== 'string') return 'zh_cn';
  const v = value.trim().toLowerCase().replace('-', '_');
  return v === 'en' || v === 'en_us' ? 'en_us' : 'zh_cn';
}

export interface HealthStatus {
  status: 'ok' | 'degraded';
  version: string;
  metadata: { ok: boolean; dialect: string; error?: string };
  warehouse: { ok: boolean; engine: string; datasets: string[]; error?: string };
}
