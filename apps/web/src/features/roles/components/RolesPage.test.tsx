// The role screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { setupMockApi } from '@/testing/mock-api';
import { clickOrgNode, expandOrgNode, openOrgPicker, orgPickerShows } from '@/testing/org-picker';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

let lastRouter: Awaited<ReturnType<typeof renderApp>>['router'] | undefined;

/** The rows' table: with its sticky header antd renders the header row in a table of its own (both 角色列表). */
async function openScreen(accountNumber = 'admin') {
  api.signInAs(accountNumber);
  const { router } = await renderApp('/user/Role');
  lastRouter = router;
  const table = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '角色列表' });
    expect(tables).toHaveLength(2);
    return tables[1] as HTMLElement;
  });
  await within(table).findByText('部门管理员');
  return table;
}

const headers = () =>
  within(screen.getAllByRole('table', { name: '角色列表' })[0] as HTMLElement)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '')
    .filter((text) => text !== '');

/** The data scope of the roles a test adds: 全部. */
const scopeAll = () => ({ dataScope: 'all' as const, scopeOrgIds: [] as number[], requireSecondFactor: false });

const holders = (roleId: number) => String(api.store.accounts.filter((a) => a.roleId === roleId).length);

/** Ticks 统计概览 in the dialog's permission tree (a role needs at least one permission). */
async function tickOverview(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByPlaceholderText('搜索名称、路由或接口地址'), { target: { value: '统计概览' } });
  const item = (await within(dialog).findByText('统计概览')).closest('[role="treeitem"]') as HTMLElement;
  fireEvent.click(within(item).getByRole('checkbox'));
}

