import {
  needsSudo,
  type RouteDef,
  resourceKey,
  routes,
  type SecurityClass,
  SUPER_ADMIN_CLASSES,
  UNSWITCHED_CLASSES,
  VERIFICATION_REQUIRED_HEADER,
} from '@gatehouse/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../harness.js';

// The route-class walk (docs/security.md, "Security classes"): every contract route declares what an attacker
// wants of it (`security`), and the guard derives its rules from that declaration. This file walks every classed
// route, generated from the contract, as five attackers on SQLite and PostgreSQL, and expects the refusal:
// (a) a narrow role, (b) a self-registered account, (c) a stolen token past its sudo window, (d) a switched session,
// (e) a 自定义 (custom-scope) administrator sitting outside its own scope. A new route of a class is walked without a
// line here; a route writing a contact or a credential without declaring it fails the first test.

const PASSWORD = 'RouteWalk#2026-ok';
const all = Object.entries(routes) as Array<[string, RouteDef]>;
const classed = all.filter(([, r]) => r.security?.length);
const has = (route: RouteDef, c: SecurityClass) => route.security?.includes(c) ?? false;
const props = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});

/** Request fields that write a contact or a credential (the first test holds every route to its declaration). */
const CONTACT_FIELDS = ['contactNumber', 'email'];
const CREDENTIAL_FIELDS = ['password', 'newPassword', 'initialPassword'];
/** Routes that carry a credential field only to check it, writing none (each with its reason). */
const CHECKS_ONLY: Record<string, string> = {
  login: 'checks the password of a sign-in',
  validatePassword: 'checks the signed-in account’s password (an identity verification)',
};

/** Values for fields whose schema has a pattern or format (a generated request must pass validation). */
const SAMPLES: Record<string, unknown> = {
  mobile: '13812345678',
  contactNumber: '13812345679',
  email: 'walk.new@example.com',
  code: '123456',
  previewId: '00000000-0000-4000-8000-000000000000',
  challengeId: '00000000-0000-4000-8000-000000000000',
  credential: {
    id: 'w',
    rawId: 'w',
    type: 'public-key',
    response: { clientDataJSON: 'w' },
    clientExtensionResults: {},
  },
  token: 'walk-token',
  mode: 'insert',
};

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
  default?: unknown;
}

/** A smallest value the schema accepts: required fields only, SAMPLES by field name where a pattern needs one. */
function sample(schema: Schema, name = ''): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, name);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties![key]!, key);
      return out;
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => sample(schema.items!, `${name}${i}`));
    case 'null':
      return null;
    default:
      return 'w'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

