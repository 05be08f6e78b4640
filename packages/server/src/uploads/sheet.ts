/**
 * The one reader of uploaded spreadsheets (account batches, category lists): an .xlsx (its first
 * worksheet) or a CSV file in UTF-8 or GB18030/GBK, told apart by content, as a table of cell texts.
 */
import { MAX_UPLOAD_BYTES } from '@marketlens/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { Type } from 'typebox';
import { AppError } from '../errors.js';
import { readZip, storedZip, type ZipLimits, type ZipProblem, ZipRefusedError } from './zip.js';

/**
 * An uploaded file in a JSON body, as base64. The schema lets through what the 2 MiB body limit does, so
 * a file over MAX_UPLOAD_BYTES gets readSheet's "too large" message rather than a schema error.
 */
export const UploadFile = Type.String({ minLength: 1, maxLength: 2_090_000 });

/** A bad file, reported to the uploader in their language; never a 500. */
const unreadable = (key: 'upload.notSpreadsheet' | 'upload.badWorkbook' | 'upload.encrypted' | 'upload.oldExcel') =>
  new AppError(400, 'bad_file', key);

/** A cell as the text an administrator sees: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // Long digit strings (telephone numbers) as digits, never 1.38e+10.
  if (typeof value === 'number')
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 10 });
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
/** OLE compound file: a password-protected .xlsx (Excel wraps it in one) or a legacy .xls. */
const OLE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/**
 * Limits of a workbook once unpacked (exceljs holds every part in memory, as text): far above what
 * an upload of at most MAX_UPLOAD_BYTES with the row limits of the batch and category uploads
 * holds, far below what a crafted archive would expand to. Decimal, as MAX_UPLOAD_BYTES is shown.
 */
const WORKBOOK_LIMITS: ZipLimits = { maxEntries: 500, maxEntryBytes: 32_000_000, maxTotalBytes: 64_000_000 };

const mb = (bytes: number) => `${bytes / 1_000_000} MB`;

/** A refused archive as the message its uploader reads. */
function refusedWorkbook(problem: ZipProblem): AppError {
  switch (problem) {
    case 'tooManyEntries':
      return new AppError(400, 'bad_file', 'upload.workbookTooManyParts', { count: WORKBOOK_LIMITS.maxEntries });
    case 'entryTooLarge':
      return new AppError(400, 'bad_file', 'upload.workbookPartTooLarge', { max: mb(WORKBOOK_LIMITS.maxEntryBytes) });
    case 'tooLarge':
      return new AppError(400, 'bad_file', 'upload.workbookTooLarge', { max: mb(WORKBOOK_LIMITS.maxTotalBytes) });
    case 'damaged':
      return unreadable('upload.badWorkbook');
  }
}

/**
 * The archive exceljs may read: every part inflated here within WORKBOOK_LIMITS and verified
 * (uploads/zip.ts), then re-packed uncompressed, so exceljs inflates nothing it was not shown to be.
 */
async function verifiedWorkbook(file: Buffer): Promise<Buffer> {
  try {
    return storedZip(await readZip(file, WORKBOOK_LIMITS));
  } catch (err) {
    if (err instanceof ZipRefusedError) throw refusedWorkbook(err.problem);
    throw err;
  }
}

async function readWorkbook(file: Buffer): Promise<string[][]> {
  const verified = await verifiedWorkbook(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(verified as unknown as ArrayBuffer);
  } catch {
    throw unreadable('upload.badWorkbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('upload.badWorkbook');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // row.values is 1-based (index 0 unused) and sparse where cells are empty.
    const values = row.values as ExcelJS.CellValue[];
    table.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])));
  });
  return table;
}

/** Strict UTF-8 first (a BOM is dropped); a file that is not valid UTF-8 is read as GB18030 (a superset of GBK). */
function decodeText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return iconv.decode(file, 'gb18030');
  }
}

/** The separator of the header line (Excel writes ';' or tabs in some locales), outside quotes. */
function separatorOf(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? best : ',';
}

/** Control characters other than tab, CR and LF: a binary file (an image, a renamed .xls …), not text. */
function isBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return true;
  }
  return false;
}

function readCsv(file: Buffer): string[][] {
  const text = decodeText(file);
  if (isBinary(text)) throw unreadable('upload.notSpreadsheet');
  try {
    return parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch {
    // An unclosed quote, a quote inside an unquoted field: RFC 4180 says it is not CSV.
    throw unreadable('upload.notSpreadsheet');
  }
}

/**
 * An uploaded file as rows of trimmed cell texts (header row included): blank rows dropped, trailing
 * empty cells trimmed. At most `maxRows` rows after the first (the header) and MAX_UPLOAD_BYTES, each with a
 * message that says so; an empty file, a corrupt or password-protected workbook, a legacy .xls or a
 * binary file each get their own message.
 */
export async function readSheet(file: Buffer, maxRows: number): Promise<string[][]> {
  if (file.length > MAX_UPLOAD_BYTES)
    throw new AppError(413, 'file_too_large', 'upload.tooLarge', { max: `${MAX_UPLOAD_BYTES / 1_000_000} MB` });
  let table: string[][];
  if (file.subarray(0, 4).equals(ZIP)) table = await readWorkbook(file);
  else if (file.subarray(0, 8).equals(OLE)) {
    // Directory entry names in a compound file are UTF-16LE.
    throw unreadable(
      file.includes(Buffer.from('EncryptedPackage', 'utf16le')) ? 'upload.encrypted' : 'upload.oldExcel',
    );
  } else table = readCsv(file);
  const rows = table
    .map((cells) => {
      const trimmed = cells.map((c) => c.trim());
      while (trimmed.length > 0 && trimmed.at(-1) === '') trimmed.pop();
      return trimmed;
    })
    .filter((cells) => cells.length > 0);
  if (rows.length === 0) throw new AppError(400, 'empty_file', 'upload.empty');
  if (rows.length > maxRows + 1) throw new AppError(400, 'too_many_rows', 'upload.tooManyRows', { count: maxRows });
  return rows;
}
