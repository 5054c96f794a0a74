import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface DictOut {
  id: number;
  dictName: string;
  dictCode: string;
  remark: string | null;
}
interface ItemOut {
  id: number;
  dictCode: string;
  value: string;
  pid: number | null;
  orderNum: number;
  keyValue: string;
  state: boolean;
  tagColor: string | null;
}

describe.each(lanes)('dictionaries API on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  const createDict = (body: Record<string, unknown>) => t.call('POST', '/dict', { token: admin, body });
  const addItem = async (body: Record<string, unknown>) =>
    (await t.call('POST', '/dict/item', { token: admin, body })).body.data as ItemOut;
  const items = async (dictCode: string) =>
    (await t.call('GET', '/dict/item/s', { token: admin, query: { dictCode } })).body.data as ItemOut[];

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('creates, pages and filters dictionaries by name', async () => {
    for (const [name, code] of [
      ['性别', 'gender'],
      ['学历', 'education'],
      ['民族', 'ethnicity'],
    ]) {
      expect((await createDict({ dictName: name, dictCode: code })).status).toBe(200);
    }
    const page = (await t.call('GET', '/dict/s', { token: admin, query: { p: 1, pageSize: 2 } })).body.data as {
      list: DictOut[];
      totalCount: number;
      totalPage: number;
    };
    expect(page).toMatchObject({ totalCount: 3, totalPage: 2 });
    expect(page.list.map((d) => d.dictCode)).toEqual(['ethnicity', 'education']);
    const named = (await t.call('GET', '/dict/s', { token: admin, query: { p: 1, pageSize: 20, dictName: '学' } })).body
      .data as { list: DictOut[] };
    expect(named.list.map((d) => d.dictCode)).toEqual(['education']);
  });

  it.each([
    [{ dictCode: 'x' }, '请填写字典名称', 'dictName'],
    [{ dictName: 'x' }, '请填写字典类型', 'dictCode'],
    [{ dictName: 'x', dictCode: '9lives' }, '字典类型格式不正确', 'dictCode'],
    [{ dictName: 'x', dictCode: 'gender' }, '字典类型“gender”已存在', 'dictCode'],
  ])('refuses %o with “%s”, naming the field %s', async (body, message, field) => {
    expect((await createDict(body)).body).toEqual({ code: 400, msg: message, field });
  });

  it('keeps dictCode fixed after creation', async () => {
    const dict = (await createDict({ dictName: '状态', dictCode: `state_${lane}` })).body.data as DictOut;
    const renamed = await t.call('PUT', '/dict', {
      token: admin,
      body: { ...dict, dictName: '状态2', remark: '备注' },
    });
    expect(renamed.body.data).toMatchObject({ dictName: '状态2', remark: '备注', dictCode: dict.dictCode });
    const recoded = await t.call('PUT', '/dict', { token: admin, body: { ...dict, dictCode: 'other' } });
    expect(recoded.body).toEqual({ code: 400, msg: '字典类型创建后不能修改' });
  });

  it('answers items as a pid tree in order, keeps pid within the dictionary and refuses cycles', async () => {
    await createDict({ dictName: '地区', dictCode: 'area' });
    const east = await addItem({ dictCode: 'area', value: '华东', orderNum: 2 });
    const north = await addItem({ dictCode: 'area', value: '华北', orderNum: 1 });
    const shanghai = await addItem({ dictCode: 'area', value: '上海', pid: east.id });
    const beijing = await addItem({ dictCode: 'area', value: '北京', pid: north.id });
    expect((await items('area')).map((i) => i.value)).toEqual(['华北', '北京', '华东', '上海']);
    expect(beijing.pid).toBe(north.id);

    const male = await addItem({ dictCode: 'gender', value: '男' });
    const foreign = await t.call('POST', '/dict/item', {
      token: admin,
      body: { dictCode: 'area', value: '错', pid: male.id },
    });
    expect(foreign.body).toEqual({ code: 400, msg: '上级数据必须属于同一个字典' });
    const cycle = await t.call('PUT', '/dict/item', {
      token: admin,
      body: { id: east.id, dictCode: 'area', value: '华东', pid: shanghai.id },
    });
    expect(cycle.body).toEqual({ code: 400, msg: '不能把数据移动到它自己或它的下级之下' });
    const unknown = await t.call('POST', '/dict/item', { token: admin, body: { dictCode: 'nope', value: '值' } });
    expect(unknown.body).toEqual({ code: 400, msg: '字典不存在或已被删除' });
  });

  it('refuses to delete an item with children, and a dictionary while it has items (naming how many)', async () => {
    await createDict({ dictName: '部门类型', dictCode: `kind_${lane}` });
    const parent = await addItem({ dictCode: `kind_${lane}`, value: '职能' });
    const child = await addItem({ dictCode: `kind_${lane}`, value: '财务', pid: parent.id });
    const refused = await t.call('DELETE', '/dict/item', { token: admin, query: { id: parent.id } });
    expect(refused.body).toEqual({ code: 400, msg: '该数据下还有 1 个下级数据，请先删除下级数据' });
    expect((await t.call('DELETE', '/dict/item', { token: admin, query: { id: child.id } })).status).toBe(200);

    const other = await addItem({ dictCode: `kind_${lane}`, value: '业务', pid: parent.id });
    const dict = (
      (await t.call('GET', '/dict/s', { token: admin, query: { p: 1, pageSize: 50 } })).body.data as { list: DictOut[] }
    ).list.find((d) => d.dictCode === `kind_${lane}`)!;
    const withItems = await t.call('DELETE', '/dict', { token: admin, query: { id: dict.id } });
    expect(withItems.body).toEqual({ code: 400, msg: '字典“部门类型”下还有 2 条字典数据，请先删除字典数据' });
    const english = await t.app.fastify.inject({
      method: 'DELETE',
      url: `/api/dict?id=${dict.id}`,
      headers: { authorization: admin, 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({ code: 400, msg: 'Dictionary “部门类型” still has 2 items; delete them first' });
    // Nothing went: the dictionary and both items are still there.
    expect((await items(`kind_${lane}`)).map((i) => i.id)).toEqual([parent.id, other.id]);

    const bulk = await t.call('POST', '/dict/item/batch-delete', {
      token: admin,
      body: { ids: [other.id, parent.id] },
    });
    expect(bulk.body.data).toEqual({ done: [other.id, parent.id], refused: [] });
    expect((await t.call('DELETE', '/dict', { token: admin, query: { id: dict.id } })).status).toBe(200);
    const left = await t.database.db.selectFrom('dict').selectAll().where('dict_code', '=', `kind_${lane}`).execute();
    expect(left).toEqual([]);
  });

  it('bulk-deletes items: an item goes only with all its children, each refusal named as the single delete names it', async () => {
    const code = `bulk_${lane}`;
    await createDict({ dictName: '批量', dictCode: code });
    const a = await addItem({ dictCode: code, value: 'A' });
    const a1 = await addItem({ dictCode: code, value: 'A1', pid: a.id });
    const a11 = await addItem({ dictCode: code, value: 'A11', pid: a1.id });
    const b = await addItem({ dictCode: code, value: 'B' });
    const b1 = await addItem({ dictCode: code, value: 'B1', pid: b.id });
    const b2 = await addItem({ dictCode: code, value: 'B2', pid: b.id });
    const c = await addItem({ dictCode: code, value: 'C' });
    // A with A1 but not A11: A1 keeps a child, so A keeps A1. B with one of its two children. C alone.
    const res = await t.call('POST', '/dict/item/batch-delete', {
      token: admin,
      body: { ids: [a.id, a1.id, b.id, b1.id, c.id, 999_999] },
    });
    expect(res.body).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        done: [b1.id, c.id],
        refused: [
          { id: a.id, message: '该数据下还有 1 个下级数据，请先删除下级数据' },
          { id: a1.id, message: '该数据下还有 1 个下级数据，请先删除下级数据' },
          { id: b.id, message: '该数据下还有 1 个下级数据，请先删除下级数据' },
          { id: 999_999, message: '字典数据不存在或已被删除' },
        ],
      },
    });
    expect((await items(code)).map((i) => i.value)).toEqual(['A', 'A1', 'A11', 'B', 'B2']);
    // A whole subtree at once, in any order.
    const whole = await t.call('POST', '/dict/item/batch-delete', {
      token: admin,
      body: { ids: [a11.id, a.id, b2.id, a1.id] },
    });
    expect(whole.body.data).toEqual({ done: [a11.id, a.id, b2.id, a1.id], refused: [] });
    expect((await items(code)).map((i) => i.value)).toEqual(['B']);
    const empty = await t.call('POST', '/dict/item/batch-delete', { token: admin, body: { ids: [] } });
    expect(empty.body).toEqual({ code: 400, msg: '请填写所选记录', field: 'ids' });
  });

  it('deletes nothing of a bulk delete that fails half-way (one transaction)', async () => {
    const code = `fail_${lane}`;
    await createDict({ dictName: '失败', dictCode: code });
    const keep = await addItem({ dictCode: code, value: 'keep' });
    // A child of the other: the bulk delete first clears its link, then deletes both; the delete fails.
    const poison = await addItem({ dictCode: code, value: 'poison', pid: keep.id });
    const db = t.database.db;
    if (t.database.dialect === 'sqlite') {
      await sql`create trigger dict_item_poison before delete on dict_item when old.value = 'poison'
        begin select raise(abort, 'poisoned'); end`.execute(db);
    } else {
      await sql`create function dict_item_poison() returns trigger language plpgsql as $$
        begin if old.value = 'poison' then raise exception 'poisoned'; end if; return old; end $$`.execute(db);
      await sql`create trigger dict_item_poison before delete on dict_item for each row
        execute function dict_item_poison()`.execute(db);
    }
    try {
      const res = await t.call('POST', '/dict/item/batch-delete', {
        token: admin,
        body: { ids: [keep.id, poison.id] },
      });
      expect(res.status).toBe(500);
      expect((await items(code)).map((i) => i.id)).toEqual([keep.id, poison.id]);
      // The link cleared before the deletes was rolled back too.
      expect((await items(code)).map((i) => i.pid)).toEqual([null, keep.id]);
    } finally {
      await sql`drop trigger dict_item_poison${sql.raw(t.database.dialect === 'postgres' ? ' on dict_item' : '')}`.execute(
        db,
      );
    }
  });

  it('keeps an item’s label (value) and key value apart, with its state and tag colour', async () => {
    const code = `status_${lane}`;
    await createDict({ dictName: '审核状态', dictCode: code });
    const created = await t.call('POST', '/dict/item', {
      token: admin,
      body: { dictCode: code, value: '已通过', keyValue: ' approved ', state: 0, tagColor: 'green', orderNum: 1 },
    });
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      dictCode: code,
      value: '已通过',
      keyValue: 'approved',
      pid: null,
      orderNum: 1,
      state: false,
      tagColor: 'green',
    });
    const item = created.body.data as ItemOut;
    // Disabled items are kept and listed (the dictionary screen shows them; the pickers leave them out).
    expect(await items(code)).toEqual([item]);

    const edited = await t.call('PUT', '/dict/item', {
      token: admin,
      body: { id: item.id, dictCode: code, value: '通过', keyValue: 'passed', state: true, tagColor: 'geekblue' },
    });
    expect(edited.body.data).toMatchObject({ value: '通过', keyValue: 'passed', state: true, tagColor: 'geekblue' });
    // null clears the colour; the fields left out stay.
    const plain = await t.call('PUT', '/dict/item', {
      token: admin,
      body: { id: item.id, dictCode: code, value: '通过', tagColor: null },
    });
    expect(plain.body).toMatchObject({ code: 200, data: { keyValue: 'passed', state: true, tagColor: null } });
    const stored = await t.database.db
      .selectFrom('dict_item')
      .select(['value', 'key_value', 'state', 'tag_color'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ value: '通过', key_value: 'passed', state: 1, tag_color: null });
  });

  it('takes the specification’s item body as before: the key value is the label, enabled, no colour, kept on edit', async () => {
    const code = `spec_${lane}`;
    await createDict({ dictName: '规格', dictCode: code });
    const created = await t.call('POST', '/dict/item', { token: admin, body: { dictCode: code, value: ' 男 ' } });
    expect(created.status).toBe(200);
    const item = created.body.data as ItemOut;
    expect(item).toMatchObject({ value: '男', keyValue: '男', state: true, tagColor: null, pid: null, orderNum: 0 });

    await t.call('PUT', '/dict/item', {
      token: admin,
      body: { id: item.id, dictCode: code, value: '男', keyValue: 'M', state: 0, tagColor: 'blue' },
    });
    // A client of the specification's fields renames the label: what the item stores and its state stay.
    const renamed = await t.call('PUT', '/dict/item', {
      token: admin,
      body: { id: item.id, dictCode: code, value: '男性', pid: '' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...item, value: '男性', keyValue: 'M', state: false, tagColor: 'blue' });
  });

  describe('refusals of 数据键值, 状态 and 标签颜色', () => {
    beforeAll(() => createDict({ dictName: '拒绝', dictCode: 'refused' }));

    it.each([
      [{ tagColor: 'chartreuse' }, '标签颜色取值不正确', 'tagColor'],
      [{ tagColor: '#ff0000' }, '标签颜色取值不正确', 'tagColor'],
      [{ tagColor: '' }, '标签颜色取值不正确', 'tagColor'],
      [{ state: 2 }, '状态取值不正确', 'state'],
      [{ keyValue: 'k'.repeat(101) }, '数据键值长度不能超过 100 个字符', 'keyValue'],
      [{ keyValue: '  ' }, '数据键值不能为空白', undefined],
      [{ value: '' }, '请填写数据标签', 'value'],
    ])('refuses an item with %o: “%s”', async (fields, message, field) => {
      const code = 'refused';
      const refused = await t.call('POST', '/dict/item', {
        token: admin,
        body: { dictCode: code, value: '值', ...fields },
      });
      expect(refused.body).toEqual({ code: 400, msg: message, ...(field ? { field } : {}) });
      const item = await addItem({ dictCode: code, value: message });
      const edit = await t.call('PUT', '/dict/item', {
        token: admin,
        body: { id: item.id, dictCode: code, value: '值', ...fields },
      });
      expect(edit.body).toEqual({ code: 400, msg: message, ...(field ? { field } : {}) });
      expect(await items(code)).toEqual([item]);
      await t.call('DELETE', '/dict/item', { token: admin, query: { id: item.id } });
    });
  });

  it('refuses a tag colour in English naming the field', async () => {
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/dict/item',
      headers: { authorization: admin, 'accept-language': 'en' },
      payload: { dictCode: 'area', value: '西北', tagColor: 'teal' },
    });
    expect(res.json()).toEqual({ code: 400, msg: 'tagColor has an invalid value', field: 'tagColor' });
  });

  it('serves items to any signed-in account, as reference data for forms', async () => {
    await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: `plain-${lane}`, accountName: '普通', password: 'Pl#2026-safe', orgId: 1, state: 1 },
    });
    const plain = await t.login(`plain-${lane}`, 'Pl#2026-safe');
    expect((await t.call('GET', '/dict/item/s', { token: plain, query: { dictCode: 'area' } })).status).toBe(200);
    expect((await t.call('GET', '/dict/s', { token: plain, query: { p: 1, pageSize: 10 } })).status).toBe(403);
  });

  it('adds the common dictionaries the installation lacks, once, leaving one that exists as it is', async () => {
    const before = await items('gender');
    const first = await t.call('POST', '/dict/common', { token: admin });
    // 性别 and 学历 were made above: the four others are added, with their items (a tree for 所属行业).
    expect(first.body.data).toEqual({ added: 4, existing: 2 });
    expect(await items('gender')).toEqual(before);
    const industry = await items('industry');
    const it = industry.find((i) => i.value === '信息技术');
    expect(industry.filter((i) => i.pid === it?.id).map((i) => i.value)).toEqual([
      '软件开发',
      '互联网服务',
      '云计算与数据服务',
    ]);
    const level = await items('customer_level');
    expect(level.map((i) => [i.value, i.tagColor, i.state])).toEqual([
      ['普通客户', 'default', true],
      ['银卡客户', 'cyan', true],
      ['金卡客户', 'gold', true],
      ['钻石客户', 'purple', false],
    ]);
    const again = await t.call('POST', '/dict/common', { token: admin });
    expect(again.body.data).toEqual({ added: 0, existing: 6 });
    expect(await items('industry')).toEqual(industry);
  });
});
