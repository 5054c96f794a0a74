import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clickOrgNode,
  expandOrgNode,
  openOrgPicker,
  orgNode,
  orgPickerShows,
  pickOrg,
  searchOrgs,
} from '@/testing/org-picker';
import { TestProviders } from '@/testing/TestProviders';
import { OrgPicker } from './OrgPicker';
import type { Org, OrgQuery } from './org-types';

const org = (id: number, name: string, pid: number | null, hasChildren = false, inScope = true): Org => ({
  id,
  pid,
  name,
  fullName: `${name}全称`,
  orgCode: null,
  createTime: Date.parse('2024-05-01T05:45:00.000Z'),
  hasChildren,
  regionId: null,
  regionName: null,
  sort: 0,
  leader: null,
  phone: null,
  state: true,
  inScope,
});

const tree: Record<string, Org[]> = {
  root: [org(1, '总部', null, true), org(2, '分公司', null)],
  1: [org(3, '研发部', 1, true)],
  3: [org(4, '前端组', 3)],
};

/** A caller whose data scope is 研发部: 集团 and 总部 are only the path down to it. */
const scopedTree: Record<string, Org[]> = {
  root: [org(10, '集团', null, true, false)],
  10: [org(1, '总部', 10, true, false)],
  1: [org(3, '研发部', 1)],
};

/** The organisation list as the server answers it: a level, one id or a name search, with ancestors for the last two. */
const loaderOf = (orgs: Record<string, Org[]>) => {
  const all = Object.values(orgs).flat();
  const withAncestors = (found: Org) => {
    const ancestors: { id: number; name: string }[] = [];
    for (let at = all.find((o) => o.id === found.pid); at; at = all.find((o) => o.id === at?.pid)) {
      ancestors.unshift({ id: at.id, name: at.name });
    }
    return { ...found, ancestors };
  };
  return vi.fn(async (query?: OrgQuery) => {
    if (query?.id !== undefined) return all.filter((o) => o.id === query.id).map(withAncestors);
    if (query?.name !== undefined) {
      const text = query.name;
      return all.filter((o) => o.inScope !== false && o.name.includes(text)).map(withAncestors);
    }
    return orgs[query?.pid === undefined ? 'root' : String(query.pid)] ?? [];
  });
};

function setup(
  props: { value?: number; label?: string; allowClear?: boolean; excludeSubtreeOf?: number } = {},
  orgs = tree,
) {
  const loadOrgs = loaderOf(orgs);
  const onChange = vi.fn();
  render(
    <TestProviders>
      <label htmlFor="org">所属组织</label>
      <OrgPicker id="org" loadOrgs={loadOrgs} onChange={onChange} {...props} />
    </TestProviders>,
  );
  return { loadOrgs, onChange, field: screen.getByLabelText('所属组织') };
}

