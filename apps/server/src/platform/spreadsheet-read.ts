import { isUtf8 } from 'node:buffer';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { WORDS } from '@gatehouse/contract';
import { parse as csvParser } from 'csv-parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { AppError, badRequest } from './errors.js';
import { catalogues, type MessageKey, t } from './i18n.js';

/**
 * Reads an uploaded table (XLSX or CSV) as a stream of rows of text, refusing hostile files at the first row, cell or
 * byte over a limit rather than after holding them: a file that is neither, more rows than `maxRows` (empty ones
 * count: a sheet of a million empty rows is refused), a cell past column `maxColumns` or longer than `maxCellChars`,
 * an XLSX whose parts inflate past `maxInflatedBytes` (counted as they inflate, never trusting the sizes the zip
 * declares) or whose shared strings pass their budget. Formulas are read as their text (`=A1+1`), never evaluated.
 * Every refusal is a 400 with a zh-CN (or en-US) message. Memory does not grow with the rows: the caller gets them in
 * slices (ADR 0026).
 */

export interface TableLimits {
  /** Data rows (the header not counted). */
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  /** The XLSX parts read, inflated (each counted as it inflates). */
  maxInflatedBytes: number;
  /** XLSX shared strings kept while the sheet is read: how many, and their UTF-8 bytes (held compactly). */
  maxSharedStrings: number;
  maxSharedStringBytes: number;
}

export const DEFAULT_TABLE_LIMITS: TableLimits = {
  maxRows: 100_000,
  maxColumns: 50,
  maxCellChars: 2_000,
  maxInflatedBytes: 128 * 1024 * 1024,
  maxSharedStrings: 1_000_000,
  maxSharedStringBytes: 32 * 1024 * 1024,
};

/** Rows handed to the caller at a time. */
export const TABLE_SLICE_ROWS = 1_000;
/** Longest run of XML bytes without `<` or `>` (a text or a tag): no cell comes near it, and saxes holds one whole. */
const MAX_XML_TOKEN = 64 * 1024;
/** Element nesting of an XLSX part (SpreadsheetML needs fewer than 10). */
const MAX_XML_DEPTH = 64;
/** Parts read whole into a model (workbook, its relationships, styles): each at most this large inflated. */
const MAX_MODEL_PART_BYTES = 4 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 10_000;
const MIB = 1024 * 1024;

export interface ReadRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: string[];
}

export interface ReadTable {
  header: string[];
  rows: ReadRow[];
}

/** An uploaded table being read: its header, then its non-blank data rows in slices of TABLE_SLICE_ROWS. */
export interface TableStream {
  header: string[];
  slices: AsyncIterable<ReadRow[]>;
}

/** An uploaded file as one buffer, or as the chunks it arrived in (read without joining them: no second copy). */
export type TableSource = Buffer | readonly Buffer[];

const chunksOf = (source: TableSource): readonly Buffer[] => (Buffer.isBuffer(source) ? [source] : source);
const sizeOf = (chunks: readonly Buffer[]) => chunks.reduce((sum, c) => sum + c.length, 0);
const isZip = (chunks: readonly Buffer[]) => {
  const head = Buffer.concat(chunks.slice(0, 4)).subarray(0, 4);
  return head.length === 4 && head.readUInt32LE(0) === 0x04034b50;
};
const blank = (cells: readonly string[]) => cells.every((c) => c === '');
const notTable = () => badRequest(t('sheet.notTable'));

// ---------------------------------------------------------------------------------------------------------------
// CSV: csv-parse's stream, each cell counted and measured as the parser completes it

/** A file with a NUL byte, or more than three bytes that are not UTF-8, is not a text table. */
function assertText(chunks: readonly Buffer[]): void {
  if (chunks.some((c) => c.includes(0))) throw notTable();
  if (chunks.every((c) => isUtf8(c))) return;
  // A chunk may end inside a character: the decoder streams across them.
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let bad = 0;
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += MIB) {
      const text = decoder.decode(chunk.subarray(at, at + MIB), { stream: true });
      for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) bad += 1;
      if (bad > 3) throw notTable();
    }
  }
}

