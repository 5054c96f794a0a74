import { Type } from 'typebox';

/** Database ids are positive integers. `title` names the field in zh-CN validation messages. */
export const Id = (title = 'ID') => Type.Integer({ minimum: 1, maximum: 2_147_483_647, title });

export const IdQuery = Type.Object({ id: Id() }, { additionalProperties: false });

export const PageQuery = {
  p: Type.Integer({ minimum: 1, maximum: 1_000_000, title: '页码' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, title: '每页条数' }),
};

export const Empty = Type.Null();

/** `{ list, totalPage, totalCount }` as every paged list answers. */
export const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    totalPage: Type.Integer(),
    totalCount: Type.Integer(),
  });

/** State is 0/1 in requests (true/false accepted too) and a boolean in responses. */
export const StateInput = Type.Unsafe<0 | 1 | boolean>({
  anyOf: [{ type: 'integer', enum: [0, 1] }, { type: 'boolean' }],
  title: '状态',
});

/**
 * Schema keyword marking a time (an OpenAPI extension, ignored by validators): 'epoch-ms' on the one schema of a
 * time in an answer (`Timestamp`), 'input' on the one schema of a time in a request (`TimeInput`). The contract
 * test walks every route and refuses a time declared any other way (ADR 0029).
 */
export const TIME_KIND = 'x-time';
export type TimeKind = 'epoch-ms' | 'input';

/** The largest time a request may name in milliseconds (15 digits, the year 33658): always a valid JS Date. */
export const EPOCH_MS_MAX = 999_999_999_999_999;

/**
 * A time in an answer: milliseconds since the Unix epoch (UTC), an integer, as the specification's shapes carry
 * `createTime`. Every time in every answer is this schema (or it or null: `NullableTimestamp`).
 */
export const Timestamp = Type.Integer({
  description: 'Milliseconds since the Unix epoch (UTC)',
  [TIME_KIND]: 'epoch-ms' satisfies TimeKind,
});

export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

/**
 * A time in a request: milliseconds since the epoch (an integer, or its digits, as a query string carries it) or
 * an ISO 8601 / RFC 3339 date-time with its offset (`2024-05-01T08:00:00+08:00`, `…Z`). The date-time branch comes
 * first, so a query string's `2024-05-01T…` stays a date and `1714521600000` is read as milliseconds; a value that
 * is neither fails on the date-time format, which the server answers as "<title> is not a valid date" (400).
 * Handlers read the value with the server's one parser (`parseRequestTime`).
 */
export const TimeInput = (title: string) =>
  Type.Union(
    [
      Type.String({ format: 'date-time', maxLength: 40, title }),
      Type.String({ pattern: '^[0-9]{1,15}$', maxLength: 15, title }),
      Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, title }),
    ],
    {
      title,
      description:
        'Milliseconds since the Unix epoch (an integer or its digits) or an ISO 8601 date-time with its offset',
      [TIME_KIND]: 'input' satisfies TimeKind,
    },
  );

/**
 * What no human-entered text needs and what can disguise it: C0 and C1 control characters (NUL, ESC, …), DEL,
 * the bidi marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9: "‮evil" shows
 * as "live") and the line / paragraph separators (U+2028/9). Every request string of the contract refuses them
 * unless its schema says otherwise (`TEXT_KIND`), see `plainTextSchema`. Written with escapes so the pattern
 * reads the same in OpenAPI and in every tool.
 */
const REFUSED_IN_TEXT = '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069';
export const PLAIN_TEXT_PATTERN = `^[^${REFUSED_IN_TEXT}]*$`;
/** One character PLAIN_TEXT_PATTERN refuses, for code that removes them rather than refusing (file names). */
export const NOT_PLAIN_TEXT = `[${REFUSED_IN_TEXT}]`;
/** The same for text areas (remarks, an introduction): tab, line feed and carriage return are allowed. */
export const MULTILINE_TEXT_PATTERN =
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069]*$';

