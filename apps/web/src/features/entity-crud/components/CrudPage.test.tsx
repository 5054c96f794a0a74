// The screen of a descriptor-served entity (岗位, /user/Post) in the whole app (signed in as the seeded admin),
// answered by the mock API (src/mocks), which serves the entity from its descriptor as the server does.
import { type RouteDef, routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/lib/http';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

const SEED = [
  { postCode: 'ceo', postName: '董事长', sort: 1, state: 1 },
  { postCode: 'se', postName: '项目经理', sort: 2, state: 1 },
  { postCode: 'hr', postName: '人力资源', sort: 3, state: 1, remark: '招聘与培训' },
  { postCode: 'user', postName: '普通员工', sort: 4, state: 0 },
] as const;

/** Signs in as admin, adds the posts through the mock API, opens the screen; answers its header and rows' tables. */
async function openScreen(path = '/user/Post') {
  api.signInAs('admin');
  // The CRUD routes' types leave `params` open (the contract's CrudRoutes): the body is the route's all the same.
  for (const body of SEED) await call(routes.createPost as RouteDef, { body } as never);
  const app = await renderApp(path);
  const [head, table] = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '岗位列表' });
    expect(tables).toHaveLength(2);
    return tables as [HTMLElement, HTMLElement];
  });
  await within(table).findByText('ceo');
  return { ...app, head, table };
}

const total = () => screen.getByTestId('crud-total').textContent;
/** The search form, its one text box (搜索) and the box's scope picker (搜索范围), and what the picker shows. */
const searchForm = () => document.querySelector('form#PostSearch') as HTMLElement;
const searchBox = () => within(searchForm()).getByRole('textbox', { name: '搜索' });
const scopePicker = () => within(searchForm()).getByRole('combobox', { name: '搜索范围' });
const scopeShown = () => scopePicker().closest('.ant-select')?.textContent;
/** The last list request's query. */
const lastQuery = async () => (await api.sent(routes.listPosts)).at(-1)?.query;

/** Chooses `name` in the open drop-down of a select (the option, not a selection showing the same text). */
async function chooseOption(name: string) {
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  fireEvent.click(option);
}
/** The codes in the table, top to bottom. */
const codes = (table: HTMLElement) =>
  [...table.querySelectorAll('tr.ant-table-row')].map((row) => row.querySelectorAll('td')[1]?.textContent);

