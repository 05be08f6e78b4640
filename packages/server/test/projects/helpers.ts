import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../auth/helpers.js';
import type { TestApp } from '../support/app.js';

/** A caller bound to a token: `call('POST', '/projects', body)` on /api/common. */
export function caller(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api/common${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
}
export type Caller = ReturnType<typeof caller>;

/** The data of a 200 answer (fails with the body otherwise). */
export function data<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** The error message of a refused call, after checking its status. */
export function refused(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().msg as string;
}

/** The audit events of an action, newest first. */
export async function audited(t: TestApp, action: string) {
  return t.ctx.metadata.audit.listRecent({ action, limit: 100 });
}