async function* csvRows(chunks: readonly Buffer[], limits: TableLimits): AsyncGenerator<ReadRow[]> {
  assertText(chunks);
  const parser = csvParser({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: limits.maxCellChars * limits.maxColumns,
    // Called for each cell as the parser completes it: the row is refused at its first cell over a limit.
    cast: (value: string, context: { index: number; records: number }) => {
      if (context.index >= limits.maxColumns) throw badRequest(t('sheet.tooManyColumns', { max: limits.maxColumns }));
      if (value.length > limits.maxCellChars) {
        throw badRequest(t('sheet.cellTooLong', { row: context.records + 1, max: limits.maxCellChars }));
      }
      return value;
    },
  });
  const input = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        for (let at = 0; at < chunk.length; at += 64 * 1024) yield chunk.subarray(at, at + 64 * 1024);
      }
    })(),
    { objectMode: false },
  );
  input.pipe(parser);
  let records = 0;
  let batch: ReadRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records += 1;
      if (records > limits.maxRows + 1) throw badRequest(t('sheet.tooManyRows', { max: limits.maxRows }));
      // A cell the export guarded against formulas (`'=…`) reads back without the guard's quote.
      const cells = record.map((c) => (c.startsWith("'") && /^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c).trim());
      batch.push({ row: records, cells });
      if (batch.length >= TABLE_SLICE_ROWS) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notTable();
  } finally {
    input.destroy();
    parser.destroy();
  }
  if (batch.length > 0) yield batch;
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX: yauzl inflates the parts with running counts; saxes parses their XML; the SpreadsheetML is read here

/** The shared strings, kept as UTF-8 in 1 MiB blocks with a position and length each (6 bytes), within a budget. */
class SharedStrings {
  private static readonly BLOCK = MIB;
  private readonly blocks: Buffer[] = [];
  private used = SharedStrings.BLOCK;
  private bytes = 0;
  private positions = new Uint32Array(1024);
  private lengths = new Uint16Array(1024);
  count = 0;

  constructor(private readonly limits: TableLimits) {}

  private refuse(): AppError {
    return badRequest(
      t('sheet.sharedStrings', {
        count: this.limits.maxSharedStrings,
        mib: Math.round(this.limits.maxSharedStringBytes / MIB),
      }),
    );
  }

  push(text: string): void {
    const size = Buffer.byteLength(text);
    if (this.count >= this.limits.maxSharedStrings || this.bytes + size > this.limits.maxSharedStringBytes) {
      throw this.refuse();
    }
    if (this.count === this.positions.length) {
      const grown = Math.min(this.count * 2, this.limits.maxSharedStrings);
      const positions = new Uint32Array(grown);
      positions.set(this.positions);
      this.positions = positions;
      const lengths = new Uint16Array(grown);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    if (this.used + size > SharedStrings.BLOCK) {
      this.blocks.push(Buffer.allocUnsafe(SharedStrings.BLOCK));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    (this.blocks[block] as Buffer).write(text, this.used, 'utf8');
    this.positions[this.count] = block * SharedStrings.BLOCK + this.used;
    this.lengths[this.count] = size;
    this.used += size;
    this.bytes += size;
    this.count += 1;
  }

  get(index: number): string {
    if (!(index >= 0 && index < this.count)) throw notTable();
    const position = this.positions[index] as number;
    const block = this.blocks[Math.floor(position / SharedStrings.BLOCK)] as Buffer;
    const start = position % SharedStrings.BLOCK;
    return block.toString('utf8', start, start + (this.lengths[index] as number));
  }
}

interface XmlHandlers {
  open(tag: SaxesTagPlain): void;
  text(text: string): void;
  close(name: string): void;
}

/** An element's or attribute's name without its namespace prefix. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** yauzl's random access over the chunks an upload arrived in. */
class ChunksReader extends yauzl.RandomAccessReader {
  private readonly starts: number[] = [];

  constructor(private readonly chunks: readonly Buffer[]) {
    super();
    let at = 0;
    for (const chunk of chunks) {
      this.starts.push(at);
      at += chunk.length;
    }
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const chunks = this.chunks;
    const starts = this.starts;
    return Readable.from(
      (function* () {
        for (let i = 0; i < chunks.length; i += 1) {
          const from = starts[i] as number;
          const chunk = chunks[i] as Buffer;
          if (from + chunk.length <= start) continue;
          if (from >= end) return;
          yield chunk.subarray(Math.max(0, start - from), Math.min(chunk.length, end - from));
        }
      })(),
      { objectMode: false },
    );
  }
}

/** The zip's entries by name, read from its central directory (a corrupt or encrypted zip is not a table). */
async function openZip(chunks: readonly Buffer[]) {
  // Parts are opened after the directory is read: the reader stays open until the read ends (zip.close()).
  const options = { lazyEntries: true, validateEntrySizes: true, autoClose: false };
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (error: Error | null, file?: yauzl.ZipFile) => (error || !file ? reject(error) : resolve(file));
    if (chunks.length === 1) yauzl.fromBuffer(chunks[0] as Buffer, options, done);
    else yauzl.fromRandomAccessReader(new ChunksReader(chunks), sizeOf(chunks), options, done);
  }).catch(() => {
    throw notTable();
  });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.size >= MAX_ZIP_ENTRIES || entry.isEncrypted()) return reject(notTable());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  }).catch(() => {
    throw notTable();
  });
  return { zip, entries };
}