describe('/user/Post, derived from the post descriptor', () => {
  beforeAll(() => preloadScreens('/user/Post'));

  it('lists the posts in the spec’s order with the listed fields’ columns; 备注 is hidden by default', async () => {
    const { head, table } = await openScreen();
    expect(total()).toBe('共 4 条记录');
    expect(codes(table)).toEqual(['ceo', 'se', 'hr', 'user']);
    const headers = within(head)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['岗位编码', '岗位名称', '显示顺序', '状态', '创建时间', '操作']));
    expect(headers).not.toContain('备注');
    expect(within(head).getByRole('columnheader', { name: '显示顺序' }).getAttribute('aria-sort')).toBe('ascending');
    within(rowOf(table, 'ceo')).getByText('启用');
    within(rowOf(table, 'user')).getByText('禁用');
    within(rowOf(table, 'ceo')).getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    within(rowOf(table, 'ceo')).getByRole('button', { name: '编辑' });
    within(rowOf(table, 'ceo')).getByRole('button', { name: '删除' });
  });

  it('one search box: 全部 and each text filter as its scopes; separate fields only for the state and the range', async () => {
    await openScreen();
    // The form's only text box (besides the date range's two ends) is the one search box: none of its own for 岗位编码
    // or 岗位名称.
    const boxes = within(searchForm()).getAllByRole('textbox');
    expect(boxes.filter((box) => !box.closest('.ant-picker-range'))).toEqual([searchBox()]);
    expect(within(searchForm()).queryByLabelText('岗位编码')).toBeNull();
    expect(within(searchForm()).queryByLabelText('岗位名称')).toBeNull();
    expect(scopeShown()).toBe('全部');
    expect(searchBox().getAttribute('placeholder')).toBe('岗位编码或岗位名称');
    fireEvent.mouseDown(scopePicker());
    const options = await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
      expect(shown).toHaveLength(3);
      return shown;
    });
    expect(options).toEqual(['全部', '岗位编码', '岗位名称']);
    // The state and the creation time keep fields of their own.
    within(searchForm()).getByRole('combobox', { name: '状态' });
    within(searchForm()).getByText('创建时间');
  });

  it('searches by keyword and state: the filters go into the URL and to the server', async () => {
    const { table, router } = await openScreen();
    fireEvent.change(searchBox(), { target: { value: '经理' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent('经理')}`);
    expect(codes(table)).toEqual(['se']);
    // The request carries the keyword alone, not the fields it searches.
    const query = await lastQuery();
    expect([query?.get('keyword'), query?.get('postCode'), query?.get('postName')]).toEqual(['经理', null, null]);

    // A link with the state filter (启用/禁用 in the form): the rows it names.
    await router.navigate('/user/Post?state=0');
    await waitFor(() => expect(codes(table)).toEqual(['user']));
    const [sent] = (await api.sent(routes.listPosts)).slice(-1);
    expect(sent?.query.get('state')).toBe('0');
  });

  it('searches in one field: the box’s scope sends its filter instead of the keyword, and comes back with the address', async () => {
    const { table, router } = await openScreen();
    fireEvent.mouseDown(scopePicker());
    await chooseOption('岗位编码');
    expect(searchBox().getAttribute('placeholder')).toBe('岗位编码的任一部分');
    // Any part of the code: "e" is in ceo, se and user, not in hr.
    fireEvent.change(searchBox(), { target: { value: ' e ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 3 条记录'));
    expect(codes(table)).toEqual(['ceo', 'se', 'user']);
    expect(router.state.location.search).toBe('?postCode=e');
    const query = await lastQuery();
    expect([query?.get('postCode'), query?.get('keyword'), query?.get('postName')]).toEqual(['e', null, null]);
    expect(scopeShown()).toBe('岗位编码');

    // Another scope replaces it: one box searches one way at a time.
    fireEvent.mouseDown(scopePicker());
    await chooseOption('岗位名称');
    fireEvent.change(searchBox(), { target: { value: '人力' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(codes(table)).toEqual(['hr']));
    expect(router.state.location.search).toBe(`?postName=${encodeURIComponent('人力')}`);

    // A link with a text filter: the box shows it under its scope; 重置 returns the box to 全部.
    await router.navigate('/user/Post?postCode=us&state=0');
    await waitFor(() => expect(scopeShown()).toBe('岗位编码'));
    expect(searchBox()).toHaveProperty('value', 'us');
    await waitFor(() => expect(codes(table)).toEqual(['user']));
    const linked = await lastQuery();
    expect([linked?.get('postCode'), linked?.get('state')]).toEqual(['us', '0']);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe('共 4 条记录'));
    expect(scopeShown()).toBe('全部');
    expect(searchBox()).toHaveProperty('value', '');
  });

  it('adds a post: a duplicate 岗位编码 is refused under the field, then saved with the form’s values', async () => {
    const { table } = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加岗位');
    const code = within(dialog).getByLabelText('岗位编码');
    // A new row: the switch on, the number box empty (the server defaults it).
    expect(within(dialog).getByRole('switch', { name: '状态' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByLabelText('显示顺序')).toHaveProperty('value', '');
    // Required, checked before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await within(dialog).findByText('请输入岗位编码');
    await within(dialog).findByText('请输入岗位名称');
    fireEvent.change(code, { target: { value: 'ceo' } });
    fireEvent.change(within(dialog).getByLabelText('岗位名称'), { target: { value: '财务' } });
    fireEvent.change(within(dialog).getByLabelText('显示顺序'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    // The server's refusal names the field: its message stands under 岗位编码.
    await waitFor(() =>
      expect(code.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        '岗位编码“ceo”已存在',
      ),
    );
    fireEvent.change(code, { target: { value: 'cfo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await within(table).findByText('cfo');
    const [, sent] = await api.sent(routes.createPost).then((all) => all.slice(-2));
    expect(sent?.body).toEqual({ postCode: 'cfo', postName: '财务', sort: 5, state: 1, remark: null });
    within(rowOf(table, 'cfo')).getByText('财务');
  });

  it('edits a post in 修改岗位 with its stored values', async () => {
    const { table } = await openScreen();
    fireEvent.click(within(rowOf(table, 'hr')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改岗位');
    expect(within(dialog).getByLabelText('岗位名称')).toHaveProperty('value', '人力资源');
    expect(within(dialog).getByLabelText('备注')).toHaveProperty('value', '招聘与培训');
    fireEvent.change(within(dialog).getByLabelText('岗位名称'), { target: { value: '人事' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: '状态' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await waitFor(() => within(rowOf(table, 'hr')).getByText('人事'));
    within(rowOf(table, 'hr')).getByText('禁用');
    const [sent] = (await api.sent(routes.updatePost)).slice(-1);
    expect(sent?.body).toMatchObject({ postCode: 'hr', postName: '人事', state: 0, remark: '招聘与培训' });
  });

  it('disables selected posts in bulk through the batch route', async () => {
    const { table } = await openScreen();
    for (const name of ['董事长（ceo）', '项目经理（se）']) {
      fireEvent.click(within(table).getByRole('checkbox', { name: `选择 ${name}` }));
    }
    const bar = await screen.findByTestId('bulk-bar');
    within(bar).getByText('已选择 2 项');
    fireEvent.click(within(bar).getByRole('button', { name: '批量禁用' }));
    const confirm = await findDialog('禁用以下 2 个岗位？');
    within(confirm).getByText(/董事长（ceo）/);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('2 项已禁用');
    await waitFor(() => within(rowOf(table, 'ceo')).getByText('禁用'));
    within(rowOf(table, 'se')).getByText('禁用');
    const [sent] = await api.sent(routes.batchPostState);
    expect(sent?.body).toEqual({ ids: [1, 2], state: 0 });
  });

  it('deletes a post after a confirmation naming it', async () => {
    const { table } = await openScreen();
    fireEvent.click(within(rowOf(table, 'user')).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('删除岗位「普通员工（user）」？');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(within(table).queryByText('user')).toBeNull());
    expect(total()).toBe('共 3 条记录');
  });
});
