import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { bodyIntake } from './body-intake.js';
import { Id, StateInput } from './common.js';
import type { RouteDef } from './define.js';
import { routes } from './index.js';

const schema = Type.Object(
  {
    id: Id(),
    name: Type.String({ minLength: 1 }),
    remark: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    pid: Type.Optional(Type.Union([Id(), Type.Null()])),
    orgId: Type.Optional(Id()),
    orderNum: Type.Optional(Type.Integer()),
    ratio: Type.Optional(Type.Number()),
    state: Type.Optional(StateInput),
    at: Type.Optional(Type.Union([Type.Integer(), Type.String({ format: 'date-time' })])),
    code: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    resources: Type.Optional(Type.Array(Id())),
    nested: Type.Optional(Type.Object({ a: Type.Integer() }, { additionalProperties: false })),
    rows: Type.Optional(Type.Array(Type.Object({ b: Type.String() }, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);
const take = bodyIntake(schema);

describe('bodyIntake: what a write route takes from a body', () => {
  it('drops the fields the schema does not declare, at every depth, and changes nothing given', () => {
    const given = {
      id: 1,
      name: 'x',
      createTime: 1,
      builtin: true,
      roleId: 9,
      checkPass: 'p',
      nested: { a: 1, extra: 2 },
      rows: [{ b: 'c', children: [{}] }],
    };
    const copy = structuredClone(given);
    expect(take(given)).toEqual({ id: 1, name: 'x', nested: { a: 1 }, rows: [{ b: 'c' }] });
    expect(given).toEqual(copy);
  });

  it('reads "" as none: null where the field takes null, else absent; a text field keeps its ""', () => {
    expect(take({ id: 1, name: 'x', pid: '', orgId: '', remark: '' })).toEqual({
      id: 1,
      name: 'x',
      pid: null,
      remark: '',
    });
    // A required id given as "" is absent: the validator answers "请填写…".
    expect(take({ id: '', name: 'x' })).toEqual({ name: 'x' });
    // An optional field that takes no null: null means none.
    expect(take({ id: 1, name: 'x', orgId: null, orderNum: null })).toEqual({ id: 1, name: 'x' });
    // A required one keeps it for the validator to name.
    expect(take({ id: null, name: 'x' })).toEqual({ id: null, name: 'x' });
  });

  it('reads a decimal numeral as the number a number field takes, and nothing else', () => {
    expect(
      take({ id: '5', name: '7', orderNum: ' 12 ', ratio: '0.5', state: '1', resources: ['3', 4], code: '8' }),
    ).toEqual({ id: 5, name: '7', orderNum: 12, ratio: 0.5, state: 1, resources: [3, 4], code: '8' });
    // An integer field does not take a fraction; exponents, hex, booleans and blanks are not numerals.
    expect(take({ id: '1.5', name: 'x', orderNum: '1e3', ratio: '0x10', state: true, orgId: ' ' })).toEqual({
      id: '1.5',
      name: 'x',
      orderNum: '1e3',
      ratio: '0x10',
      state: true,
      orgId: ' ',
    });
    // A time field takes milliseconds or an ISO 8601 string: a numeral is milliseconds.
    expect(take({ id: 1, name: 'x', at: '1700000000000' })).toMatchObject({ at: 1_700_000_000_000 });
    expect(take({ id: 1, name: 'x', at: '2026-01-01T00:00:00Z' })).toMatchObject({ at: '2026-01-01T00:00:00Z' });
  });

  it('leaves what is not an object to the validator', () => {
    for (const value of [null, 'x', 5, [1], undefined]) expect(take(value)).toEqual(value);
  });
});

/** Fields that grant, elevate or identify: a route that does not declare one must never pass it on. */
const PRIVILEGED = [
  'roleId',
  'roleIds',
  'state',
  'builtin',
  'password',
  'dataScope',
  'scopeOrgIds',
  'orgId',
  'id',
  'accountNumber',
  'isAdmin',
  'resources',
  'pendingApproval',
  'mustChangePassword',
  'contactVerified',
  'emailVerified',
];

describe('every route of the contract with a body', () => {
  // A body of any JSON (a stored document, a preference) has no fields to declare: it is kept as sent.
  const withBody = (Object.entries(routes) as Array<[string, RouteDef]>).filter(
    ([, r]) => (r.body as { type?: string } | undefined)?.type === 'object',
  );

  it('covers the write routes (a body schema that is not an object would hide one)', () => {
    expect(withBody.length).toBeGreaterThan(40);
    const documents = Object.entries(routes).filter(([, r]) => r.body && !withBody.some(([, w]) => w === r));
    expect(documents.map(([name]) => name).sort()).toEqual(['putPreference', 'saveText']);
  });

  it.each(withBody)('%s passes on only the fields it declares', (_name, route) => {
    const declared = new Set(Object.keys((route.body as { properties?: object }).properties ?? {}));
    const smuggled = Object.fromEntries(PRIVILEGED.filter((f) => !declared.has(f)).map((f) => [f, 1]));
    const taken = bodyIntake(route.body)({ ...smuggled, createTime: 1, checkPass: 'x' }) as Record<string, unknown>;
    expect(Object.keys(taken).filter((key) => !declared.has(key))).toEqual([]);
  });
});
