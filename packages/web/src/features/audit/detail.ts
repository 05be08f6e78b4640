import { formatAmount } from '@marketlens/shared';
import dayjs from 'dayjs';

/**
 * The fields the server writes into an audit entry's detail (docs/security.md "Audit trail"), each with
 * a label in both languages (`auditScreen.field.<key>`). A key outside the list shows as it is.
 */
export const DETAIL_FIELDS = [
  'reason',
  'client',
  'method',
  'attempt',
  'until',
  'lockout',
  'kind',
  'user_id',
  'username',
  'role',
  'pending',
  'fields',
  'project_id',
  'name',
  'pages',
  'categories',
  'category_id',
  'count',
  'status',
  'from',
  'to',
  'permission',
  'ended',
  'others',
  'app_key',
  'child_app_key',
  'parent',
  'total',
  'enterprise',
  'keywords',
  'names',
  'members',
  'saved_configs',
  'event_id',
  'name_en',
  'start_date',
  'end_date',
  'note_id',
  'entity_kind',
  'entity_id',
  'date',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

/** Values of `reason`, `client` and `method` the server writes, shown by their label. */
export const DETAIL_CODES = {
  reason: [
    'locked',
    'unknown_user',
    'pending',
    'disabled',
    'expired',
    'bad_state',
    'other_browser',
    'already_bound',
    'not_bound',
  ],
  client: ['device', 'address'],
  method: ['password', 'wechat'],
} as const;
export type CodedField = keyof typeof DETAIL_CODES;

export function isDetailField(key: string): key is DetailField {
  return (DETAIL_FIELDS as readonly string[]).includes(key);
}

/** An instant as the server writes it (`toISOString()`, or with an offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** One line of a detail: its key and the value as text, or a code of {@link DETAIL_CODES} to label. */
export type DetailLine =
  | { key: string; kind: 'text'; text: string }
  | { key: CodedField; kind: 'code'; code: string }
  | { key: string; kind: 'role'; role: string }
  | { key: string; kind: 'flag'; on: boolean };

/**
 * A detail as label: value lines. Instants are shown in the reader's time zone (the browser's, as the
 * list's times), lists joined, nested objects as compact JSON; a detail that is not an object is one
 * line under the key `value`.
 */
export function detailLines(detail: unknown): DetailLine[] {
  if (detail === null || detail === undefined) return [];
  if (typeof detail !== 'object' || Array.isArray(detail))
    return [{ key: 'value', kind: 'text', text: valueText(detail) }];
  return Object.entries(detail as Record<string, unknown>).map(([key, value]): DetailLine => {
    if (typeof value === 'boolean') return { key, kind: 'flag', on: value };
    if (key === 'role' && typeof value === 'string') return { key, kind: 'role', role: value };
    if (
      key in DETAIL_CODES &&
      typeof value === 'string' &&
      (DETAIL_CODES[key as CodedField] as readonly string[]).includes(value)
    )
      return { key: key as CodedField, kind: 'code', code: value };
    if (GROUPED.has(key) && typeof value === 'number') return { key, kind: 'text', text: groupedText(value) };
    return { key, kind: 'text', text: valueText(value) };
  });
}

/** Amounts and counts, read as figures: digits grouped as on every page (ids stay as they are). */
const GROUPED: ReadonlySet<string> = new Set(['total', 'count', 'members', 'saved_configs']);

const groupedText = (n: number) => formatAmount(n, { decimals: Number.isInteger(n) ? 0 : 2 });

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return INSTANT.test(value) ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(valueText).join(', ');
  return JSON.stringify(value);
}

/** The reader's UTC offset, as the time column's heading names it ("UTC+08:00"). */
export function readerOffset(at: Date = new Date()): string {
  return `UTC${dayjs(at).format('Z')}`;
}
