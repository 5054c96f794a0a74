import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { ResourceTree } from './ResourceTree';
import type { Resource } from './resource-tree-model';

const base = { remark: null, icon: null, builtin: true } as const;
const resources: Resource[] = [
  { ...base, id: 1, pid: null, name: '用户管理', type: 0, route: '/user', method: null, url: null, orderNum: 1 },
  { ...base, id: 2, pid: 1, name: '账号管理', type: 0, route: '/user/Account', method: null, url: null, orderNum: 1 },
  { ...base, id: 21, pid: 2, name: '账号列表', type: 1, route: null, method: 'get', url: '/account/s', orderNum: 1 },
  { ...base, id: 22, pid: 2, name: '添加账号', type: 1, route: null, method: 'post', url: '/account', orderNum: 2 },
  { ...base, id: 23, pid: 2, name: '删除账号', type: 1, route: null, method: 'delete', url: '/account', orderNum: 3 },
];

interface HarnessProps {
  onChange: (ids: number[]) => void;
  held?: number[];
  initial?: number[];
}

function Harness({ onChange, held, initial = [] }: HarnessProps) {
  const [value, setValue] = useState<number[]>(initial);
  const isGrantable = held ? (r: Resource) => held.includes(r.id) : undefined;
  return (
    <TestProviders>
      <ResourceTree
        resources={resources}
        value={value}
        isGrantable={isGrantable}
        onChange={(ids) => {
          setValue(ids);
          onChange(ids);
        }}
      />
    </TestProviders>
  );
}

const item = (name: string) => {
  const node = screen.getByText(name).closest('[role="treeitem"]');
  if (!(node instanceof HTMLElement)) throw new Error(`no tree item ${name}`);
  return node;
};
const checkState = (name: string) => within(item(name)).getByRole('checkbox').getAttribute('aria-checked');

describe('ResourceTree', () => {
  it('names each node first; its route, or method and url, follow as quieter secondary text', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(within(item('账号管理')).getByText('/user/Account')).toBeTruthy();
    expect(within(item('账号列表')).getByText('GET')).toBeTruthy();
    expect(within(item('账号列表')).getByText('/account/s')).toBeTruthy();
    expect(within(item('删除账号')).getByText('DELETE')).toBeTruthy();
    for (const [name, address] of [
      ['用户管理', '/user'],
      ['账号管理', '/user/Account'],
      ['账号列表', 'GET /account/s'],
      ['删除账号', 'DELETE /account'],
    ] as const) {
      const title = item(name).querySelector('.ant-tree-title')?.textContent ?? '';
      expect(title.startsWith(name), title).toBe(true);
      expect(title.indexOf(address), title).toBeGreaterThan(title.indexOf(name));
      const quiet = within(item(name)).getByTestId('resource-address');
      expect(quiet.textContent).toBe(address);
      expect(quiet.className).toContain('ant-typography-secondary');
    }
  });

  it('checking an API resource half-checks its menus and saves them with it', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(within(item('账号列表')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21]);
    expect(checkState('账号列表')).toBe('true');
    expect(checkState('账号管理')).toBe('mixed');
    expect(checkState('用户管理')).toBe('mixed');
  });

  it('批量选择 selects the node with its subtree, and again clears it', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(within(item('账号管理')).getByRole('button', { name: '批量选择' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21, 22, 23]);
    expect(checkState('用户管理')).toBe('true');
    fireEvent.click(within(item('账号管理')).getByRole('button', { name: '批量选择' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('批量选择 is on nodes with children only: a leaf has nothing to select in bulk', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(within(item('用户管理')).getAllByRole('button', { name: '批量选择' })).toHaveLength(1);
    expect(within(item('账号管理')).getByRole('button', { name: '批量选择' })).toBeTruthy();
    for (const leaf of ['账号列表', '添加账号', '删除账号']) {
      expect(within(item(leaf)).queryByRole('button', { name: '批量选择' }), leaf).toBeNull();
    }
  });

  it('展开/折叠 closes every node, then opens every node again', async () => {
    render(<Harness onChange={vi.fn()} />);
    const expandAll = screen.getByRole('checkbox', { name: '展开/折叠' });
    expect(expandAll).toHaveProperty('checked', true);
    fireEvent.click(expandAll);
    await waitFor(() => expect(screen.queryByText('账号管理')).toBeNull());
    expect(screen.queryByText('账号列表')).toBeNull();
    expect(item('用户管理').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expandAll);
    for (const name of ['账号管理', '账号列表', '添加账号', '删除账号']) await screen.findByText(name);
    expect(item('用户管理').getAttribute('aria-expanded')).toBe('true');
    expect(item('账号管理').getAttribute('aria-expanded')).toBe('true');
    expect(expandAll).toHaveProperty('checked', true);
  });

  it('全选/全不选 checks every node, then none; it shows a partial choice as mixed', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const all = screen.getByRole('checkbox', { name: '全选/全不选' });
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21, 22, 23]);
    for (const r of resources) expect(checkState(r.name), r.name).toBe('true');
    expect(all).toHaveProperty('checked', true);
    fireEvent.click(within(item('添加账号')).getByRole('checkbox'));
    expect(all.closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21, 22, 23]);
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
    for (const r of resources) expect(checkState(r.name), r.name).toBe('false');
  });

  it('全选 leaves what the account does not hold unticked', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} held={[1, 2, 21, 22]} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选/全不选' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21, 22]);
    expect(checkState('删除账号')).toBe('false');
  });

  it('父子联动 is on at first; off, a parent is checked alone and saved alone, and its children on their own', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const linkage = screen.getByRole('switch', { name: '父子联动' });
    expect(linkage.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(linkage);
    expect(linkage.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(item('账号管理')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(checkState('账号管理')).toBe('true');
    expect(checkState('账号列表')).toBe('false');
    expect(checkState('用户管理')).toBe('false');
    // A child ticked on its own: the menus above are neither ticked nor half-ticked.
    fireEvent.click(within(item('账号管理')).getByRole('checkbox'));
    fireEvent.click(within(item('账号列表')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([21]);
    expect(checkState('账号管理')).toBe('false');
    // 批量选择 still takes the node with its whole subtree.
    fireEvent.click(within(item('账号管理')).getByRole('button', { name: '批量选择' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 21, 22, 23]);
    expect(checkState('用户管理')).toBe('false');
  });

  it('opens unlinked when the saved permissions hold a menu without anything below it, so none is dropped', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={[1, 2]} />);
    expect(screen.getByRole('switch', { name: '父子联动' }).getAttribute('aria-checked')).toBe('false');
    expect(checkState('账号管理')).toBe('true');
    fireEvent.click(within(item('账号列表')).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21]);
  });

  it('search keeps matches and their ancestors, hides the rest', () => {
    render(<Harness onChange={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText('搜索名称、路由或接口地址'), { target: { value: '列表' } });
    expect(screen.queryByText('添加账号')).toBeNull();
    expect(item('用户管理')).toBeTruthy();
    expect(screen.getByText('列表').tagName).toBe('MARK');
    fireEvent.change(screen.getByPlaceholderText('搜索名称、路由或接口地址'), { target: { value: 'nothing' } });
    expect(screen.getByText('没有匹配的权限')).toBeTruthy();
  });

  it('resources the account does not hold are disabled and left out of 批量选择', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} held={[1, 2, 21, 22]} />);
    expect(within(item('删除账号')).getByRole('checkbox').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(item('用户管理')).getByRole('button', { name: '批量选择' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 21, 22]);
    expect(checkState('删除账号')).toBe('false');
  });
});
