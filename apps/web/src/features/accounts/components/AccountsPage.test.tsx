// The account screen's list in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks):
// rows, search and filters, columns, selection and failed loads. Its dialogs and actions: AccountsPage.actions.test.tsx.
import { accountEntity, type FieldSpec, type RouteDef, routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { textFilters } from '@/lib/entity';
import { call } from '@/lib/http';
import { accountScreen, preloadAccountScreen } from '@/testing/account-screen';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { orgPickerShows } from '@/testing/org-picker';
import { findDialog, openMoreActions, rowOf } from '@/testing/queries';
import { renderApp } from '@/testing/render-app';

const api = setupMockApi();
const { openScreen, field, dataRows, total, cellOf, expandSearch } = accountScreen(api);
/** The account's fields as declared (accounts.entity.ts). */
const declared = Object.entries(accountEntity.fields) as Array<[string, FieldSpec]>;

/** Chooses `name` in the open drop-down of a select (the option, not a selection showing the same text). */
async function chooseOption(name: string) {
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  fireEvent.click(option);
}

/** The search box's scope picker, and what it shows. */
const scopePicker = () => screen.getByRole('combobox', { name: '搜索范围' });
const scopeShown = () => scopePicker().closest('.ant-select')?.textContent;

/** Types `text` in the one search box, searching in `scope` (全部, or a text filter's field). */
async function searchIn(scope: string, text: string) {
  fireEvent.mouseDown(scopePicker());
  await chooseOption(scope);
  fireEvent.change(field('搜索'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '查询' }));
}

