import { CRUDS, crudRouteName, type RouteDef, resourceKey, routes } from '@gatehouse/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../harness.js';

const PASSWORD = 'Bulk#2026-safe-pw';
const all = Object.entries(routes) as Array<[string, RouteDef]>;
/** The bulk routes, found in the contract by their `ids` body: a new one without a case here fails the first test. */
const bulk = all.filter(([, r]) =>
  Object.keys((r.body as { properties?: object } | undefined)?.properties ?? {}).includes('ids'),
);

interface Result<I> {
  done: I[];
  refused: Array<{ id: I; message: string }>;
}

/**
 * The bulk actions apply the rules of their single actions row by row: the dominance rule through
 * modules/authz, the built-in admin, oneself, missing rows; they write the rows they accept in one transaction, answer
 * per row, and are recorded per row in the audit trail. A caller without the route's resource gets 403.
 */
describe.each(lanes)('bulk actions on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let rootOrg: number;
  let narrowRole: number;
  let wideRole: number;
  let subsetRole: number;
  let actor: { id: number; number: string; token: string };
  let serial = 0;

  async function makeRole(name: string, resources: number[]): Promise<number> {
    const res = await t.call('POST', '/role', { token: admin, body: { name, resources } });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  }
  async function makeAccount(roleId: number | null) {
    const number = `bulk${lane}${++serial}`;
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: number, accountName: number, password: PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, number };
  }
  const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  const alive = async (token: string) => (await t.call('GET', '/getAccountInfo', { token })).status === 200;
  const exists = async (id: number) =>
    (await t.database.db.selectFrom('account').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const enabled = async (id: number) =>
    (await t.database.db.selectFrom('account').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state ===
    1;
  async function bulkCall<I>(route: RouteDef, body: Record<string, unknown>, token = actor.token) {
    const res = await t.call(route.method, route.path, { token, body });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as Result<I>;
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    adminId = ((await t.call('GET', '/getAccountInfo', { token: admin })).body.data as { id: number }).id;
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const api = (route: RouteDef) =>
      resources.find(
        (r) => r.method && r.url && resourceKey(r.method, r.url) === resourceKey(route.method, route.path),
      )!.id;
    const menu = (path: string) => resources.find((r) => r.route === path)!.id;
    const narrow = [
      menu('/user/Account'),
      menu('/monitor/Online'),
      ...bulk.map(([, route]) => api(route)),
      api(routes.listAccounts),
      api(routes.listOnline),
    ];
    narrowRole = await makeRole(`bulk-narrow-${lane}`, narrow);
    wideRole = await makeRole(`bulk-wide-${lane}`, [...narrow, api(routes.listDicts)]);
    subsetRole = await makeRole(`bulk-subset-${lane}`, [menu('/user/Account'), api(routes.listAccounts)]);
    const made = await makeAccount(narrowRole);
    actor = { ...made, token: await t.login(made.number, PASSWORD) };
  });
  afterAll(() => t.close());

  it('finds the bulk routes in the contract (each descriptor-served entity has two), each guarded by its own API resource', () => {
    expect(bulk.map(([name]) => name).sort()).toEqual(
      [
        'batchAccountState',
        'batchDeleteAccounts',
        'batchDeleteDictItems',
        'batchForceLogout',
        ...CRUDS.flatMap((crud) => [crudRouteName(crud.name, 'batchDelete'), crudRouteName(crud.name, 'batchState')]),
      ].sort(),
    );
    for (const [, route] of bulk) expect(route.access).toBe('permission');
  });

  it('files each bulk route as an API resource under its menu, held by the built-in super-admin', async () => {
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      pid: number | null;
      name: string;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const held = new Set(
      ((await t.call('GET', '/getPermissions', { token: admin })).body.data as Array<{ id: number }>).map((r) => r.id),
    );
    for (const [name, route] of bulk) {
      const resource = resources.find((r) => r.method === route.method.toLowerCase() && r.url === route.path);
      expect(resource, name).toMatchObject({ name: route.title });
      const menu = resources.find((r) => r.route === route.menu);
      expect(resource!.pid, name).toBe(menu!.id);
      expect(held.has(resource!.id), name).toBe(true);
    }
  });

  it('deletes the dominated account and refuses, row by row, a wider one, the built-in admin, oneself and a missing one', async () => {
    const within = await makeAccount(subsetRole);
    const wide = await makeAccount(wideRole);
    const withinToken = await t.login(within.number, PASSWORD);
    const wideToken = await t.login(wide.number, PASSWORD);
    const result = await bulkCall<number>(routes.batchDeleteAccounts, {
      ids: [wide.id, within.id, adminId, actor.id, 987_654],
    });
    expect(result).toEqual({
      done: [within.id],
      refused: [
        { id: wide.id, message: `账号“${wide.number}”拥有您没有的权限，您不能对其执行“删除账号”` },
        { id: adminId, message: '内置管理员账号只能由其本人操作，不能执行“删除账号”' },
        { id: actor.id, message: '不能删除当前登录的账号' },
        { id: 987_654, message: '账号不存在或已被删除' },
      ],
    });
    expect(await exists(within.id)).toBe(false);
    for (const id of [wide.id, adminId, actor.id]) expect(await exists(id)).toBe(true);
    // A deleted account's sessions end with it; the others' live on.
    expect(await alive(withinToken)).toBe(false);
    expect(await alive(wideToken)).toBe(true);

    // The trail has one entry per row, as the single action would have: who, which account, outcome and reason. A
    // refused row names its target by id only: nothing read from an account the caller may not reach.
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['target_type', 'target_id', 'target_label', 'outcome', 'status', 'message', 'actor_account_id'])
      .where('route_name', '=', 'batchDeleteAccounts')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      expect.objectContaining({ target_id: String(within.id), target_label: within.number, outcome: 'success' }),
      expect.objectContaining({ target_id: String(wide.id), target_label: null, outcome: 'refused', status: 403 }),
      expect.objectContaining({ target_id: String(adminId), target_label: null, outcome: 'refused', status: 403 }),
      expect.objectContaining({ target_id: String(actor.id), outcome: 'refused', status: 400 }),
      expect.objectContaining({ target_id: '987654', target_label: null, outcome: 'refused', status: 400 }),
    ]);
    expect(entries.every((e) => e.target_type === 'account' && e.actor_account_id === actor.id)).toBe(true);
    expect(entries[1]!.message).toMatch(/拥有您没有的权限/);
  });

  it('disables the dominated account (ending its sessions) and refuses the others, then enables it again', async () => {
    const within = await makeAccount(subsetRole);
    const wide = await makeAccount(wideRole);
    const withinToken = await t.login(within.number, PASSWORD);
    const wideToken = await t.login(wide.number, PASSWORD);
    const result = await bulkCall<number>(routes.batchAccountState, {
      ids: [within.id, wide.id, adminId, actor.id, 987_654],
      state: 0,
    });
    expect(result).toEqual({
      done: [within.id],
      refused: [
        { id: wide.id, message: `账号“${wide.number}”拥有您没有的权限，您不能对其执行“编辑账号”` },
        { id: adminId, message: '内置管理员账号只能由其本人操作，不能执行“编辑账号”' },
        { id: actor.id, message: '不能禁用当前登录的账号' },
        { id: 987_654, message: '账号不存在或已被删除' },
      ],
    });
    expect(await enabled(within.id)).toBe(false);
    expect(await alive(withinToken)).toBe(false);
    expect(await enabled(wide.id)).toBe(true);
    expect(await alive(wideToken)).toBe(true);
    expect(await alive(admin)).toBe(true);

    const again = await bulkCall<number>(routes.batchAccountState, { ids: [within.id, actor.id], state: true });
    expect(again).toEqual({ done: [within.id, actor.id], refused: [] });
    expect(await enabled(within.id)).toBe(true);
    // Re-enabling does not bring the ended session back; the owner signs in again.
    expect(await alive(withinToken)).toBe(false);
    expect(await t.login(within.number, PASSWORD)).toBeTruthy();
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['diff', 'target_label'])
      .where('route_name', '=', 'batchAccountState')
      .where('target_id', '=', String(within.id))
      .where('outcome', '=', 'success')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.diff)).toEqual([{ field: 'state', before: 1, after: 0 }]);
  });

  it('lets the built-in admin disable nobody untouchable: itself refused, others done', async () => {
    const plain = await makeAccount(wideRole);
    const result = await bulkCall<number>(routes.batchAccountState, { ids: [adminId, plain.id], state: 0 }, admin);
    expect(result).toEqual({ done: [plain.id], refused: [{ id: adminId, message: '内置管理员账号不能被禁用' }] });
    const deleted = await bulkCall<number>(routes.batchDeleteAccounts, { ids: [adminId, plain.id] }, admin);
    expect(deleted).toEqual({ done: [plain.id], refused: [{ id: adminId, message: '内置管理员账号不能被删除' }] });
  });

  it('forces out the dominated session and refuses a wider one, the admin’s, its own and a gone one', async () => {
    const within = await makeAccount(subsetRole);
    const wide = await makeAccount(wideRole);
    const withinToken = await t.login(within.number, PASSWORD);
    const wideToken = await t.login(wide.number, PASSWORD);
    const adminToken = await t.login();
    const result = await bulkCall<string>(routes.batchForceLogout, {
      ids: [sid(withinToken), sid(wideToken), sid(adminToken), sid(actor.token), 'no-such-session'],
    });
    expect(result).toEqual({
      done: [sid(withinToken)],
      refused: [
        { id: sid(wideToken), message: `账号“${wide.number}”拥有您没有的权限，您不能对其执行“强制下线”` },
        { id: sid(adminToken), message: '内置管理员账号只能由其本人操作，不能执行“强制下线”' },
        { id: sid(actor.token), message: '不能强制下线当前会话，请使用退出登录' },
        { id: 'no-such-session', message: '会话不存在或已下线' },
      ],
    });
    expect(await alive(withinToken)).toBe(false);
    expect(await alive(wideToken)).toBe(true);
    expect(await alive(adminToken)).toBe(true);
    expect(await alive(actor.token)).toBe(true);
    const again = await bulkCall<string>(routes.batchForceLogout, { ids: [sid(withinToken)] });
    expect(again.refused).toEqual([{ id: sid(withinToken), message: '会话不存在或已下线' }]);
  });

  it('refuses every bulk route (403) to a caller without its resource and to a self-registered account', async () => {
    const within = await makeAccount(subsetRole);
    const withoutResource = await t.login(within.number, PASSWORD);
    // Self-registration by mobile: the account gets no role (REGISTRATION_ROLE_ID unset).
    const mobile = lane === 'sqlite' ? '13900000081' : '13900000082';
    const { id: captchaId } = (await t.call('GET', '/captcha/image')).body.data as { id: string };
    const captcha = (
      await t.call('GET', '/captcha/image/validate', { query: { id: captchaId, userInput: t.codeFor(captchaId) } })
    ).body.data as string;
    const sent = await t.call('POST', '/captcha/sms/register', { body: { mobile, captcha } });
    expect(sent.status, sent.body.msg).toBe(200);
    const smsToken = (
      await t.call('GET', '/captcha/sms/validate', {
        query: { id: (sent.body.data as { id: string }).id, userInput: t.codeFor(mobile) },
      })
    ).body.data as string;
    const registered = await t.call('POST', '/account/admin/register/noAuth', {
      body: { mobile, token: smsToken, name: '自助注册', company: '某公司', password: PASSWORD },
    });
    expect(registered.status, registered.body.msg).toBe(200);
    const selfRegistered = await t.login(mobile, PASSWORD);

    const victim = await makeAccount(subsetRole);
    const victimToken = await t.login(victim.number, PASSWORD);
    const bodies: Record<string, Record<string, unknown>> = {
      batchDeleteAccounts: { ids: [victim.id] },
      batchAccountState: { ids: [victim.id], state: 0 },
      batchForceLogout: { ids: [sid(victimToken)] },
      batchDeleteDictItems: { ids: [1] },
      ...Object.fromEntries(
        CRUDS.flatMap((crud) => [
          [crudRouteName(crud.name, 'batchDelete'), { ids: [1] }],
          [crudRouteName(crud.name, 'batchState'), { ids: [1], state: 0 }],
        ]),
      ),
    };
    for (const token of [withoutResource, selfRegistered]) {
      for (const [name, route] of bulk) {
        const res = await t.call(route.method, route.path, { token, body: bodies[name] });
        expect(res.status, name).toBe(403);
        expect(res.body.msg).toBe(`无权访问“${route.title}”，请联系企业管理员`);
      }
    }
    expect(await exists(victim.id)).toBe(true);
    expect(await enabled(victim.id)).toBe(true);
    expect(await alive(victimToken)).toBe(true);
  });

  it('writes nothing when the transaction fails half-way: the first account is not disabled, no session ends', async () => {
    const first = await makeAccount(subsetRole);
    const second = await makeAccount(subsetRole);
    const firstToken = await t.login(first.number, PASSWORD);
    const secondToken = await t.login(second.number, PASSWORD);
    const db = t.database.db;
    // Ending the second account's sessions fails: by then the states have changed and the first one's sessions ended.
    if (lane === 'sqlite') {
      await sql`create trigger bulk_poison before update of ended_at on session
        when old.account_id = ${sql.lit(second.id)} begin select raise(abort, 'poisoned'); end`.execute(db);
    } else {
      await sql`create function bulk_poison() returns trigger language plpgsql as $$
        begin if old.account_id = ${sql.lit(second.id)} then raise exception 'poisoned'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger bulk_poison before update on session for each row execute function bulk_poison()`.execute(
        db,
      );
    }
    try {
      const res = await t.call('PUT', routes.batchAccountState.path, {
        token: actor.token,
        body: { ids: [first.id, second.id], state: 0 },
      });
      expect(res.status).toBe(500);
      expect(await enabled(first.id)).toBe(true);
      expect(await enabled(second.id)).toBe(true);
      expect(await alive(firstToken)).toBe(true);
      expect(await alive(secondToken)).toBe(true);
      // The failed call is recorded once, as a failure, with the ids it asked for.
      const entry = await db
        .selectFrom('audit_log')
        .select(['outcome', 'status', 'diff'])
        .where('route_name', '=', 'batchAccountState')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ outcome: 'refused', status: 500 });
      expect(entry.diff).toContain(String(second.id));
    } finally {
      await sql`drop trigger bulk_poison${sql.raw(lane === 'postgres' ? ' on session' : '')}`.execute(db);
      if (lane === 'postgres') await sql`drop function bulk_poison()`.execute(db);
    }
  });
});
