// The online users screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks),
// whose sessions are the seed's eight sign-ins (the admin's newest is the current one).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/monitor/Online');
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
}

/** The table's data rows, in order. */
const rows = () => [...document.querySelectorAll<HTMLElement>('tr[data-row-key]')];
const rowOf = (text: string) => {
  const row = rows().find((candidate) => within(candidate).queryByText(text));
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
};
const total = () => screen.getByTestId('online-total').textContent;

describe('/monitor/Online', () => {
  beforeAll(() => preloadScreens('/monitor/Online'));

  it('lists the live sessions: who, from where, and which one is this one', async () => {
    await openScreen();
    expect(total()).toBe(`当前共 ${api.store.signIns.length} 个在线会话`);
    const current = within(rows()[0] as HTMLElement);
    current.getByText('admin');
    current.getByText('当前会话');
    expect(current.queryByRole('button', { name: '强制下线' })).toBeNull();
    const wangfang = within(rowOf('王芳'));
    wangfang.getByText('wangfang');
    wangfang.getByText('市场部');
    wangfang.getByText('10.12.4.31');
    wangfang.getByRole('button', { name: '强制下线' });
  });

  it('a search by account or name narrows the rows; 重置 brings them all back', async () => {
    await openScreen();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: '王芳' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('当前共 1 个在线会话'));
    within(rows()[0] as HTMLElement).getByText('wangfang');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`当前共 ${api.store.signIns.length} 个在线会话`));
  });

  it('forces a session out after confirming: it leaves the list', async () => {
    await openScreen();
    fireEvent.click(within(rowOf('王芳')).getByRole('button', { name: '强制下线' }));
    const confirm = await findDialog('确定强制下线 王芳（wangfang）的这个会话吗？对方需要重新登录。');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('已强制下线');
    await waitFor(() => expect(total()).toBe(`当前共 ${api.store.signIns.length - 1} 个在线会话`));
    expect(rows().some((row) => within(row).queryByText('王芳'))).toBe(false);
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listOnline, 500, '会话服务异常');
    api.signInAs('admin');
    await renderApp('/monitor/Online');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：会话服务异常');
  });
});
