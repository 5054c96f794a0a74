// The operation log screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks),
// whose trail is a fixed zh-CN history of 24 entries, an hour apart (edits, password resets, a refusal, an identity
// switch; the oldest is lina's 修改个人信息).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/** The header table and the table of rows (with its sticky header antd renders two tables of the same name). */
async function openScreen(path = '/monitor/OperLog') {
  api.signInAs('admin');
  const app = await renderApp(path);
  const [head, table] = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '操作日志列表' });
    expect(tables).toHaveLength(2);
    return tables as [HTMLElement, HTMLElement];
  });
  return { ...app, head, table };
}

/**
 * The table's data rows, in order: read from the table of rows of that name as the page holds it now (antd may
 * render the table anew once its rows arrive, leaving the element found before them detached).
 */
const rows = (table: HTMLElement) => {
  const name = table.getAttribute('aria-label');
  const current = name ? [...document.querySelectorAll<HTMLElement>(`table[aria-label="${name}"]`)].at(-1) : table;
  return [...(current ?? table).querySelectorAll<HTMLElement>('tr.ant-table-row')];
};
const total = () => screen.getByTestId('audit-total').textContent;
/** A text field of the search form. */
const field = (name: string) => screen.getByRole('textbox', { name });

describe('/monitor/OperLog', () => {
  beforeAll(() => Promise.all([preloadScreens('/monitor/OperLog'), import('@/components/list-kit/DateRangeField')]));

  afterEach(() => setTextLocale('zh-CN'));

  it('in English, an entry reads the operation’s English title (the trail stores the zh-CN one)', async () => {
    await setTextLocale('en-US');
    api.signInAs('admin');
    await renderApp('/monitor/OperLog');
    const table = await waitFor(() => {
      const tables = screen.getAllByRole('table', { name: 'Operation log' });
      expect(tables).toHaveLength(2);
      return tables[1] as HTMLElement;
    });
    const newest = await waitFor(() => {
      const first = rows(table)[0];
      expect(first).toBeDefined();
      return within(first as HTMLElement);
    });
    newest.getByText('Edit account');
    expect(within(table).queryByText('编辑账号')).toBeNull();
    fireEvent.click(newest.getByRole('button', { name: 'Details' }));
    await findDialog('Operation details — Edit account');
  });

  it('lists the trail, newest first: who did what to which object, and how it ended', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe('共 24 条记录'));
    await waitFor(() => expect(rows(table)).toHaveLength(20));
    const newest = within(rows(table)[0] as HTMLElement);
    for (const text of ['admin', '编辑账号', '成功', '192.168.1.20', '账号 zhangwei #2']) {
      newest.getByText(text);
    }
    // The request on one line: the method, then the whole url (cut by CSS, whole on hover).
    newest.getByText('PUT');
    newest.getByText('/api/account');
    // The third kind of entry is 张伟's refused attempt to delete a role.
    const refused = within(rows(table)[2] as HTMLElement);
    refused.getByText('删除角色');
    refused.getByText('失败 403');
  });

  it('a search by actor narrows the rows, in the URL; 重置 brings them all back', async () => {
    const { table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe('共 24 条记录'));
    fireEvent.change(field('操作人'), { target: { value: 'zhangwei' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 6 条记录'));
    expect(router.state.location.search).toBe('?accountNumber=zhangwei');
    for (const row of rows(table)) within(row).getByText('删除角色');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe('共 24 条记录'));
    expect(router.state.location.search).toBe('');
  });

  it('restores the filters from the URL on mount: sent to the server and shown in the form', async () => {
    const { table } = await openScreen('/monitor/OperLog?accountNumber=lina&outcome=success&sort=at&order=asc');
    await waitFor(() => expect(total()).toBe('共 6 条记录'));
    expect(field('操作人')).toHaveProperty('value', 'lina');
    const [sent] = (await api.sent(routes.listAudit)).slice(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      p: '1',
      pageSize: '20',
      sort: 'at',
      order: 'asc',
      accountNumber: 'lina',
      outcome: 'success',
    });
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('修改个人信息'));
  });

  it('a click on 操作时间 sorts on the server: oldest first, then newest first again', async () => {
    const { head, table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe('共 24 条记录'));
    const header = within(head).getByRole('columnheader', { name: '操作时间' });
    // The server's default order is newest first, and the header says so.
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('编辑账号'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(router.state.location.search).toBe('');

    fireEvent.click(header);
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('修改个人信息'));
    expect(router.state.location.search).toBe('?sort=at&order=asc');
    const [sent] = (await api.sent(routes.listAudit)).slice(-1);
    expect([sent?.query.get('sort'), sent?.query.get('order')]).toEqual(['at', 'asc']);
    expect(within(head).getByRole('columnheader', { name: '操作时间' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(head).getByRole('columnheader', { name: '操作时间' }));
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('编辑账号'));
    expect(router.state.location.search).toBe('?sort=at&order=desc');
  });

  it('shows an entry’s details and field changes', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(rows(table).length).toBeGreaterThan(0));
    fireEvent.click(within(rows(table)[0] as HTMLElement).getByRole('button', { name: '详情' }));
    const drawer = await findDialog('操作详情 — 编辑账号');
    within(drawer).getByText('字段变更');
    const change = within(within(drawer).getByText('用户名').closest('tr') as HTMLElement);
    change.getByText('张伟');
    change.getByText('张伟（研发）');
  });

  it('exports what the search shows as CSV, under the server’s file name, without paging or sort', async () => {
    await openScreen('/monitor/OperLog?sort=at&order=asc');
    fireEvent.change(field('操作人'), { target: { value: 'lina' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 6 条记录'));
    const downloads = catchDownloads();
    try {
      // The list kit's 导出 (ExportButton): CSV from its menu.
      fireEvent.click(screen.getByRole('button', { name: /导出/ }));
      fireEvent.click(await screen.findByText('CSV (.csv)'));
      await screen.findByText('已导出 操作日志.csv');
      // The button is ready again while the toast still shows (not once the toast has closed).
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /导出/ }).classList.contains('ant-btn-loading')).toBe(false),
      );
      screen.getByText('已导出 操作日志.csv');
      expect(downloads.saved.map((file) => file.name)).toEqual(['操作日志.csv']);
    } finally {
      downloads.stop();
    }
    const [sent] = await api.sent(routes.exportAudit);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ format: 'csv', accountNumber: 'lina' });
  });

  it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 loads the trail', async () => {
    api.breakNetwork(routes.listAudit);
    const { table } = await openScreen();
    const failed = await within(table).findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    expect(screen.queryByTestId('audit-total')).toBeNull();

    api.server.resetHandlers();
    fireEvent.click(within(table).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(total()).toBe('共 24 条记录'));
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a log the server fails to answer: the error page says why', async () => {
    api.fail(routes.listAudit, 500, '日志服务异常');
    api.signInAs('admin');
    await renderApp('/monitor/OperLog');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：日志服务异常');
  });
});
