// The dictionary screen and its items drawer in the whole app (signed in as the seeded admin), answered by the mock
// API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/**
 * The two elements of the dictionary table: with its sticky header antd renders the header row in a table of its
 * own above the table of the rows (both named 字典列表).
 */
async function openScreen(path = '/system/Dict') {
  api.signInAs('admin');
  const app = await renderApp(path);
  const [head, table] = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '字典列表' });
    expect(tables).toHaveLength(2);
    return tables as [HTMLElement, HTMLElement];
  });
  return { ...app, head, table };
}

/** The row (in the page or the drawer) whose cell reads `text`. */
const rowOf = (text: string, container: HTMLElement = document.body) => {
  // An item's 数据键值 may read as its label (the default): the label's cell comes first in its row.
  const row = within(container).getAllByText(text)[0]?.closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
};

const total = () => screen.getByTestId('dict-total').textContent;
/** The search form's field (the sortable headers carry names too). */
const nameField = () => screen.getByRole('textbox', { name: '名称' });
/** The CODE in the first row (after 序号 and 字典名称). */
const firstCode = (table: HTMLElement) =>
  table.querySelector('tr.ant-table-row')?.querySelectorAll('td')[2]?.textContent;

/** An item's label in the drawer's table, once shown (the first of the texts: its 数据键值 may read the same). */
const findLabel = (items: HTMLElement, label: string) =>
  waitFor(() => within(items).getAllByText(label)[0] as HTMLElement);
/** Whether no row of the drawer's table reads `label`. */
const noLabel = (items: HTMLElement, label: string) => within(items).queryAllByText(label).length === 0;

/** Opens the items drawer of `dictCode`; answers the drawer and its rows' table. */
async function openItems(dictCode: string, title: string) {
  fireEvent.click(within(rowOf(dictCode)).getByRole('button', { name: '数据维护' }));
  const drawer = await findDialog(`字典数据维护 — ${title}`);
  const items = await waitFor(() => {
    const tables = within(drawer).getAllByRole('table', { name: '字典数据列表' });
    expect(tables).toHaveLength(2);
    return tables[1] as HTMLElement;
  });
  return { drawer, items };
}

