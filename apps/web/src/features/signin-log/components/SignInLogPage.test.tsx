// The sign-in log screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks):
// the seed's eight sign-ins with three refusals among them (张伟's wrong password, an unknown account, 李娜's
// wrong captcha).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/monitor/LoginLog');
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
}

/** The table's data rows, in order. */
const rows = () => [...document.querySelectorAll<HTMLElement>('tr[data-row-key]')];
const total = () => screen.getByTestId('signin-log-total').textContent;
/** Sign-ins and the three seeded refusals. */
const entries = () => api.store.signIns.length + 3;

describe('/monitor/LoginLog', () => {
  beforeAll(() => preloadScreens('/monitor/LoginLog'));

  it('lists sign-ins and refusals newest first, with the reason in words', async () => {
    await openScreen();
    expect(total()).toBe(`共 ${entries()} 条记录`);
    const [latest, refusal] = rows().map((row) => within(row));
    latest?.getByText('admin');
    latest?.getByText('成功');
    latest?.getByText('登录成功');
    refusal?.getByText('zhangwei');
    refusal?.getByText('失败');
    refusal?.getByText('密码错误');
    refusal?.getByText('10.12.9.40');
  });

  it('a search by account narrows the rows; 重置 brings them all back', async () => {
    await openScreen();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'lina' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 2 条记录'));
    expect(rows().map((row) => within(row).getByText('lina'))).toHaveLength(2);
    screen.getByText('图形验证码无效');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
  });

  it('exports what the search shows as CSV', async () => {
    await openScreen();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'zhangwei' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 2 条记录'));
    const downloads = catchDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      await screen.findByText('已导出登录日志');
      expect(downloads.saved.map((file) => file.name)).toEqual(['signin-log.csv']);
    } finally {
      downloads.stop();
    }
    const [sent] = await api.sent(routes.exportSigninLog);
    expect(sent?.query.get('account')).toBe('zhangwei');
  });

  it('a log the server fails to answer: the error page says why', async () => {
    api.fail(routes.listSigninLog, 500, '日志服务异常');
    api.signInAs('admin');
    await renderApp('/monitor/LoginLog');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：日志服务异常');
  });
});