describe('the contract declares each route’s security class', () => {
  it('every route writing a contact or a credential field declares it', () => {
    const undeclared: string[] = [];
    for (const [name, route] of all) {
      if (route.method === 'GET') continue;
      const fields = [...props(route.body), ...props(route.query)];
      if (fields.some((f) => CONTACT_FIELDS.includes(f)) && !has(route, 'contact') && route.access !== 'open') {
        undeclared.push(`${name}: contact`);
      }
      if (fields.some((f) => CREDENTIAL_FIELDS.includes(f)) && !has(route, 'credential') && !CHECKS_ONLY[name]) {
        undeclared.push(`${name}: credential`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('every classed request can be generated (a new route is walked without a line here)', () => {
    const invalid: string[] = [];
    for (const [name, route] of classed) {
      for (const schema of [route.query, route.body]) {
        if (schema && !Value.Check(schema, sample(schema as Schema))) invalid.push(name);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('sudo mode follows from the classes: credentials, ending sessions, and what was sensitive before', () => {
    const sudo = all.filter(([, r]) => needsSudo(r)).map(([n]) => n);
    for (const [name, route] of classed) {
      if (has(route, 'credential') || has(route, 'sessions')) expect(sudo).toContain(name);
    }
    // The findings of the December review (M-3): creating an account (a password) and ending the owner's other
    // sessions were open to a stolen token.
    for (const name of ['createAccount', 'commitAccountImport', 'endOtherOwnSessions', 'forceLogout']) {
      expect(sudo).toContain(name);
    }
  });
});

describe.each(lanes)('the route-class walk on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let serial = 0;
  const org = { root: 0, x: 0, y: 0, z: 0 };
  const role = { narrow: 0, custom: 0, tree: 0 };
  /** An account outside the custom administrator's scope, with a contact and a live session. */
  const outside = { id: 0, number: '', mobile: '13712340000', session: '' };
  const persona = { narrow: '', registered: '', stale: '', switched: '', custom: '', customId: 0 };

  const ok = (res: { status: number; body: { msg?: string; data?: unknown } }) => {
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };
  const idOf = (data: unknown) => (data as { id: number }).id;

  async function makeAccount(orgId: number, roleId: number | null, extra: Record<string, unknown> = {}) {
    const accountNumber = `walk${lane}${++serial}`;
    const body = { accountNumber, accountName: accountNumber, password: PASSWORD, orgId, roleId, state: 1, ...extra };
    const id = idOf(ok(await t.call('POST', '/account', { token: admin, body })));
    return { id, accountNumber };
  }

  /** The session id behind a token (its `sid` claim). */
  const sessionOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

  /** A request for `route` generated from its schemas, with `fill` for the fields the case aims. */
  function call(route: RouteDef, token: string, fill: Record<string, unknown> = {}) {
    const query = route.query ? { ...(sample(route.query as Schema) as object), ...pick(route.query, fill) } : {};
    const body = route.body ? { ...(sample(route.body as Schema) as object), ...pick(route.body, fill) } : undefined;
    const params = route.params ? (sample(route.params as Schema) as Record<string, unknown>) : {};
    const path = route.path.replace(/:(\w+)/g, (_, key: string) => String(params[key] ?? 'w'));
    return t.call(route.method, path, { token, query: query as Record<string, string | number>, body });
  }
  const pick = (schema: unknown, fill: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fill).filter(([key]) => props(schema).includes(key)));

  /** The fields a case aims at the account outside the custom scope: its id, or its session's where a session is meant. */
  function aimAtOutside(route: RouteDef) {
    const schema = (route.query ?? route.body) as Schema | undefined;
    const sessions =
      route.subjects?.some((s) => s.kind === 'session') ||
      schema?.properties?.id?.type === 'string' ||
      schema?.properties?.ids?.items?.type === 'string';
    const id = sessions ? outside.session : outside.id;
    return { id, accountId: outside.id, ids: [id] };
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    org.root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const makeOrg = async (pid: number) =>
      idOf(ok(await t.call('POST', '/org', { token: admin, body: { name: `walk-org-${lane}-${++serial}`, pid } })));
    org.x = await makeOrg(org.root);
    org.y = await makeOrg(org.root);
    // The custom administrator's own organisation, outside the organisations its scope names.
    org.z = await makeOrg(org.root);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const api = (route: RouteDef) =>
      resources.find((r) => r.method && r.url && `${r.method},${r.url}` === resourceKey(route.method, route.path))?.id;
    const menus = resources.filter((r) => r.route).map((r) => r.id);
    const apis = all.flatMap(([, r]) => (r.access === 'permission' ? [api(r)] : [])).filter((id) => id !== undefined);
    const makeRole = async (body: Record<string, unknown>) =>
      idOf(
        ok(await t.call('POST', '/role', { token: admin, body: { name: `walk-role-${lane}-${++serial}`, ...body } })),
      );
    role.narrow = await makeRole({ resources: [api(routes.listDicts)!], dataScope: 'self' });
    role.custom = await makeRole({ resources: [...menus, ...apis], dataScope: 'custom', scopeOrgIds: [org.x] });
    role.tree = await makeRole({ resources: [api(routes.listDicts)!], dataScope: 'orgTree' });

    const narrow = await makeAccount(org.x, role.narrow);
    persona.narrow = await t.login(narrow.accountNumber, PASSWORD);
    // (b) registered by the public flow (REGISTRATION=on in tests): a captcha, an SMS code, the form.
    const mobile = `1390000${String(lane === 'sqlite' ? 1 : 2).padStart(4, '0')}`;
    const image = ok(await t.call('GET', '/captcha/image')) as { id: string };
    const captcha = ok(
      await t.call('GET', '/captcha/image/validate', { query: { id: image.id, userInput: t.codeFor(image.id) } }),
    ) as string;
    const sent = ok(await t.call('POST', '/captcha/sms/register', { body: { mobile, captcha } })) as { id: string };
    const smsToken = ok(
      await t.call('GET', '/captcha/sms/validate', { query: { id: sent.id, userInput: t.codeFor(mobile) } }),
    ) as string;
    ok(
      await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token: smsToken, name: '自助注册', company: '某公司', password: PASSWORD },
      }),
    );
    persona.registered = await t.login(mobile, PASSWORD);

    // (c) the administrator's token, its sign-in two hours past (the tests' sudo window is an hour).
    persona.stale = await t.login();
    await t.database.db
      .updateTable('session')
      .set({ verified_at: new Date(Date.now() - 2 * 3600_000).toISOString() })
      .where('id', '=', sessionOf(persona.stale))
      .execute();

    // (d) a fresh administrator acting as an account with the narrow role.
    const switchedInto = await makeAccount(org.x, role.narrow);
    persona.switched = ok(
      await t.call('GET', '/account/front/identity/switch', { token: await t.login(), query: { id: switchedInto.id } }),
    ) as string;

    // (e) the custom administrator: scope 华东 (org.x), sitting in org.z.
    const custom = await makeAccount(org.z, role.custom);
    persona.customId = custom.id;
    persona.custom = await t.login(custom.accountNumber, PASSWORD);

    const target = await makeAccount(org.y, role.narrow, { contactNumber: outside.mobile });
    outside.id = target.id;
    outside.number = target.accountNumber;
    outside.session = sessionOf(await t.login(target.accountNumber, PASSWORD));
  });
  afterAll(() => t.close());

  const permissionRoutes = classed.filter(([, r]) => r.access === 'permission');
  it.each(permissionRoutes)('(a) a narrow role is refused %s', async (name, route) => {
    const res = await call(route, persona.narrow, aimAtOutside(route));
    expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
  });

  it.each(permissionRoutes)('(b) a self-registered account is refused %s', async (name, route) => {
    const res = await call(route, persona.registered, aimAtOutside(route));
    expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
  });

  const sudoRoutes = all.filter(([, r]) => r.access !== 'open' && needsSudo(r));
  it.each(sudoRoutes)('(c) a stolen token past its sudo window is refused %s', async (name, route) => {
    const res = await call(route, persona.stale, aimAtOutside(route));
    expect(res.status, `${name}: ${res.body.msg}`).toBe(400);
    expect(res.headers[VERIFICATION_REQUIRED_HEADER]).toBe('identity');
  });

  const contactWrites = classed.filter(
    ([, r]) => r.access !== 'open' && has(r, 'contact') && props(r.body).includes('contactNumber'),
  );
  it.each(contactWrites)('(c) a stolen token cannot change its own contact through %s', async (name, route) => {
    const me = ok(await t.call('GET', '/getAccountInfo', { token: persona.stale })) as Record<string, unknown>;
    const res = await call(route, persona.stale, {
      ...me,
      id: me.id,
      contactNumber: '13655550001',
      state: 1,
    });
    expect(res.status, `${name}: ${res.body.msg}`).toBe(400);
    expect(res.headers[VERIFICATION_REQUIRED_HEADER], res.body.msg).toBe('identity');
    const after = ok(await t.call('GET', '/getAccountInfo', { token: await t.login() })) as { contactNumber: unknown };
    expect(after.contactNumber).toBe(me.contactNumber);
  });

  const switchedRefused = classed.filter(
    ([, r]) =>
      r.access !== 'open' &&
      (UNSWITCHED_CLASSES.some((c) => has(r, c)) || (has(r, 'contact') && r.access === 'signed-in')),
  );
  it.each(switchedRefused)('(d) a switched session is refused %s', async (name, route) => {
    const res = await call(route, persona.switched, { contactNumber: '13655550002', mobile: '13655550002' });
    expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
  });

  const onAccounts = classed.filter(([, r]) => r.subjects?.some((s) => s.kind === 'account' || s.kind === 'session'));
  it.each(onAccounts)('(e) a custom-scope administrator is refused %s outside its scope', async (name, route) => {
    const res = await call(route, persona.custom, { ...aimAtOutside(route), orgId: org.y });
    expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
    // L-2: the refusal does not name what lies outside the caller's scope.
    expect(res.body.msg).not.toContain(outside.number);
  });

  const superAdminOnly = classed.filter(([, r]) => SUPER_ADMIN_CLASSES.some((c) => has(r, c)));
  it.each(
    superAdminOnly,
  )('(e) an administrator holding every API is refused %s: the super-admin only', async (name, route) => {
    const res = await call(route, persona.custom, aimAtOutside(route));
    expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
    expect(res.body.msg).toContain('超级管理员');
  });

  const reads = classed.filter(
    ([, r]) => has(r, 'personal') && r.method === 'GET' && !r.subjects?.some((s) => s.kind === 'account'),
  );
  it.each(reads)('(e) %s answers the custom-scope administrator nothing outside its scope', async (name, route) => {
    const res = await call(route, persona.custom, {
      mobile: outside.mobile,
      roleId: role.tree,
      pageSize: 100,
      format: 'csv',
    });
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    expect(res.status === 200 || res.status === 403, `${name}: ${res.status} ${text.slice(0, 200)}`).toBe(true);
    expect(text).not.toContain(outside.number);
    expect(text).not.toContain(outside.mobile);
  });

  it('(e) its own audit entries of those refusals show nothing of the accounts it was refused', async () => {
    const mine = await t.call('GET', '/audit/s', { token: persona.custom, query: { p: 1, pageSize: 100 } });
    const text = JSON.stringify(ok(mine));
    expect(text).toContain('refused');
    expect(text).not.toContain(outside.number);
    expect(text).not.toContain(outside.mobile);
  });

  it('(e) H-3: a custom-scope administrator cannot hand itself a 本组织及以下 role that reaches past its scope', async () => {
    const me = ok(await t.call('GET', '/getAccountInfo', { token: persona.custom })) as Record<string, unknown>;
    const res = await t.call('PUT', '/account', {
      token: persona.custom,
      body: {
        id: persona.customId,
        accountNumber: me.accountNumber,
        accountName: me.accountName,
        state: 1,
        orgId: org.z,
        roleId: role.tree,
      },
    });
    expect(res.status, res.body.msg).toBe(403);
    expect(res.body.msg).toBe('该角色交给此组织的账号后，其数据权限将超出您的范围，您不能执行“编辑账号”');
    const after = ok(await t.call('GET', '/getAccountInfo', { token: await t.login() })) as unknown;
    expect(after).toBeDefined();
    const row = await t.database.db
      .selectFrom('account')
      .select('role_id')
      .where('id', '=', persona.customId)
      .executeTakeFirstOrThrow();
    expect(row.role_id).toBe(role.custom);
    // Handed to an account inside its scope the same role reaches only that branch: served.
    const inside = await t.call('POST', '/account', {
      token: persona.custom,
      body: {
        accountNumber: `walkin${lane}`,
        accountName: '范围内',
        password: PASSWORD,
        state: 1,
        orgId: org.x,
        roleId: role.tree,
      },
    });
    expect(inside.status, inside.body.msg).toBe(200);
  });
});