describe('/system/Dict', () => {
  beforeAll(() => preloadScreens('/system/Dict'));

  it('lists the seeded dictionaries with name, code and remark', async () => {
    const { table } = await openScreen();
    await within(table).findByText('gender');
    expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`);
    const gender = within(rowOf('gender'));
    gender.getByText('性别');
    gender.getByText('账号资料中的性别');
    within(rowOf('industry')).getByText('所属行业');
  });

  it('a search by name goes into the URL and narrows the rows; 重置 brings them all back', async () => {
    const { table, router } = await openScreen();
    await within(table).findByText('gender');
    fireEvent.change(nameField(), { target: { value: '学历' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    expect(router.state.location.search).toBe(`?dictName=${encodeURIComponent('学历')}`);
    within(table).getByText('education');
    expect(within(table).queryByText('gender')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`));
    within(table).getByText('gender');
  });

  it('restores the filter and the sort from the URL: sent to the server, shown in the form and the header', async () => {
    const { head, table } = await openScreen(
      `/system/Dict?dictName=${encodeURIComponent('级')}&sort=dictCode&order=desc`,
    );
    await within(table).findByText('job_level');
    expect(nameField()).toHaveProperty('value', '级');
    const [sent] = (await api.sent(routes.listDicts)).slice(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      p: '1',
      pageSize: '20',
      sort: 'dictCode',
      order: 'desc',
      dictName: '级',
    });
    expect(within(head).getByRole('columnheader', { name: '字典类型' }).getAttribute('aria-sort')).toBe('descending');
    expect(firstCode(table)).toBe('job_level');
  });

  it('a click on 字典类型 sorts on the server: the request and the first row change', async () => {
    const { head, table, router } = await openScreen();
    await within(table).findByText('gender');
    fireEvent.click(within(head).getByRole('columnheader', { name: '字典类型' }));
    const codes = api.store.dicts.map((d) => d.dictCode).sort();
    await waitFor(() => expect(firstCode(table)).toBe(codes[0]));
    expect(router.state.location.search).toBe('?sort=dictCode&order=asc');
    const [sent] = (await api.sent(routes.listDicts)).slice(-1);
    expect(sent?.query.get('sort')).toBe('dictCode');
    fireEvent.click(within(head).getByRole('columnheader', { name: '字典类型' }));
    await waitFor(() => expect(firstCode(table)).toBe(codes.at(-1)));
    expect(router.state.location.search).toBe('?sort=dictCode&order=desc');
  });

  it('adds a dictionary, then edits its remark: the list shows both changes', async () => {
    const { table } = await openScreen();
    await within(table).findByText('gender');
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    let dialog = await findDialog('添加字典');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '婚姻状况' } });
    fireEvent.change(within(dialog).getByLabelText('字典类型'), { target: { value: 'marital_status' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await within(table).findByText('marital_status');
    within(rowOf('marital_status')).getByText('婚姻状况');

    fireEvent.click(within(rowOf('marital_status')).getByRole('button', { name: '编辑' }));
    dialog = await findDialog('修改字典');
    expect(within(dialog).getByLabelText('字典类型')).toHaveProperty('readOnly', true);
    within(dialog).getByText('字典类型创建后不能修改');
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '员工档案用' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await waitFor(() => within(rowOf('marital_status')).getByText('员工档案用'));
  });

  it('deletes an empty dictionary after a confirmation naming it', async () => {
    api.store.dicts.push({ id: 99, dictName: '临时字典', dictCode: 'tmp_dict', remark: null });
    const { table } = await openScreen();
    await within(table).findByText('tmp_dict');
    fireEvent.click(within(rowOf('tmp_dict')).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('删除字典「临时字典（tmp_dict）」？');
    within(confirm).getByText('该字典没有字典数据，删除后不能恢复。');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(within(table).queryByText('tmp_dict')).toBeNull());
    expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`);
  });

  it('a dictionary with items is not offered for deletion: the dialog names it, counts its items and opens them', async () => {
    const { table } = await openScreen();
    await within(table).findByText('gender');
    const count = api.store.dictItems.filter((i) => i.dictCode === 'political_status').length;
    fireEvent.click(within(rowOf('political_status')).getByRole('button', { name: '删除' }));
    const notice = await findDialog('字典「政治面貌（political_status）」还不能删除');
    within(notice).getByText(
      `它下面还有 ${count} 条字典数据。字典只能在清空后删除：请先在「数据维护」中删除这些数据。`,
    );
    fireEvent.click(within(notice).getByRole('button', { name: '去数据维护' }));
    const drawer = await findDialog('字典数据维护 — 政治面貌');
    await findLabel(drawer, '共青团员');
    expect(await api.sent(routes.deleteDict)).toHaveLength(0);
    expect(api.store.dicts.some((d) => d.dictCode === 'political_status')).toBe(true);
  });

  it('a failed load says 加载失败 with the reason and 重试, never 共 0 条; 重试 loads the rows', async () => {
    api.breakNetwork(routes.listDicts);
    const { table } = await openScreen();
    const failed = await within(table).findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    expect(screen.queryByTestId('dict-total')).toBeNull();
    api.server.resetHandlers();
    fireEvent.click(within(table).getByRole('button', { name: '重试' }));
    await within(table).findByText('gender');
    expect(total()).toBe(`共 ${api.store.dicts.length} 条记录`);
  });

  it('maintains a dictionary’s items in the drawer: the seeded tree, an item added, one deleted by name', async () => {
    const { table } = await openScreen();
    await within(table).findByText('industry');
    const { drawer, items } = await openItems('industry', '所属行业');
    for (const value of ['信息技术', '软件开发', '制造业', '金融业', '保险']) await findLabel(items, value);
    expect(within(drawer).getByTestId('dict-item-total').textContent).toBe(
      `共 ${api.store.dictItems.filter((i) => i.dictCode === 'industry').length} 条记录`,
    );
    // No 全屏 in the drawer: the drawer is the overlay already, and Esc (how full screen is left) closes it.
    const tools = within(drawer).getByRole('toolbar', { name: '表格工具' });
    within(tools).getByRole('button', { name: '刷新' });
    within(tools).getByRole('button', { name: '列设置' });
    expect(within(tools).queryByRole('button', { name: '全屏' })).toBeNull();

    fireEvent.click(within(drawer).getByRole('button', { name: '+ 添加数据' }));
    const dialog = await findDialog('添加字典数据');
    fireEvent.change(within(dialog).getByLabelText('数据标签'), { target: { value: '教育' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await findLabel(items, '教育');

    fireEvent.click(within(rowOf('保险', items)).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('删除字典数据「保险」？')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(noLabel(items, '保险')).toBe(true));
    expect(api.store.dictItems.some((i) => i.value === '保险')).toBe(false);
  });

  it('lists each item’s label as its coloured tag, its key value and its 状态', async () => {
    const { table } = await openScreen();
    await within(table).findByText('customer_level');
    const { drawer, items } = await openItems('customer_level', '客户等级');
    const gold = await findLabel(items, '金卡客户');
    expect(gold.className).toContain('ant-tag-gold');
    const head = within(drawer).getAllByRole('table', { name: '字典数据列表' })[0] as HTMLElement;
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(expect.arrayContaining(['数据标签', '数据键值', '序号', '状态']));
    within(rowOf('金卡客户', items)).getByText('启用');
    // 禁用: kept in the list, said in its row.
    const diamond = rowOf('钻石客户', items);
    expect(within(diamond).getByText('禁用').className).toContain('ant-tag-red');
    expect(within(diamond).getAllByText('钻石客户')[0]?.className).toContain('ant-tag-purple');
  });

  it('adds an item with a key value, 禁用 and a tag colour; the list shows its tag', async () => {
    const { table } = await openScreen();
    await within(table).findByText('job_level');
    const { drawer, items } = await openItems('job_level', '职级');
    await findLabel(items, '专家');
    fireEvent.click(within(drawer).getByRole('button', { name: '+ 添加数据' }));
    const dialog = await findDialog('添加字典数据');
    // A new item starts enabled, without a colour: its preview is plain text.
    expect(within(dialog).getByRole('radio', { name: '启用' })).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByLabelText('数据标签'), { target: { value: '首席' } });
    fireEvent.change(within(dialog).getByLabelText('数据键值'), { target: { value: ' P9 ' } });
    expect(within(dialog).getByTestId('dict-item-preview').querySelector('.ant-tag')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: '禁用' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '标签颜色' }));
    fireEvent.click(await screen.findByTitle('火山红'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('dict-item-preview').querySelector('.ant-tag')?.className).toContain(
        'ant-tag-volcano',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    const [sent] = await api.sent(routes.createDictItem);
    expect(sent?.body).toEqual({
      dictCode: 'job_level',
      value: '首席',
      pid: null,
      orderNum: 0,
      keyValue: 'P9',
      state: 0,
      tagColor: 'volcano',
    });
    const added = await findLabel(items, '首席');
    expect(added.className).toContain('ant-tag-volcano');
    within(rowOf('首席', items)).getByText('P9');
    within(rowOf('首席', items)).getByText('禁用');
  });

  it('edits an item: the dialog starts from its key value, 状态 and colour; a cleared colour is sent as none', async () => {
    const { table } = await openScreen();
    await within(table).findByText('gender');
    const { items } = await openItems('gender', '性别');
    await findLabel(items, '男');
    fireEvent.click(within(rowOf('男', items)).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改字典数据');
    expect(within(dialog).getByLabelText('数据键值')).toHaveProperty('value', 'male');
    expect(within(dialog).getByRole('radio', { name: '启用' })).toHaveProperty('checked', true);
    // The chosen colour shows as its tag, named.
    expect(within(dialog).getByText('蓝').className).toContain('ant-tag-blue');
    fireEvent.change(within(dialog).getByLabelText('数据标签'), { target: { value: '男性' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '标签颜色' }));
    const clear = dialog.querySelector('.ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(within(dialog).queryByText('蓝')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    const [sent] = await api.sent(routes.updateDictItem);
    expect(sent?.body).toMatchObject({ value: '男性', keyValue: 'male', state: 1, tagColor: null });
    const renamed = await findLabel(items, '男性');
    expect(renamed.closest('.ant-tag')).toBeNull();
    expect(api.store.dictItems.find((i) => i.value === '男性')).toMatchObject({ keyValue: 'male', tagColor: null });
  });

  it('deleting an item with children says so up front', async () => {
    const { table } = await openScreen();
    await within(table).findByText('industry');
    const { items } = await openItems('industry', '所属行业');
    await findLabel(items, '制造业');
    fireEvent.click(within(rowOf('制造业', items)).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('删除字典数据「制造业」？');
    within(confirm).getByText('它下面还有 2 条下级数据，需先删除它们，否则不能删除。');
  });

  it('bulk-deletes items with a refusal: one message naming the refused item and why, it stays selected', async () => {
    const { table } = await openScreen();
    await within(table).findByText('industry');
    const { drawer, items } = await openItems('industry', '所属行业');
    await findLabel(items, '制造业');
    // A parent without all of its children is refused; its selected child and another leaf go.
    for (const name of ['制造业', '汽车制造', '保险']) {
      fireEvent.click(within(items).getByRole('checkbox', { name: `选择 ${name}` }));
    }
    const bar = within(drawer).getByTestId('bulk-bar');
    within(bar).getByText('已选择 3 项');
    fireEvent.click(within(bar).getByRole('button', { name: '批量删除' }));
    const confirm = await findDialog('删除以下 3 条字典数据？');
    for (const name of ['制造业', '汽车制造', '保险'])
      within(within(confirm).getByTestId('bulk-confirm-list')).getByText(name);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));

    await screen.findByText('2 项已删除，1 项未删除：制造业：该数据下还有 1 个下级数据，请先删除下级数据');
    await waitFor(() => expect(noLabel(items, '保险')).toBe(true));
    expect(noLabel(items, '汽车制造')).toBe(true);
    expect(noLabel(items, '电子设备制造')).toBe(false);
    expect(within(within(drawer).getByTestId('bulk-bar')).getByText('已选择 1 项')).toBeTruthy();
    expect(within(items).getByRole('checkbox', { name: '选择 制造业' })).toHaveProperty('checked', true);
    expect(api.store.dictItems.some((i) => i.value === '保险')).toBe(false);
    expect(api.store.dictItems.some((i) => i.value === '制造业')).toBe(true);
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listDicts, 500, '字典服务异常');
    api.signInAs('admin');
    await renderApp('/system/Dict');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：字典服务异常');
  });
});