/**
 * Parses one part's XML, handing its events to `handlers` and yielding after each inflated chunk (so a caller can
 * pass on what the chunk completed). Every inflated byte counts against the file's budget (and `partMax`), every run
 * of bytes between `<` and `>` against MAX_XML_TOKEN, nesting against MAX_XML_DEPTH: saxes never holds more than a
 * token, and the handlers hold what they choose to.
 */
async function* parsePart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: { used: number; max: number },
  partMax: number,
  handlers: XmlHandlers,
): AsyncGenerator<void> {
  // What the zip declares is refused at once; what it really inflates to is counted below.
  if (budget.used + entry.uncompressedSize > budget.max) {
    throw badRequest(t('sheet.tooBig', { mib: Math.round(budget.max / MIB) }));
  }
  if (entry.uncompressedSize > partMax) throw badRequest(t('sheet.tooBig', { mib: Math.round(partMax / MIB) }));
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, s) => (error || !s ? reject(error ?? notTable()) : resolve(s))),
  ).catch(() => {
    throw notTable();
  });
  const parser = new SaxesParser();
  let depth = 0;
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > MAX_XML_DEPTH) throw notTable();
    handlers.open(tag as SaxesTagPlain);
  });
  parser.on('text', (text) => handlers.text(text));
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close(local(tag.name));
  });
  parser.on('error', () => {
    throw notTable();
  });
  const decoder = new TextDecoder('utf-8');
  let partBytes = 0;
  let run = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.used += chunk.length;
      partBytes += chunk.length;
      if (budget.used > budget.max) throw badRequest(t('sheet.tooBig', { mib: Math.round(budget.max / MIB) }));
      if (partBytes > partMax) throw badRequest(t('sheet.tooBig', { mib: Math.round(partMax / MIB) }));
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i];
        if (byte === 0x3c || byte === 0x3e) run = 0;
        else if (++run > MAX_XML_TOKEN) throw notTable();
      }
      parser.write(decoder.decode(chunk, { stream: true }));
      yield;
    }
    parser.write(decoder.decode());
    parser.close();
    yield;
  } finally {
    stream.destroy();
  }
}

async function drain(parts: AsyncGenerator<void>): Promise<void> {
  for await (const _ of parts);
}

