// The list kit as a screen uses it, in the whole app against the mock API (src/mocks): the account screen is the
// kit's first screen, so the kit's behaviours are proven there (the screen's own are in AccountsPage.test.tsx).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/**
 * The account table's two elements: with a sticky header antd renders the header row in a table of its own above
 * the table of the rows (both named 账号列表).
 */
async function open(path = '/user/Account') {
  api.signInAs('admin');
  const app = await renderApp(path);
  const [head, table] = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '账号列表' });
    expect(tables).toHaveLength(2);
    return tables as [HTMLElement, HTMLElement];
  });
  return { ...app, head, table };
}

/** The table's column headers, left to right (the selection column has no text). */
const headers = (head: HTMLElement) =>
  within(head)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '')
    .filter((text) => text !== '');

/** The account number in the first row of the table (after the selection cell). */
const firstAccountNumber = (table: HTMLElement) =>
  table.querySelector('tr.ant-table-row')?.querySelectorAll('td')[1]?.textContent;

/** A text field of the search form (the sortable headers carry the same names). */
const field = (name: string) => screen.getByRole('textbox', { name });
/** What the account screen's one search box's scope picker shows (全部, or a text filter's field). */
const scopeShown = () => screen.getByRole('combobox', { name: '搜索范围' }).closest('.ant-select')?.textContent;

/** Chooses `name` in the open drop-down of a select (the option, not a selection showing the same text). */
async function chooseOption(name: string) {
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  fireEvent.click(option);
}

const total = () => screen.getByTestId('account-total').textContent;

/** What the account list asked the server (the 待审核 button asks the same route for its count, pendingApproval=1). */
const listRequests = async () =>
  (await api.sent(routes.listAccounts)).filter((request) => !request.query.has('pendingApproval'));

