import {
  MULTILINE_TEXT_PATTERN,
  PLAIN_TEXT_PATTERN,
  type RouteDef,
  routes,
  TEXT_KIND,
  type TextKind,
} from '@gatehouse/contract';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as translate } from '../../src/platform/i18n.js';
import { MAX_JSON_DEPTH } from '../../src/platform/validation.js';
import { lanes, startTestApp, type TestApp } from '../harness.js';

/**
 * Generated from the contract: every date field of every query and body gets impossible dates, every body a
 * deeply nested document, every string field control and bidi characters. A field or route added later is
 * covered without touching this file.
 */

type Schema = {
  type?: string;
  title?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  [TEXT_KIND]?: TextKind;
};
type Part = 'query' | 'body';
/** A string field somewhere in a route's query or body: where it is, its schema, its zh-CN title. */
interface Field {
  route: string;
  def: RouteDef;
  part: Part;
  path: Array<string | number>;
  schema: Schema;
  title: string;
}

const all = (Object.entries(routes) as Array<[string, RouteDef]>).filter(
  // Uploads are multipart; logout would end the session the test runs with.
  ([name, r]) => r.transport !== 'upload' && name !== 'logout',
);

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

/** Strings the schemas' own patterns accept; a pattern none of them fits fails the test (add one here). */
const PATTERN_SAMPLES = ['abc', 'a1', 'notice', '13800138000', '0123456789abcdef0123456789abcdef', 'UserOutlined'];

/** Leap days: possible, unlike the dates below. */
const POSSIBLE_DATE_TIME = '2024-02-29T23:59:59+08:00';
const POSSIBLE_DATE = '2024-02-29';

/** A value of the schema that its validator accepts (the other fields of a request must not be the problem). */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((b) => b.type !== 'null') ?? schema.anyOf[0]!);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      // An array of objects gets one, so a field inside its items can be put in a valid request (the bundle's lists).
      return Array.from({ length: Math.max(schema.minItems ?? 0, schema.items?.type === 'object' ? 1 : 0) }, (_, i) =>
        schema.items?.type === 'integer' ? i + 1 : sample(schema.items ?? {}),
      );
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, sample(s)]));
    case 'string': {
      if (schema.format === 'date-time') return POSSIBLE_DATE_TIME;
      if (schema.format === 'date') return POSSIBLE_DATE;
      if (schema.format === 'email') return 'someone@example.com';
      const length = Math.max(schema.minLength ?? 0, 3);
      const fits = (s: string) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
      if (schema.pattern && schema.pattern !== PLAIN_TEXT_PATTERN && schema.pattern !== MULTILINE_TEXT_PATTERN) {
        const re = new RegExp(schema.pattern, 'u');
        const found = PATTERN_SAMPLES.find((s) => re.test(s) && fits(s));
        if (!found) throw new Error(`no sample string for pattern ${schema.pattern}`);
        return found;
      }
      return 'x'.repeat(Math.min(length, schema.maxLength ?? length));
    }
    default:
      return null;
  }
}

/** Every string schema inside a query or body, through objects, arrays and unions, with the nearest title. */
function stringFields(): Field[] {
  const found: Field[] = [];
  const walk = (
    route: string,
    def: RouteDef,
    part: Part,
    schema: Schema,
    path: Array<string | number>,
    title: string,
  ) => {
    const named = schema.title ?? title;
    if (schema.type === 'string') found.push({ route, def, part, path, schema, title: named });
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      walk(route, def, part, child, [...path, name], child.title ?? name);
    }
    if (schema.type === 'array' && schema.items) walk(route, def, part, schema.items, [...path, 0], named);
    for (const branch of schema.anyOf ?? []) walk(route, def, part, branch, path, named);
  };
  for (const [name, def] of all) {
    for (const part of ['query', 'body'] as const) {
      const schema = def[part] as Schema | undefined;
      if (schema) walk(name, def, part, schema, [], '');
    }
  }
  return found;
}