describe('/user/Role', () => {
  beforeAll(() => Promise.all([preloadScreens('/user/Role'), import('@/components/org-picker/OrgTreeSelect')]));
  afterEach(() => setTextLocale('zh-CN'));

  it('previews a role from its row: 权限预览 as an account holding it', async () => {
    const table = await openScreen();
    const manager = within(rowOf(table, '部门管理员'));
    fireEvent.click(manager.getByRole('button', { name: '预览' }));
    await waitFor(() => expect(lastRouter?.state.location.pathname).toBe('/view-as'));
    expect(lastRouter?.state.location.search).toBe('?roleId=2');
  });

  it('lists the seeded roles with their remarks and how many accounts hold each; the built-in one is locked', async () => {
    const table = await openScreen();
    const admin = within(rowOf(table, '超级管理员'));
    admin.getByText('内置');
    admin.getByText('内置角色，拥有全部权限');
    expect(admin.getByRole('button', { name: '编辑' })).toHaveProperty('disabled', true);
    expect(admin.getByRole('button', { name: '删除' })).toHaveProperty('disabled', true);
    const manager = within(rowOf(table, '部门管理员'));
    manager.getByText('管理本部门的账号与组织');
    manager.getByText(holders(2));
    expect(manager.getByRole('button', { name: '编辑' })).toHaveProperty('disabled', false);
    within(rowOf(table, '字典维护员')).getByText(holders(4));
    // Fewer roles than a page: all of them on page 1, with the total.
    expect(screen.getByTestId('role-total').textContent).toBe(`共 ${api.store.roles.length} 条记录`);
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(1);
  });

  it('more roles than a page: 20 rows per page like every list, the rest on page 2', async () => {
    const seeded = api.store.roles.length;
    for (let n = 1; n <= 25; n += 1) {
      api.store.roles.push({
        id: 100 + n,
        name: `批量角色${n}`,
        remark: null,
        resources: [],
        builtin: false,
        ...scopeAll(),
      });
    }
    const table = await openScreen();
    expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(20);
    expect(screen.getByTestId('role-total').textContent).toBe(`共 ${seeded + 25} 条记录`);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(seeded + 25 - 20));
    within(table).getByText('批量角色25');
  });

  it('a 200-character remark stays on one line, cut, with the whole text in a tooltip; 操作 is fixed right', async () => {
    const remark = '这是一段很长的备注'.repeat(22).slice(0, 200);
    api.store.roles.push({ id: 9, name: '长备注角色', remark, resources: [], builtin: false, ...scopeAll() });
    const table = await openScreen();
    const cell = within(rowOf(table, '长备注角色')).getByText(remark).closest('td') as HTMLElement;
    expect(cell.className).toContain('ant-table-cell-ellipsis');
    fireEvent.mouseEnter(within(cell).getByText(remark));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(remark));
    const actions = within(rowOf(table, '长备注角色')).getByRole('button', { name: '删除' }).closest('td');
    expect(actions?.className).toContain('ant-table-cell-fix');
  });

  it('a column hidden in 列设置 is saved for the account as table.roles', async () => {
    await openScreen();
    expect(headers()).toEqual(['角色名称', '备注', '数据权限', '账号数', '操作']);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByRole('checkbox', { name: '备注' }));
    expect(headers()).toEqual(['角色名称', '数据权限', '账号数', '操作']);
    await waitFor(async () => expect(await api.sent(routes.putPreference)).toHaveLength(1));
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin');
    const stored = api.store.preferences.get(admin?.id ?? 0)?.get('table.roles') as {
      columns: { key: string; hidden: boolean }[];
    };
    expect(stored.columns.find((c) => c.key === 'remark')).toEqual({ key: 'remark', hidden: true });
  });

  it('adds a role with a permission picked in the tree: saved by the server, listed', async () => {
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加角色');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '审计员' } });
    fireEvent.change(within(dialog).getByPlaceholderText('搜索名称、路由或接口地址'), {
      target: { value: '统计概览' },
    });
    const item = (await within(dialog).findByText('统计概览')).closest('[role="treeitem"]') as HTMLElement;
    fireEvent.click(within(item).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await within(table).findByText('审计员');
    const overview = api.store.resources.find((r) => r.type === 1 && r.url === routes.overview.path);
    expect(api.store.roles.find((r) => r.name === '审计员')?.resources).toContain(overview?.id);
  });

  it('ticking 重置密码 brings 账号列表 along and says so; saving without it asks first', async () => {
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加角色');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '服务台' } });
    const search = within(dialog).getByPlaceholderText('搜索名称、路由或接口地址');
    const treeItem = async (name: string) =>
      (await within(dialog).findByText(name)).closest('[role="treeitem"]') as HTMLElement;
    const checked = (item: HTMLElement) =>
      item.querySelector('.ant-tree-checkbox')?.classList.contains('ant-tree-checkbox-checked');
    fireEvent.change(search, { target: { value: '重置密码' } });
    fireEvent.click(within(await treeItem('重置密码')).getByRole('checkbox'));
    const note = await within(dialog).findByTestId('role-prerequisites-added');
    expect(note.textContent).toBe('勾选“重置密码”时已一并勾选“账号列表”：没有它，持有该角色的账号打不开这个页面');
    fireEvent.change(search, { target: { value: '账号列表' } });
    const list = await treeItem('账号列表');
    expect(checked(list)).toBe(true);

    // Unticked again by hand: 确定 asks before saving a role whose holders would land on 无权访问.
    fireEvent.click(within(list).getByRole('checkbox'));
    await waitFor(() => expect(checked(list)).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    const warning = await screen.findByTestId('role-prerequisites-missing');
    expect(warning.textContent).toBe('“重置密码”需要“账号列表”，否则持有该角色的账号打开页面时会看到“无权访问”');
    const sentBefore = (await api.sent(routes.createRole)).length;
    fireEvent.click(screen.getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(screen.queryByTestId('role-prerequisites-missing')).toBeNull());
    expect(await api.sent(routes.createRole)).toHaveLength(sentBefore);
    // 仍然保存 saves it as it is.
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    fireEvent.click(await screen.findByRole('button', { name: '仍然保存' }));
    await screen.findByText('添加成功');
    await within(table).findByText('服务台');
    const reset = api.store.resources.find((r) => r.type === 1 && r.url === routes.resetAccountPassword.path);
    const listApi = api.store.resources.find((r) => r.type === 1 && r.url === routes.listAccounts.path);
    const saved = api.store.roles.find((r) => r.name === '服务台')?.resources ?? [];
    expect([saved.includes(reset!.id), saved.includes(listApi!.id)]).toEqual([true, false]);
  });

  it('父子联动 off: only what is ticked is granted (the note says so), an action still brings its list', async () => {
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加角色');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '服务台' } });
    const linkage = within(dialog).getByRole('switch', { name: '父子联动' });
    expect(linkage.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByTestId('role-implied-note').textContent).toContain(
      '勾选某个接口时，它所在的菜单一并授予',
    );
    fireEvent.click(linkage);
    expect(within(dialog).getByTestId('role-implied-note').textContent).toBe(
      '标有“无需授权”的菜单（首页、个人信息）和接口对每个已登录账号开放，无需勾选；父子联动关闭时只授予勾选的项，接口所在的菜单也要勾选。',
    );
    fireEvent.change(within(dialog).getByPlaceholderText('搜索名称、路由或接口地址'), {
      target: { value: '重置密码' },
    });
    const reset = (await within(dialog).findByText('重置密码')).closest('[role="treeitem"]') as HTMLElement;
    fireEvent.click(within(reset).getByRole('checkbox'));
    await within(dialog).findByTestId('role-prerequisites-added');
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await within(table).findByText('服务台');
    const [sent] = await api.sent(routes.createRole);
    const resetApi = api.store.resources.find((r) => r.type === 1 && r.url === routes.resetAccountPassword.path);
    const listApi = api.store.resources.find((r) => r.type === 1 && r.url === routes.listAccounts.path);
    expect(sent?.body).toMatchObject({ resources: [resetApi?.id, listApi?.id].sort((a = 0, b = 0) => a - b) });
  });

  it('an existing role opens with 父子联动 on when the linked tree shows it as it is', async () => {
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改角色');
    await within(dialog).findAllByText('字典管理');
    expect(within(dialog).getByRole('switch', { name: '父子联动' }).getAttribute('aria-checked')).toBe('true');
  });

  it('adds a role with 需要双因素认证 switched on: the hint says what it means, it is sent and the row is tagged', async () => {
    const table = await openScreen();
    expect(within(table).queryByTestId('role-second-factor')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加角色');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '财务' } });
    await tickOverview(dialog);
    const toggle = within(dialog).getByRole('switch', { name: '需要双因素认证' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    within(dialog).getByText('该角色的账号须在下次登录时先启用身份验证器或通行密钥');
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    const row = await waitFor(() => rowOf(table, '财务'));
    expect(within(row).getByTestId('role-second-factor').textContent).toBe('双因素');
    const [sent] = await api.sent(routes.createRole);
    expect(sent?.body).toMatchObject({ name: '财务', requireSecondFactor: true });
    expect(api.store.roles.find((r) => r.name === '财务')?.requireSecondFactor).toBe(true);
  });

  it('edits 需要双因素认证: the switch shows the stored flag and turning it off is sent; the tag goes', async () => {
    const keeper = api.store.roles.find((r) => r.name === '字典维护员');
    Object.assign(keeper ?? {}, { requireSecondFactor: true });
    const table = await openScreen();
    within(rowOf(table, '字典维护员')).getByTestId('role-second-factor');
    expect(within(rowOf(table, '部门管理员')).queryByTestId('role-second-factor')).toBeNull();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改角色');
    const toggle = within(dialog).getByRole('switch', { name: '需要双因素认证' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    const [sent] = await api.sent(routes.updateRole);
    expect(sent?.body).toMatchObject({ id: 4, requireSecondFactor: false });
    await waitFor(() => expect(within(rowOf(table, '字典维护员')).queryByTestId('role-second-factor')).toBeNull());
    expect(keeper?.requireSecondFactor).toBe(false);
  });

  it('shows each role’s 数据权限: its name, 自定义 with how many organisations it names', async () => {
    const clerk = api.store.roles.find((r) => r.name === '普通员工');
    if (clerk) clerk.dataScope = 'self';
    api.store.roles.push({
      id: 9,
      name: '区域审计',
      remark: null,
      resources: [],
      builtin: false,
      dataScope: 'custom',
      scopeOrgIds: [2, 3, 10],
      requireSecondFactor: false,
    });
    const table = await openScreen();
    within(rowOf(table, '超级管理员')).getByText('全部');
    within(rowOf(table, '普通员工')).getByText('仅本人');
    within(rowOf(table, '区域审计')).getByText('自定义（3 个组织）');
  });

  it('adds a role whose data scope is 自定义: the organisations ticked in the tree are sent and stored', async () => {
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加角色');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '区域审计' } });
    await tickOverview(dialog);
    // The least useful scope, 本组织, unless another is chosen (least privilege); each scope says what it means.
    expect(within(dialog).getByRole('radio', { name: /^本组织(?!及以下)/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /^全部/ })).toHaveProperty('checked', false);
    within(dialog).getByText('持有该角色的账号可以看到和修改其所属组织及全部下级组织的账号');
    expect(within(dialog).queryByLabelText('所选组织')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /^自定义/ }));
    const picker = await openOrgPicker(await within(dialog).findByLabelText('所选组织'));
    await expandOrgNode(picker, '总公司');
    await clickOrgNode(picker, '研发中心');
    await clickOrgNode(picker, '市场部');
    await waitFor(() => expect(orgPickerShows(within(dialog).getByLabelText('所选组织'))).toBe('研发中心、市场部'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    within(await waitFor(() => rowOf(table, '区域审计'))).getByText('自定义（2 个组织）');
    const [sent] = await api.sent(routes.createRole);
    expect(sent?.body).toMatchObject({ name: '区域审计', dataScope: 'custom', scopeOrgIds: [2, 3] });
    expect(api.store.roles.find((r) => r.name === '区域审计')).toMatchObject({
      dataScope: 'custom',
      scopeOrgIds: [2, 3],
    });
  });

  it('自定义 without an organisation says 请至少选择一个组织 and sends nothing', async () => {
    await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加角色');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '区域审计' } });
    await tickOverview(dialog);
    fireEvent.click(within(dialog).getByRole('radio', { name: /^自定义/ }));
    await within(dialog).findByLabelText('所选组织');
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await within(dialog).findByText('请至少选择一个组织');
    expect(await api.sent(routes.createRole)).toHaveLength(0);
    expect(api.store.roles.some((r) => r.name === '区域审计')).toBe(false);
  });

  it('edits a 自定义 role: the scope and its organisations are filled in; another scope sends no organisations', async () => {
    const keeper = api.store.roles.find((r) => r.name === '字典维护员');
    Object.assign(keeper ?? {}, { dataScope: 'custom', scopeOrgIds: [2, 3] });
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改角色');
    expect(within(dialog).getByRole('radio', { name: /^自定义/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(orgPickerShows(within(dialog).getByLabelText('所选组织'))).toBe('研发中心、市场部'));
    fireEvent.click(within(dialog).getByRole('radio', { name: /^本组织及以下/ }));
    await waitFor(() => expect(within(dialog).queryByLabelText('所选组织')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    const [sent] = await api.sent(routes.updateRole);
    expect(sent?.body).toMatchObject({ id: 4, dataScope: 'orgTree' });
    expect(sent?.body).not.toHaveProperty('scopeOrgIds');
    await within(table).findByText('本组织及以下');
    expect(keeper).toMatchObject({ dataScope: 'orgTree', scopeOrgIds: [] });
  });

  it('filters by name from the URL (where the command palette leads) and from the search form', async () => {
    api.signInAs('admin');
    await renderApp(`/user/Role?name=${encodeURIComponent('部门')}`);
    await screen.findByText('部门管理员');
    expect(screen.getByTestId('role-total').textContent).toBe('共 1 条记录');
    expect(screen.queryByText('字典维护员')).toBeNull();
    // The form shows the applied filter; another name is searched from it.
    const name = screen.getByLabelText('角色名称');
    expect(name).toHaveProperty('value', '部门');
    fireEvent.change(name, { target: { value: '字典' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('字典维护员');
    await waitFor(() => expect(screen.queryByText('部门管理员')).toBeNull());
  });

  it('in English, the permission tree names built-in menus and APIs in English and finds them by it', async () => {
    await setTextLocale('en-US');
    api.signInAs('admin');
    await renderApp('/user/Role');
    const table = await waitFor(() => screen.getAllByRole('table', { name: 'Role list' })[1] as HTMLElement);
    fireEvent.click(within(await waitFor(() => rowOf(table, '字典维护员'))).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit role');
    fireEvent.change(within(dialog).getByPlaceholderText('Search name, route or API URL'), {
      target: { value: 'dictionary list' },
    });
    // The match is highlighted: the whole title, in any case.
    const item = (await within(dialog).findByText('Dictionary list', { selector: 'mark' })).closest(
      '[role="treeitem"]',
    ) as HTMLElement;
    expect(item.textContent).toContain('Dictionary list');
    expect(item.textContent).toContain(routes.listDicts.path);
    within(dialog).getByText('Dictionaries');
    expect(within(dialog).queryByText('字典列表')).toBeNull();
  });

  it('the editor says what every signed-in account holds without a grant: 首页, 个人信息 and the open APIs', async () => {
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '普通员工')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改角色');
    expect(within(dialog).getByTestId('role-implied-note').textContent).toBe(
      '标有“无需授权”的菜单（首页、个人信息）和接口对每个已登录账号开放，无需勾选；勾选某个接口时，它所在的菜单一并授予。',
    );
    // The tree item whose name is `text` (个人信息 also matches 修改个人信息).
    const treeItem = (text: string) =>
      waitFor(() => {
        const marks = within(dialog).getAllByText(text, { selector: 'mark' });
        const mark = marks.find((m) => m.parentElement?.textContent === text);
        expect(mark).toBeDefined();
        return mark?.closest('[role="treeitem"]') as HTMLElement;
      });
    const search = within(dialog).getByPlaceholderText('搜索名称、路由或接口地址');
    for (const [name, always] of [
      ['首页', true],
      ['个人信息', true],
      [routes.getAccountInfo.title, true],
      ['账号管理', false],
      [routes.listAccounts.title, false],
    ] as const) {
      fireEvent.change(search, { target: { value: name } });
      const item = await treeItem(name);
      expect(within(item).queryByText('无需授权') !== null, name).toBe(always);
    }
  });

  it('edits a role: the row shows the new remark', async () => {
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改角色');
    const remark = within(dialog).getByLabelText('备注');
    expect(remark).toHaveProperty('value', '维护系统字典');
    fireEvent.change(remark, { target: { value: '维护字典与字典项' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await within(table).findByText('维护字典与字典项');
  });

  it('deletes a role nobody holds; one still held stays, with the server’s reason', async () => {
    api.store.roles.push({ id: 9, name: '临时角色', remark: null, resources: [], builtin: false, ...scopeAll() });
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '删除' }));
    const held = await findDialog('删除角色「字典维护员」？');
    // Said before the click: the server refuses a role still held.
    within(held).getByText(`该角色正被 ${holders(4)} 个账号使用，需先为这些账号改换角色，否则不能删除。`);
    fireEvent.click(within(held).getByRole('button', { name: '确定' }));
    await screen.findByText(`该角色正被 ${holders(4)} 个账号使用，不能删除`);
    within(table).getByText('字典维护员');

    fireEvent.click(within(rowOf(table, '临时角色')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('删除角色「临时角色」？')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(within(table).queryByText('临时角色')).toBeNull());
  });

  it('a failed load says 加载失败 with the reason and 重试, never 共 0 条; 重试 loads the roles', async () => {
    api.breakNetwork(routes.listRoles);
    api.signInAs('admin');
    await renderApp('/user/Role');
    const failed = await screen.findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    expect(screen.queryByTestId('role-total')).toBeNull();
    api.server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('部门管理员');
    expect(screen.getByTestId('role-total').textContent).toBe(`共 ${api.store.roles.length} 条记录`);
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listRoles, 500, '角色服务异常');
    api.signInAs('admin');
    await renderApp('/user/Role');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：角色服务异常');
  });
});
