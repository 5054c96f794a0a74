import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

/** The posts (岗位) an account holds: written by POST / PUT /account, answered by every account answer, filtered by. */
interface AccountOut {
  id: number;
  accountNumber: string;
  postIds: number[];
  posts: Array<{ id: number; postName: string }>;
}
interface PageOut {
  list: AccountOut[];
  totalCount: number;
}

describe.each(lanes)('account posts on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  /** Posts by code: ordered by 显示顺序 opposite to their ids for 'late' and 'early'. */
  const post = {} as Record<'late' | 'early' | 'off' | 'spare' | 'soon-off' | 'filter' | 'held' | 'free', number>;

  const body = (overrides: Record<string, unknown> = {}) => ({
    accountNumber: `acc${Math.random().toString(36).slice(2, 9)}`,
    accountName: '岗位测试',
    password: 'Lx9#qwe-rty',
    orgId: rootOrg,
    state: 1,
    ...overrides,
  });
  const create = (overrides: Record<string, unknown>) =>
    t.call('POST', '/account', { token: admin, body: body(overrides) });
  const created = async (overrides: Record<string, unknown>) => {
    const res = await create(overrides);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as AccountOut;
  };
  const edit = (account: AccountOut, overrides: Record<string, unknown>) =>
    t.call('PUT', '/account', {
      token: admin,
      body: { id: account.id, ...body({ accountNumber: account.accountNumber }), ...overrides },
    });
  const list = async (query: Record<string, string | number>) => {
    const res = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 100, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as PageOut;
  };
  const makePost = async (postCode: keyof typeof post, postName: string, sort: number, state = 1) => {
    const res = await t.call('POST', '/post', { token: admin, body: { postCode, postName, sort, state } });
    expect(res.status, res.body.msg).toBe(200);
    post[postCode] = (res.body.data as { id: number }).id;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    await makePost('late', '后排岗位', 9);
    await makePost('early', '前排岗位', 1);
    await makePost('off', '停用岗位', 5, 0);
    await makePost('spare', '空闲岗位', 7);
  });
  afterAll(() => t.close());

  it('creates an account holding posts and answers them in the posts’ order (显示顺序, then id)', async () => {
    const account = await created({ postIds: [post.late, post.early] });
    expect(account.postIds).toEqual([post.early, post.late]);
    expect(account.posts).toEqual([
      { id: post.early, postName: '前排岗位' },
      { id: post.late, postName: '后排岗位' },
    ]);
    const plain = await created({});
    expect(plain).toMatchObject({ postIds: [], posts: [] });
  });

  it('answers the posts in the list, in the single answer of an edit, and in getAccountInfo', async () => {
    const account = await created({ postIds: [post.early] });
    const row = (await list({ accountNumber: account.accountNumber })).list[0];
    expect(row).toMatchObject({ postIds: [post.early], posts: [{ id: post.early, postName: '前排岗位' }] });
    const info = (await t.call('GET', '/getAccountInfo', { token: admin })).body.data as AccountOut;
    expect(info).toMatchObject({ postIds: [], posts: [] });
  });

  it('edits the posts; an edit without postIds keeps them; an empty list clears them', async () => {
    const account = await created({ postIds: [post.early] });
    let res = await edit(account, { postIds: [post.late, post.spare] });
    expect(res.status, res.body.msg).toBe(200);
    expect((res.body.data as AccountOut).postIds).toEqual([post.spare, post.late]);
    res = await edit(account, { accountName: '改名' });
    expect((res.body.data as AccountOut).postIds).toEqual([post.spare, post.late]);
    res = await edit(account, { postIds: [] });
    expect((res.body.data as AccountOut).postIds).toEqual([]);
  });

  it.each([
    [() => ({ postIds: [999_999] }), '岗位不存在：编号 999999'],
    [() => ({ postIds: [post.off] }), '岗位“停用岗位”已禁用，不能分配给账号'],
    [() => ({ postIds: [post.early, post.early] }), '岗位不能重复'],
    [() => ({ postIds: Array.from({ length: 51 }, (_, i) => i + 1) }), '岗位最多选择 50 项'],
    [() => ({ postIds: [0] }), '岗位不能小于 1'],
    [() => ({ postIds: 'x' }), '岗位格式不正确'],
  ])('refuses posts a create may not give, naming the field (%#)', async (overrides, msg) => {
    const res = await create(overrides());
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(res.body).toMatchObject({ code: 400, field: 'postIds' });
  });

  it('keeps a post disabled since on an edit, but refuses giving a disabled post anew', async () => {
    await makePost('soon-off', '将停用岗位', 3);
    const account = await created({ postIds: [post['soon-off']] });
    const off = await t.call('PUT', '/post/batch-state', { token: admin, body: { ids: [post['soon-off']], state: 0 } });
    expect(off.status, off.body.msg).toBe(200);
    const kept = await edit(account, { postIds: [post['soon-off'], post.early] });
    expect(kept.status, kept.body.msg).toBe(200);
    expect((kept.body.data as AccountOut).postIds).toEqual([post.early, post['soon-off']]);
    const other = await created({});
    const refused = await edit(other, { postIds: [post['soon-off']] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('岗位“将停用岗位”已禁用，不能分配给账号');
  });

  it('filters the list and the export by a post', async () => {
    await makePost('filter', '筛选岗位', 4);
    const a = await created({ postIds: [post.filter, post.early] });
    const b = await created({ postIds: [post.filter] });
    await created({ postIds: [post.early] });
    const found = await list({ postId: post.filter });
    expect(found.totalCount).toBe(2);
    expect(found.list.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const sorted = await list({ postId: post.filter, sort: 'accountNumber', order: 'asc' });
    expect(sorted.list.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const file = await t.call('GET', '/account/export', {
      token: admin,
      query: { postId: post.filter, format: 'csv' },
    });
    expect(file.status).toBe(200);
    const text = String(file.body.data);
    expect(text).toContain(a.accountNumber);
    expect(text).toContain(b.accountNumber);
    expect((await list({ postId: post.spare + 1000 })).totalCount).toBe(0);
  });

  it('refuses deleting a post some account holds, alone and in bulk (per row), and deletes it once released', async () => {
    await makePost('held', '被占用岗位', 6);
    await makePost('free', '可删岗位', 6);
    const account = await created({ postIds: [post.held] });
    await created({ postIds: [post.held] });
    const one = await t.call('DELETE', '/post', { token: admin, query: { id: post.held } });
    expect(one.status).toBe(400);
    expect(one.body.msg).toBe('岗位“被占用岗位”已分配给 2 个账号，不能删除');
    const bulk = await t.call('POST', '/post/batch-delete', { token: admin, body: { ids: [post.held, post.free] } });
    expect(bulk.status, bulk.body.msg).toBe(200);
    expect(bulk.body.data).toMatchObject({
      done: [post.free],
      refused: [{ id: post.held, message: '岗位“被占用岗位”已分配给 2 个账号，不能删除' }],
    });
    // Deleting the accounts releases the post (their links go with them).
    const holders = (await list({ postId: post.held })).list.map((r) => r.id);
    expect(holders).toContain(account.id);
    for (const id of holders) {
      const res = await t.call('DELETE', '/account', { token: admin, query: { id } });
      expect(res.status, res.body.msg).toBe(200);
    }
    const gone = await t.call('DELETE', '/post', { token: admin, query: { id: post.held } });
    expect(gone.status, gone.body.msg).toBe(200);
  });

  it('audits the posts an edit changes', async () => {
    const account = await created({ postIds: [post.early] });
    const res = await edit(account, { postIds: [post.late] });
    expect(res.status, res.body.msg).toBe(200);
    const entries = (
      (await t.call('GET', '/audit/s', { token: admin, query: { p: 1, pageSize: 5, title: '编辑账号' } })).body
        .data as { list: Array<{ diff: Array<{ field: string; before: unknown; after: unknown }> }> }
    ).list;
    const change = entries[0]?.diff.find((d) => d.field === 'postIds');
    expect(change).toBeDefined();
    expect(JSON.stringify(change?.before)).toContain(String(post.early));
    expect(JSON.stringify(change?.after)).toContain(String(post.late));
  });
});
