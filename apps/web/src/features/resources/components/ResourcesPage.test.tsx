// The permission tree screen in the whole app (signed in as the seeded admin), answered by the mock API
// (src/mocks), whose seed holds one menu per contract screen and one API resource per contract route: what the tree
// shows. Adding, renaming, icons and deletes are in ResourcesPage.edits.test.tsx.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { setupMockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { preloadResourceScreen, resourceScreen } from '@/testing/resource-screen';

const api = setupMockApi();
const { seeded, node, openScreen, form } = resourceScreen(api);

describe('/user/Resource', () => {
  beforeAll(preloadResourceScreen);
  afterEach(() => setTextLocale('zh-CN'));

  it('shows the seeded tree: menus with their route, API resources with method and url, all built in', async () => {
    await openScreen();
    const accounts = within(node(seeded('账号管理').id));
    accounts.getByText('/user/Account');
    accounts.getByText('内置');
    const list = within(node(seeded(routes.listAccounts.title).id));
    list.getByText('GET');
    list.getByText(routes.listAccounts.path);
    // Built-in resources cannot be deleted.
    expect(list.getByRole('button', { name: '删除' })).toHaveProperty('disabled', true);
  });

  it('in English, built-in menus and APIs read their English titles; the form edits the stored name', async () => {
    api.store.resources.push({
      ...seeded('字典管理'),
      id: 900,
      name: '报表中心',
      route: '/system/Reports',
      builtin: false,
    });
    await setTextLocale('en-US');
    await openScreen();
    within(node(seeded('账号管理').id)).getByText('Accounts');
    within(node(seeded(routes.listAccounts.title).id)).getByText('Account list');
    // An administrator's own resource keeps its name.
    within(node(900)).getByText('报表中心');
    fireEvent.click(within(node(seeded('字典管理').id)).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-title').textContent).toBe('Edit: Dictionaries'));
    // Saving writes the name the field holds: the stored one, not the translation.
    expect(within(form()).getByLabelText('Name')).toHaveProperty('value', '字典管理');
  });

  it('an API resource has no icon field', async () => {
    await openScreen();
    fireEvent.click(within(node(seeded(routes.listAccounts.title).id)).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-type').textContent).toBe('接口资源'));
    expect(within(form()).queryByRole('button', { name: '图标' })).toBeNull();
  });

  it('a long url stays on one line; 刷新 asks the server again', async () => {
    const url = `/report/${'monthly-summary-of-everything/'.repeat(8)}export`;
    api.store.resources.push({
      id: 901,
      pid: seeded('系统设置').id,
      name: '导出很长的报表',
      type: 1,
      route: null,
      method: 'GET',
      url,
      remark: null,
      orderNum: 0,
      icon: null,
      builtin: false,
    });
    await openScreen();
    const tag = within(await screen.findByTestId('resource-901')).getByText(url);
    expect(tag.style.whiteSpace).toBe('nowrap');
    expect(tag.style.textOverflow).toBe('ellipsis');
    const before = (await api.sent(routes.listResources)).length;
    fireEvent.click(within(screen.getByRole('toolbar', { name: '表格工具' })).getByRole('button', { name: '刷新' }));
    await waitFor(async () => expect((await api.sent(routes.listResources)).length).toBe(before + 1));
  });

  it('a failed load says 加载失败 with the reason and 重试, which loads the tree', async () => {
    api.breakNetwork(routes.listResources);
    api.signInAs('admin');
    await renderApp('/user/Resource');
    const failed = await screen.findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    api.server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByTestId(`resource-${seeded('账号管理').id}`);
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a tree the server fails to answer: the error page says why', async () => {
    api.fail(routes.listResources, 500, '资源服务异常');
    api.signInAs('admin');
    await renderApp('/user/Resource');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：资源服务异常');
  });
});
