import type { ImportIssue } from './engine.js';

/**
 * The problems an import reports, in both languages, capped per rule and in all: what every check of
 * an import (the table files, the pictures) writes to, whichever engine reads the files.
 */

/** Import problems are capped so a badly broken file gives a readable report, not a million lines. */
export const MAX_ISSUES = 20;
export const MAX_ISSUES_PER_RULE = 5;

export interface Text {
  en: string;
  zh: string;
}

/** A table file found in the dataset folder. */
export interface SourceFile {
  /** File name as the customer sees it, e.g. fact_sales.csv. */
  name: string;
  path: string;
  format: 'csv' | 'parquet';
  /** CSV: the column names of the header row. */
  header?: string[];
}

export class IssueCollector {
  readonly issues: ImportIssue[] = [];
  private readonly perRule = new Map<string, number>();
  /** Set when problems were found but not listed because of the caps. */
  truncated = false;

  get full(): boolean {
    return this.issues.length >= MAX_ISSUES;
  }

  /** How many more issues of this rule instance may be reported (for a query's LIMIT). */
  room(code: string, file: string, column?: string): number {
    const used = this.perRule.get(`${code}|${file}|${column ?? ''}`) ?? 0;
    return Math.max(0, Math.min(MAX_ISSUES_PER_RULE - used, MAX_ISSUES - this.issues.length));
  }

  add(issue: ImportIssue): void {
    const key = `${issue.code}|${issue.file}|${issue.column ?? ''}`;
    const used = this.perRule.get(key) ?? 0;
    if (used >= MAX_ISSUES_PER_RULE || this.full) {
      this.truncated = true;
      return;
    }
    this.perRule.set(key, used + 1);
    this.issues.push(issue);
  }
}

/** JSON-style quoting, shortened, so empty strings and spaces are visible in messages. */
export function quote(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'an empty value';
  const short = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return JSON.stringify(short);
}

export function quoteZh(value: string | null | undefined): string {
  return value === null || value === undefined ? '空值' : quote(value);
}

export function fileIssue(file: string, code: string, text: Text, column?: string): ImportIssue {
  const where = column ? `${file} column ${column}` : file;
  const whereZh = column ? `${file} 列 ${column}` : file;
  return {
    file,
    ...(column ? { column } : {}),
    code,
    message: `${where}: ${text.en}`,
    message_zh: `${whereZh}：${text.zh}`,
  };
}

/** "fact_sales.csv row 12 (line 13) column sales: …"; CSV lines count the header. */
export function rowIssue(
  file: SourceFile,
  row: number,
  column: string | undefined,
  code: string,
  text: Text,
): ImportIssue {
  const line = file.format === 'csv' ? ` (line ${row + 1})` : '';
  const lineZh = file.format === 'csv' ? `（文件第 ${row + 1} 行）` : '';
  const col = column ? ` column ${column}` : '';
  const colZh = column ? `，列 ${column}` : '';
  return {
    file: file.name,
    row,
    ...(column ? { column } : {}),
    code,
    message: `${file.name} row ${row}${line}${col}: ${text.en}`,
    message_zh: `${file.name} 第 ${row} 行${lineZh}${colZh}：${text.zh}`,
  };
}
