// The sign-in log screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks):
// the seed's eight sign-ins (the newest admin's from 10.12.3.20, the oldest from 10.12.10.97) with three refusals
// among them (张伟's wrong password, an unknown account, 李娜's wrong captcha), and 张伟's identity verification (his
// password checked again 20 minutes ago).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/** The header table and the table of rows (with its sticky header antd renders two tables of the same name). */
async function openScreen(path = '/monitor/LoginLog') {
  api.signInAs('admin');
  const app = await renderApp(path);
  const [head, table] = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '登录日志列表' });
    expect(tables).toHaveLength(2);
    return tables as [HTMLElement, HTMLElement];
  });
  return { ...app, head, table };
}

/** The table's data rows, in order. */
const rows = (table: HTMLElement) => [...table.querySelectorAll<HTMLElement>('tr.ant-table-row')];
const total = () => screen.getByTestId('signin-log-total').textContent;
const field = (name: string) => screen.getByRole('textbox', { name });
/** Sign-ins, the three seeded refusals and the identity verification. */
const entries = () => api.store.signIns.length + 4;

describe('/monitor/LoginLog', () => {
  beforeAll(() => Promise.all([preloadScreens('/monitor/LoginLog'), import('@/components/list-kit/DateRangeField')]));

  it('lists sign-ins and refusals newest first, with the reason in words', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
    const [latest, refusal] = rows(table).map((row) => within(row));
    latest?.getByText('admin');
    latest?.getByText('成功');
    latest?.getByText('登录成功');
    latest?.getByText('Chrome 131 · Windows');
    refusal?.getByText('zhangwei');
    refusal?.getByText('失败');
    refusal?.getByText('密码错误');
    refusal?.getByText('10.12.9.40');
  });

  it('shows how many attempts an entry of repeated refusals stands for, and when the newest was', async () => {
    const { table } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
    const repeated = rows(table).find((row) => within(row).queryByText('lina') && within(row).queryByText('失败'));
    expect(within(repeated!).getByTestId('signin-log-repeats').textContent).toBe('×4');
    fireEvent.mouseOver(within(repeated!).getByTestId('signin-log-repeats'));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(
      /^同一来源重复 4 次，最后一次 \d{4}\/\d{2}\/\d{2} /,
    );
  });

  it('a search by account narrows the rows, in the URL; 重置 brings them all back', async () => {
    const { table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
    fireEvent.change(field('账号'), { target: { value: 'lina' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 2 条记录'));
    expect(router.state.location.search).toBe('?account=lina');
    expect(rows(table).map((row) => within(row).getByText('lina'))).toHaveLength(2);
    within(table).getByText('图形验证码无效');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
    expect(router.state.location.search).toBe('');
  });

  it('restores the filters from the URL on mount: sent to the server and shown in the form', async () => {
    const { table } = await openScreen('/monitor/LoginLog?account=zhangwei&outcome=failure&ip=10.12');
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    expect(field('账号')).toHaveProperty('value', 'zhangwei');
    expect(field('IP')).toHaveProperty('value', '10.12');
    within(rows(table)[0] as HTMLElement).getByText('密码错误');
    const [sent] = (await api.sent(routes.listSigninLog)).slice(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      p: '1',
      pageSize: '20',
      account: 'zhangwei',
      outcome: 'failure',
      ip: '10.12',
    });
  });

  it('marks an identity verification 身份验证, not 登录成功, and the 类型 filter finds such entries alone', async () => {
    const { table } = await openScreen('/monitor/LoginLog?kind=verification');
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    const [only] = rows(table).map((row) => within(row));
    only?.getByText('zhangwei');
    only?.getByText('身份验证');
    only?.getByText('身份验证通过 (密码校验)');
    expect(within(table).queryByText('登录成功')).toBeNull();
    const [sent] = (await api.sent(routes.listSigninLog)).slice(-1);
    expect(sent?.query.get('kind')).toBe('verification');
    // The search form shows the filter it restored.
    expect(screen.getByTitle('身份验证')).toBeTruthy();
  });

  it('takes a time range from the URL in epoch ms (or ISO 8601 of an older link), sends ms, shows dates of this era', async () => {
    const from = Date.now() - 60 * 60_000;
    const to = Date.now() + 60 * 60_000;
    // The seed's sign-ins in the hour before now, 张伟's wrong password 8 minutes ago and his verification 20.
    const expected = api.store.signIns.filter((s) => s.at >= from && s.at <= to).length + 2;
    const { table } = await openScreen(`/monitor/LoginLog?startTime=${from}&endTime=${new Date(to).toISOString()}`);
    await waitFor(() => expect(total()).toBe(`共 ${expected} 条记录`));
    const [sent] = (await api.sent(routes.listSigninLog)).slice(-1);
    expect([sent?.query.get('startTime'), sent?.query.get('endTime')]).toEqual([String(from), String(to)]);
    // Times arrive as epoch milliseconds and show as local dates, never as 1970.
    const years = `(${new Date(from).getFullYear()}|${new Date(to).getFullYear()})`;
    for (const row of rows(table)) {
      expect(row.textContent).toMatch(new RegExp(`${years}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}`));
    }
    expect(table.textContent).not.toContain('1970');
  });

  it('a click on 登录时间 sorts on the server: oldest first, then newest first again', async () => {
    const { head, table, router } = await openScreen();
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
    within(rows(table)[0] as HTMLElement).getByText('10.12.3.20');
    // The server's default order is newest first, and the header says so; the first click sorts oldest first.
    expect(within(head).getByRole('columnheader', { name: '登录时间' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(head).getByRole('columnheader', { name: '登录时间' }));
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('10.12.10.97'));
    expect(router.state.location.search).toBe('?sort=at&order=asc');
    const [sent] = (await api.sent(routes.listSigninLog)).slice(-1);
    expect([sent?.query.get('sort'), sent?.query.get('order')]).toEqual(['at', 'asc']);

    fireEvent.click(within(head).getByRole('columnheader', { name: '登录时间' }));
    await waitFor(() => within(rows(table)[0] as HTMLElement).getByText('10.12.3.20'));
    expect(router.state.location.search).toBe('?sort=at&order=desc');
  });

  it('exports what the search shows as CSV, without paging or sort', async () => {
    await openScreen('/monitor/LoginLog?sort=at&order=asc');
    fireEvent.change(field('账号'), { target: { value: 'zhangwei' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 3 条记录'));
    const downloads = catchDownloads();
    try {
      // The list kit's 导出 (ExportButton): CSV from its menu.
      fireEvent.click(screen.getByRole('button', { name: /导出/ }));
      fireEvent.click(await screen.findByText('CSV (.csv)'));
      await screen.findByText('已导出 signin-log.csv');
      // The button is ready again while the toast still shows (not once the toast has closed).
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /导出/ }).classList.contains('ant-btn-loading')).toBe(false),
      );
      screen.getByText('已导出 signin-log.csv');
      expect(downloads.saved.map((file) => file.name)).toEqual(['signin-log.csv']);
    } finally {
      downloads.stop();
    }
    const [sent] = await api.sent(routes.exportSigninLog);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ format: 'csv', account: 'zhangwei' });
  });

  it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 loads the log', async () => {
    api.breakNetwork(routes.listSigninLog);
    const { table } = await openScreen();
    const failed = await within(table).findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    expect(screen.queryByTestId('signin-log-total')).toBeNull();

    api.server.resetHandlers();
    fireEvent.click(within(table).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(total()).toBe(`共 ${entries()} 条记录`));
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a log the server fails to answer: the error page says why', async () => {
    api.fail(routes.listSigninLog, 500, '日志服务异常');
    api.signInAs('admin');
    await renderApp('/monitor/LoginLog');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：日志服务异常');
  });
});