describe('/user/Account', () => {
  beforeAll(preloadAccountScreen);

  it('lists the seeded accounts, newest first, with organisation, role and state', async () => {
    const table = await openScreen();
    expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`);
    const rows = dataRows(table);
    expect(rows).toHaveLength(20);
    const newest = within(rows[0] as HTMLElement);
    for (const text of ['xietingting', '谢婷婷', '前端开发部', '普通员工', '启用']) newest.getByText(text);
    // 杨磊 is seeded disabled.
    within(rowOf(table, '杨磊')).getByText('禁用');
  });

  it('a search in 用户名 (its beginning) narrows the rows; 重置 brings them all back', async () => {
    const table = await openScreen();
    await searchIn('用户名', '张');
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    expect(dataRows(table)).toHaveLength(1);
    within(table).getByText('张伟');
    const sent = (await api.sent(routes.listAccounts)).at(-1)?.query;
    expect([sent?.get('accountName'), sent?.get('keyword')]).toEqual(['张', null]);
    // The box keeps its scope and text.
    expect(scopeShown()).toBe('用户名');
    expect(field('搜索')).toHaveProperty('value', '张');

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`));
    within(table).getByText('谢婷婷');
    expect(field('搜索')).toHaveProperty('value', '');
    expect(scopeShown()).toBe('全部');
  });

  it('one search box: 全部 and each text filter as its scopes, no second box for a field it searches', async () => {
    await openScreen();
    // Its placeholder names what 全部 searches: every searched field of the descriptor.
    const placeholder = field('搜索').getAttribute('placeholder') ?? '';
    for (const [, searched] of declared.filter(([, spec]) => spec.searched)) {
      expect(placeholder).toContain(searched.label['zh-CN']);
    }
    fireEvent.mouseDown(scopePicker());
    const options = await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
      expect(shown.length).toBeGreaterThan(1);
      return shown;
    });
    // The descriptor's text filters and the route's own (the whole mobile number), in declaration order.
    const scopes = textFilters(accountEntity, { contactNumber: { kind: 'exact', maxLength: 20 } });
    expect(options).toEqual(['全部', ...scopes.map((scope) => scope.label)]);
    // No text box of its own for any of them, expanded or not.
    expandSearch();
    expect(screen.getAllByRole('textbox').filter((box) => box.closest('form#accountSearch'))).toHaveLength(1);
  });

  it('a text filter in the address is shown in the box under its scope, and filters the rows', async () => {
    const table = await openScreen('/user/Account?accountNumber=xie');
    await waitFor(() => expect(scopeShown()).toBe('账号'));
    expect(field('搜索')).toHaveProperty('value', 'xie');
    const matching = api.store.accounts.filter((a) => a.accountNumber.startsWith('xie'));
    await waitFor(() => expect(total()).toBe(`共 ${matching.length} 条记录`));
    for (const row of dataRows(table)) expect(row.textContent).toMatch(/xie/);
  });

  it('a search by a whole mobile number finds its account', async () => {
    const table = await openScreen();
    await searchIn('手机号码', '+8613910000000');
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    within(table).getByText('张伟');
    const sent = await api.sent(routes.listAccounts);
    expect(sent.at(-1)?.query.get('contactNumber')).toBe('+8613910000000');
  });

  it('搜索 sends keyword and finds any part of a name; past 10,000 matches the total reads 10,000+', async () => {
    const table = await openScreen();
    fireEvent.change(field('搜索'), { target: { value: '婷婷' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    within(table).getByText('谢婷婷');
    expect((await api.sent(routes.listAccounts)).at(-1)?.query.get('keyword')).toBe('婷婷');

    // 10,001 more accounts whose numbers hold "bulk": the server counts up to its cap and says so.
    const model = api.store.accounts[0]!;
    const top = Math.max(...api.store.accounts.map((a) => a.id));
    for (let n = 1; n <= 10_001; n++) {
      api.store.accounts.push({ ...model, id: top + n, accountNumber: `bulk${n}`, accountName: `批量${n}` });
    }
    fireEvent.change(field('搜索'), { target: { value: 'bulk' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 10,000+ 条记录'));
    expect((await api.sent(routes.listAccounts)).at(-1)?.query.get('keyword')).toBe('bulk');
  });

  it('filters by 状态 and 角色 at once; the rarer filters wait under 展开, which a filter in the address opens', async () => {
    const table = await openScreen();
    // The rarer filters are out of sight until 展开.
    expect(screen.queryByRole('combobox', { name: '岗位' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '双因素认证' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('禁用'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '角色' }));
    fireEvent.click(await screen.findByTitle('普通员工'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const employee = api.store.roles.find((r) => r.name === '普通员工')!.id;
    const disabledEmployees = api.store.accounts.filter((a) => !a.state && a.roleId === employee);
    expect(disabledEmployees.length).toBeGreaterThan(0);
    await waitFor(() => expect(total()).toBe(`共 ${disabledEmployees.length} 条记录`));
    for (const row of dataRows(table)) within(row).getByText('禁用');
    const sent = (await api.sent(routes.listAccounts)).at(-1)?.query;
    expect([sent?.get('state'), sent?.get('roleId')]).toEqual(['0', String(employee)]);

    // 展开 shows the others; one chosen and applied keeps the form open, and the address holds it.
    expandSearch();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '双因素认证' }));
    fireEvent.click(await screen.findByTitle('已启用'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(async () =>
      expect((await api.sent(routes.listAccounts)).at(-1)?.query.get('secondFactor')).toBe('1'),
    );
    expect(screen.getByRole('button', { name: '收起' }).hasAttribute('disabled')).toBe(true);

    // 重置 clears them all; the form can close again.
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`));
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.queryByRole('combobox', { name: '双因素认证' })).toBeNull();
  });

  it('opens the form expanded when the address applies a rarer filter (a link, back/forward)', async () => {
    // 谢婷婷 (the newest, which the screen's opening waits for) and one more proved their e-mail addresses.
    const verified = api.store.accounts.filter((a) => ['谢婷婷', '张伟'].includes(a.accountName));
    for (const account of verified) account.emailVerified = true;
    await openScreen('/user/Account?emailVerified=1');
    const select = await screen.findByRole('combobox', { name: '邮箱验证' });
    expect(select.closest('.ant-select')?.textContent).toContain('已验证');
    await waitFor(() => expect(total()).toBe(`共 ${verified.length} 条记录`));
  });

  it('an organisation filter restored from the address is shown by its name, and filters the rows', async () => {
    const org = api.store.orgs.find((o) => o.name === '前端开发部');
    if (!org) throw new Error('seeded organisation missing');
    const table = await openScreen(`/user/Account?orgId=${org.id}`);
    await waitFor(() => expect(orgPickerShows(screen.getByRole('combobox', { name: '所属组织' }))).toBe('前端开发部'));
    expect(dataRows(table).length).toBeGreaterThan(0);
    for (const row of dataRows(table)) within(row).getByText('前端开发部');
  });

  it('an account the caller may not manage cannot be selected, and its checkbox says why', async () => {
    // 张伟 (部门管理员) manages the accounts of his subtree, not the built-in admin.
    api.signInAs('zhangwei');
    await renderApp('/user/Account?pageSize=50');
    const table = await waitFor(() => screen.getAllByRole('table', { name: '账号列表' })[1] as HTMLElement);
    const admin = await within(table).findByRole('checkbox', { name: '选择 系统管理员（admin）' });
    expect(admin).toHaveProperty('disabled', true);
    expect(admin.closest('[title]')?.getAttribute('title')).toBe('不能选择：内置管理员账号只能由其本人操作');
  });

  it('marks a mobile or e-mail its owner has not proven 未验证, once its column is shown', async () => {
    const proven = api.store.accounts.find((a) => a.accountNumber === 'xietingting')!;
    Object.assign(proven, { email: 'xie@gatehouse.cn', contactVerified: true, emailVerified: true });
    const unproven = api.store.accounts.find((a) => a.accountNumber === 'admin')!;
    Object.assign(unproven, { contactVerified: false, emailVerified: false });
    const none = api.store.accounts.find((a) => a.accountNumber === 'lina')!;
    Object.assign(none, { email: null, emailVerified: false });
    const table = await openScreen('/user/Account?pageSize=50');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    // Shown (whether the descriptor hides them by default or not).
    for (const name of ['手机号码', '邮箱']) {
      const box = within(settings).getByRole('checkbox', { name });
      if (!(box as HTMLInputElement).checked) fireEvent.click(box);
    }
    const admin = rowOf(table, '系统管理员');
    await waitFor(() => within(admin).getByText('admin@gatehouse.cn'));
    expect(cellOf(admin, '手机号码').textContent).toBe(`${unproven.contactNumber}未验证`);
    expect(cellOf(admin, '邮箱').textContent).toBe('admin@gatehouse.cn未验证');
    const xie = rowOf(table, '谢婷婷');
    expect(cellOf(xie, '手机号码').textContent).toBe(proven.contactNumber);
    expect(cellOf(xie, '邮箱').textContent).toBe('xie@gatehouse.cn');
    // A row without an e-mail says nothing of its proof.
    expect(within(cellOf(rowOf(table, none.accountName), '邮箱')).queryByText('未验证')).toBeNull();
  });

  it('actions: 编辑, 重置密码 and 删除 as links, the rarely used under 更多', async () => {
    const table = await openScreen('/user/Account?pageSize=50');
    const links = (name: string) =>
      within(cellOf(rowOf(table, name), '操作'))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(links('谢婷婷')).toEqual(['编辑', '重置密码', '删除', '更多']);
    const more = (menu: HTMLElement) =>
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    expect(more(await openMoreActions(rowOf(table, '谢婷婷')))).toEqual(['权限说明', '切换身份']);
    // 系统管理员 is the caller itself and 杨磊 is disabled: neither can be acted as; their links stay in line.
    expect(more(await openMoreActions(rowOf(table, '系统管理员')))).toEqual(['权限说明']);
    expect(more(await openMoreActions(rowOf(table, '杨磊')))).toEqual(['权限说明']);
    expect(links('系统管理员')).toEqual(links('谢婷婷'));
    // One cannot delete oneself: the link says why instead of failing.
    const ownDelete = within(cellOf(rowOf(table, '系统管理员'), '操作')).getByRole('button', { name: '删除' });
    expect(ownDelete).toHaveProperty('disabled', true);
  });

  it('待审核 counts the accounts waiting for approval and filters to them; enabling one approves it', async () => {
    for (const accountNumber of ['zhengkai', 'songyu']) {
      const account = api.store.accounts.find((a) => a.accountNumber === accountNumber)!;
      Object.assign(account, { state: false, pendingApproval: true, company: '自助注册公司' });
    }
    const table = await openScreen();
    const pending = await screen.findByRole('button', { name: '待审核 2' });
    within(rowOf(table, '郑凯')).getByText('待审核');
    fireEvent.click(pending);
    await waitFor(() => expect(total()).toBe('共 2 条记录'));
    expect(dataRows(table)).toHaveLength(2);
    screen.getByRole('button', { name: '待审核（2）· 显示全部' });
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 郑凯（zhengkai）' }));
    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: '批量启用' }));
    fireEvent.click(within(await findDialog('启用以下 1 个账号？')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    await screen.findByRole('button', { name: '待审核（1）· 显示全部' });
    fireEvent.click(screen.getByRole('button', { name: '待审核（1）· 显示全部' }));
    await waitFor(() => expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`));
    await screen.findByRole('button', { name: '待审核 1' });
  });

  it('shows whether each account has a second factor, in a column the settings can hide', async () => {
    const tingting = api.store.accounts.find((a) => a.accountNumber === 'xietingting')!;
    tingting.secondFactor = true;
    const table = await openScreen();
    const header = screen.getAllByRole('table', { name: '账号列表' })[0] as HTMLElement;
    within(header).getByRole('columnheader', { name: '双因素认证' });
    expect(cellOf(rowOf(table, '谢婷婷'), '双因素认证').textContent).toBe('已启用');
    expect(cellOf(rowOf(table, '郑凯'), '双因素认证').textContent).toBe('未启用');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('checkbox', { name: '双因素认证' }));
    await waitFor(() => expect(within(header).queryByRole('columnheader', { name: '双因素认证' })).toBeNull());
    expect(within(rowOf(table, '郑凯')).queryByText('未启用')).toBeNull();
    // The setting is saved before the test ends: saved at unmount instead, its request would outlive this test's
    // session and sign the next test out.
    await waitFor(async () => expect(await api.sent(routes.putPreference)).toHaveLength(1));
  });

  it('offers 重置双因素认证 usable only on rows within the caller’s reach', async () => {
    for (const accountNumber of ['admin', 'xietingting']) {
      api.store.accounts.find((a) => a.accountNumber === accountNumber)!.secondFactor = true;
    }
    // 张伟 (部门管理员), given 重置双因素认证 and what 普通员工 holds: he may act on 谢婷婷, never on the built-in admin.
    const manager = api.store.roles.find((r) => r.id === 2)!;
    const staff = api.store.roles.find((r) => r.id === 3)!;
    const reset = api.store.resources.find((r) => r.method === 'delete' && r.url === routes.resetSecondFactor.path)!;
    manager.resources = [...new Set([...manager.resources, ...staff.resources, reset.id])];
    api.signInAs('zhangwei');
    await renderApp('/user/Account?pageSize=50');
    const table = await waitFor(() => screen.getAllByRole('table', { name: '账号列表' })[1] as HTMLElement);
    const admin = await waitFor(() => rowOf(table, '系统管理员'));
    expect(cellOf(admin, '双因素认证').textContent).toBe('已启用');
    // Out of reach: offered disabled (the reason on hover), not refused after a click.
    const outOfReach = within(await openMoreActions(admin)).getByRole('menuitem', { name: '重置双因素认证' });
    expect(outOfReach.getAttribute('aria-disabled')).toBe('true');
    const inReach = within(await openMoreActions(rowOf(table, '谢婷婷'))).getByRole('menuitem', {
      name: '重置双因素认证',
    });
    expect(inReach.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('filters by 岗位 and 创建时间 under 展开; the export carries the filters and the visible columns', async () => {
    api.signInAs('admin');
    // The CRUD routes' types leave `params` open (the contract's CrudRoutes): the body is the route's all the same.
    const body = { postCode: 'pm', postName: '项目经理', sort: 1, state: 1 };
    const post = (await call(routes.createPost as RouteDef, { body } as never)) as { id: number; postName: string };
    api.store.accounts.find((a) => a.accountNumber === 'xietingting')!.postIds = [post.id];
    const table = await openScreen();
    expandSearch();
    screen.getByRole('textbox', { name: '创建时间' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '岗位' }));
    await chooseOption(post.postName);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    await chooseOption('启用');
    await searchIn('账号', 'xie');
    const holding = api.store.accounts.filter(
      (a) => a.state && a.accountNumber.startsWith('xie') && (a.postIds ?? []).includes(post.id),
    );
    await waitFor(() => expect(total()).toBe(`共 ${holding.length} 条记录`));
    within(table).getByText('谢婷婷');

    const downloads = catchDownloads();
    try {
      fireEvent.click(await screen.findByRole('button', { name: /导出/ }));
      fireEvent.click(await screen.findByText('CSV (.csv)'));
      await waitFor(async () => expect(await api.sent(routes.exportAccounts)).toHaveLength(1));
    } finally {
      downloads.stop();
    }
    const [sent] = await api.sent(routes.exportAccounts);
    expect(Object.fromEntries(sent?.query ?? [])).toMatchObject({
      format: 'csv',
      accountNumber: 'xie',
      state: '1',
      postId: String(post.id),
    });
    // The visible columns that show a field of the sheet, in their order, under the sheet's keys.
    const header = screen.getAllByRole('table', { name: '账号列表' })[0] as HTMLElement;
    const titles = [...header.querySelectorAll('th')].map((th) => th.textContent?.trim());
    const expected = declared.flatMap(([key, spec]) =>
      spec.sheet && titles.includes(spec.label['zh-CN']) ? [spec.sheet.key ?? key] : [],
    );
    expect(expected).toContain('orgPath');
    expect(sent?.query.get('columns')?.split(',')).toEqual(expected);
  });

  it('lists every field the descriptor lists: shown, or offered by the column settings when hidden by default', async () => {
    await openScreen();
    const header = screen.getAllByRole('table', { name: '账号列表' })[0] as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    const listed = declared.flatMap(([, spec]) => (spec.list ? [{ ...spec, list: spec.list }] : []));
    expect(listed.length).toBeGreaterThan(3);
    const titles = [...header.querySelectorAll('th')].map((th) => th.textContent?.trim());
    for (const spec of listed) {
      const label = spec.label['zh-CN'];
      const box = within(settings).getByRole('checkbox', { name: label });
      expect(box, label).toHaveProperty('checked', !spec.list.hidden);
      expect(titles.includes(label), label).toBe(!spec.list.hidden);
      // A sortable field sorts on the server from its header.
      if (!spec.list.hidden && spec.sortable) {
        const th = within(header).getByRole('columnheader', { name: label });
        expect(th.className, label).toContain('ant-table-column-has-sorters');
      }
    }
    // Declaration order, the organisation and role where declared.
    const order = ['账号', '用户名', '所属组织', '角色', '状态', '创建时间'];
    expect(titles.filter((title) => order.includes(title ?? ''))).toEqual(order);
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listAccounts, 500, '数据库不可用');
    api.signInAs('admin');
    await renderApp('/user/Account');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：数据库不可用');
  });
});
