import type { CalendarEventKind } from '@marketlens/shared';
import type { QueryOptions, WarehouseEngine } from './engine.js';

/**
 * The promotion and holiday calendar a dataset brought (its optional calendar_event table,
 * docs/data-format.md), as a later API will serve it. The same statement on both engines.
 */
export interface DatasetCalendarEvent {
  code: string;
  year: number;
  phase: string;
  name_zh: string;
  name_en: string;
  kind: CalendarEventKind;
  /** Platform codes the event is run by; empty: all platforms. */
  platforms: string[];
  /** 'YYYY-MM-DD', inclusive. */
  start_date: string;
  end_date: string;
  peak_date: string | null;
}

const COLUMNS = [
  'code',
  'year',
  'phase',
  'name_zh',
  'name_en',
  'kind',
  'platforms',
  'start_date',
  'end_date',
  'peak_date',
] as const;

/**
 * The calendar events of a loaded dataset, by start date, code and phase; empty when the dataset
 * has no calendar (its folder brought none, or it was loaded before calendars existed).
 */
export async function readCalendarEvents(
  engine: WarehouseEngine,
  dataset: string,
  options: QueryOptions = {},
): Promise<DatasetCalendarEvent[]> {
  const loaded = engine.datasets().find((d) => d.manifest.name === dataset);
  if (!loaded) throw new Error(`unknown dataset "${dataset}"`);
  if (loaded.rows.calendar_event === undefined) return [];
  const { ident } = engine.dialect;
  const sql =
    `SELECT ${COLUMNS.map((c) => `${ident(c)} AS ${ident(c)}`).join(', ')} ` +
    `FROM ${engine.tableName(dataset, 'calendar_event')} ORDER BY ${['start_date', 'code', 'phase'].map(ident).join(', ')}`;
  const rows = await engine.query(sql, [], options);
  return rows.map((r) => ({
    code: String(r.code),
    year: Number(r.year),
    phase: String(r.phase),
    name_zh: String(r.name_zh),
    name_en: String(r.name_en),
    kind: String(r.kind) as CalendarEventKind,
    platforms: r.platforms ? String(r.platforms).split(',') : [],
    start_date: String(r.start_date),
    end_date: String(r.end_date),
    peak_date: r.peak_date === null || r.peak_date === undefined ? null : String(r.peak_date),
  }));
}
