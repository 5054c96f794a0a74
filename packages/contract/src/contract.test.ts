import { describe, expect, it } from 'vitest';
import {
  ALLOWED_EXTENSIONS,
  expandAccept,
  extensionOf,
  flattenMenus,
  MULTILINE_TEXT_PATTERN,
  PLAIN_TEXT_PATTERN,
  type RouteDef,
  routes,
  TEXT_KIND,
  TIME_KIND,
  TimeInput,
  Timestamp,
} from './index.js';

const all = Object.entries(routes) as [string, RouteDef][];

describe('the contract', () => {
  it('declares each method + path once', () => {
    const keys = all.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every route a zh-CN title, a description and an access rule', () => {
    for (const [name, route] of all) {
      expect(route.title, name).toMatch(/[\u4e00-\u9fa5]/);
      expect(route.description.length, name).toBeGreaterThan(10);
      expect(['open', 'signed-in', 'permission'], name).toContain(route.access);
    }
  });

  it('files every permission route under an existing menu, so the permission tree can show it', () => {
    const menuPaths = new Set(flattenMenus().map((m) => m.path));
    for (const [name, route] of all.filter(([, r]) => r.access === 'permission')) {
      expect(menuPaths.has(route.menu ?? ''), `${name} → ${route.menu}`).toBe(true);
    }
  });

  it('names at most one screen route per menu (what its other routes need to be usable), a permission GET filed under it', () => {
    const screens = all.filter(([, r]) => r.screen);
    expect(screens.length).toBeGreaterThan(0);
    for (const [name, route] of screens) {
      expect([route.method, route.access], name).toEqual(['GET', 'permission']);
      expect(screens.filter(([, other]) => other.menu === route.menu).length, name).toBe(1);
    }
    // 重置密码 needs 账号列表 (a helpdesk role); 配置迁移's screen loads nothing of its own.
    expect(routes.listAccounts).toMatchObject({ screen: true, menu: routes.resetAccountPassword.menu });
    expect(screens.some(([, r]) => r.menu === routes.applyConfigBundle.menu)).toBe(false);
    // Every menu whose routes are more than one list-less action names its screen: a new screen cannot forget it.
    const menusWithScreens = new Set(screens.map(([, r]) => r.menu));
    const lists = all.filter(
      ([, r]) => r.access === 'permission' && r.method === 'GET' && /\/s$|^\/(orgs|resources)$/.test(r.path),
    );
    for (const [name, route] of lists) {
      if (route.path.includes('/item/')) continue;
      expect(menusWithScreens.has(route.menu), `${name}: its menu ${route.menu} names no screen route`).toBe(true);
    }
  });

  it('rejects unknown fields and bounds every string in request schemas', () => {
    const visit = (schema: Record<string, unknown>, where: string): void => {
      if (schema.type === 'object') expect(schema.additionalProperties, where).toBe(false);
      if (schema.type === 'string') expect(schema.maxLength, where).toBeTypeOf('number');
      for (const child of Object.values((schema.properties as Record<string, Record<string, unknown>>) ?? {})) {
        visit(child, where);
      }
      for (const branch of (schema.anyOf as Record<string, unknown>[]) ?? []) visit(branch, where);
    };
    for (const [name, route] of all) {
      if (route.params) visit(route.params as never, `${name}.params`);
      if (route.query) visit(route.query as never, `${name}.query`);
      if (route.body) visit(route.body as never, `${name}.body`);
    }
  });

  it('holds every request string without a narrower pattern or format to plain text, passwords excepted', () => {
    const visit = (schema: Record<string, unknown>, where: string): void => {
      if (schema.type === 'string' && schema.format === undefined && schema.enum === undefined) {
        if (schema[TEXT_KIND] === 'secret') expect(schema.pattern, where).toBeUndefined();
        else if (schema[TEXT_KIND] === 'multiline') expect(schema.pattern, where).toBe(MULTILINE_TEXT_PATTERN);
        else expect(schema.pattern, where).toBeTypeOf('string');
      }
      for (const [name, child] of Object.entries(
        (schema.properties as Record<string, Record<string, unknown>>) ?? {},
      )) {
        visit(child, `${where}.${name}`);
      }
      if (schema.items) visit(schema.items as Record<string, unknown>, `${where}[]`);
      for (const branch of (schema.anyOf as Record<string, unknown>[]) ?? []) visit(branch, where);
    };
    for (const [name, route] of all) {
      for (const part of ['params', 'query', 'body'] as const) {
        if (route[part]) visit(route[part] as never, `${name}.${part}`);
      }
    }
    // Only passwords take any character.
    const secrets = all.flatMap(([name, route]) =>
      Object.entries((route.body as { properties?: Record<string, Record<string, unknown>> })?.properties ?? {})
        .filter(([, s]) => s[TEXT_KIND] === 'secret')
        .map(([field]) => `${name}.${field}`),
    );
    expect(
      secrets.every((s) => /[pP]assword$/.test(s)),
      secrets.join(),
    ).toBe(true);
    const plain = new RegExp(PLAIN_TEXT_PATTERN, 'u');
    const multiline = new RegExp(MULTILINE_TEXT_PATTERN, 'u');
    expect(plain.test('张三 O’Brien-1 😀 👩‍💻')).toBe(true);
    for (const ch of ['\u0000', '\u001b', '\n', '\u007f', '\u0085', '\u061c', '\u200e', '\u202e', '\u2067', '\u2029']) {
      expect(plain.test(`a${ch}b`), JSON.stringify(ch)).toBe(false);
    }
    expect(multiline.test('第一行\r\n第二行\t缩进')).toBe(true);
    expect(multiline.test('a\u202eb')).toBe(false);
  });

  it('names each request field in zh-CN for validation messages', () => {
    for (const [name, route] of all) {
      for (const schema of [route.params, route.query, route.body]) {
        const properties =
          (schema as { properties?: Record<string, { title?: string }> } | undefined)?.properties ?? {};
        for (const [field, property] of Object.entries(properties)) {
          expect(property.title ?? '', `${name}.${field}`).toMatch(/[\u4e00-\u9fa5]|ID|URL/);
        }
      }
    }
  });

  it('declares path parameters exactly for the :name segments of the path', () => {
    for (const [name, route] of all) {
      const segments = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = Object.keys((route.params as { properties?: object } | undefined)?.properties ?? {}).sort();
      expect(declared, name).toEqual(segments);
    }
  });
});

