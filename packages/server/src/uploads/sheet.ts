import ExcelJS from 'exceljs';
import { AppError } from '../errors.js';

/** A cell as the text an administrator sees: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/**
 * The first worksheet of an .xlsx file as rows of cell texts (header row included, empty rows
 * skipped, trailing empty cells trimmed), at most `maxRows` rows. A file that is not a workbook is a
 * 400 "not a readable Excel workbook", never a 500.
 */
export async function readSheet(file: Buffer, maxRows: number): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, 'bad_workbook', 'batch.badWorkbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(400, 'bad_workbook', 'batch.badWorkbook');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (table.length >= maxRows) return;
    // row.values is 1-based (index 0 unused) and sparse where cells are empty.
    const values = row.values as ExcelJS.CellValue[];
    const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim());
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    if (cells.length > 0) table.push(cells);
  });
  return table;
}