describe('list kit', () => {
  beforeAll(() => preloadScreens('/user/Account'));

  it('restores filters, sort and page size from the URL, sends them, and shows them in the form', async () => {
    const { head, table, router } = await open(
      '/user/Account?accountName=%E5%BC%A0&sort=accountNumber&order=desc&pageSize=10',
    );
    await within(table).findByText('张伟');
    expect(total()).toBe('共 1 条记录');
    // The total is said once, in the summary line, in the page's language: the pager has no counter of its own.
    expect(document.querySelector('.ant-pagination-total-text')).toBeNull();
    // A text filter restored from the address shows in the one search box, under its field.
    expect(field('搜索')).toHaveProperty('value', '张');
    expect(scopeShown()).toBe('用户名');
    const [sent] = (await listRequests()).slice(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      p: '1',
      pageSize: '10',
      sort: 'accountNumber',
      order: 'desc',
      accountName: '张',
    });
    expect(within(head).getByRole('columnheader', { name: '账号' }).getAttribute('aria-sort')).toBe('descending');
    screen.getByTitle('10 条/页');
    expect(router.state.location.search).toBe('?accountName=%E5%BC%A0&sort=accountNumber&order=desc&pageSize=10');
  });

  it('查询 puts the filters in the URL (back shows the previous ones); 查询 again with the same filters asks the server again', async () => {
    const { table, router } = await open();
    await within(table).findByText('谢婷婷');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '搜索范围' }));
    await chooseOption('账号');
    fireEvent.change(field('搜索'), { target: { value: ' zh ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 5 条记录'));
    expect(router.state.location.search).toBe('?accountNumber=zh');
    const before = (await listRequests()).length;

    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(async () => expect((await listRequests()).length).toBe(before + 1));

    await router.navigate(-1);
    await waitFor(() => expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`));
    expect(field('搜索')).toHaveProperty('value', '');
  });

  it('a header click sorts on the server: sort and order in the URL and the request, the first row changes', async () => {
    const { head, table, router } = await open();
    await within(table).findByText('谢婷婷');
    expect(firstAccountNumber(table)).toBe('xietingting');

    fireEvent.click(within(head).getByRole('columnheader', { name: '账号' }));
    await waitFor(() => expect(firstAccountNumber(table)).toBe('admin'));
    expect(router.state.location.search).toBe('?sort=accountNumber&order=asc');
    const [sent] = (await listRequests()).slice(-1);
    expect(sent?.query.get('sort')).toBe('accountNumber');
    expect(sent?.query.get('order')).toBe('asc');

    fireEvent.click(within(head).getByRole('columnheader', { name: '账号' }));
    await waitFor(() => expect(firstAccountNumber(table)).toBe('zhuting'));
    expect(router.state.location.search).toBe('?sort=accountNumber&order=desc');

    // 重置 goes back to the server's default order too.
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(firstAccountNumber(table)).toBe('xietingting'));
    expect(router.state.location.search).toBe('');
  });

  it('with no sort in the URL 创建时间 shows the server’s order (newest first); its first click sorts oldest first', async () => {
    const { head, table, router } = await open();
    await within(table).findByText('谢婷婷');
    const created = () => within(head).getByRole('columnheader', { name: '创建时间' });
    expect(created().getAttribute('aria-sort')).toBe('descending');
    expect(within(head).getByRole('columnheader', { name: '账号' }).getAttribute('aria-sort')).toBeNull();

    fireEvent.click(created());
    await waitFor(() => expect(firstAccountNumber(table)).toBe('admin'));
    expect(router.state.location.search).toBe('?sort=createTime&order=asc');
    await waitFor(() => expect(created().getAttribute('aria-sort')).toBe('ascending'));

    fireEvent.click(created());
    await waitFor(() => expect(firstAccountNumber(table)).toBe('xietingting'));
    expect(router.state.location.search).toBe('?sort=createTime&order=desc');
    await waitFor(() => expect(created().getAttribute('aria-sort')).toBe('descending'));

    // Sorted by another column, 创建时间 shows no arrow; cancelling that sort returns to the default order.
    fireEvent.click(within(head).getByRole('columnheader', { name: '账号' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=accountNumber&order=asc'));
    await waitFor(() => expect(created().getAttribute('aria-sort')).toBeNull());
  });

  it('full screen: the list fills the window, Esc leaves', async () => {
    const { table } = await open();
    await within(table).findByText('谢婷婷');
    const card = screen.getByTestId('list-card');
    fireEvent.click(within(card).getByRole('button', { name: '全屏' }));
    expect(card.style.position).toBe('fixed');
    expect(Number.parseFloat(card.style.inset)).toBe(0);
    within(card).getByRole('button', { name: '退出全屏（Esc）' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(card.style.position).toBe(''));
  });

  it('column settings hide and reorder columns, and are saved for the account through the preference route', async () => {
    const { head, table } = await open();
    await within(table).findByText('谢婷婷');
    expect(headers(head).slice(0, 4)).toEqual(['账号', '用户名', '所属组织', '角色']);

    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByRole('checkbox', { name: '角色' }));
    fireEvent.click(within(settings).getByRole('button', { name: '上移「用户名」' }));
    expect(headers(head).slice(0, 4)).toEqual(['用户名', '账号', '所属组织', '状态']);

    await waitFor(async () => expect(await api.sent(routes.putPreference)).toHaveLength(1));
    const [put] = await api.sent(routes.putPreference);
    const stored = put?.body as { density: string; columns: { key: string; hidden: boolean }[] };
    expect(stored.density).toBe('middle');
    // In their order (columns hidden by default, such as 工号, keep their places between them).
    const shown = ['accountName', 'accountNumber', 'orgName', 'roleName'];
    expect(stored.columns.filter((column) => shown.includes(column.key))).toEqual([
      { key: 'accountName', hidden: false },
      { key: 'accountNumber', hidden: false },
      { key: 'orgName', hidden: false },
      { key: 'roleName', hidden: true },
    ]);
    // What the server keeps for the admin: a new page load (another browser) shows the same columns.
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin');
    expect(api.store.preferences.get(admin?.id ?? 0)?.get('table.accounts')).toEqual(put?.body);
  });

  it('column settings reorder by dragging and pin a column to an edge, kept in view, saved with the rest', async () => {
    const { head, table } = await open();
    await within(table).findByText('谢婷婷');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    const row = (name: string) => within(settings).getByRole('checkbox', { name }).closest('li') as HTMLElement;

    // 角色 dragged onto 账号: it takes 账号's place.
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'none',
      dropEffect: 'none',
    };
    fireEvent.dragStart(row('角色'), { dataTransfer });
    fireEvent.dragOver(row('账号'), { dataTransfer });
    fireEvent.drop(row('账号'), { dataTransfer });
    fireEvent.dragEnd(row('角色'), { dataTransfer });
    expect(headers(head).slice(0, 4)).toEqual(['角色', '账号', '用户名', '所属组织']);

    // 状态 pinned to the left: it moves to the left edge and is a fixed column; pressed again, it is free again.
    const pinLeft = within(settings).getByRole('button', { name: '固定在左侧「状态」' });
    fireEvent.click(pinLeft);
    expect(pinLeft.getAttribute('aria-pressed')).toBe('true');
    expect(headers(head)[0]).toBe('状态');
    const stateHeader = within(head)
      .getAllByRole('columnheader')
      .find((cell) => cell.textContent === '状态');
    expect(stateHeader?.className).toContain('ant-table-cell-fix-start');
    // 操作 is fixed by the screen itself: it offers no pins.
    expect(within(settings).queryByRole('button', { name: '固定在左侧「操作」' })).toBeNull();

    await waitFor(async () => expect(await api.sent(routes.putPreference)).toHaveLength(1));
    const [put] = await api.sent(routes.putPreference);
    const stored = put?.body as { columns: { key: string; hidden: boolean; fixed?: string }[] };
    expect(stored.columns.slice(0, 3)).toEqual([
      { key: 'roleName', hidden: false },
      { key: 'accountNumber', hidden: false },
      { key: 'accountName', hidden: false },
    ]);
    expect(stored.columns.find((column) => column.key === 'state')).toEqual({
      key: 'state',
      hidden: false,
      fixed: 'left',
    });

    fireEvent.click(pinLeft);
    expect(pinLeft.getAttribute('aria-pressed')).toBe('false');
    expect(headers(head)[0]).toBe('角色');
  });

  it('a column setting the server refuses to keep is said in a toast, and stays on screen', async () => {
    api.fail(routes.putPreference, 400, '每个账号最多保存 100 项偏好设置，请先删除不用的设置');
    const { head, table } = await open();
    await within(table).findByText('谢婷婷');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('checkbox', { name: '角色' }));
    await screen.findByText('表格设置未保存：每个账号最多保存 100 项偏好设置，请先删除不用的设置');
    expect(headers(head)).not.toContain('角色');
  });

  it('stored column settings apply on the first render', async () => {
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin')!;
    api.store.preferences.set(
      admin.id,
      new Map([
        [
          'table.accounts',
          {
            density: 'small',
            columns: ['createTime', 'accountNumber', 'accountName', 'orgName', 'roleName', 'state', 'actions'].map(
              (key) => ({ key, hidden: key === 'orgName' }),
            ),
          },
        ],
      ]),
    );
    const { head, table } = await open();
    await within(table).findByText('谢婷婷');
    // 双因素认证 came after these settings were stored: a new column shows in its default place.
    expect(headers(head)).toEqual(['创建时间', '账号', '用户名', '角色', '状态', '双因素认证', '操作']);
    expect(table.closest('.ant-table')?.classList.contains('ant-table-small')).toBe(true);
  });

  it('a bulk delete with a refusal: one message naming the refused account and why, the refused row stays selected', async () => {
    // Every account on one page, the built-in admin (the oldest) included.
    const { table } = await open('/user/Account?pageSize=50');
    await within(table).findByText('谢婷婷');
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 谢婷婷（xietingting）' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 郑凯（zhengkai）' }));
    // Yourself: selectable, refused by the server with its reason.
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 系统管理员（admin）' }));
    expect(within(screen.getByTestId('bulk-bar')).getByText('已选择 3 项')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: '批量删除' }));
    const confirm = await findDialog('删除以下 3 个账号？');
    const names = within(confirm).getByTestId('bulk-confirm-list');
    for (const name of ['谢婷婷（xietingting）', '郑凯（zhengkai）', '系统管理员（admin）'])
      within(names).getByText(name);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));

    await screen.findByText('2 项已删除，1 项未删除：系统管理员（admin）：内置管理员账号不能被删除');
    await waitFor(() => expect(within(table).queryByText('谢婷婷')).toBeNull());
    expect(api.store.accounts.some((a) => a.accountNumber === 'zhengkai')).toBe(false);
    expect(within(screen.getByTestId('bulk-bar')).getByText('已选择 1 项')).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: '选择 系统管理员（admin）' })).toHaveProperty('checked', true);
  });

  it('a failed first load says 加载失败 with the reason and 重试, never 共 0 条; 重试 loads the rows', async () => {
    api.breakNetwork(routes.listAccounts);
    const { table } = await open();
    const failed = await within(table).findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    expect(screen.queryByTestId('account-total')).toBeNull();
    expect(within(table).queryByText('暂无数据', { selector: 'div' })).toBeNull();

    api.server.resetHandlers();
    fireEvent.click(within(table).getByRole('button', { name: '重试' }));
    await within(table).findByText('谢婷婷');
    expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`);
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a refused load names the permission to ask for and offers no 重试, which could only be refused again', async () => {
    api.fail(routes.listAccounts, 403, '无权访问“账号列表”，请联系企业管理员');
    const { table } = await open();
    const failed = await within(table).findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：无权访问“账号列表”，请联系企业管理员');
    expect(within(table).queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('a failed refresh keeps the rows on screen under an error banner with 重试', async () => {
    const { table } = await open();
    await within(table).findByText('谢婷婷');
    api.breakNetwork(routes.listAccounts);
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    const banner = await screen.findByTestId('list-failed');
    expect(banner.textContent).toContain('加载失败：网络异常');
    within(table).getByText('谢婷婷');
    expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`);

    api.server.resetHandlers();
    fireEvent.click(within(banner).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByTestId('list-failed')).toBeNull());
  });

  it("has its title and no back arrow: a menu's own screen has nowhere to go back to", async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: '账号管理' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('no match: 暂无数据 with a hint, and 共 0 条记录', async () => {
    const { table } = await open('/user/Account?accountNumber=nobody');
    await within(table).findByText('暂无数据', { selector: 'div' });
    within(table).getByText('调整查询条件后重试');
    expect(total()).toBe('共 0 条记录');
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('an empty list nobody filtered: 暂无数据 without blaming the filters', async () => {
    api.answer(routes.listAccounts, { list: [], totalPage: 0, totalCount: 0 });
    const { table } = await open();
    await within(table).findByText('暂无数据', { selector: 'div' });
    expect(within(table).queryByText('调整查询条件后重试')).toBeNull();
  });

  it('a page beyond the last goes to page 1', async () => {
    const { table, router } = await open('/user/Account?p=9');
    await within(table).findByText('谢婷婷');
    expect(router.state.location.search).toBe('');
    expect(rowOf(table, '谢婷婷')).toBeTruthy();
  });
});