describe('OrgPicker', () => {
  // The tree select is a lazy module (fetched once a picker shows): load it before the tests (docs/testing.md).
  beforeAll(() => import('./OrgTreeSelect'));

  it('shows the placeholder, or the given label of the initial value', () => {
    setup();
    expect(screen.getByText('请选择')).toBeTruthy();
    expect(orgPickerShows(screen.getByLabelText('所属组织'))).toBe('');
  });

  it('shows the given label for an initial value', () => {
    const { field } = setup({ value: 7, label: '财务部' });
    expect(orgPickerShows(field)).toBe('财务部');
  });

  it('opens inline on the roots, loads a level when it is opened and emits the chosen org', async () => {
    const { loadOrgs, onChange, field } = setup();
    const popup = await openOrgPicker(field);
    await orgNode(popup, '总部');
    expect(loadOrgs).toHaveBeenCalledWith(undefined);
    // No dialog: the tree is the field's own popup.
    expect(screen.queryByRole('dialog')).toBeNull();
    // Only a node with children can be opened.
    expect((await orgNode(popup, '分公司')).getAttribute('aria-expanded')).toBeNull();

    await expandOrgNode(popup, '总部');
    await orgNode(popup, '研发部');
    expect(loadOrgs).toHaveBeenLastCalledWith({ pid: 1 });
    await clickOrgNode(popup, '研发部');
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ id: 3, name: '研发部' }));
  });

  it('opens down to the current value: its ancestors are loaded and open, the value marked', async () => {
    const { loadOrgs, field } = setup({ value: 4, label: '前端组' });
    const popup = await openOrgPicker(field);
    const node = await orgNode(popup, '前端组');
    await waitFor(() => expect(node.getAttribute('aria-selected')).toBe('true'));
    expect(loadOrgs).toHaveBeenCalledWith({ id: 4 });
    expect((await orgNode(popup, '总部')).getAttribute('aria-expanded')).toBe('true');
    expect((await orgNode(popup, '研发部')).getAttribute('aria-expanded')).toBe('true');
  });

  it('searches the server as the user types and names each hit by its path: one click picks it', async () => {
    const { loadOrgs, onChange, field } = setup();
    await searchOrgs(field, '前端');
    const popup = await openOrgPicker(field);
    await clickOrgNode(popup, '总部 / 研发部 / 前端组');
    expect(loadOrgs).toHaveBeenCalledWith({ name: '前端' });
    expect(onChange).toHaveBeenCalledWith(4, expect.objectContaining({ id: 4, name: '前端组' }));
  });

  it('says when a search finds nothing', async () => {
    const { field } = setup();
    await searchOrgs(field, '无此组织');
    const popup = await openOrgPicker(field);
    expect(await within(popup).findByText('数据权限内没有名称含“无此组织”的组织')).toBeTruthy();
  });

  it('with allowClear, the clear icon emits null', async () => {
    const { onChange, field } = setup({ value: 7, label: '财务部', allowClear: true });
    const clear = field.closest('.ant-select')?.querySelector('.ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null, null));
  });

  it('an excluded org and what is below it cannot be picked nor opened (moving a node under itself)', async () => {
    const { onChange, field } = setup({ excludeSubtreeOf: 1 });
    const popup = await openOrgPicker(field);
    const node = await orgNode(popup, '总部');
    expect(node.getAttribute('aria-disabled')).toBe('true');
    expect(node.getAttribute('aria-expanded')).toBeNull();
    // Found by a search, its descendants are refused too.
    await searchOrgs(field, '前端');
    const hit = await orgNode(popup, '总部 / 研发部 / 前端组');
    expect(hit.getAttribute('aria-disabled')).toBe('true');
    await clickOrgNode(popup, '总部 / 研发部 / 前端组');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a caller with a narrow scope sees the path to it opened, greyed and not pickable', async () => {
    const { onChange, field } = setup({}, scopedTree);
    const popup = await openOrgPicker(field);
    // Without a click, down to 研发部 through 集团 and 总部.
    const mine = await orgNode(popup, '研发部');
    const top = await orgNode(popup, '集团');
    expect(top.getAttribute('aria-disabled')).toBe('true');
    expect(top.getAttribute('aria-expanded')).toBe('true');
    expect(within(top).getByTitle('不在您的数据权限范围内，仅作为路径显示')).toBeTruthy();
    await clickOrgNode(popup, '集团');
    expect(onChange).not.toHaveBeenCalled();
    expect(mine.getAttribute('aria-disabled')).toBe('false');
    await clickOrgNode(popup, '研发部');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ id: 3 }));
  });

  it('picks along a path with the shared helper (the screens use it)', async () => {
    const { onChange, field } = setup();
    await pickOrg(field, ['总部', '研发部', '前端组']);
    expect(onChange).toHaveBeenCalledWith(4, expect.objectContaining({ name: '前端组' }));
  });
});

describe('OrgPicker multiple', () => {
  beforeAll(() => import('./OrgTreeSelect'));

  function setupMultiple(props: { value?: number[]; labels?: Record<number, string>; orgs?: Record<string, Org[]> }) {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <label htmlFor="orgs">组织</label>
        <OrgPicker
          id="orgs"
          multiple
          loadOrgs={loaderOf(props.orgs ?? tree)}
          value={props.value}
          labels={props.labels}
          onChange={onChange}
          allowClear
        />
      </TestProviders>,
    );
    return { onChange, field: screen.getByLabelText('组织') };
  }

  it('shows the names of the chosen organisations', () => {
    const { field } = setupMultiple({ value: [2, 3], labels: { 2: '分公司', 3: '研发部' } });
    expect(orgPickerShows(field)).toBe('分公司、研发部');
  });

  it('ticks another organisation, each for itself, and emits the ids', async () => {
    const { onChange, field } = setupMultiple({ value: [2], labels: { 2: '分公司' } });
    const popup = await openOrgPicker(field);
    // The chosen one is ticked when the tree opens; ticking a parent does not tick its children.
    await waitFor(async () =>
      expect((await orgNode(popup, '分公司')).querySelector('.ant-select-tree-checkbox-checked')).toBeTruthy(),
    );
    await clickOrgNode(popup, '总部');
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
  });

  it('unticks one', async () => {
    const { onChange, field } = setupMultiple({ value: [2, 1], labels: { 2: '分公司', 1: '总部' } });
    const popup = await openOrgPicker(field);
    await clickOrgNode(popup, '分公司');
    expect(onChange).toHaveBeenLastCalledWith([1]);
  });

  it('an organisation outside the data scope cannot be ticked', async () => {
    const { onChange, field } = setupMultiple({ orgs: scopedTree });
    const popup = await openOrgPicker(field);
    expect((await orgNode(popup, '集团')).getAttribute('aria-disabled')).toBe('true');
    await clickOrgNode(popup, '集团');
    expect(onChange).not.toHaveBeenCalled();
    await clickOrgNode(popup, '研发部');
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it('the clear icon empties the choice', async () => {
    const { onChange, field } = setupMultiple({ value: [2], labels: { 2: '分公司' } });
    const clear = field.closest('.ant-select')?.querySelector('.ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
  });
});
