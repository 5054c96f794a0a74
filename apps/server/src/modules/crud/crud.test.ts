import { API_BASE } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/harness.js';
import { csvOf, fetchTemplate, uploadPreview, xlsxOf } from '../../../test/import-upload.js';
import type { CrudEntity } from './crud.model.js';
import { crudEntities } from './crud.reads.js';
import { pageOf, rowsOf } from './crud.repository.js';
import { createCrudService } from './crud.service.js';

/**
 * The generic engine, proven on 岗位 (contract posts.entity.ts): every behaviour below comes from the descriptor —
 * the filters, sorts, limits, unique fields, defaults, sheet, audit — none of it is written for posts.
 */
interface PostOut {
  id: number;
  postCode: string;
  postName: string;
  sort: number;
  state: boolean;
  remark: string | null;
  createTime: number;
}
interface PageOut {
  list: PostOut[];
  totalCount: number;
  totalPage: number;
}

describe.each(lanes)('descriptor-served entities (posts) on %s', (lane) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  /** Every statement the app runs, as sent (a test empties the list before what it measures). */
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  /** The SQL of those on the post table (not account_post), of a kind. */
  const onPosts = (kind: 'select' | 'insert' | 'update') =>
    statements.filter(({ sql }) => /"post"/.test(sql) && sql.toLowerCase().startsWith(kind)).map(({ sql }) => sql);
  const create = (body: Record<string, unknown>) => t.call('POST', '/post', { token: admin, body });
  const made = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as PostOut;
  };
  const page = async (query: Record<string, string | number> = {}) => {
    const res = await t.call('GET', '/post/s', { token: admin, query: { p: 1, pageSize: 50, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as PageOut;
  };
  const codes = async (query: Record<string, string | number> = {}) => (await page(query)).list.map((p) => p.postCode);
  const audit = async (title: string) =>
    (
      (await t.call('GET', '/audit/s', { token: admin, query: { p: 1, pageSize: 5, title } })).body.data as {
        list: Array<{ outcome: string; diff: Array<{ field: string; before: unknown; after: unknown }> }>;
      }
    ).list;

  beforeAll(async () => {
    database = await openTestDatabase(lane, true);
    const recording: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        statements.push(database.db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    };
    t = await startTestApp(lane, {}, { ...database, db: database.db.withPlugin(recording) });
    admin = await t.login();
    await made({ postCode: 'ceo', postName: '董事长', sort: 1 });
    await made({ postCode: 'se', postName: '项目经理', sort: 2, remark: '负责交付' });
    await made({ postCode: 'HR', postName: '人力资源', sort: 3, state: 0 });
    await made({ postCode: 'user', postName: '普通员工', sort: 4 });
  });
  afterAll(async () => {
    await t.close();
    await database.dispose();
  });

  it('answers a page in the spec order (显示顺序, then id) with defaults for what a create left out', async () => {
    const all = await page();
    expect(all.totalCount).toBe(4);
    expect(all.list.map((p) => p.postCode)).toEqual(['ceo', 'se', 'HR', 'user']);
    expect(all.list[0]).toMatchObject({ postName: '董事长', state: true, remark: null });
    expect(all.list[2]?.state).toBe(false);
    expect(typeof all.list[0]?.createTime).toBe('number');
    expect(await page({ pageSize: 3, p: 2 })).toMatchObject({ totalCount: 4, totalPage: 2 });
  });

  it('filters by each declared filter and the keyword, and sorts by a declared field', async () => {
    expect(await codes({ postCode: 'h' })).toEqual(['HR']);
    expect(await codes({ postName: '经理' })).toEqual(['se']);
    expect(await codes({ state: 0 })).toEqual(['HR']);
    expect(await codes({ keyword: 'US' })).toEqual(['user']);
    expect(await codes({ keyword: '员' })).toEqual(['user']);
    // A keyword's wildcard is a literal character.
    expect(await codes({ keyword: '%' })).toEqual([]);
    expect(await codes({ sort: 'postCode', order: 'desc' })).toEqual(['user', 'se', 'HR', 'ceo'].sort().reverse());
    const future = Date.now() + 86_400_000;
    expect(await codes({ startTime: future })).toEqual([]);
    expect(await codes({ endTime: future })).toHaveLength(4);
    const refused = await t.call('GET', '/post/s', { token: admin, query: { p: 1, pageSize: 5, sort: 'remark' } });
    expect(refused.body).toMatchObject({ code: 400, msg: '排序字段取值不正确' });
  });

  it.each([
    [{ postCode: 'x' }, '请填写岗位名称', 'postName'],
    [{ postName: 'x' }, '请填写岗位编码', 'postCode'],
    [{ postCode: '-x', postName: 'x' }, '岗位编码格式不正确', 'postCode'],
    [{ postCode: 'x', postName: 'x'.repeat(51) }, '岗位名称长度不能超过 50 个字符', 'postName'],
    [{ postCode: 'x', postName: 'x', sort: 10_000 }, '显示顺序不能大于 9999', 'sort'],
    [{ postCode: 'ceo', postName: '新岗位' }, '岗位编码“ceo”已存在', 'postCode'],
    [{ postCode: 'cto', postName: '董事长' }, '岗位名称“董事长”已存在', 'postName'],
    [{ postCode: 'cto', postName: '   ' }, '岗位名称不能为空白', 'postName'],
  ])('refuses %o with “%s”, naming the field %s', async (body, message, field) => {
    const res = await create(body);
    expect(res.body).toMatchObject({ code: 400, msg: message });
    expect((res.body as { field?: string }).field).toBe(field);
  });

  it('edits: fields left out keep their value, unique fields refuse another row’s value, and the trail has the diff', async () => {
    const se = (await page({ postCode: 'se' })).list[0] as PostOut;
    const edited = await t.call('PUT', '/post', {
      token: admin,
      body: { id: se.id, postCode: 'se', postName: '交付经理' },
    });
    expect(edited.body.data).toMatchObject({ postName: '交付经理', remark: '负责交付', sort: 2, state: true });
    const taken = await t.call('PUT', '/post', { token: admin, body: { id: se.id, postCode: 'ceo', postName: 'y' } });
    expect(taken.body).toMatchObject({ code: 400, msg: '岗位编码“ceo”已存在', field: 'postCode' });
    const gone = await t.call('PUT', '/post', { token: admin, body: { id: 999_999, postCode: 'q', postName: 'q' } });
    expect(gone.body).toMatchObject({ code: 400, msg: '岗位不存在或已被删除' });
    const entry = (await audit('updatePost')).find((e) => e.outcome === 'success');
    expect(entry?.diff).toEqual([{ field: 'postName', before: '项目经理', after: '交付经理' }]);
  });

  it('deletes one, deletes and disables in bulk (an id gone is refused by name), each row in the trail', async () => {
    const temp = await made({ postCode: 'tmp', postName: '临时岗位' });
    expect((await t.call('DELETE', '/post', { token: admin, query: { id: temp.id } })).status).toBe(200);
    const again = await t.call('DELETE', '/post', { token: admin, query: { id: temp.id } });
    expect(again.body).toMatchObject({ code: 400, msg: '岗位不存在或已被删除' });

    const a = await made({ postCode: 'a1', postName: '甲' });
    const b = await made({ postCode: 'b1', postName: '乙' });
    const off = await t.call('PUT', '/post/batch-state', {
      token: admin,
      body: { ids: [a.id, b.id, temp.id], state: 0 },
    });
    expect(off.body.data).toEqual({ done: [a.id, b.id], refused: [{ id: temp.id, message: '岗位不存在或已被删除' }] });
    expect((await page({ state: 0 })).list.map((p) => p.postCode).sort()).toEqual(['HR', 'a1', 'b1']);
    const entries = (await audit('batchPostState')).filter((e) => e.outcome === 'success');
    expect(entries.map((e) => e.diff)).toEqual([
      [{ field: 'state', before: 1, after: 0 }],
      [{ field: 'state', before: 1, after: 0 }],
    ]);

    const removed = await t.call('POST', '/post/batch-delete', { token: admin, body: { ids: [a.id, b.id] } });
    expect(removed.body.data).toEqual({ done: [a.id, b.id], refused: [] });
    expect(await codes({ keyword: '1' })).toEqual([]);
  });

  it('exports the list’s rows under its filters, and the export imports back unchanged', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await t.app.fastify.inject({
        method: 'GET',
        url: `${API_BASE}/post/export?format=${format}&sort=postCode`,
        headers: { authorization: admin },
      });
      expect(file.statusCode).toBe(200);
      const before = await page();
      const p = await uploadPreview(t, '/post/import/preview', admin, `posts.${format}`, file.rawPayload);
      expect(p.status, p.msg).toBe(200);
      expect(p.data).toMatchObject({ total: 4, valid: 4, existing: 4, errors: [], rejected: 0 });
      const done = await t.call('POST', '/post/import/commit', {
        token: admin,
        body: { previewId: p.data.previewId, mode: 'upsert' },
      });
      expect(done.body.data).toEqual({ inserted: 0, updated: 4, skipped: 0 });
      expect(await page()).toEqual(before);
    }
    const filtered = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/post/export?state=0&columns=postName,state`,
      headers: { authorization: admin },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['岗位名称', '状态'],
      ['人力资源', '禁用'],
    ]);
  });

  it('offers a template of the writable columns and explains each bad row before anything is written', async () => {
    const template = await fetchTemplate(t, '/post/import/template', admin);
    expect(template.status).toBe(200);
    const header = (template.book.worksheets[0]?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['岗位编码', '岗位名称', '显示顺序', '状态', '备注']);

    const sheet = await xlsxOf([
      ['岗位编码', '岗位名称', '显示顺序', '状态'],
      ['ops', '运维工程师', 5, '启用'],
      ['ops', '运维二', 6, '启用'],
      ['qa', '董事长', 7, '启用'],
      ['pm', '产品经理', 8, '也许'],
      ['-bad', '坏编码', 9, '启用'],
      ['ceo', '董事长', 1, '禁用'],
    ]);
    const p = await uploadPreview(t, '/post/import/preview', admin, 'posts.xlsx', sheet);
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 6, valid: 2, existing: 1, rejected: 4 });
    expect(p.data.errors).toEqual([
      { row: 3, field: 'postCode', message: '岗位编码“ops”与第 2 行重复' },
      { row: 4, field: 'postName', message: '岗位名称“董事长”已存在' },
      { row: 5, field: 'state', message: '状态只能填写“启用”或“禁用”' },
      { row: 6, field: 'postCode', message: '岗位编码格式不正确' },
    ]);
    expect(await codes({ postCode: 'ops' })).toEqual([]);
    const insert = await t.call('POST', '/post/import/commit', {
      token: admin,
      body: { previewId: p.data.previewId, mode: 'insert' },
    });
    expect(insert.body.data).toEqual({ inserted: 1, updated: 0, skipped: 1 });
    expect((await page({ postCode: 'ops' })).list[0]).toMatchObject({ postName: '运维工程师', sort: 5, state: true });
    // insert skipped the existing ceo row: its state is as it was.
    expect((await page({ postCode: 'ceo' })).list[0]?.state).toBe(true);

    const csv = csvOf([
      ['Post code', 'Post name'],
      ['ops', '运维主管'],
    ]);
    const q = await uploadPreview(t, '/post/import/preview', admin, 'posts.csv', csv);
    expect(q.data).toMatchObject({ total: 1, valid: 1, existing: 1 });
    await t.call('POST', '/post/import/commit', {
      token: admin,
      body: { previewId: q.data.previewId, mode: 'upsert' },
    });
    // An upsert changes the columns the file has: 显示顺序 stays.
    expect((await page({ postCode: 'ops' })).list[0]).toMatchObject({ postName: '运维主管', sort: 5 });
  });
  /** Previews a sheet of these rows (the first is the header) and commits it; answers the commit's counts. */
  const imported = async (rows: (string | number | null)[][], mode: 'insert' | 'upsert' = 'insert') => {
    const p = await uploadPreview(t, '/post/import/preview', admin, 'posts.xlsx', await xlsxOf(rows));
    expect(p.status, p.msg).toBe(200);
    expect(p.data.errors).toEqual([]);
    const done = await t.call('POST', '/post/import/commit', {
      token: admin,
      body: { previewId: p.data.previewId, mode },
    });
    expect(done.status, done.body.msg).toBe(200);
    return done.body.data;
  };

  it('refuses a unique value the file repeats or another row holds, naming the field, and again at commit', async () => {
    const sheet = await xlsxOf([
      ['岗位编码', '岗位名称'],
      ['dup1', '重复岗位'],
      ['dup2', '重复岗位'],
      ['dup3', '人力资源'],
      ['dup1', '又一个'],
    ]);
    const p = await uploadPreview(t, '/post/import/preview', admin, 'posts.xlsx', sheet);
    expect(p.data).toMatchObject({ total: 4, valid: 1, rejected: 3 });
    expect(p.data.errors).toEqual([
      { row: 3, field: 'postName', message: '岗位名称“重复岗位”与第 2 行重复' },
      { row: 4, field: 'postName', message: '岗位名称“人力资源”已存在' },
      { row: 5, field: 'postCode', message: '岗位编码“dup1”与第 2 行重复' },
    ]);

    // Taken by another row between the preview and the commit: the commit refuses it, naming the field, and
    // writes nothing.
    const q = await uploadPreview(
      t,
      '/post/import/preview',
      admin,
      'posts.xlsx',
      await xlsxOf([
        ['岗位编码', '岗位名称'],
        ['race1', '抢先岗位'],
        ['race2', '后来岗位'],
      ]),
    );
    expect(q.data).toMatchObject({ valid: 2, rejected: 0 });
    await made({ postCode: 'first', postName: '抢先岗位' });
    const refused = await t.call('POST', '/post/import/commit', {
      token: admin,
      body: { previewId: q.data.previewId, mode: 'insert' },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '岗位名称“抢先岗位”已存在' });
    expect(await codes({ postCode: 'race' })).toEqual([]);
  });

  it('looks up the unique values a batch at a time, in the preview and in the commit’s recheck, never a row at a time', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => [`bulk${i}`, `批量岗位${i}`]);
    statements.length = 0;
    const p = await uploadPreview(
      t,
      '/post/import/preview',
      admin,
      'posts.xlsx',
      await xlsxOf([['岗位编码', '岗位名称'], ...rows]),
    );
    expect(p.data).toMatchObject({ total: 1_200, valid: 1_200, existing: 0 });
    // Each of the two unique fields (岗位编码, 岗位名称) of the file's slices (about 1,000 rows each) asked for in
    // statements of at most 500 values, each value once: a handful of statements, never one a row.
    const lookups = statements.filter(({ sql }) => /"post"/.test(sql) && sql.startsWith('select'));
    expect(lookups.length).toBeGreaterThanOrEqual(4);
    expect(lookups.length).toBeLessThanOrEqual(8);
    expect(Math.max(...lookups.map((s) => s.parameters.length))).toBeLessThanOrEqual(500);
    expect(lookups.reduce((sum, s) => sum + s.parameters.length, 0)).toBe(2 * 1_200);
    statements.length = 0;
    const insert = await t.call('POST', '/post/import/commit', {
      token: admin,
      body: { previewId: p.data.previewId, mode: 'insert' },
    });
    expect(insert.body.data).toEqual({ inserted: 1_200, updated: 0, skipped: 0 });
    // Three batches of 500: each rechecks the two fields in a statement each and inserts in one (it was 3,600
    // lookups and 1,200 inserts, three lookups and an insert a row).
    expect(onPosts('select')).toHaveLength(6);
    expect(onPosts('insert')).toHaveLength(3);

    // An upsert of 600 of them: the key's row is found by the same lookups; each row is updated by its own statement.
    statements.length = 0;
    const renamed = rows.slice(0, 600).map(([code, name]) => [code as string, `${name}改`]);
    expect(await imported([['岗位编码', '岗位名称'], ...renamed], 'upsert')).toEqual({
      inserted: 0,
      updated: 600,
      skipped: 0,
    });
    // The preview asks for each field's 600 values in two statements (500 and 100), the commit's two batches too.
    expect(onPosts('select')).toHaveLength(4 + 4);
    expect(onPosts('update')).toHaveLength(600);
    expect((await page({ postCode: 'bulk599' })).list[0]).toMatchObject({ postName: '批量岗位599改' });
    expect((await page({ postCode: 'bulk600' })).list[0]).toMatchObject({ postName: '批量岗位600' });
  });

  /** 25 posts coded ks0…ks24 (more than six batches of 4): 显示顺序 repeats, names out of id order, two creations. */
  const keysetRows = async () => {
    const row = (i: number) => [`ks${i}`, `键集${(i * 7) % 25}`, i % 4, ['', 'a', 'b'][i % 3] as string];
    const header = ['岗位编码', '岗位名称', '显示顺序', '备注'];
    await imported([header, ...Array.from({ length: 12 }, (_, i) => row(i))]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await imported([header, ...Array.from({ length: 13 }, (_, i) => row(12 + i))]);
  };

  it('exports every row in the list’s order for each sort and direction, a keyset batch at a time (no OFFSET)', async () => {
    await keysetRows();
    const target = crudEntities.get('post') as CrudEntity;
    const service = createCrudService(t.database.db, target, { exportBatch: 4 });
    const sortable = Object.entries(target.entity.fields).flatMap(([key, spec]) => (spec.sortable ? [key] : []));
    expect(sortable).toEqual(['postCode', 'postName', 'sort', 'createTime']);
    for (const sort of [undefined, ...sortable]) {
      for (const order of [undefined, 'asc', 'desc'] as const) {
        const query = { postCode: 'ks', ...(sort ? { sort } : {}), ...(order ? { order } : {}) };
        const listed = (await page(query)).list.map((p) => p.postCode);
        expect(listed).toHaveLength(25);
        statements.length = 0;
        const exported: string[] = [];
        for await (const row of service.exportTable(query).rows) exported.push(String(row.postCode));
        expect(exported, `${sort} ${order}`).toEqual(listed);
        // Seven statements of at most 4 rows (25 = 6 × 4 + 1), each after the first past the last one's key and id.
        const reads = onPosts('select');
        expect(reads).toHaveLength(7);
        for (const sql of reads) expect(sql).not.toMatch(/\boffset\b/i);
        for (const sql of reads.slice(1)) expect(sql).toMatch(/\) [<>] \(/);
      }
    }
  });

  it('pages by a key that may be empty: empty values last ascending and first descending, as the list sorts them', async () => {
    // The ks posts of the test above, a third of them without 备注; 备注 made sortable here (the repository sorts by
    // any field the route lets through).
    const base = crudEntities.get('post') as CrudEntity;
    const remark = base.entity.fields.remark as NonNullable<(typeof base.entity.fields)['remark']>;
    const target: CrudEntity = {
      ...base,
      entity: { ...base.entity, fields: { ...base.entity.fields, remark: { ...remark, sortable: true } } },
    };
    // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's
    const db = t.database.db as any;
    const stored = (await pageOf(db, target, { postCode: 'ks' }, 0, 100)).rows;
    expect(stored).toHaveLength(25);
    const rank = (r: Record<string, unknown>) => (r.remark === null ? '\uffff' : String(r.remark));
    const ascending = [...stored]
      .sort((a, b) => rank(a).localeCompare(rank(b)) || Number(a.id) - Number(b.id))
      .map((r) => r.post_code);
    expect(stored.filter((r) => r.remark === null)).toHaveLength(9);
    for (const [order, expected] of [
      ['asc', ascending],
      ['desc', [...ascending].reverse()],
    ] as const) {
      const query = { postCode: 'ks', sort: 'remark', order };
      statements.length = 0;
      const exported: unknown[] = [];
      for await (const row of rowsOf(db, target, query, 4)) exported.push(row.post_code);
      expect(exported, order).toEqual(expected);
      expect(onPosts('select').filter((sql) => /\boffset\b/i.test(sql))).toEqual([]);
      expect((await pageOf(db, target, query, 0, 100)).rows.map((r) => r.post_code)).toEqual(expected);
    }
  });
});
