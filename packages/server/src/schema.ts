import { LocaleField } from '@marketlens/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';

export { LocaleField };

/**
 * Success envelope (docs/architecture.md "The server") around a data schema; the same shape is documented in
 * OpenAPI.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ ok: Type.Literal(true), data }, { additionalProperties: false });

export const ok = <T>(data: T) => ({ ok: true as const, data });

/** A query-string schema: the given fields plus `locale`; anything else is rejected. */
export const Query = <P extends Record<string, TSchema>>(props: P = {} as P) =>
  Type.Object({ ...LocaleField, ...props }, { additionalProperties: false });

/**
 * preValidation hook of routes whose body is optional: Fastify validates an absent body as
 * `undefined`, which no object schema accepts, so a DELETE without a body would be refused.
 */
export async function absentBodyAsEmpty(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {};
}
