import { Writable } from 'node:stream';
import { type DateRange, type Granularity, type MessageKey, periodLabel, type WireLocale } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { brandNames, categoryGranted, platformChannels } from '../analytics/engine/dimensions.js';
import type { ValidatedFilter, WireFilter } from '../analytics/engine/validate.js';
import type { DataScope } from '../analytics/request.js';
import { AppError } from '../errors.js';
import { translateFor } from '../i18n.js';
import type { WarehouseEngine } from '../warehouse/engine.js';

/**
 * The one place that writes .xlsx downloads (docs/architecture.md: real Excel files in the user's language with the
 * numbers of the screen). Every download has a header block naming the project, period, comparison
 * and filter, then one table per sheet with typed, formatted cells. Text never becomes a formula.
 */

/**
 * How a column's values are written. `percent` and `share` take ratios (0.123 = 12.3 %), as the
 * engine answers them; `money` carries the project's currency symbol.
 */
export type CellFormat = 'text' | 'integer' | 'money' | 'number' | 'percent' | 'share';

export interface Column<R> {
  header: MessageKey;
  format: CellFormat;
  value: (row: R) => string | number | null | undefined;
}

export interface Sheet<R> {
  name: MessageKey;
  columns: readonly Column<R>[];
  rows: readonly R[];
}

/** The header block: translated label → value lines, plus the currency symbol for money cells. */
export interface DownloadContext {
  lines: readonly (readonly [label: string, value: string])[];
  currencySymbol: string;
}

export interface XlsxDocument {
  locale: WireLocale;
  /** Title of the workbook (first line of every sheet). */
  title: MessageKey;
  context: DownloadContext;
  // biome-ignore lint/suspicious/noExplicitAny: sheets of different row types in one workbook
  sheets: readonly Sheet<any>[];
}

/** How many names a header line lists before "… and N more". */
const MAX_LISTED = 20;
/** Leading characters that make a spreadsheet read text as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as it is written to a cell: formula-looking text gets a leading apostrophe. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function numberFormat(format: CellFormat, symbol: string): string | undefined {
  // A symbol inside an Excel format must be quoted; quotes in it are dropped.
  const money = `"${symbol.replaceAll('"', '')}"#,##0.00`;
  switch (format) {
    case 'integer':
      return '#,##0';
    case 'money':
      return money;
    case 'number':
      return '#,##0.00';
    case 'percent':
    case 'share':
      return '0.0%';
    default:
      return undefined;
  }
}

/** Display width of a text (CJK characters count 2, docs/product.md §5), for column widths. */
function width(text: string): number {
  let n = 0;
  for (const ch of text) n += ch.codePointAt(0)! > 255 ? 2 : 1;
  return n;
}

/** The workbook as bytes. Throws the "empty download data" error when every sheet is empty. */
export async function buildXlsx(doc: XlsxDocument): Promise<Buffer> {
  if (doc.sheets.every((s) => s.rows.length === 0)) throw new AppError(400, 'download_empty', 'download.empty');
  const t = translateFor(doc.locale);
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: true });
  workbook.creator = t('app.name');
  workbook.created = new Date();
  const title = t(doc.title);
  const used = new Set<string>();
  for (const sheet of doc.sheets) {
    // Sheet names: at most 31 characters, no []:*?/\ and unique within the workbook.
    let name = t(sheet.name)
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31);
    for (let i = 2; used.has(name); i++) name = `${name.slice(0, 28)} ${i}`;
    used.add(name);
    const headerRow = doc.context.lines.length + 3;
    const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
    const widths = sheet.columns.map((c) => Math.max(10, width(t(c.header)) + 2));

    ws.addRow([safeText(title)]).font = { bold: true, size: 14 };
    for (const [label, value] of doc.context.lines) {
      const row = ws.addRow([safeText(label), safeText(value)]);
      row.getCell(1).font = { color: { argb: 'FF666666' } };
    }
    ws.addRow([]);
    const head = ws.addRow(sheet.columns.map((c) => safeText(t(c.header))));
    head.font = { bold: true };
    head.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2F8' } };
      cell.border = { bottom: { style: 'thin', color: { argb: 'FFB0B8C4' } } };
    });
    head.commit();

    for (const item of sheet.rows) {
      const values = sheet.columns.map((c, i) => {
        const v = c.value(item);
        if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '-';
        if (c.format === 'text' || typeof v === 'string') {
          const text = safeText(String(v));
          widths[i] = Math.max(widths[i]!, Math.min(60, width(text) + 2));
          return text;
        }
        return v;
      });
      const row = ws.addRow(values);
      sheet.columns.forEach((c, i) => {
        const fmt = numberFormat(c.format, doc.context.currencySymbol);
        if (fmt && typeof values[i] === 'number') row.getCell(i + 1).numFmt = fmt;
      });
      row.commit();
    }
    ws.columns = widths.map((w) => ({ width: w }));
    ws.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** Sends a workbook as an attachment; the file name may be Chinese (RFC 6266 / 5987). */