/** Excel's built-in number formats that show a date or a time. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);
/** A custom number format shows a date when, outside its quoted texts and [brackets], it has a date or time letter. */
const isDateFormat = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** The workbook's first sheet shown (a template's drop-down choices are on a hidden one), and its date system. */
async function workbookModel(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  budget: { used: number; max: number },
) {
  const sheets: { state: string; rel: string }[] = [];
  let date1904 = false;
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) {
    await drain(
      parsePart(zip, workbook, budget, MAX_MODEL_PART_BYTES, {
        open(tag) {
          const name = local(tag.name);
          if (name === 'workbookPr') date1904 = ['1', 'true'].includes(String(tag.attributes.date1904 ?? ''));
          if (name === 'sheet') {
            const rel = Object.entries(tag.attributes).find(([key]) => key.includes(':') && local(key) === 'id');
            sheets.push({ state: String(tag.attributes.state ?? 'visible'), rel: String(rel?.[1] ?? '') });
          }
        },
        text() {},
        close() {},
      }),
    );
  }
  const targets = new Map<string, string>();
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    await drain(
      parsePart(zip, rels, budget, MAX_MODEL_PART_BYTES, {
        open(tag) {
          if (local(tag.name) !== 'Relationship') return;
          const target = String(tag.attributes.Target ?? '');
          const path = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));
          targets.set(String(tag.attributes.Id ?? ''), path);
        },
        text() {},
        close() {},
      }),
    );
  }
  const shown = sheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
  const path = shown ? targets.get(shown.rel) : undefined;
  const sheet = entries.get(path ?? 'xl/worksheets/sheet1.xml');
  if (!sheet) throw notTable();
  return { sheet, date1904 };
}

/** Which cell styles (xf indexes of cellXfs) show a date: a number in such a cell reads as its date. */
async function dateStyles(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, budget: { used: number; max: number }) {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  if (!entry) return [];
  let inCellXfs = false;
  await drain(
    parsePart(zip, entry, budget, MAX_MODEL_PART_BYTES, {
      open(tag) {
        const name = local(tag.name);
        if (name === 'numFmt') custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) formats.push(Number(tag.attributes.numFmtId ?? 0));
      },
      text() {},
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    }),
  );
  return formats.map((id) => DATE_FORMAT_IDS.has(id) || isDateFormat(custom.get(id) ?? ''));
}

/** The shared strings (xl/sharedStrings.xml), each kept to maxCellChars + 1 characters (longer is refused in a cell). */
async function sharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  budget: { used: number; max: number },
  limits: TableLimits,
) {
  const store = new SharedStrings(limits);
  if (!entry) return store;
  const keep = limits.maxCellChars + 1;
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let text = '';
  await drain(
    parsePart(zip, entry, budget, Number.POSITIVE_INFINITY, {
      open(tag) {
        const name = local(tag.name);
        if (name === 'si') {
          inSi = true;
          text = '';
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inSi && phonetic === 0) inT = true;
      },
      text(value) {
        if (inT && text.length < keep) text += value.slice(0, keep - text.length);
      },
      close(name) {
        if (name === 't') inT = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si' && inSi) {
          inSi = false;
          store.push(text);
          text = '';
        }
      },
    }),
  );
  return store;
}

