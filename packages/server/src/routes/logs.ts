import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isTrackId, parseEventTime } from '@marketlens/shared';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { JsonValue } from '../metadata/index.js';
import { TrackingRepository } from '../metadata/repositories/tracking.js';
import { perm } from '../permissions/index.js';
import { Envelope, LocaleField, ok } from '../schema.js';

const EventTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
const TOKEN_PARAMS = /([?&](?:tk|rtk|access_token|refresh_token|reset_token|code|state)=)[^&#]*/gi;

/**
 * Cap of the stored request_params (docs/api.md "Tracking"): at most this many characters of JSON,
 * nested at most TRACKING_PARAMS_MAX_DEPTH levels; a larger event is refused with a 400, not cut, so
 * what is stored is always what the page sent (minus secrets).
 */
export const TRACKING_PARAMS_MAX_CHARS = 32_000;
export const TRACKING_PARAMS_MAX_DEPTH = 16;
/** Fields never stored, at any depth of request_params: tokens, passwords, secrets, credentials. */
const SECRET_FIELD = /token|passw(or)?d|secret|authori[sz]ation|credential|auth_key|^r?tk$/i;

const redactUrl = (url: string) => url.replace(TOKEN_PARAMS, '$1[redacted]');

/** What storedParams answers for a value nested deeper than the cap (JSON null is a value). */
const TOO_DEEP = Symbol('too deep');

/**
 * request_params as stored: fields named like a secret dropped at any depth and token parameters of
 * `url` redacted. TOO_DEEP when nested deeper than the cap (the caller refuses it).
 */
function storedParams(value: unknown, depth = 0): JsonValue | undefined | typeof TOO_DEEP {
  if (depth > TRACKING_PARAMS_MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    const items = value.map((v) => storedParams(v, depth + 1));
    return items.includes(TOO_DEEP) ? TOO_DEEP : (items as JsonValue[]);
  }
  if (value && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_FIELD.test(k)) continue;
      const kept = storedParams(v, depth + 1);
      if (kept === TOO_DEEP) return TOO_DEEP;
      if (kept !== undefined) out[k] = kept;
    }
    return out;
  }
  return value as JsonValue;
}

/** The client's 'YYYY-MM-DD HH:mm:ss' (China time, the product's market) → ISO instant. */
function eventInstant(text: string | undefined, offsetMinutes: number): string | null {
  if (!text) return null;
  const ms = parseEventTime(text, offsetMinutes);
  if (ms === null) throw badRequest('server.invalidArgumentDetail', { field: 'event_start' });
  return new Date(ms).toISOString();
}

/**
 * Front-end tracking (docs/api.md): POST /logs, registered under /api/logs (docs/api.md "Tracking":
 * /api/logs/logs) and under /api/common (/api/common/logs, the data API) — one handler, one
 * rule set for both addresses. The answer only supplies the track id.
 */
export function logRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const tracking = new TrackingRepository({
    db: ctx.metadata.db,
    dialect: ctx.metadata.dialect,
    now: () => new Date().toISOString(),
  });
  return async (app) => {
    app.post(
      '/logs',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['logs'],
          summary: 'Record a front-end tracking event',
          body: Type.Object(
            {
              ...LocaleField,
              placement: Type.Optional(Type.String({ maxLength: 64 })),
              route: Type.Optional(Type.String({ maxLength: 128 })),
              track_id: Type.String({ pattern: '^\\d{16}$' }),
              last_track_id: Type.Optional(Type.Union([Type.String({ pattern: '^(\\d{16})?$' }), Type.Null()])),
              event_start: Type.Optional(EventTime),
              event_end: Type.Optional(EventTime),
              /** Minutes east of UTC of the client clock; default China (+480). */
              tz_offset: Type.Optional(Type.Integer({ minimum: -840, maximum: 840 })),
              full_url: Type.Optional(Type.String({ maxLength: 2048 })),
              response_status: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 999 }), Type.Null()])),
              request_params: Type.Optional(
                Type.Object(
                  { data: Type.Optional(Type.Unknown()), url: Type.Optional(Type.String({ maxLength: 2048 })) },
                  { additionalProperties: false },
                ),
              ),
              type: Type.Optional(Type.String({ maxLength: 32 })),
              method: Type.Optional(Type.String({ maxLength: 16 })),
              credentials: Type.Optional(Type.String({ maxLength: 32 })),
            },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(Type.Object({ track_id: Type.String() })) },
        },
      },
      async (req) => {
        const b = req.body;
        if (!isTrackId(b.track_id)) throw badRequest('server.invalidArgumentDetail', { field: 'track_id' });
        const offset = b.tz_offset ?? 480;
        let params: JsonValue | undefined;
        if (b.request_params !== undefined) {
          const { url, ...rest } = b.request_params;
          const kept = storedParams({ ...rest, ...(url !== undefined ? { url: redactUrl(url) } : {}) });
          // Depth first: a deeply nested value must not reach JSON.stringify's recursion.
          if (kept === TOO_DEEP) throw badRequest('server.invalidArgumentDetail', { field: 'request_params' });
          params = kept;
          if (JSON.stringify(params).length > TRACKING_PARAMS_MAX_CHARS) throw badRequest('server.payloadTooLarge');
        }
        await tracking.record({
          trackId: b.track_id,
          lastTrackId: b.last_track_id ?? '',
          userId: req.user!.id,
          route: b.route ?? '',
          placement: b.placement ?? '',
          eventStart: eventInstant(b.event_start, offset),
          eventEnd: eventInstant(b.event_end, offset),
          // Tokens and one-time codes never reach the tracking table, even if a client sends them.
          fullUrl: redactUrl(b.full_url ?? ''),
          responseStatus: b.response_status ?? null,
          requestParams: params ?? null,
          type: b.type ?? '',
          method: b.method ?? '',
          credentials: b.credentials ?? '',
        });
        return ok({ track_id: b.track_id });
      },
    );
  };
}
