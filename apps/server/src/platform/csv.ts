import type { FastifyReply } from 'fastify';

/**
 * The one CSV writer of the server: every export (the operation log, the sign-in log) writes its document with
 * `csvDocument` and answers it with `sendCsv`, so all exports quote, guard and name their files alike.
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

/** A whole CSV document: BOM, header row, rows, each line (the last too) ended by CRLF (RFC 4180). */
export function csvDocument(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** An export as a service answers it: the handler sends it with `sendCsv`. */
export interface CsvFile {
  /** The name offered to the browser (any language; sent RFC 5987-encoded). */
  fileName: string;
  /** The plain-ASCII name for clients that do not read `filename*`; derived from `fileName` when omitted. */
  fallbackName?: string;
  /** The document (`csvDocument`). */
  content: string;
  /** Data rows in the document (the header not counted): the `x-total-rows` header. */
  rows: number;
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8, `'()*` encoded as well (they are not `attr-char`s). */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Printable ASCII without the quote and backslash a quoted-string would have to escape; the rest becomes `_`. */
const asciiName = (text: string) => text.replace(/[^\x20-\x7E]|["\\]/g, '_');

/**
 * The headers of a CSV attachment: the type with its charset, the file name twice (`filename*=UTF-8''…` for
 * every current browser, a plain-ASCII `filename="…"` before it for the others), no sniffing, and the row count.
 */
export function csvAttachmentHeaders(file: Omit<CsvFile, 'content'>): Record<string, string> {
  const fallback = asciiName(file.fallbackName ?? file.fileName);
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(file.fileName)}`,
    'x-content-type-options': 'nosniff',
    'x-total-rows': String(file.rows),
  };
}

/** Answers a CSV export as an attachment (the handler of a 'file' route returns what this returns). */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply.headers(csvAttachmentHeaders(file)).send(Buffer.from(file.content, 'utf8'));
}
