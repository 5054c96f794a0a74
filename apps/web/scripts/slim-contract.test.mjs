import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { slimContractModule } from './slim-contract.mjs';

const parse = (/** @type {string} */ code) => parseAst(code, { lang: 'ts' });
const slim = (/** @type {string} */ code) => slimContractModule(code, /** @type {never} */ (parse));

const source = `import { Type } from 'typebox';
import { defineRoute } from './define.js';

export const LIMIT = 20;
const Name = Type.String({ minLength: 1, title: '名称' });
const send = (path: string, title: string) =>
  defineRoute({ method: 'POST', path, access: 'open', title, description: 'Sends.', response: Type.Null() });

export const things = {
  list: defineRoute({
    method: 'GET',
    path: '/thing/s',
    access: 'permission',
    title: '事物列表',
    menu: '/things',
    description: 'Lists things (分页).',
    query: Type.Object({ name: Type.Optional(Name) }),
    response: Type.Array(Type.Object({ id: Type.Integer(), name: Name })),
  }),
  download: defineRoute({ method: 'GET', path: '/thing/:id', access: 'signed-in', transport: 'file', params: Type.Object({ id: Type.String() }), response: Type.Unknown() }),
  notify: send('/thing/notify', '通知'),
};
`;

describe('slimContractModule', () => {
  it('keeps method, path, access and transport of each route, drops schemas and texts', () => {
    const out = slim(source);
    expect(out).toContain(`list: defineRoute({ method: 'GET', path: '/thing/s', access: 'permission' })`);
    expect(out).toContain(
      `download: defineRoute({ method: 'GET', path: '/thing/:id', access: 'signed-in', transport: 'file' })`,
    );
    expect(out).toContain(`defineRoute({ method: 'POST', path, access: 'open' })`);
    for (const gone of ['事物列表', "'/things'", 'Lists things', 'Type.Array', 'Type.Unknown', 'Sends.']) {
      expect(out).not.toContain(gone);
    }
  });

  it('marks every remaining TypeBox call pure and leaves the rest of the module as it was', () => {
    const out = slim(source);
    expect(out).toContain(`const Name = /* @__PURE__ */ Type.String({ minLength: 1, title: '名称' });`);
    expect(out).toContain('export const LIMIT = 20;');
    expect(out).toContain(`notify: send('/thing/notify', '通知'),`);
    expect(out.match(/Type\.\w+\(/g)).toHaveLength(out.match(/\/\* @__PURE__ \*\/ Type\.\w+\(/g)?.length ?? -1);
  });

  it("rewrites an entity's CRUD routes to their route table, so its descriptor stays off the route table's chunk", () => {
    const out = slim(`import { crudRoutes } from './entity-crud.js';
import { postEntity } from './posts.entity.js';
export const postCrud = { name: 'Post', path: '/post', title: { 'zh-CN': '岗位' }, state: 'state' } as const satisfies Spec;
export const defs = { ...crudRoutes(postEntity, postCrud) };
`);
    const table = out.match(/\.\.\.\((\{.*\})\) \}/)?.[1];
    expect(JSON.parse(table ?? 'null')).toMatchObject({
      listPosts: { method: 'GET', path: '/post/s', access: 'permission', screen: true },
      createPost: { method: 'POST', path: '/post', access: 'permission' },
      batchPostState: { method: 'PUT', path: '/post/batch-state', access: 'permission' },
      postImportTemplate: { method: 'GET', path: '/post/import/template', transport: 'file' },
    });
    expect(out).not.toContain('crudRoutes(postEntity');
    expect(() => slim(`export const defs = crudRoutes(postEntity, makeSpec());`)).toThrow(/needs a spec declared/);
  });

  it('marks entity declarations and derivations pure, so a descriptor only a screen uses stays off the route table', () => {
    const out = slim(`import { defineEntity, inputProperties, answerProperties } from './entity.js';
export const thingEntity = defineEntity({ name: 'thing', table: 'thing', fields: {} });
const fields = inputProperties(thingEntity, ['name']);
export const Thing = Type.Object(answerProperties(thingEntity));
`);
    expect(out).toContain("export const thingEntity = /* @__PURE__ */ defineEntity({ name: 'thing'");
    expect(out).toContain("const fields = /* @__PURE__ */ inputProperties(thingEntity, ['name']);");
    expect(out).toContain('/* @__PURE__ */ Type.Object(/* @__PURE__ */ answerProperties(thingEntity))');
  });

  it('builds a constant made with spreads inside a pure arrow, so an unused one takes its descriptor with it', () => {
    const out = slim(`export const Thing = Type.Object({ ...answerProperties(thingEntity), extra: Type.String() });
export const SORTS = [...sortableKeys(thingEntity), 'orgName'] as const;
const plain = { a: 1 };
`);
    expect(out).toContain(
      'export const Thing = /* @__PURE__ */ (() => (/* @__PURE__ */ Type.Object({ .../* @__PURE__ */ answerProperties(thingEntity), extra: /* @__PURE__ */ Type.String() })))();',
    );
    expect(out).toContain(
      "export const SORTS = /* @__PURE__ */ (() => ([.../* @__PURE__ */ sortableKeys(thingEntity), 'orgName'] as const))();",
    );
    expect(out).toContain('const plain = { a: 1 };');
  });

  it('leaves a module without routes or schemas unchanged', () => {
    const plain = "export const API_BASE = '/api';\nexport function resourceKey(m: string) { return m; }\n";
    expect(slim(plain)).toBe(plain);
  });

  it('parses every module of the contract and keeps each route a method, a path and an access (and `screen`)', () => {
    const dir = join(import.meta.dirname, '../../../packages/contract/src');
    const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    let routes = 0;
    for (const name of modules) {
      const out = slim(readFileSync(join(dir, name), 'utf8'));
      // The output is still valid TypeScript.
      expect(() => parse(out), name).not.toThrow();
      for (const match of out.matchAll(/defineRoute\(\{([^}]*)\}\)/g)) {
        routes += 1;
        const fields = (match[1] ?? '').split(', ').map((field) => field.split(':')[0]?.trim());
        expect(fields, `${name}: ${match[0]}`).toEqual(expect.arrayContaining(['method', 'path', 'access']));
        expect(fields.every((field) => ['method', 'path', 'access', 'transport', 'screen'].includes(field ?? ''))).toBe(
          true,
        );
      }
    }
    expect(routes).toBeGreaterThan(40);
  });
});
