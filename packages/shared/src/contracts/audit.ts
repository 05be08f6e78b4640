/**
 * Wire contract of the audit trail screen (docs/security.md "Audit trail"): the list
 * `GET /api/common/audit` and its download `GET /api/common/audit/downloads` take the same filters.
 */
import { type Static, Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '../audit.js';
import { LocaleField } from './common.js';

const OneOf = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

/** An ISO-8601 instant with its zone ('2026-11-27T05:00:00.000Z'); the web sends the chosen times in UTC. */
const Instant = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
});

/** The filters of the list and of the download. */
export const AuditFilterFields = {
  ...LocaleField,
  /** Part of the acting user's name. */
  actor: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(OneOf(AUDIT_ACTIONS)),
  /** Part of the target, e.g. 'project:3' or 'user:12'. */
  target: Type.Optional(Type.String({ maxLength: 100 })),
  outcome: Type.Optional(OneOf(AUDIT_OUTCOMES)),
  /** At or after / at or before. */
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
};

export const AuditDownloadQuery = Type.Object(AuditFilterFields, { additionalProperties: false });
export type AuditDownloadQuery = Static<typeof AuditDownloadQuery>;

export const AuditListQuery = Type.Object(
  {
    ...AuditFilterFields,
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuery>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  ip: Type.String(),
  /** A code of AUDIT_ACTIONS; older rows may hold a code no longer written, shown as it is. */
  action: Type.String(),
  target: Type.String(),
  outcome: OneOf(AUDIT_OUTCOMES),
  detail: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Type.Object({
  items: Type.Array(AuditEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AuditPage = Static<typeof AuditPage>;

/** Schemas of the audit trail endpoints, by the key of `AUDIT_ENDPOINTS` (admin-endpoints.ts); the download is a file. */
export const AUDIT_SCHEMAS = {
  list: { body: AuditListQuery, data: AuditPage },
  download: { body: AuditDownloadQuery, data: null },
};
