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
