import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { OrgPicker } from './OrgPicker';
import type { Org } from './org-types';

const org = (id: number, name: string, pid: number | null, hasChildren = false): Org => ({
  id,
  pid,
  name,
  fullName: `${name}全称`,
  createTime: '2024-05-01T05:45:00.000Z',
  hasChildren,
  regionId: null,
  regionName: null,
});

const tree: Record<string, Org[]> = {
  root: [org(1, '总部', null, true), org(2, '分公司', null)],
  1: [org(3, '研发部', 1)],
};

function setup(props: { value?: number; label?: string; allowClear?: boolean; excludeSubtreeOf?: number } = {}) {
  const loadOrgs = vi.fn(async (pid?: number) => tree[pid === undefined ? 'root' : String(pid)] ?? []);
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
});
