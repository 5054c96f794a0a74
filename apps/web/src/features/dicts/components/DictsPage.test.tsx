// The dictionary screen and its items drawer in the whole app (signed in as the seeded admin), answered by the mock
// API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/system/Dict');
  await screen.findByText('gender');
}

/** The row (in the page or the drawer) whose cell reads `text`. */
const rowOf = (text: string, container: HTMLElement = document.body) => {
  const row = within(container).getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
};

const total = () => screen.getByTestId('dict-total').textContent;

describe('/system/Dict', () => {
  beforeAll(() => preloadScreens('/system/Dict'));

  it('lists the seeded dictionaries with name, code and remark', async () => {
    await openScreen();
    expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`);
    const gender = within(rowOf('gender'));
    gender.getByText('性别');
    gender.getByText('账号资料中的性别');
    within(rowOf('industry')).getByText('所属行业');
  });

  it('a search by name narrows the rows; 重置 brings them all back', async () => {
    await openScreen();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '学历' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    screen.getByText('education');
    expect(screen.queryByText('gender')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`));
    screen.getByText('gender');
  });

  it('adds a dictionary, then edits its remark: the list shows both changes', async () => {
    await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    let dialog = await findDialog('字典信息');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '婚姻状况' } });
    fireEvent.change(within(dialog).getByLabelText('CODE'), { target: { value: 'marital_status' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await screen.findByText('marital_status');
    within(rowOf('marital_status')).getByText('婚姻状况');

    fireEvent.click(within(rowOf('marital_status')).getByRole('button', { name: '编辑' }));
    dialog = await findDialog('字典信息');
    expect(within(dialog).getByLabelText('CODE')).toHaveProperty('readOnly', true);
    within(dialog).getByText('字典CODE创建后不能修改');
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '员工档案用' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await waitFor(() => within(rowOf('marital_status')).getByText('员工档案用'));
  });

  it('deletes a dictionary after 是否删除?', async () => {
    await openScreen();
    fireEvent.click(within(rowOf('political_status')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('political_status')).toBeNull());
    expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`);
  });

  it('maintains a dictionary’s items in the drawer: the seeded tree, an item added, one deleted', async () => {
    await openScreen();
    fireEvent.click(within(rowOf('industry')).getByRole('button', { name: '数据维护' }));
    const drawer = await findDialog('字典数据维护 — 所属行业');
    for (const value of ['信息技术', '软件开发', '制造业', '金融业', '保险']) await within(drawer).findByText(value);

    fireEvent.click(within(drawer).getByRole('button', { name: '+ 添加数据' }));
    const dialog = await findDialog('字典数据');
    fireEvent.change(within(dialog).getByLabelText('值'), { target: { value: '教育' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await within(drawer).findByText('教育');

    fireEvent.click(within(rowOf('保险', drawer)).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(within(drawer).queryByText('保险')).toBeNull());
    expect(api.store.dictItems.some((i) => i.value === '保险')).toBe(false);
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listDicts, 500, '字典服务异常');
    api.signInAs('admin');
    await renderApp('/system/Dict');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：字典服务异常');
  });
});
