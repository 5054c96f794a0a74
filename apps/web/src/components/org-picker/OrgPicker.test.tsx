import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { OrgPicker } from './OrgPicker';
import type { Org } from './org-types';

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
  inScope,
});

const tree: Record<string, Org[]> = {
  root: [org(1, '总部', null, true), org(2, '分公司', null)],
  1: [org(3, '研发部', 1)],
};

/** A caller whose data scope is 研发部: 集团 and 总部 are only the path down to it. */
const scopedTree: Record<string, Org[]> = {
  root: [org(10, '集团', null, true, false)],
  10: [org(1, '总部', 10, true, false)],
  1: [org(3, '研发部', 1)],
};

const loaderOf = (orgs: Record<string, Org[]>) =>
  vi.fn(async (pid?: number) => orgs[pid === undefined ? 'root' : String(pid)] ?? []);

function setup(props: { value?: number; label?: string; allowClear?: boolean; excludeSubtreeOf?: number } = {}) {
  const loadOrgs = loaderOf(tree);
  const onChange = vi.fn();
  render(
    <TestProviders>
      <OrgPicker loadOrgs={loadOrgs} onChange={onChange} {...props} />
    </TestProviders>,
  );
  return { loadOrgs, onChange };
}

describe('OrgPicker', () => {
  // The dialog's tree table is a lazy component (fetched when the picker is first used): load its module before the
  // tests, so no test waits for it to be transformed (docs/testing.md).
  beforeAll(() => import('./OrgTreeTable'));

  it('shows the placeholder, then the label of the initial value', () => {
    setup();
    expect(screen.getByPlaceholderText('请选择')).toHaveProperty('value', '');
  });

  it('shows the given label for an initial value', () => {
    setup({ value: 7, label: '财务部' });
    expect(screen.getByPlaceholderText('请选择')).toHaveProperty('value', '财务部');
  });

  it('loads roots, expands lazily and emits the chosen org', async () => {
    const { loadOrgs, onChange } = setup();
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('选择组织')).toBeTruthy();
    await within(dialog).findByText('总部');
    expect(loadOrgs).toHaveBeenCalledWith();
    // Only rows with children get an expand arrow.
    expect(within(dialog).queryByRole('button', { name: '展开 分公司' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '展开 总部' }));
    await within(dialog).findByText('研发部');
    expect(loadOrgs).toHaveBeenLastCalledWith(1);

    fireEvent.click(within(dialog).getByRole('radio', { name: '研发部' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ id: 3, name: '研发部' }));
  });

  it('取 消 closes without emitting', async () => {
    const { onChange } = setup();
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('总部');
    fireEvent.click(within(dialog).getByText('分公司'));
    fireEvent.click(within(dialog).getByRole('button', { name: '取 消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('with allowClear, the clear icon emits null', () => {
    const { onChange } = setup({ value: 7, label: '财务部', allowClear: true });
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenCalledWith(null, null);
  });

  it('an excluded org cannot be picked nor opened (moving a node under itself)', async () => {
    setup({ excludeSubtreeOf: 1 });
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('总部');
    expect(within(dialog).getByRole('radio', { name: '总部' })).toHaveProperty('disabled', true);
    expect(within(dialog).queryByRole('button', { name: '展开 总部' })).toBeNull();
  });

  it('an organisation outside the data scope (inScope false) is only the path: greyed, not pickable, still opened', async () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <OrgPicker loadOrgs={loaderOf(scopedTree)} onChange={onChange} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('集团');
    expect(within(dialog).getByRole('radio', { name: '集团' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('集团').closest('tr')?.getAttribute('title')).toBe(
      '不在您的数据权限范围内，仅作为路径显示',
    );
    // A click on the row picks nothing: 确 定 stays off.
    fireEvent.click(within(dialog).getByText('集团'));
    expect(within(dialog).getByRole('button', { name: '确 定' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: '展开 集团' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '展开 总部' }));
    expect(within(dialog).getByRole('radio', { name: '总部' })).toHaveProperty('disabled', true);
    fireEvent.click(await within(dialog).findByRole('radio', { name: '研发部' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ id: 3 }));
  });
});

describe('OrgPicker multiple', () => {
  beforeAll(() => import('./OrgTreeTable'));

  function setupMultiple(props: { value?: number[]; labels?: Record<number, string>; orgs?: Record<string, Org[]> }) {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <OrgPicker
          multiple
          loadOrgs={loaderOf(props.orgs ?? tree)}
          value={props.value}
          labels={props.labels}
          onChange={onChange}
          allowClear
        />
      </TestProviders>,
    );
    return { onChange };
  }

  it('shows the names of the chosen organisations', () => {
    setupMultiple({ value: [2, 3], labels: { 2: '分公司', 3: '研发部' } });
    expect(screen.getByPlaceholderText('请选择')).toHaveProperty('value', '分公司、研发部');
  });

  it('ticks several organisations in the tree, unticks one, and emits the ids', async () => {
    const { onChange } = setupMultiple({ value: [2], labels: { 2: '分公司' } });
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    const dialog = await screen.findByRole('dialog');
    // The chosen one is ticked when the dialog opens.
    expect((await within(dialog).findByRole('checkbox', { name: '分公司' })) as HTMLInputElement).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '展开 总部' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '研发部' }));
    // A click on a row ticks it too.
    fireEvent.click(within(dialog).getByText('总部'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '分公司' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledWith([3, 1]);
  });

  it('an organisation outside the data scope cannot be ticked', async () => {
    const { onChange } = setupMultiple({ orgs: scopedTree });
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: '集团' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByText('集团'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it('the clear icon empties the choice', () => {
    const { onChange } = setupMultiple({ value: [2], labels: { 2: '分公司' } });
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
