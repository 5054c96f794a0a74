// The 系统参数 screen in the whole app, answered by the mock API (src/mocks): the groups and values as the
// contract declares them, a change in its dialog, a refusal shown on its field, a reset, and who may change nothing.
import { routes } from '@gatehouse/contract';
import { SYSTEM_PARAMS } from '@gatehouse/contract/system-params';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen(account = 'admin') {
  api.signInAs(account);
  await renderApp('/system/SystemParam');
  return screen.findByText('自助注册', { selector: '.ant-card-head-title' });
}

/** The row of a parameter, by its key (shown in code). */
const rowOfKey = (key: string) => rowOf(document.body, key);

describe('/system/SystemParam', () => {
  beforeAll(() => preloadScreens('/system/SystemParam'));

  it('shows every declared parameter in its group, with its value, default and source', async () => {
    await openScreen();
    for (const group of ['自助注册', '登录安全', '会话', '日志', '文件上传', '服务器（需重启）']) {
      expect(screen.getByText(group, { selector: '.ant-card-head-title' })).toBeTruthy();
    }
    for (const def of SYSTEM_PARAMS) expect(rowOfKey(def.key)).toBeTruthy();
    const registration = rowOfKey('registration');
    expect(within(registration).getByText('自助注册')).toBeTruthy();
    expect(within(registration).getAllByText('注册后待审核').length).toBeGreaterThan(0);
    expect(within(registration).getByText('默认')).toBeTruthy();
    const sudo = rowOfKey('sudoSeconds');
    expect(within(sudo).getAllByText('900 秒').length).toBe(2);
    // A setting that needs a restart: read-only, with the reason on its disabled button.
    const port = rowOfKey('port');
    expect(within(port).getByText('需重启')).toBeTruthy();
    expect((within(port).getByRole('button', { name: '修改' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('changes a value in its dialog, shows a refusal on the field, and resets it', async () => {
    await openScreen();
    fireEvent.click(within(rowOfKey('loginLockAfter')).getByRole('button', { name: '修改' }));
    const dialog = await findDialog('修改系统参数');
    const input = within(dialog).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.store.systemParams.get('loginLockAfter')).toBe('5'));
    await waitFor(() => expect(within(rowOfKey('loginLockAfter')).getByText('已修改')).toBeTruthy());
    expect((await api.sent(routes.updateSystemParam)).map((r) => r.body)).toEqual([
      { key: 'loginLockAfter', value: '5' },
    ]);

    // The server's refusal of a value lands under the field (the mock answers as the server does).
    fireEvent.click(within(rowOfKey('registrationOrgId')).getByRole('button', { name: '修改' }));
    const again = await findDialog('修改系统参数');
    fireEvent.change(within(again).getByRole('spinbutton'), { target: { value: '999' } });
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(
      await within(again).findByText('组织 999 不存在', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: /取\s*消/ }));

    fireEvent.click(within(rowOfKey('loginLockAfter')).getByRole('button', { name: '恢复' }));
    const confirm = await findDialog('撤销对“失败几次后锁定”的修改，恢复为环境变量或默认的值？');
    fireEvent.click(within(confirm).getByRole('button', { name: /恢\s*复/ }));
    await waitFor(() => expect(api.store.systemParams.has('loginLockAfter')).toBe(false));
  });

  it('lets an administrator holding the permission look, but not change: the super-admin only', async () => {
    const role = api.store.roles.find((r) => r.id === 2)!;
    role.resources = api.store.resources.map((r) => r.id);
    await openScreen('zhangwei');
    const button = within(rowOfKey('registration')).getByRole('button', { name: '修改' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // Said once above the groups, not only in each disabled button's tooltip.
    expect(screen.getByRole('alert').textContent).toBe('只有超级管理员可以修改系统参数');
    expect(screen.queryByRole('button', { name: '恢复' })).toBeNull();
  });
});
