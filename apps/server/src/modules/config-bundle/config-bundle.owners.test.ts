import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

/**
 * The bundle writes through each table's owner (modules orgs, dicts, resources, roles): a change is refused by the
 * owner's own rule, with the owner's message naming the object, and nothing of the apply is written.
 */
interface Bundle {
  resources: Array<{ route: string | null; parent: string | null; [key: string]: unknown }>;
  dicts: Array<{ dictCode: string; items: Array<{ value: string; parent: string | null }> }>;
  orgs: Array<{ path: string[]; fullName: string | null; orgCode: string | null; regionId: number | null }>;
  [key: string]: unknown;
}
interface Change {
  id: string;
  action: 'add' | 'change' | 'remove';
}

describe.each(lanes)('configuration bundle through the owners on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  const exportBundle = async () => {
    const res = await t.call('GET', '/config/bundle', { token: admin });
    expect(res.status, res.body.msg).toBe(200);
    return res.body as unknown as Bundle;
  };
  const diff = async (bundle: unknown) => {
    const res = await t.call('POST', '/config/bundle/diff', { token: admin, body: bundle });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { changes: Change[] }).changes;
  };
  /** Applies the changes, expecting the refusal `msg`, and that the diff is as it was (nothing written). */
  const refused = async (bundle: Bundle, changeIds: string[], msg: string) => {
    const before = await diff(bundle);
    for (const id of changeIds) expect(before.map((c) => c.id)).toContain(id);
    const res = await t.call('POST', '/config/bundle/apply', { token: admin, body: { bundle, changeIds } });
    expect(res.body).toEqual({ code: 400, msg });
    expect(await diff(bundle)).toEqual(before);
  };
  const created = async (url: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', url, { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const east = await created('/org', { name: '华东区', pid: root, orgCode: 'EAST' });
    await created('/org', { name: '上海', pid: east, orgCode: 'SH01' });
    await created('/dict', { dictName: '地区', dictCode: 'area' });
    const item = await created('/dict/item', { dictCode: 'area', value: '华东' });
    await created('/dict/item', { dictCode: 'area', value: '江苏', pid: item });
    const first = await created('/resource', { type: 0, name: '报表', route: '/report' });
    await created('/resource', { type: 0, name: '日报', route: '/report/day', pid: first });
  });
  afterAll(() => t.close());

  it('refuses an organisation code another holds and an unknown region, as POST and PUT /org refuse them', async () => {
    const taken = await exportBundle();
    taken.orgs.find((o) => o.path.join('/') === '总公司/华东区')!.orgCode = 'SH01';
    await refused(taken, ['org:["总公司","华东区"]'], '组织“总公司/华东区”：机构编码“SH01”已存在');

    // The resource is written first (resources before organisations), then rolled back with the refusal.
    const added = await exportBundle();
    added.resources.push({
      type: 0,
      name: '看板',
      route: '/board',
      method: null,
      url: null,
      parent: null,
      remark: null,
      orderNum: 0,
      icon: null,
      builtin: false,
    });
    added.orgs.push({ path: ['总公司', '华南区'], fullName: null, orgCode: 'EAST', regionId: null });
    await refused(
      added,
      ['resource:menu:/board', 'org:["总公司","华南区"]'],
      '组织“总公司/华南区”：机构编码“EAST”已存在',
    );

    const nowhere = await exportBundle();
    nowhere.orgs.push({ path: ['总公司', '华南区'], fullName: null, orgCode: null, regionId: 1 });
    await refused(nowhere, ['org:["总公司","华南区"]'], '组织“总公司/华南区”：地区不存在');
  });

  it('refuses moving a dictionary item or a resource under its own child, as the PUT routes refuse it', async () => {
    const items = await exportBundle();
    const area = items.dicts.find((d) => d.dictCode === 'area')!;
    area.items.find((i) => i.value === '华东')!.parent = '江苏';
    area.items.find((i) => i.value === '江苏')!.parent = null;
    // Only the parent's move is chosen: its child is still below it.
    await refused(items, ['dictItem:area/华东'], '字典数据“area/华东”：不能把数据移动到它自己或它的下级之下');

    const resources = await exportBundle();
    resources.resources.find((r) => r.route === '/report')!.parent = 'menu:/report/day';
    resources.resources.find((r) => r.route === '/report/day')!.parent = null;
    await refused(resources, ['resource:menu:/report'], '资源“menu:/report”：不能把资源移动到它自己或它的下级之下');
  });

  it('refuses removing what still has children or items, as the DELETE routes refuse it', async () => {
    const bundle = await exportBundle();
    bundle.dicts = bundle.dicts.filter((d) => d.dictCode !== 'area');
    bundle.orgs = bundle.orgs.filter((o) => o.path[1] !== '华东区');
    bundle.resources = bundle.resources.filter((r) => !r.route?.startsWith('/report'));
    const changes = await diff(bundle);
    expect(changes.map((c) => `${c.action} ${c.id}`).sort()).toEqual([
      'remove dict:area',
      'remove dictItem:area/华东',
      'remove dictItem:area/江苏',
      'remove org:["总公司","华东区","上海"]',
      'remove org:["总公司","华东区"]',
      'remove resource:menu:/report',
      'remove resource:menu:/report/day',
    ]);
    await refused(bundle, ['dict:area'], '字典“area”：字典“地区”下还有 2 条字典数据，请先删除字典数据');
    await refused(bundle, ['dictItem:area/华东'], '字典数据“area/华东”：该数据下还有 1 个下级数据，请先删除下级数据');
    await refused(
      bundle,
      ['org:["总公司","华东区"]'],
      '组织“总公司/华东区”：该组织下还有 1 个下级组织，请先删除或移走下级组织',
    );
    await refused(bundle, ['resource:menu:/report'], '资源“menu:/report”：该资源下还有 1 个子资源，请先删除子资源');

    // Chosen together, children first: every one goes.
    const res = await t.call('POST', '/config/bundle/apply', {
      token: admin,
      body: { bundle, changeIds: changes.map((c) => c.id) },
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(await diff(bundle)).toEqual([]);
  });
});
