/**
 * Table rows (header first, as the server reads an uploaded file) → objects keyed by canonical column names. Header cells are matched case-insensitively
 * against the names and their aliases; unknown columns are ignored, empty cells left out.
 */
export function csvRecords(
  rows: readonly string[][],
  columns: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): { records: Record<string, string>[]; missing: string[] } {
  const [header = [], ...body] = rows;
  const index = new Map<string, number>();
  header.forEach((cell, i) => {
    const key = cell.trim().toLowerCase();
    const name = columns.find((c) => c.toLowerCase() === key) ?? aliases[cell.trim()];
    if (name && !index.has(name)) index.set(name, i);
  });
  const records = body.map((cells) => {
    const r: Record<string, string> = {};
    for (const [name, i] of index) {
      const v = (cells[i] ?? '').trim();
      if (v !== '') r[name] = v;
    }
    return r;
  });
  return { records, missing: columns.filter((c) => !index.has(c)) };
}

/** A CSV text from rows (quotes fields that need it), with a BOM so Excel opens UTF-8 correctly. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
