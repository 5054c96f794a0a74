// The organisation screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { openOrgPicker, orgNode, orgPickerShows, pickOrg } from '@/testing/org-picker';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/user/Organization');
  await screen.findByText('总公司');
}

/** The tree table's row of the organisation named `name`. */
const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row holds ${name}`);
  return row;
};

/** Opens the row of `name`; the top level opens by itself, so a row already open is left so. */
async function expand(name: string) {
  const toggle = await screen.findByRole('button', { name: new RegExp(`^(展开|收起) ${name}$`) });
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
}

describe('/user/Organization', () => {
  beforeAll(() => Promise.all([preloadScreens('/user/Organization'), import('@/components/org-picker/OrgTreeSelect')]));

  it('shows the seeded root with its full name, opened on its first level; deeper ones once opened', async () => {
    await openScreen();
    within(rowOf('总公司')).getByText('门楼科技集团有限公司');
    // Opened by itself on load (the first level), each department closed.
    for (const name of ['研发中心', '市场部', '财务部', '人力资源部', '运营中心']) await screen.findByText(name);
    expect(screen.getByRole('button', { name: '收起 总公司' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByText('前端开发部')).toBeNull();
    await expand('研发中心');
    await screen.findByText('前端开发部');
  });

  it('with ?id= (the command palette’s link) shows only that organisation and its sub-organisations; 显示全部组织 leaves', async () => {
    api.signInAs('admin');
    await renderApp('/user/Organization?id=2');
    await screen.findByText('仅显示组织「研发中心」及其下级');
    expect(screen.queryByText('总公司')).toBeNull();
    await expand('研发中心');
    await screen.findByText('前端开发部');
    fireEvent.click(screen.getByRole('button', { name: '显示全部组织' }));
    await screen.findByText('总公司');
    expect(screen.queryByText('仅显示组织「研发中心」及其下级')).toBeNull();
  });

  it('with ?id= of an organisation that is gone, says so and offers all', async () => {
    api.signInAs('admin');
    await renderApp('/user/Organization?id=999');
    await screen.findByText('要显示的组织不存在，可能已被删除');
    fireEvent.click(screen.getByRole('button', { name: '显示全部组织' }));
    await screen.findByText('总公司');
  });

  it('an organisation outside the data scope is only the path: greyed, no actions, not a parent to pick', async () => {
    const root = api.store.orgs.find((o) => o.name === '总公司');
    if (root) root.inScope = false;
    await openScreen();
    const row = rowOf('总公司');
    expect(row.getAttribute('title')).toBe('不在您的数据权限范围内，仅作为路径显示');
    within(row).getByText('仅作路径');
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '添加下级' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    // A caller whose scope does not reach the top level is not offered 添加根节点 (the server would refuse it).
    expect(screen.queryByRole('button', { name: '+ 添加根节点' })).toBeNull();
    // Opened as the path down to what is in scope, whose rows keep their actions.
    await expand('总公司');
    await screen.findByText('研发中心');
    fireEvent.click(within(rowOf('研发中心')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改组织');
    const picker = await openOrgPicker(within(dialog).getByLabelText('上级组织'));
    expect((await orgNode(picker, '总公司')).getAttribute('aria-disabled')).toBe('true');
  });

  it('adds a department under one: saved by the server, shown under its parent', async () => {
    await openScreen();
    // Every root in scope (a 全部 scope): the top level is offered too.
    await screen.findByRole('button', { name: '+ 添加根节点' });
    await expand('总公司');
    await screen.findByText('研发中心');
    fireEvent.click(within(rowOf('研发中心')).getByRole('button', { name: '添加下级' }));
    const dialog = await findDialog('添加组织');
    expect(orgPickerShows(within(dialog).getByLabelText('上级组织'))).toBe('研发中心');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '移动开发部' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    // The parent opens on its new child, its 全称 its name (left empty).
    const [name, fullName] = await screen.findAllByText('移动开发部');
    expect(fullName?.closest('tr')).toBe(name?.closest('tr'));
    expect(api.store.orgs.find((o) => o.name === '移动开发部')).toMatchObject({ pid: 2, fullName: '移动开发部' });
  });

  it('edits a department: the row shows the new name', async () => {
    await openScreen();
    await expand('总公司');
    await screen.findByText('财务部');
    fireEvent.click(within(rowOf('财务部')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改组织');
    const name = within(dialog).getByLabelText('名称');
    expect(name).toHaveProperty('value', '财务部');
    fireEvent.change(name, { target: { value: '财务中心' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await screen.findByText('财务中心');
    expect(screen.queryByText('财务部')).toBeNull();
  });

  it.each([
    ['open', true],
    ['closed', false],
  ])('moving an organisation under a %s parent shows it there and no longer under the old one', async (_, open) => {
    await openScreen();
    await expand('总公司');
    await screen.findByText('研发中心');
    if (open) {
      await expand('市场部');
      await screen.findByText('华东区域');
    }
    fireEvent.click(within(rowOf('研发中心')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改组织');
    await pickOrg(within(dialog).getByLabelText('上级组织'), ['总公司', '市场部']);
    await waitFor(() => expect(orgPickerShows(within(dialog).getByLabelText('上级组织'))).toBe('市场部'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    expect(api.store.orgs.find((o) => o.name === '研发中心')?.pid).toBe(3);
    if (!open) await expand('市场部');
    await screen.findByText('华东区域');
    // Once, one level below 市场部 (the tree indents each level), and nowhere under 总公司 directly.
    await waitFor(() => expect(screen.getAllByText('研发中心')).toHaveLength(1));
    const level = (name: string) => rowOf(name).className.match(/ant-table-row-level-(\d)/)?.[1];
    expect(level('研发中心')).toBe('2');
    expect(level('华东区域')).toBe('2');
  });

  it('shows the organisation code in its column and edits it in the dialog, checked inline and by the server', async () => {
    await openScreen();
    await expand('总公司');
    await screen.findByText('研发中心');
    within(rowOf('研发中心')).getByText('10000002');
    fireEvent.click(within(rowOf('研发中心')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改组织');
    const code = within(dialog).getByLabelText('机构编码');
    expect(code).toHaveProperty('value', '10000002');
    fireEvent.change(code, { target: { value: '研发 01' } });
    await within(dialog).findByText('机构编码只能包含字母、数字、- 和 _');
    // Another organisation's code: the server's refusal names it, the dialog stays open with the input.
    fireEvent.change(code, { target: { value: '10000003' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    // Said under the field it is about (the server's `field`), which is marked and focused; the toast says it too.
    await within(dialog).findByText('机构编码“10000003”已存在');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: 'RD-01' } });
    await waitFor(() => expect(within(dialog).queryByText('机构编码“10000003”已存在')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await waitFor(() => within(rowOf('研发中心')).getByText('RD-01'));
    expect(api.store.orgs.find((o) => o.name === '研发中心')?.orgCode).toBe('RD-01');
  });

  it('edits 显示排序, 负责人, 联系电话 and 状态: siblings reorder, a disabled one shows 禁用 and takes no child', async () => {
    await openScreen();
    await screen.findByText('财务部');
    const names = () =>
      screen
        .getAllByRole('row')
        .map((row) => row.querySelector('td')?.textContent?.trim())
        .filter((name) => name && ['研发中心', '市场部', '财务部'].includes(name));
    expect(names()).toEqual(['研发中心', '市场部', '财务部']);
    fireEvent.click(within(rowOf('财务部')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改组织');
    fireEvent.change(within(dialog).getByLabelText('负责人'), { target: { value: '王芳' } });
    const phone = within(dialog).getByLabelText('联系电话');
    fireEvent.change(phone, { target: { value: '12345' } });
    await within(dialog).findByText('联系电话应为手机号或带区号的固定电话，如 010-12345678');
    fireEvent.change(phone, { target: { value: '0512-66881234' } });
    expect(within(dialog).getByLabelText('显示排序')).toHaveProperty('value', '0');
    const state = within(dialog).getByRole('switch', { name: '状态' });
    expect(state.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(state);
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await waitFor(() => within(rowOf('财务部')).getByText('禁用'));
    expect(api.store.orgs.find((o) => o.name === '财务部')).toMatchObject({
      leader: '王芳',
      phone: '0512-66881234',
      state: false,
    });
    // No child under a disabled organisation: 添加下级 is disabled.
    expect(within(rowOf('财务部')).getByRole('button', { name: '添加下级' })).toHaveProperty('disabled', true);
    // Reordered: 市场部 to the end of its level.
    fireEvent.click(within(rowOf('市场部')).getByRole('button', { name: '编辑' }));
    const again = await findDialog('修改组织');
    fireEvent.change(within(again).getByLabelText('显示排序'), { target: { value: '50' } });
    fireEvent.click(within(again).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(names()).toEqual(['研发中心', '财务部', '市场部']));
  });

  it('a sibling of the same name is refused with the server’s reason, the dialog kept open', async () => {
    await openScreen();
    await expand('总公司');
    await screen.findByText('研发中心');
    fireEvent.click(within(rowOf('财务部')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改组织');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '研发中心' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('同一上级组织下已有名为“研发中心”的组织，同级组织的名称不能重复');
    expect(within(dialog).getByLabelText('名称')).toHaveProperty('value', '研发中心');
  });

  it('deletes an empty department; one that still has accounts stays, with the server’s reason', async () => {
    api.store.orgs.push({
      id: 99,
      pid: 1,
      name: '筹备组',
      fullName: null,
      orgCode: null,
      regionId: null,
      sort: 0,
      leader: null,
      phone: null,
      state: true,
      createTime: Date.now(),
    });
    await openScreen();
    await expand('总公司');

    await screen.findByText('财务部');
    fireEvent.click(within(rowOf('财务部')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('删除组织「财务部」？')).getByRole('button', { name: '确定' }));
    // 李娜 and 郭佳 work there.
    await screen.findByText('该组织下还有 2 个账号，请先删除或调走这些账号');
    expect(screen.getByText('财务部')).toBeTruthy();

    fireEvent.click(within(rowOf('筹备组')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('删除组织「筹备组」？')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('筹备组')).toBeNull());
  });

  it('an organisation with sub-organisations: 删除 is disabled and says they must go first', async () => {
    await openScreen();
    const remove = within(rowOf('总公司')).getByRole('button', { name: '删除' });
    expect(remove).toHaveProperty('disabled', true);
    // A disabled button gets no mouse events from React; the tooltip opens on the pointer (as in a browser).
    fireEvent.pointerEnter(remove);
    await screen.findByText('它下面还有下级组织，需先删除它们，否则不能删除。');
  });

  it('the kit tool bar: a long full name stays on one line, 列设置 hides a column for the account, 刷新 keeps open branches', async () => {
    const long = '门楼科技集团有限公司华东区域研发与运营一体化协同中心'.repeat(4);
    api.store.orgs.push({
      id: 98,
      pid: 1,
      name: '长名称组织',
      fullName: long,
      orgCode: null,
      regionId: null,
      sort: 0,
      leader: null,
      phone: null,
      state: true,
      createTime: Date.now(),
    });
    await openScreen();
    await expand('总公司');
    const cell = (await screen.findByText(long)).closest('td') as HTMLElement;
    expect(cell.className).toContain('ant-table-cell-ellipsis');
    expect(within(rowOf('长名称组织')).getByRole('button', { name: '删除' }).closest('td')?.className).toContain(
      'ant-table-cell-fix',
    );

    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('checkbox', { name: '全称' }));
    await waitFor(() => expect(screen.queryByText(long)).toBeNull());
    await waitFor(async () => expect(await api.sent(routes.putPreference)).toHaveLength(1));
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin');
    const stored = api.store.preferences.get(admin?.id ?? 0)?.get('table.orgs') as {
      columns: { key: string; hidden: boolean }[];
    };
    expect(stored.columns.find((c) => c.key === 'fullName')).toEqual({ key: 'fullName', hidden: true });

    api.store.orgs.push({
      id: 97,
      pid: 1,
      name: '新设部门',
      fullName: null,
      orgCode: null,
      regionId: null,
      sort: 0,
      leader: null,
      phone: null,
      state: true,
      createTime: Date.now(),
    });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByText('新设部门');
    screen.getByText('研发中心');
  });

  it('a failed load of the tree says 加载失败 with 重试, which loads it', async () => {
    api.breakNetwork(routes.listOrgs);
    api.signInAs('admin');
    await renderApp('/user/Organization');
    const failed = await screen.findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    api.server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('总公司');
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a tree the server fails to answer: the error page says why', async () => {
    api.fail(routes.listOrgs, 503, '组织服务暂不可用');
    api.signInAs('admin');
    await renderApp('/user/Organization');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：组织服务暂不可用');
  });
});
