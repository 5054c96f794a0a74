import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

/**
 * The descriptor-served entities in the configuration bundle, proven on 岗位 (contract posts.entity.ts): the section,
 * its comparison and its apply come from the descriptor and the spec (key postCode, label postName), nothing from
 * code written for posts.
 */
type Row = Record<string, unknown>;
interface Bundle {
  format: string;
  version: number;
  roles: Array<{ builtin: boolean }>;
  params?: unknown[];
  entities?: { post?: Row[] };
  [key: string]: unknown;
}
interface Change {
  id: string;
  kind: string;
  key: string;
  label: string;
  action: 'add' | 'change' | 'remove';
  fields: Array<{ field: string; before: unknown; after: unknown }>;
}

const PASSWORD = 'Cfg#2026-safe';
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe.each(lanes)('configuration bundle: descriptor-served entities on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  const exportBundle = async (app = t, token = admin) => {
    const res = await app.call('GET', '/config/bundle', { token });
    expect(res.status, res.body.msg).toBe(200);
    return res.body as unknown as Bundle;
  };
  const diff = async (bundle: unknown, app = t, token = admin) => {
    const res = await app.call('POST', '/config/bundle/diff', { token, body: bundle });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { changes: Change[] }).changes;
  };
  const apply = (bundle: unknown, changeIds: string[], app = t, token = admin) =>
    app.call('POST', '/config/bundle/apply', { token, body: { bundle, changeIds } });
  const posts = async (app = t, token = admin) =>
    (
      (await app.call('GET', '/post/s', { token, query: { p: 1, pageSize: 100 } })).body.data as {
        list: Array<Row & { id: number; postCode: string }>;
      }
    ).list;
  const post = async (body: Row) => {
    const res = await t.call('POST', '/post', { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    await post({ postCode: 'ceo', postName: '董事长', sort: 1 });
    await post({ postCode: 'se', postName: '项目经理', sort: 2, remark: '负责交付' });
    await post({ postCode: 'hr', postName: '人力资源', sort: 3, state: 0 });
  });
  afterAll(() => t.close());

  it('exports each entity’s rows by their writable fields, in the spec’s order, without ids or creation times', async () => {
    const bundle = await exportBundle();
    expect(bundle.version).toBe(1);
    expect(bundle.entities).toEqual({
      post: [
        { postCode: 'ceo', postName: '董事长', sort: 1, state: true, remark: null },
        { postCode: 'se', postName: '项目经理', sort: 2, state: true, remark: '负责交付' },
        { postCode: 'hr', postName: '人力资源', sort: 3, state: false, remark: null },
      ],
    });
    expect(await diff(bundle)).toEqual([]);
  });

  it('applied on a fresh installation, every row is added through the engine and the diff is empty', async () => {
    const bundle = await exportBundle();
    const fresh = await startTestApp(lane);
    try {
      const token = await fresh.login();
      const changes = await diff(bundle, fresh, token);
      const added = changes.filter((c) => c.kind === 'post');
      expect(added).toEqual([
        {
          id: 'post:ceo',
          kind: 'post',
          key: 'ceo',
          label: '董事长',
          action: 'add',
          fields: [
            { field: 'postName', before: null, after: '董事长' },
            { field: 'sort', before: null, after: 1 },
            { field: 'state', before: null, after: true },
            { field: 'remark', before: null, after: null },
          ],
        },
        expect.objectContaining({ id: 'post:se', action: 'add' }),
        expect.objectContaining({ id: 'post:hr', action: 'add' }),
      ]);
      const res = await apply(
        bundle,
        changes.map((c) => c.id),
        fresh,
        token,
      );
      expect(res.status, res.body.msg).toBe(200);
      expect(await diff(bundle, fresh, token)).toEqual([]);
      const again = await exportBundle(fresh, token);
      expect(again.entities).toEqual(bundle.entities);
      const rows = await posts(fresh, token);
      expect(rows.map((r) => [r.postCode, r.state, typeof r.createTime])).toEqual([
        ['ceo', true, 'number'],
        ['se', true, 'number'],
        ['hr', false, 'number'],
      ]);
      const log = (await fresh.call('GET', '/audit/s', { token, query: { p: 1, pageSize: 20 } })).body.data as {
        list: Array<{ title: string; outcome: string }>;
      };
      expect(log.list.filter((e) => e.title === '应用配置包')).toEqual([
        expect.objectContaining({ outcome: 'success' }),
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('compares row by key: changed fields before and after, additions, removals; a bundle without the section leaves rows alone', async () => {
    const bundle = await exportBundle();
    const changed = copy(bundle);
    const rows = changed.entities!.post!;
    Object.assign(rows.find((r) => r.postCode === 'se')!, { postName: ' 交付经理 ', state: 0 });
    changed.entities!.post = [
      ...rows.filter((r) => r.postCode !== 'hr'),
      // A row of an installation before some field: only what it gives is compared and written.
      { postCode: 'qa', postName: '测试' },
    ];
    expect(await diff(changed)).toEqual([
      {
        id: 'post:se',
        kind: 'post',
        key: 'se',
        label: '交付经理',
        action: 'change',
        fields: [
          { field: 'postName', before: '项目经理', after: '交付经理' },
          { field: 'state', before: true, after: false },
        ],
      },
      {
        id: 'post:qa',
        kind: 'post',
        key: 'qa',
        label: '测试',
        action: 'add',
        fields: [{ field: 'postName', before: null, after: '测试' }],
      },
      {
        id: 'post:hr',
        kind: 'post',
        key: 'hr',
        label: '人力资源',
        action: 'remove',
        fields: [
          { field: 'postName', before: '人力资源', after: null },
          { field: 'sort', before: 3, after: null },
          { field: 'state', before: false, after: null },
          { field: 'remark', before: null, after: null },
        ],
      },
    ]);

    // A bundle of an installation before the section existed: nothing of the entity compared, never a removal.
    const older = copy(bundle);
    delete older.entities;
    expect(await diff(older)).toEqual([]);
    const empty = copy(bundle);
    empty.entities = {};
    expect(await diff(empty)).toEqual([]);

    // Applied (the rows the file leaves a field out of keep it; a new one gets the create route's defaults).
    const res = await apply(changed, ['post:se', 'post:qa']);
    expect(res.status, res.body.msg).toBe(200);
    const now = await posts();
    expect(now.find((r) => r.postCode === 'se')).toMatchObject({
      postName: '交付经理',
      state: false,
      remark: '负责交付',
    });
    expect(now.find((r) => r.postCode === 'qa')).toMatchObject({
      postName: '测试',
      sort: 0,
      state: true,
      remark: null,
    });
    expect((await diff(changed)).map((c) => c.id)).toEqual(['post:hr']);

    // And back, the removal included.
    const back = copy(bundle);
    const undo = await diff(back);
    expect(undo.map((c) => [c.id, c.action])).toEqual([
      ['post:se', 'change'],
      ['post:qa', 'remove'],
    ]);
    expect(
      (
        await apply(
          back,
          undo.map((c) => c.id),
        )
      ).status,
    ).toBe(200);
    expect(await diff(bundle)).toEqual([]);
  });

  it('refuses a file the descriptor refuses, naming the row and the field', async () => {
    const bundle = await exportBundle();
    const call = (body: unknown) => t.call('POST', '/config/bundle/diff', { token: admin, body });
    const pattern = copy(bundle);
    pattern.entities!.post!.push({ postCode: '-x', postName: 'x' });
    expect((await call(pattern)).body).toMatchObject({ code: 400, msg: '岗位编码格式不正确' });
    const long = copy(bundle);
    long.entities!.post!.push({ postCode: 'x', postName: 'x'.repeat(51) });
    expect((await call(long)).body).toMatchObject({ code: 400, msg: '岗位名称长度不能超过 50 个字符' });
    const keyless = copy(bundle);
    keyless.entities!.post!.push({ postName: 'x' });
    expect((await call(keyless)).body).toMatchObject({ code: 400, msg: '请填写岗位编码' });
    // What the row's schema does not declare (an id, another entity) is dropped as every write body drops it.
    const unknown = copy(bundle) as Bundle & { entities: Record<string, unknown> };
    unknown.entities.post!.push({ postCode: 'x', postName: 'x', id: 5, createTime: 1 });
    unknown.entities.nothing = [{ id: 1 }];
    expect((await diff(unknown)).map((c) => [c.id, c.fields.map((f) => f.field)])).toEqual([['post:x', ['postName']]]);
    const blank = copy(bundle);
    blank.entities!.post!.push({ postCode: 'x', postName: '  ' });
    expect((await call(blank)).body).toEqual({ code: 400, msg: '岗位“x”：岗位名称不能为空白' });
    const twice = copy(bundle);
    twice.entities!.post!.push({ postCode: 'ceo', postName: '另一个' });
    expect((await call(twice)).body).toEqual({ code: 400, msg: '配置文件中岗位“ceo”重复' });
  });

  it('writes nothing when one row is refused by the engine (a unique field another row holds)', async () => {
    const bundle = await exportBundle();
    const clash = copy(bundle);
    clash.entities!.post!.find((r) => r.postCode === 'se')!.remark = '改了';
    clash.entities!.post!.push({ postCode: 'cfo', postName: '财务总监' });
    clash.entities!.post!.push({ postCode: 'chair', postName: '董事长' });
    const changes = await diff(clash);
    expect(changes.map((c) => c.id)).toEqual(['post:se', 'post:cfo', 'post:chair']);
    const res = await apply(
      clash,
      changes.map((c) => c.id),
    );
    expect(res.body).toEqual({ code: 400, msg: '岗位“chair”：岗位名称“董事长”已存在' });
    expect((await diff(clash)).map((c) => c.id)).toEqual(['post:se', 'post:cfo', 'post:chair']);
    expect((await posts()).map((r) => r.postCode)).toEqual(['ceo', 'se', 'hr']);

    // A value a removed row gives up is free for another row of the same apply.
    const swap = copy(bundle);
    swap.entities!.post = swap.entities!.post!.filter((r) => r.postCode !== 'hr');
    swap.entities!.post.push({ postCode: 'people', postName: '人力资源', sort: 3 });
    const swapped = await diff(swap);
    const done = await apply(
      swap,
      swapped.map((c) => c.id),
    );
    expect(done.status, done.body.msg).toBe(200);
    expect((await posts()).map((r) => r.postCode)).toEqual(['ceo', 'se', 'people']);
    const restored = await apply(
      bundle,
      (await diff(bundle)).map((c) => c.id),
    );
    expect(restored.status, restored.body.msg).toBe(200);
    expect(await diff(bundle)).toEqual([]);
  });

  it('needs the permission of the single-row route each change stands for', async () => {
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
    }>;
    const api = (method: string, url: string) => resources.find((r) => r.method === method && r.url === url)!.id;
    const role = await t.call('POST', '/role', {
      token: admin,
      body: {
        name: `岗位配置员-${lane}`,
        dataScope: 'all',
        resources: [
          api('get', '/config/bundle'),
          api('post', '/config/bundle/diff'),
          api('post', '/config/bundle/apply'),
          api('post', '/post'),
        ],
      },
    });
    expect(role.status, role.body.msg).toBe(200);
    const accountNumber = `cfgpost${lane}`;
    const made = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber,
        accountName: '岗位配置',
        password: PASSWORD,
        orgId: ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id,
        roleId: (role.body.data as { id: number }).id,
        state: 1,
      },
    });
    expect(made.status, made.body.msg).toBe(200);
    const token = await t.login(accountNumber, PASSWORD);

    const bundle = await exportBundle(t, token);
    const next = copy(bundle);
    next.entities!.post!.find((r) => r.postCode === 'ceo')!.sort = 9;
    next.entities!.post = next.entities!.post!.filter((r) => r.postCode !== 'hr');
    next.entities!.post.push({ postCode: 'ops', postName: '运维', sort: 4 });
    const changed = await apply(next, ['post:ceo'], t, token);
    expect(changed.status).toBe(403);
    expect(changed.body.msg).toBe('应用岗位“ceo”的变更需要“修改岗位”权限');
    const removed = await apply(next, ['post:hr'], t, token);
    expect(removed.status).toBe(403);
    expect(removed.body.msg).toBe('应用岗位“hr”的变更需要“删除岗位”权限');
    const added = await apply(next, ['post:ops'], t, token);
    expect(added.status, added.body.msg).toBe(200);
    expect((await posts()).map((r) => r.postCode)).toEqual(['ceo', 'se', 'hr', 'ops']);
    expect((await apply(bundle, ['post:ops'])).status).toBe(200);
  });
});
