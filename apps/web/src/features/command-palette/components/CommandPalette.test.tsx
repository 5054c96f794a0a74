// The command palette over the mock API (src/mocks): keyboard use, the kinds limited to what the account holds,
// where Enter leads, and the loading, failed and empty states.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { setupMockApi } from '@/testing/mock-api';
import { renderRouter } from '@/testing/render-router';
import { CommandPaletteLauncher } from './CommandPaletteLauncher';

const api = setupMockApi();

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{`${pathname}${search}`}</div>;
}

/** The launcher as the header holds it, beside a field that had the focus before the palette opened. */
async function open(accountNumber = 'admin') {
  api.signInAs(accountNumber);
  await useSession.getState().bootstrap();
  renderRouter(
    [
      {
        path: '*',
        element: (
          <>
            <input aria-label="elsewhere" />
            <CommandPaletteLauncher />
            <Where />
          </>
        ),
      },
    ],
    '/',
  );
  const elsewhere = screen.getByRole('textbox', { name: 'elsewhere' });
  elsewhere.focus();
  fireEvent.keyDown(elsewhere, { key: 'k', ctrlKey: true });
  const box = await screen.findByRole('combobox', { name: '搜索菜单、账号（账号、用户名、手机号）、组织、角色、字典' });
  await waitFor(() => expect(document.activeElement).toBe(box));
  return { box, elsewhere };
}

const type = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });
const group = (name: string) => screen.getByRole('group', { name });
/** The main line of each result of a group (the second, quieter line left out). */
const optionTexts = (name: string) =>
  within(group(name))
    .getAllByRole('option')
    .map((option) => option.querySelector('[data-part="label"]')?.textContent);
const selected = () => screen.getByRole('option', { selected: true });
const where = () => screen.getByTestId('where').textContent;