/** A valid request of the route with `value` put at `path` of its query or body. */
function requestWith(field: Field, value: unknown) {
  const base = {
    query: field.def.query ? (sample(field.def.query as Schema) as Record<string, unknown>) : undefined,
    body: field.def.body ? sample(field.def.body as Schema) : undefined,
  };
  let target = base[field.part] as Record<string | number, unknown>;
  for (const key of field.path.slice(0, -1)) {
    if (target[key] === undefined) target[key] = typeof key === 'number' ? [] : {};
    target = target[key] as Record<string | number, unknown>;
  }
  target[field.path.at(-1)!] = value;
  return base;
}

const urlOf = (def: RouteDef) => {
  const params = def.params ? (sample(def.params as Schema) as Record<string, unknown>) : {};
  return `/api${def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
};

const IMPOSSIBLE_DATE_TIMES = [
  '2026-06-30T23:59:60Z', // a leap second: RFC 3339 allows it, Date cannot hold it
  '2016-12-31T23:59:60Z', // a real leap second, still not a Date
  '2026-02-30T00:00:00Z',
  '2026-02-29T12:00:00Z', // 2026 is not a leap year
  '2026-04-31T08:00:00+08:00',
  '2026-13-01T00:00:00Z',
  '2026-06-30T24:00:00Z',
  '2026-06-30T12:60:00Z',
];
const IMPOSSIBLE_DATES = ['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10'];

/** Characters no name should hold: C0 and C1 controls, DEL, bidi marks, overrides and isolates, separators. */
const HOSTILE = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\n',
  '\u007f',
  '\u0085',
  '\u061c',
  '\u200f',
  '\u2028',
  '\u202e',
  '\u2066',
];
/** A text area takes line breaks and tabs, nothing else of the above. */
const MULTILINE_OK = new Set(['\n']);

describe.each(lanes)('input the contract allows no 5xx for, generated over every route on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let writes: () => Promise<string>;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    writes = async () => {
      const counts: number[] = [];
      for (const table of ['account', 'org', 'role', 'resource', 'dict', 'dict_item', 'role_resource'] as const) {
        const row = await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow();
        counts.push(Number(row.n));
      }
      return counts.join(',');
    };
  });
  afterAll(() => t.close());

  const send = (def: RouteDef, input: { query?: Record<string, unknown>; body?: unknown }, raw?: string) =>
    t.app.fastify.inject({
      method: def.method,
      url: urlOf(def),
      query: input.query ? Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, String(v)])) : undefined,
      headers: { authorization: admin, ...(def.body ? { 'content-type': 'application/json' } : {}) },
      ...(raw !== undefined
        ? { payload: raw }
        : input.body !== undefined
          ? { payload: JSON.stringify(input.body) }
          : {}),
    });

  it('builds a valid request for every route (so each refusal below is about the field under test)', () => {
    for (const [name, def] of all) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = def[part];
        if (!schema) continue;
        const value = sample(schema as Schema);
        expect(ajv.validate(schema, value), `${name}.${part} ${JSON.stringify(ajv.errors)}`).toBe(true);
      }
    }
  });

  it('refuses impossible dates in every date field with 400 naming the field', async () => {
    const before = await writes();
    const dates = stringFields().filter((f) => f.schema.format === 'date-time' || f.schema.format === 'date');
    // The sign-in log's and the audit trail's time filters at least.
    expect(dates.length).toBeGreaterThanOrEqual(4);
    for (const field of dates) {
      for (const value of field.schema.format === 'date' ? IMPOSSIBLE_DATES : IMPOSSIBLE_DATE_TIMES) {
        const res = await send(field.def, requestWith(field, value));
        const label = `${field.route}.${field.path.join('.')} = ${value}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json().msg, label).toBe(translate('validation.date', { field: field.title }, 'zh-CN'));
      }
      // A possible date (a leap day) in the same place passes: read routes are simply called with it.
      const possible = field.schema.format === 'date' ? POSSIBLE_DATE : POSSIBLE_DATE_TIME;
      if (field.def.method === 'GET') {
        // The query's other optional filters left out: a sample the handler refuses on its own (an export's
        // `columns`) would hide what the date does.
        const query = requestWith(field, possible).query!;
        const required = new Set((field.def.query as { required?: string[] }).required ?? []);
        const only = Object.fromEntries(
          Object.entries(query).filter(([name]) => required.has(name) || name === field.path[0]),
        );
        const fine = await send(field.def, { query: only, body: undefined });
        expect(fine.statusCode, `${field.route} ${possible} ${fine.body.slice(0, 100)}`).toBeLessThan(400);
      } else {
        expect(ajv.validate(field.def[field.part]!, requestWith(field, possible)[field.part])).toBe(true);
      }
    }
    expect(await writes()).toBe(before);
  });

  it('refuses a deeply nested JSON body on every body route with 400, before anything reads it', async () => {
    const before = await writes();
    const bodies = all.filter(([, def]) => def.body);
    expect(bodies.length).toBeGreaterThan(20);
    const tooDeep = translate('validation.tooDeep', { limit: MAX_JSON_DEPTH }, 'zh-CN');
    const depth = 10_000;
    for (const [name, def] of bodies) {
      for (const raw of [
        `${'['.repeat(depth)}${']'.repeat(depth)}`,
        `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
        // Inside a field, with brackets in strings that must not count.
        `{"x": "[[[{{{", "y": ${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`,
      ]) {
        const res = await send(def, {}, raw);
        expect(res.statusCode, `${name} ${raw.slice(0, 20)}`).toBe(400);
        expect(res.json().msg, name).toBe(tooDeep);
      }
      // At the limit the body is parsed and validated as usual (a route taking any JSON would store it).
      if ((def.body as Schema).type === undefined) continue;
      const atLimit = await send(def, {}, `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
      expect(atLimit.statusCode, name).toBe(400);
      expect(atLimit.json().msg, name).not.toBe(tooDeep);
    }
    expect(await writes()).toBe(before);
  });

  it('refuses control and bidi characters in every name and text field with 400 naming the field', async () => {
    const before = await writes();
    const fields = stringFields().filter((f) => f.schema.format === undefined && f.schema.enum === undefined);
    const free = fields.filter((f) => f.schema[TEXT_KIND] === undefined);
    // Names of accounts, organisations, roles, resources and dictionaries, profile fields, search filters.
    expect(free.length).toBeGreaterThan(40);
    for (const wanted of ['createAccount.accountName', 'createOrg.name', 'createRole.name', 'createDict.dictName']) {
      expect(
        free.some((f) => `${f.route}.${f.path.join('.')}` === wanted),
        wanted,
      ).toBe(true);
    }
    for (const field of fields) {
      const kind = field.schema[TEXT_KIND];
      const base = String(sample(field.schema));
      for (const ch of HOSTILE) {
        const value = base.length >= 2 ? base.slice(0, 1) + ch + base.slice(2) : ch;
        const request = requestWith(field, value);
        const label = `${field.route}.${field.path.join('.')} ${JSON.stringify(value)}`;
        if (kind === 'secret' || (kind === 'multiline' && MULTILINE_OK.has(ch))) {
          // Passwords take any character, text areas line breaks. Not sent: the request is valid and would
          // write; the server validates with this very schema.
          expect(ajv.validate(field.def[field.part]!, request[field.part]), label).toBe(true);
          continue;
        }
        const res = await send(field.def, request);
        const plainText = translate('validation.plainText', { field: field.title }, 'zh-CN');
        expect(res.statusCode, label).toBe(400);
        if (field.schema.pattern && field.schema.pattern !== PLAIN_TEXT_PATTERN) {
          // Codes, ids, mobile numbers: their own pattern refuses it.
          expect(res.json().msg, label).toContain(field.title);
        } else {
          expect(res.json().msg, label).toBe(plainText);
        }
      }
    }
    expect(await writes()).toBe(before);
  }, 120_000);

  it('keeps an uploaded file name that passes in its own download url, whatever the uploader sent', async () => {
    const boundary = '----gatehouse-fuzz';
    // Raw in the header as browsers send names (a line break would end the header, so none here).
    const name = `报${HOSTILE.filter((ch) => ch !== '\n').join('')}告.pdf`;
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n',
        ),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().data as { name: string; url: string };
    expect(stored.name).toBe('报告.pdf');
    expect(new RegExp(PLAIN_TEXT_PATTERN, 'u').test(stored.name)).toBe(true);
    expect((await t.app.fastify.inject({ method: 'GET', url: stored.url })).statusCode).toBe(200);
  });
});