/** A column's number from a cell reference's letters (`AB12` → 28); 0 when it has none. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
    if (column > 16_384) throw notTable();
  }
  return column;
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)).toISOString();

async function* xlsxRows(chunks: readonly Buffer[], limits: TableLimits): AsyncGenerator<ReadRow[]> {
  const { zip, entries } = await openZip(chunks);
  try {
    const budget = { used: 0, max: limits.maxInflatedBytes };
    const { sheet, date1904 } = await workbookModel(zip, entries, budget);
    const dates = await dateStyles(zip, entries.get('xl/styles.xml'), budget);
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), budget, limits);

    const tooLong = (row: number) => badRequest(t('sheet.cellTooLong', { row, max: limits.maxCellChars }));
    const completed: ReadRow[] = [];
    let inSheetData = false;
    let rowNumber = 0;
    let seen = 0;
    let cells: string[] | undefined;
    let cell:
      | { column: number; type: string; style: number; value: string; formula: string; inline: string }
      | undefined;
    let column = 0;
    let into: 'value' | 'formula' | 'inline' | undefined;
    let phonetic = 0;
    const handlers: XmlHandlers = {
      open(tag) {
        const name = local(tag.name);
        if (name === 'sheetData') inSheetData = true;
        else if (name === 'row' && inSheetData) {
          const r = Number.parseInt(String(tag.attributes.r ?? ''), 10);
          rowNumber = Number.isFinite(r) && r > 0 ? r : rowNumber + 1;
          seen += 1;
          if (rowNumber > limits.maxRows + 1 || seen > limits.maxRows + 1) {
            throw badRequest(t('sheet.tooManyRows', { max: limits.maxRows }));
          }
          cells = [];
          column = 0;
        } else if (name === 'c' && cells) {
          const ref = tag.attributes.r;
          column = (ref === undefined ? 0 : columnOf(String(ref))) || column + 1;
          const style = Number(tag.attributes.s ?? 0);
          cell = { column, type: String(tag.attributes.t ?? 'n'), style, value: '', formula: '', inline: '' };
        } else if (cell) {
          if (name === 'v') into = 'value';
          else if (name === 'f') into = 'formula';
          else if (name === 'rPh') phonetic += 1;
          else if (name === 't' && phonetic === 0) into = 'inline';
        }
      },
      text(value) {
        if (!cell || !into) return;
        const now = cell[into] + value;
        if (now.length > limits.maxCellChars) throw tooLong(rowNumber);
        cell[into] = now;
      },
      close(name) {
        if (name === 'v' || name === 'f' || name === 't') into = undefined;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'c' && cell && cells) {
          const text = cellText(cell, strings, dates, date1904);
          if (text.length > limits.maxCellChars) throw tooLong(rowNumber);
          if (text !== '') {
            // Counted as read: the row is refused at its first cell past the last column allowed.
            if (cell.column > limits.maxColumns) {
              throw badRequest(t('sheet.tooManyColumns', { max: limits.maxColumns }));
            }
            cells[cell.column - 1] = text.trim();
          }
          cell = undefined;
          into = undefined;
        } else if (name === 'row' && cells) {
          completed.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
          cells = undefined;
        } else if (name === 'sheetData') inSheetData = false;
      },
    };
    for await (const _ of parsePart(zip, sheet, budget, Number.POSITIVE_INFINITY, handlers)) {
      if (completed.length >= TABLE_SLICE_ROWS) yield completed.splice(0);
    }
    if (completed.length > 0) yield completed.splice(0);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notTable();
  } finally {
    zip.close();
  }
}

/** One cell as text: numbers as written, dates as ISO 8601, a formula as its text (never its result). */
function cellText(
  cell: { type: string; style: number; value: string; formula: string; inline: string },
  strings: SharedStrings,
  dates: readonly boolean[],
  date1904: boolean,
): string {
  if (cell.formula !== '') return `=${cell.formula}`;
  switch (cell.type) {
    case 's':
      return cell.value === '' ? '' : strings.get(Number(cell.value));
    case 'inlineStr':
      return cell.inline;
    case 'b':
      return cell.value === '' ? '' : String(cell.value === '1' || cell.value === 'true');
    case 'str':
    case 'e':
    case 'd':
      return cell.value;
    default: {
      if (cell.value === '') return '';
      const number = Number(cell.value);
      if (!Number.isFinite(number)) return cell.value;
      return dates[cell.style] ? excelDate(number, date1904) : String(number);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The table

/**
 * The table in an uploaded file, read as it is consumed: XLSX when it is a zip, else CSV (UTF-8, with or without a
 * BOM). Answers once the header (the first non-blank row) is read; the data rows follow in slices, blank ones left
 * out. CSV cells that the export guarded against formulas (`'=…`) read back without the guard's quote, so an export
 * imports unchanged. A limit passed later in the file is thrown by the slices' iteration.
 */
export async function openTable(file: TableSource, limits: TableLimits = DEFAULT_TABLE_LIMITS): Promise<TableStream> {
  const chunks = chunksOf(file).filter((c) => c.length > 0);
  if (chunks.length === 0) throw badRequest(t('sheet.empty'));
  const source = (isZip(chunks) ? xlsxRows : csvRows)(chunks, limits);
  let header: string[] | undefined;
  let rest: ReadRow[] = [];
  try {
    while (!header) {
      const next = await source.next();
      if (next.done) throw badRequest(t('sheet.empty'));
      const at = next.value.findIndex((r) => !blank(r.cells));
      if (at >= 0) {
        header = next.value[at]?.cells;
        rest = next.value.slice(at + 1);
      }
    }
  } catch (error) {
    await source.return(undefined);
    throw error;
  }
  async function* slices(): AsyncGenerator<ReadRow[]> {
    try {
      let slice = rest.filter((r) => !blank(r.cells));
      for (;;) {
        if (slice.length > 0) yield slice;
        const next = await source.next();
        if (next.done) return;
        slice = next.value.filter((r) => !blank(r.cells));
      }
    } finally {
      await source.return(undefined);
    }
  }
  return { header, slices: slices() };
}

/** The whole table at once: for small files (tests, fixtures); an import reads `openTable`'s slices. */
export async function readTable(file: TableSource, limits: TableLimits = DEFAULT_TABLE_LIMITS): Promise<ReadTable> {
  const table = await openTable(file, limits);
  const rows: ReadRow[] = [];
  for await (const slice of table.slices) rows.push(...slice);
  return { header: table.header, rows };
}

/**
 * 状态 as a sheet may hold it: the words the export writes (WORDS: 启用/禁用, Enabled/Disabled), the words sheets
 * wrote before one word was chosen (停用, 已启用/已禁用, as the lists showed them), 1/0 and yes/no.
 */
const ENABLED_WORDS = new Set([
  ...Object.values(WORDS).map((words) => words.enabled.toLowerCase()),
  '已启用',
  '正常',
  'enable',
  '1',
  'true',
  'yes',
  '是',
]);
const DISABLED_WORDS = new Set([
  ...Object.values(WORDS).map((words) => words.disabled.toLowerCase()),
  '停用',
  '已禁用',
  '已停用',
  'disable',
  '0',
  'false',
  'no',
  '否',
]);

/** 状态 as a sheet writes it (启用/禁用 in any language, 1/0, yes/no): 1, 0, or undefined for a word it does not know. */
export function stateFromWord(text: string): 0 | 1 | undefined {
  const word = text.trim().toLowerCase();
  if (ENABLED_WORDS.has(word)) return 1;
  if (DISABLED_WORDS.has(word)) return 0;
  return undefined;
}

/** A column's header in every language (zh-CN first): an import reads a sheet written in any of them. */
export const headersInEveryLanguage = (key: MessageKey): string[] => Object.values(catalogues).map((c) => c[key]);

/** A sheet's column as an import knows it: the headers it answers to (every language's) and whether it is read. */
export interface ImportColumn<K extends string> {
  key: K;
  /** The header in each language (zh-CN first); matched trimmed and case-insensitively. */
  headers: readonly string[];
  required?: boolean;
  /** Written by the export for reading only (e.g. 创建时间): accepted in the header, ignored in the rows. */
  readOnly?: boolean;
}

/**
 * Maps a header row onto the sheet's columns: each header cell names a known column once (any language); every
 * required column is present. A wrong header is refused with the column it names.
 */
export function mapHeader<K extends string>(
  header: readonly string[],
  columns: readonly ImportColumn<K>[],
): Map<K, number> {
  const byName = new Map<string, ImportColumn<K>>();
  for (const column of columns) for (const h of column.headers) byName.set(h.trim().toLowerCase(), column);
  const positions = new Map<K, number>();
  header.forEach((cell, index) => {
    if (cell === '') return;
    const column = byName.get(cell.toLowerCase());
    if (!column) throw badRequest(t('sheet.unknownColumn', { column: cell }));
    if (positions.has(column.key)) throw badRequest(t('sheet.duplicateColumn', { column: cell }));
    if (!column.readOnly) positions.set(column.key, index);
    else positions.set(column.key, -1);
  });
  const missing = columns.filter((c) => c.required && !positions.has(c.key)).map((c) => c.headers[0]);
  if (missing.length > 0) throw badRequest(t('sheet.missingColumns', { columns: missing.join('、') }));
  for (const [key, index] of positions) if (index < 0) positions.delete(key);
  return positions;
}
