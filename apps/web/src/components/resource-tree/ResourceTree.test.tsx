import { fireEvent, render, screen, within } from '@testing-library/react';
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

function Harness({ onChange, held }: { onChange: (ids: number[]) => void; held?: number[] }) {
  const [value, setValue] = useState<number[]>([]);
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
  it('shows menus with their route and API resources with an upper-case method and the url', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(within(item('账号管理')).getByText('/user/Account')).toBeTruthy();
    expect(within(item('账号列表')).getByText('GET')).toBeTruthy();
    expect(within(item('账号列表')).getByText('/account/s')).toBeTruthy();
    expect(within(item('删除账号')).getByText('DELETE')).toBeTruthy();
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
