import type { MessageKey } from '@marketlens/shared';

/**
 * Errors a handler throws on purpose. Each carries the HTTP status, the envelope code and an
 * i18n message key; the error plugin turns it into `{ ok: false, code, msg }` in the request's locale.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey = 'server.invalidArgument', params?: Record<string, string | number>) =>
  new AppError(400, 400, key, params);
export const unauthorized = (key: MessageKey = 'server.unauthorized') => new AppError(401, 401, key);
export const forbidden = (key: MessageKey = 'server.forbidden') => new AppError(403, 403, key);
export const notFound = (key: MessageKey = 'server.notFound') => new AppError(404, 404, key);
