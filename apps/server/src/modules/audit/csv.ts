/** Byte-order mark: Excel reads a CSV file as UTF-8 (Chinese intact) only when it starts with one. */
export const BOM = '\uFEFF';

/** Characters that make a spreadsheet read a cell as a formula (with tab and CR, OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text starting like a formula gets a leading `'` (spreadsheets then show it as text and never
 * run it); quotes are doubled and a cell holding a comma, quote or line break is quoted (RFC 4180).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: BOM, header row, rows, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