export async function sendXlsx(reply: FastifyReply, doc: XlsxDocument & { fileName: string }): Promise<FastifyReply> {
  const bytes = await buildXlsx(doc);
  const name = doc.fileName.endsWith('.xlsx') ? doc.fileName : `${doc.fileName}.xlsx`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/** A period range as the header block writes it: "2026-01 ~ 2026-06", one period alone. */
export function rangeLabel(r: DateRange, granularity: Granularity): string {
  return r.start === r.end
    ? periodLabel(r.start, granularity)
    : `${periodLabel(r.start, granularity)} ~ ${periodLabel(r.end, granularity)}`;
}

/** A list of names, cut after MAX_LISTED with "… and N more". */
function listed(names: readonly string[], t: ReturnType<typeof translateFor>): string {
  if (names.length <= MAX_LISTED) return names.join(', ');
  return `${names.slice(0, MAX_LISTED).join(', ')} ${t('download.value.more', { count: names.length - MAX_LISTED })}`;
}

/**
 * The header block of a download: what the numbers are for — project, period, comparison and every
 * filter the user set, with names in the request's language.
 */
export async function downloadContext(
  warehouse: WarehouseEngine,
  scope: DataScope,
  wire: Omit<WireFilter, 'data_scope_id'>,
  validated: ValidatedFilter,
  locale: WireLocale,
): Promise<DownloadContext> {
  const t = translateFor(locale);
  const en = locale === 'en_us';
  const range = (r: DateRange) => rangeLabel(r, scope.project.dateField);
  const lines: [string, string][] = [
    [t('download.header.project'), scope.project.name],
    [t('download.header.period'), range(validated.range)],
  ];
  const c = validated.comparison;
  if (c.kind === 'custom') lines.push([t('download.header.comparison'), range(c.base)]);
  else if (c.kind === 'event') {
    // "Same event last year": which edition, its periods, both windows and, monthly, the approximation.
    const e = c.event;
    const days = (r: { start: string; end: string }) => (r.start === r.end ? r.start : `${r.start} ~ ${r.end}`);
    const params = { name: en ? e.name_en : e.name_zh, year: e.year, baseYear: e.baseYear, back: e.back };
    lines.push([t('download.header.comparison'), t('download.value.event', { ...params, range: range(c.base) })]);
    lines.push([
      t('download.header.eventWindows'),
      t('download.value.eventWindows', { ...params, window: days(e.window), baseWindow: days(e.baseWindow) }),
    ]);
    if (c.unequal) lines.push(['', t('analytics.event.unequalWindows')]);
    if (c.approximate) lines.push(['', t('analytics.event.approximate')]);
  } else if (c.kind !== 'none') lines.push([t('download.header.comparison'), t(`download.value.${c.kind}`)]);

  if (wire.sql?.enable) lines.push([t('download.header.customSql'), wire.sql.value]);
  else if (wire.category?.enable && wire.category.value.length) {
    // Names of granted categories only: an ungranted one stays the id the user sent.
    const names = wire.category.value.map((id) => {
      const node = categoryGranted(scope.catalog, scope.grant, Number(id))
        ? scope.catalog.categories.get(Number(id))
        : undefined;
      return node ? (en ? node.name_en : node.name_zh) : String(id);
    });
    lines.push([t('download.header.categories'), listed(names, t)]);
  } else lines.push([t('download.header.categories'), t('download.value.all')]);

  if (wire.channels?.length) {
    const platforms = await platformChannels(warehouse, scope.project.dataset);
    const names = wire.channels.map((sel) => {
      const [pid, shopType] = sel.split(',');
      const p = platforms.find((x) => x.platform_id === Number(pid));
      if (!p) return sel;
      const pName = en ? p.platform_en : p.platform;
      const ch = shopType ? p.channels.find((x) => x.code === shopType) : undefined;
      return ch ? `${pName} / ${en ? ch.shop_type_en : ch.shop_type}` : pName;
    });
    lines.push([t('download.header.channels'), listed(names, t)]);
  }
  if (wire.brands?.length) {
    // Likewise brands: a project that limits them names the granted ones only.
    const granted = scope.grant.brands;
    const ids = wire.brands.slice(0, MAX_LISTED + 1).filter((id) => granted === null || granted.includes(id));
    const byId = await brandNames(warehouse, scope.project.dataset, ids);
    const names = wire.brands.map((id) => {
      const b = byId.get(id);
      return b ? (en ? b.name_en : b.name_zh) : String(id);
    });
    lines.push([t('download.header.brands'), listed(names, t)]);
  }
  if (wire.shops?.length) lines.push([t('download.header.shops'), String(wire.shops.length)]);
  const k = wire.goodsKeywords;
  if (k?.enable) {
    const text = Array.isArray(k.value)
      ? k.value.join(k.input_type === 'keyword' ? ` ${k.condition_type ?? 'AND'} ` : ' ')
      : k.value;
    if (text.trim()) lines.push([t('download.header.keywords'), text]);
  }
  const attrs = Object.entries(wire.attributes ?? {}).filter(([, v]) => v.length);
  if (attrs.length)
    lines.push([t('download.header.attributes'), attrs.map(([n, v]) => `${n}: ${v.join(' / ')}`).join('; ')]);
  const p = validated.filter.price;
  if (p) lines.push([t('download.header.price'), `${p[0]} ~ ${p[1] ?? '∞'}`]);
  if (wire.isFollowConcernedBrands) lines.push([t('download.header.favouritesOnly'), t('download.value.yes')]);
  lines.push([t('download.header.currency'), `${scope.project.currencyUnit} (${scope.project.curSymbol})`]);
  lines.push([t('download.header.generatedAt'), `${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC`]);
  return { lines, currencySymbol: scope.project.curSymbol };
}
