import { describe, expect, it } from 'vitest';
import { flattenMenus, type RouteDef, routes } from './index.js';

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
      if (route.query) visit(route.query as never, `${name}.query`);
      if (route.body) visit(route.body as never, `${name}.body`);
    }
  });

  it('names each request field in zh-CN for validation messages', () => {
    for (const [name, route] of all) {
      for (const schema of [route.query, route.body]) {
        const properties =
          (schema as { properties?: Record<string, { title?: string }> } | undefined)?.properties ?? {};
        for (const [field, property] of Object.entries(properties)) {
          expect(property.title ?? '', `${name}.${field}`).toMatch(/[\u4e00-\u9fa5]|ID|URL/);
        }
      }
    }
  });
});