/** A field named as a time: `at`, `time`, `…At`, `…Time` (createTime, signedInAt, lastAt, startTime). */
const TIME_NAME = /^(at|time)$|[a-z](At|Time)$/;

type Node = Record<string, unknown>;

/**
 * Where a schema declares a time other than through the shared schemas: in an answer every time is `Timestamp`
 * (integer epoch ms) and no string has a date format; in a request every time is `TimeInput`.
 */
function strayTimes(schema: unknown, part: 'answer' | 'request', where: string): string[] {
  const kind = part === 'answer' ? 'epoch-ms' : 'input';
  const found: string[] = [];
  const isShared = (node: Node): boolean =>
    node[TIME_KIND] === kind ||
    (part === 'answer' &&
      Array.isArray(node.anyOf) &&
      (node.anyOf as Node[]).some((b) => b[TIME_KIND] === kind) &&
      (node.anyOf as Node[]).every((b) => b[TIME_KIND] === kind || b.type === 'null'));
  const seen = new Set<unknown>();
  const visit = (node: unknown, path: string, insideTime: boolean): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) visit(child, `${path}[${i}]`, insideTime);
      return;
    }
    const n = node as Node;
    const shared = insideTime || n[TIME_KIND] === kind;
    if (n[TIME_KIND] === 'epoch-ms' && n.type !== 'integer') found.push(`${path}: epoch-ms time that is no integer`);
    if (part === 'answer' && n.type === 'string' && (n.format === 'date-time' || n.format === 'time')) {
      found.push(`${path}: string with format ${String(n.format)}`);
    }
    if (part === 'request' && n.format === 'date-time' && !shared) found.push(`${path}: ad hoc date-time string`);
    for (const [key, child] of Object.entries(n)) {
      if (key === 'properties' && typeof child === 'object' && child !== null) {
        for (const [name, property] of Object.entries(child as Node)) {
          if (TIME_NAME.test(name) && !isShared(property as Node)) {
            found.push(
              `${path}.${name}: a time that is not the shared ${part === 'answer' ? 'Timestamp' : 'TimeInput'}`,
            );
          }
          visit(property, `${path}.${name}`, shared);
        }
      } else {
        visit(child, path, shared);
      }
    }
  };
  visit(schema, where, false);
  return found;
}

describe('times (ADR 0029)', () => {
  it('answers every time as the shared epoch-ms integer, never as a date-time string', () => {
    const stray = all.flatMap(([name, route]) =>
      route.transport === 'file' ? [] : strayTimes(route.response, 'answer', `${name}.response`),
    );
    expect(stray).toEqual([]);
  });

  it('takes every time in a request as the shared TimeInput (epoch ms or ISO 8601)', () => {
    const stray = all.flatMap(([name, route]) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        route[part] ? strayTimes(route[part], 'request', `${name}.${part}`) : [],
      ),
    );
    expect(stray).toEqual([]);
  });

  it('finds a stray time, so a new route cannot bring one back', () => {
    const answer = {
      type: 'object',
      properties: {
        createTime: { type: 'string', format: 'date-time' },
        nested: { type: 'array', items: { type: 'object', properties: { lastSeenAt: { type: 'string' } } } },
        updated: { type: 'string', format: 'date-time' },
        ok: Timestamp,
        maybe: { anyOf: [Timestamp, { type: 'null' }] },
      },
    };
    expect(strayTimes(answer, 'answer', 'r')).toEqual([
      'r.createTime: a time that is not the shared Timestamp',
      'r.createTime: string with format date-time',
      'r.nested.lastSeenAt: a time that is not the shared Timestamp',
      'r.updated: string with format date-time',
    ]);
    const request = {
      type: 'object',
      properties: { since: { type: 'string', format: 'date-time' }, endTime: { type: 'string' }, to: TimeInput('到') },
    };
    expect(strayTimes(request, 'request', 'q')).toEqual([
      'q.since: ad hoc date-time string',
      'q.endTime: a time that is not the shared TimeInput',
    ]);
  });
});

describe('accepted file groups', () => {
  it('expands groups recursively, mixed with plain extensions, lower-cased and without dots', () => {
    expect(expandAccept('t-image')).toEqual(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);
    expect(expandAccept('t-document').sort()).toEqual(['doc', 'docx', 'pdf', 'ppt', 'pptx', 'xls', 'xlsx']);
    expect(expandAccept(['.PDF', 't-zip', 'txt'])).toEqual(['pdf', 'zip', 'rar', 'txt']);
    expect(expandAccept('t-unknown, png')).toEqual(['png']);
    expect(ALLOWED_EXTENSIONS).toHaveLength(25);
    expect(ALLOWED_EXTENSIONS).not.toContain('html');
    expect(ALLOWED_EXTENSIONS).not.toContain('svg');
    expect(extensionOf('报告.final.DOCX')).toBe('docx');
    expect(extensionOf('README')).toBe('');
  });
});