/**
 * Schema keyword saying what kind of text a request string holds (an OpenAPI extension, ignored by validators):
 * - 'multiline': text-area content, MULTILINE_TEXT_PATTERN;
 * - 'secret': a password, compared and hashed but never shown: any character (a password set before this rule
 *   must still sign in).
 * Without it, a string is one line of plain text (PLAIN_TEXT_PATTERN).
 */
export const TEXT_KIND = 'x-text';
export type TextKind = 'multiline' | 'secret';

/** Options of `Type.String` that mark its text kind (`Type.String({ maxLength: 255, ...textKind('multiline') })`). */
export const textKind = (kind: TextKind) => ({ [TEXT_KIND]: kind });

type SchemaNode = Record<string, unknown>;

/** A copy of a schema node with all of its own properties, TypeBox's hidden `~kind` included. */
const copyOf = (node: SchemaNode): SchemaNode =>
  Object.create(Object.getPrototypeOf(node), Object.getOwnPropertyDescriptors(node)) as SchemaNode;

/**
 * A copy of a request schema in which every free-text string carries its text pattern: strings without a
 * pattern, format, const or enum of their own, through objects, arrays and unions. Strings that have a
 * pattern or format are already held to a narrower alphabet.
 */
export function plainTextSchema<S>(schema: S): S {
  const visit = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
    const source = node as SchemaNode;
    const out = copyOf(source);
    if (
      source.type === 'string' &&
      source.pattern === undefined &&
      source.format === undefined &&
      source.const === undefined &&
      source.enum === undefined &&
      source[TEXT_KIND] !== 'secret'
    ) {
      out.pattern = source[TEXT_KIND] === 'multiline' ? MULTILINE_TEXT_PATTERN : PLAIN_TEXT_PATTERN;
    }
    if (source.properties && typeof source.properties === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(source.properties as SchemaNode).map(([name, child]) => [name, visit(child)]),
      );
    }
    if (source.items) out.items = Array.isArray(source.items) ? source.items.map(visit) : visit(source.items);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(source[key])) out[key] = (source[key] as unknown[]).map(visit);
    }
    return out;
  };
  return visit(schema) as S;
}

/** Sort direction of a sortable list (`order`). */
export const SortOrderQuery = Type.Optional(
  Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'], maxLength: 4, title: '排序方向' }),
);

/**
 * `sort=<field>&order=asc|desc` of a list sorted by the server: `sort` names one of `fields` (any other is a 400
 * naming 排序字段), `order` defaults to the list's own direction for that field. Rows of equal value keep a stable
 * order (by id), so pages never repeat or skip a row.
 */
export const sortQuery = <F extends string>(fields: readonly F[]) => ({
  sort: Type.Optional(Type.Unsafe<F>({ type: 'string', enum: [...fields], maxLength: 40, title: '排序字段' })),
  order: SortOrderQuery,
});

/** At most this many rows go into one bulk action. */
export const BATCH_MAX = 500;

/** The ids a bulk action names: distinct, 1..BATCH_MAX. */
export const BatchIds = Type.Array(Id(), { minItems: 1, maxItems: BATCH_MAX, uniqueItems: true, title: '所选记录' });

/**
 * What a bulk action did per row: the ids it acted on (one transaction) and each refused id with the same zh-CN
 * reason the single action would give.
 */
export const BatchResult = <T extends Parameters<typeof Type.Array>[0]>(id: T) =>
  Type.Object({
    done: Type.Array(id),
    refused: Type.Array(Type.Object({ id, message: Type.String() })),
  });

/** The file formats a list's export answers (`format`, XLSX when absent). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The query fields every list export shares: `format` (xlsx when absent) and `columns`, the keys of the columns to
 * write, comma-separated, in order (all of the export's columns when absent; an unknown key is a 400 naming it).
 */
export const ExportQuery = {
  format: Type.Optional(
    Type.Unsafe<ExportFormat>({ type: 'string', enum: [...EXPORT_FORMATS], maxLength: 4, title: '导出格式' }),
  ),
  columns: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_,]*$', title: '导出列' })),
};

/** The response of a file route: bytes, not JSON. */
export const FileResponse = Type.Unsafe<never>({ type: 'string', format: 'binary' });