describe('command palette', () => {
  beforeAll(async () => {
    // The dialog is loaded on first use; a test waits for behaviour, not for its first transform.
    await import('./CommandPalette');
  });
  afterEach(() => setTextLocale('zh-CN'));

  it('opens on Ctrl+K, finds an account by part of its name, and Enter opens the account list filtered to it', async () => {
    const { box, elsewhere } = await open();
    // Before anything is typed: the screens the account may open, 首页 first.
    expect(optionTexts('菜单')[0]).toContain('首页');
    type(box, '张');
    await waitFor(() => expect(optionTexts('账号')).toEqual(['张伟（zhangwei）']));
    // The matched text is highlighted.
    expect(within(group('账号')).getByText('张', { selector: 'mark' })).toBeTruthy();
    // The first result is active; ↓ moves down, ↑ back up, wrapping round.
    expect(selected().textContent).toContain('张伟');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(selected().textContent).toContain('张伟');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/user/Account?accountNumber=zhangwei'));
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    // The focus is back where it was.
    await waitFor(() => expect(document.activeElement).toBe(elsewhere));
    const asked = await api.sent(routes.listAccounts);
    expect(asked.map((r) => [r.query.get('accountNumber'), r.query.get('accountName')])).toEqual(
      expect.arrayContaining([
        ['张', null],
        [null, '张'],
      ]),
    );
  });

  it('matches menus by their title and records of every kind the account may list; ↓ and Enter open a role', async () => {
    const { box } = await open();
    type(box, '管理');
    expect(optionTexts('菜单')).toEqual(['账号管理', '组织管理', '角色管理', '资源管理', '岗位管理', '字典管理']);
    await waitFor(() => expect(optionTexts('角色')).toEqual(['超级管理员', '部门管理员']));
    // ↓ past the six menus and the first role: 部门管理员.
    for (let n = 0; n < 7; n += 1) fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(selected().textContent).toContain('部门管理员');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe(`/user/Role?name=${encodeURIComponent('部门管理员')}`));
  });

  it('finds an account by its whole mobile number, however it is written', async () => {
    const { box } = await open();
    type(box, '+8613910000000');
    await waitFor(() => expect(optionTexts('账号')).toEqual(['张伟（zhangwei）']));
    const asked = await api.sent(routes.listAccounts);
    expect(asked.map((r) => r.query.get('contactNumber'))).toContain('+8613910000000');
    // Part of a number is not a mobile number: the mobile filter is not asked.
    const before = asked.length;
    type(box, '139100');
    await waitFor(async () => expect((await api.sent(routes.listAccounts)).length).toBeGreaterThan(before));
    const later = (await api.sent(routes.listAccounts)).slice(before);
    expect(later.map((r) => r.query.get('contactNumber'))).toEqual([null, null]);
  });

  it('finds an organisation by part of its name and opens the organisation screen showing only it', async () => {
    const { box } = await open();
    type(box, '开发部');
    await waitFor(() => expect(optionTexts('组织')).toHaveLength(2));
    expect(optionTexts('组织')).toEqual(expect.arrayContaining(['前端开发部', '后端开发部']));
    const first = optionTexts('组织')[0];
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe(`/user/Organization?id=${first === '前端开发部' ? 7 : 8}`));
  });

  it('opens a dictionary filtered by its name', async () => {
    const { box } = await open();
    type(box, '性别');
    await waitFor(() => expect(optionTexts('字典')).toEqual(['性别']));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe(`/system/Dict?dictName=${encodeURIComponent('性别')}`));
  });

  it('a narrow role searches only what it may list: no account or role is asked for or shown', async () => {
    // wuxia holds 字典维护员: 首页, 个人信息 and the dictionaries.
    const { box } = await open('wuxia');
    expect(optionTexts('菜单')).toEqual(['首页', '个人信息', '字典管理']);
    type(box, '性');
    await waitFor(() => expect(optionTexts('字典')).toEqual(['性别']));
    type(box, '张');
    await screen.findByText('没有与“张”匹配的菜单或记录');
    expect(screen.queryByRole('group', { name: '账号' })).toBeNull();
    expect(await api.sent(routes.listAccounts)).toEqual([]);
    expect(await api.sent(routes.listRoles)).toEqual([]);
  });

  it('says it is searching while the records are on their way, then shows them', async () => {
    const held = api.hold(routes.listAccounts);
    const { box } = await open();
    type(box, 'zhang');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('搜索中…'));
    held.release();
    await waitFor(() => expect(optionTexts('账号')).toEqual(['张伟（zhangwei）']));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a search that fails says so in its group; the others still answer', async () => {
    api.breakNetwork(routes.listDicts);
    const { box } = await open();
    type(box, '管理');
    const failed = await waitFor(() => within(group('字典')).getByRole('alert'));
    expect(failed.textContent).toMatch(/^字典加载失败：/);
    await waitFor(() => expect(optionTexts('角色')).toHaveLength(2));
  });

  it('Esc closes it and gives the focus back; the button opens it again, empty', async () => {
    const { box, elsewhere } = await open();
    type(box, 'zz-nothing');
    await screen.findByText('没有与“zz-nothing”匹配的菜单或记录');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(elsewhere));
    fireEvent.click(screen.getByRole('button', { name: '搜索菜单与记录（Ctrl+K）' }));
    const again = await screen.findByRole('combobox');
    expect((again as HTMLInputElement).value).toBe('');
  });

  it('speaks English on an English page: menu titles in English, matched in English', async () => {
    await setTextLocale('en-US');
    api.signInAs('admin');
    await useSession.getState().bootstrap();
    renderRouter([{ path: '*', element: <CommandPaletteLauncher /> }], '/');
    fireEvent.click(screen.getByRole('button', { name: 'Search menus and records (Ctrl+K)' }));
    const box = await screen.findByRole('combobox', {
      name: 'Search menus, accounts (number, name, mobile), organizations, roles, dictionaries',
    });
    type(box, 'dict');
    expect(optionTexts('Menus')).toEqual(['Dictionaries']);
  });
});
