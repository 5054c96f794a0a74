// The online users screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks),
// whose sessions are the seed's eight sign-ins: admin's newest is the current one, 李娜's is the oldest.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/** The header table and the table of rows (with its sticky header antd renders two tables of the same name). */
async function openScreen(path = '/monitor/Online') {
  api.signInAs('admin');
  const app = await renderApp(path);
  const [head, table] = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '在线用户列表' });
    expect(tables).toHaveLength(2);
    return tables as [HTMLElement, HTMLElement];
  });
  return { ...app, head, table };
}

/** The table's data rows, in order. */
const rows = (table: HTMLElement) => [...table.querySelectorAll<HTMLElement>('tr.ant-table-row')];
const total = () => screen.getByTestId('online-total').textContent;
const field = (name: string) => screen.getByRole('textbox', { name });
const sessions = () => api.store.signIns.length;
/** A row's IP and browser cells as one confirmation line shows them: 10.12.0.3 · Safari 17 · macOS. */
const ipAndBrowser = (row: HTMLElement) =>
  [...row.querySelectorAll('td')]
    .slice(4, 6)
    .map((td) => td.textContent)
    .join(' · ');

describe('/monitor/Online', () => {
  beforeAll(() => preloadScreens('/monitor/Online'));

  it('lists the live sessions: who, from where, and which one is this one', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    const current = within(rows(table)[0] as HTMLElement);
    current.getByText('当前会话');
    current.getByText('系统管理员');
    // Your own session cannot be forced out from its row; the button says why.
    expect(current.getByRole('button', { name: '强制下线' })).toHaveProperty('disabled', true);
    const wangfang = within(rowOf(table, '王芳'));
    wangfang.getByText('wangfang');
    wangfang.getByText('市场部');
    wangfang.getByText('Safari 17 · macOS');
    expect(wangfang.getByRole('button', { name: '强制下线' })).toHaveProperty('disabled', false);
  });

  it('a search by account or name narrows the rows, in the URL; 重置 brings them all back', async () => {
    const { table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    fireEvent.change(field('账号'), { target: { value: '王芳' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    expect(router.state.location.search).toBe(`?account=${encodeURIComponent('王芳')}`);
    within(rows(table)[0] as HTMLElement).getByText('wangfang');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
  });

  it('restores the filters and the sort from the URL on mount', async () => {
    const { head, table } = await openScreen('/monitor/Online?ip=10.12&sort=signedInAt&order=asc');
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    expect(field('IP')).toHaveProperty('value', '10.12');
    within(rows(table)[0] as HTMLElement).getByText('李娜');
    expect(within(head).getByRole('columnheader', { name: '登录时间' }).getAttribute('aria-sort')).toBe('ascending');
    const [sent] = (await api.sent(routes.listOnline)).slice(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      p: '1',
      pageSize: '20',
      sort: 'signedInAt',
      order: 'asc',
      ip: '10.12',
    });
  });

  it('two sessions of one account read apart in the bulk confirmation: each line has its IP and browser', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    const admins = rows(table).filter((row) => within(row).queryByText('系统管理员'));
    expect(admins).toHaveLength(2);
    for (const row of admins) fireEvent.click(within(row).getByRole('checkbox', { name: '选择 系统管理员（admin）' }));
    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: '批量强制下线' }));
    const confirm = await findDialog('强制下线以下 2 个会话？');
    const lines = [...within(confirm).getByTestId('bulk-confirm-list').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(lines).toEqual(admins.map((row) => `系统管理员（admin） · ${ipAndBrowser(row)}`));
    expect(new Set(lines).size).toBe(2);
  });

  it('with no sort in the URL the 最后活动 header shows the server’s order; its first click sorts it the other way', async () => {
    const { head, table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    const lastSeen = () => within(head).getByRole('columnheader', { name: '最后活动' });
    expect(lastSeen().getAttribute('aria-sort')).toBe('descending');
    expect(within(head).getByRole('columnheader', { name: '登录时间' }).getAttribute('aria-sort')).toBeNull();

    fireEvent.click(lastSeen());
    await waitFor(() => expect(router.state.location.search).toBe('?sort=lastSeenAt&order=asc'));
    await waitFor(() => expect(lastSeen().getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(within(rows(table)[0] as HTMLElement).queryByText('当前会话')).toBeNull());
    fireEvent.click(lastSeen());
    await waitFor(() => expect(router.state.location.search).toBe('?sort=lastSeenAt&order=desc'));
    await waitFor(() => expect(lastSeen().getAttribute('aria-sort')).toBe('descending'));
  });

  it('sorts on the server by 登录时间 and by 最后活动 from a header click', async () => {
    const { head, table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    within(rows(table)[0] as HTMLElement).getByText('当前会话');

    fireEvent.click(within(head).getByRole('columnheader', { name: '登录时间' }));
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('李娜'));
    expect(router.state.location.search).toBe('?sort=signedInAt&order=asc');

    fireEvent.click(within(head).getByRole('columnheader', { name: '最后活动' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=lastSeenAt&order=asc'));
    await waitFor(async () => {
      const [sent] = (await api.sent(routes.listOnline)).slice(-1);
      expect([sent?.query.get('sort'), sent?.query.get('order')]).toEqual(['lastSeenAt', 'asc']);
    });
    fireEvent.click(within(head).getByRole('columnheader', { name: '最后活动' }));
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('当前会话'));
    expect(router.state.location.search).toBe('?sort=lastSeenAt&order=desc');
  });

  it('forces a session out after a confirmation naming the account: it leaves the list', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    fireEvent.click(within(rowOf(table, '王芳')).getByRole('button', { name: '强制下线' }));
    const confirm = await findDialog('强制下线「王芳（wangfang）」？');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('已强制下线');
    await waitFor(() => expect(total()).toBe(`共 ${sessions() - 1} 条记录`));
    expect(within(table).queryByText('王芳')).toBeNull();
  });

  it('forces sessions out in bulk: your own is refused with the server’s reason and stays selected', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 王芳（wangfang）' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 张伟（zhangwei）' }));
    // admin has two sessions; the current one is the first row.
    const own = within(rows(table)[0] as HTMLElement).getByRole('checkbox', { name: '选择 系统管理员（admin）' });
    fireEvent.click(own);
    const bar = screen.getByTestId('bulk-bar');
    within(bar).getByText('已选择 3 项');
    fireEvent.click(within(bar).getByRole('button', { name: '批量强制下线' }));
    const confirm = await findDialog('强制下线以下 3 个会话？');
    // Each line says where and in what the session is signed in (IP, browser), as the row does.
    const lines = [...within(confirm).getByTestId('bulk-confirm-list').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(lines).toEqual([
      `王芳（wangfang） · ${ipAndBrowser(rowOf(table, '王芳'))}`,
      `张伟（zhangwei） · ${ipAndBrowser(rowOf(table, '张伟'))}`,
      `系统管理员（admin） · ${ipAndBrowser(rows(table)[0] as HTMLElement)}`,
    ]);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));

    await screen.findByText(
      '2 项已强制下线，1 项未强制下线：系统管理员（admin）：不能强制下线当前会话，请使用退出登录',
    );
    await waitFor(() => expect(total()).toBe(`共 ${sessions() - 2} 条记录`));
    expect(within(table).queryByText('王芳')).toBeNull();
    expect(within(table).queryByText('张伟')).toBeNull();
    within(screen.getByTestId('bulk-bar')).getByText('已选择 1 项');
    expect(
      within(rows(table)[0] as HTMLElement).getByRole('checkbox', { name: '选择 系统管理员（admin）' }),
    ).toHaveProperty('checked', true);
    const [sent] = await api.sent(routes.batchForceLogout);
    expect((sent?.body as { ids: string[] }).ids).toHaveLength(3);
  });

  it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 loads the sessions', async () => {
    api.breakNetwork(routes.listOnline);
    const { table } = await openScreen();
    const failed = await within(table).findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    expect(screen.queryByTestId('online-total')).toBeNull();

    api.server.resetHandlers();
    fireEvent.click(within(table).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(total()).toBe(`共 ${sessions()} 条记录`));
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listOnline, 500, '会话服务异常');
    api.signInAs('admin');
    await renderApp('/monitor/Online');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：会话服务异常');
  });
});
