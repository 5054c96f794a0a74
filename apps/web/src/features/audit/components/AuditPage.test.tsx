// The operation log screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks),
// whose trail is a fixed zh-CN history of 24 entries (edits, password resets, a refusal, an identity switch).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/monitor/OperLog');
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
}

/** The table's data rows, in order. */
const rows = () => [...document.querySelectorAll<HTMLElement>('tr[data-row-key]')];
const total = () => screen.getByTestId('audit-total').textContent;

describe('/monitor/OperLog', () => {
  beforeAll(() => preloadScreens('/monitor/OperLog'));

  it('lists the trail, newest first: who did what to which object, and how it ended', async () => {
    await openScreen();
    expect(total()).toBe('共 24 条记录');
    expect(rows()).toHaveLength(20);
    const newest = within(rows()[0] as HTMLElement);
    for (const text of ['admin', '编辑账号', '成功', '192.168.1.20']) newest.getAllByText(text);
    newest.getByText(/zhangwei/);
    // The third kind of entry is 张伟's refused attempt to delete a role.
    const refused = within(rows()[2] as HTMLElement);
    refused.getByText('删除角色');
    refused.getByText('失败 403');
  });

  it('a search by actor narrows the rows; 重置 brings them all back', async () => {
    await openScreen();
    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: 'zhangwei' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 6 条记录'));
    for (const row of rows()) within(row).getByText('删除角色');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe('共 24 条记录'));
  });

  it('shows an entry’s details and field changes', async () => {
    await openScreen();
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: '详情' }));
    const drawer = await findDialog('操作详情 — 编辑账号');
    within(drawer).getByText('字段变更');
    const change = within(within(drawer).getByText('用户名').closest('tr') as HTMLElement);
    change.getByText('张伟');
    change.getByText('张伟（研发）');
  });

  it('exports what the search shows as CSV, under the server’s file name', async () => {
    await openScreen();
    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: 'lina' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 6 条记录'));
    const downloads = catchDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      await screen.findByText('已导出 操作日志.csv');
      expect(downloads.saved.map((file) => file.name)).toEqual(['操作日志.csv']);
    } finally {
      downloads.stop();
    }
    const [sent] = await api.sent(routes.exportAudit);
    expect(sent?.query.get('accountNumber')).toBe('lina');
  });

  it('a log the server fails to answer: the error page says why', async () => {
    api.fail(routes.listAudit, 500, '日志服务异常');
    api.signInAs('admin');
    await renderApp('/monitor/OperLog');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：日志服务异常');
  });
});
