/**
 * CSV cells. The one CSV writer of the server is platform/spreadsheet.ts (`writeTable`, `sendTable`): every export
 * writes its rows through `csvCell`, so all of them quote, guard and name their files alike.
 */

/** Byte-order mark: Excel reads a CSV file as UTF-8 (Chinese intact) only when it starts with one. */
export const BOM = '\uFEFF';

/** Characters that make a spreadsheet read a cell as a formula (with tab and CR, OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell: any text starting like a formula (numbers included: `-1` is written `'-1`) gets a leading `'`, so
 * spreadsheets show it as text and never run it; a cell holding a comma, quote or line break is quoted, its quotes
 * doubled (RFC 4180). Null and undefined are empty cells.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
