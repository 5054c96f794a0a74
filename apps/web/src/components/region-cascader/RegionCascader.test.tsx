import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { mergePath, RegionCascader, type RegionSource } from './RegionCascader';

const node = (id: number, pid: number | null, name: string, hasChildren = true) => ({ id, pid, name, hasChildren });

/** A three-level source standing in for the API (the server side is tested against the real data). */
function source(): RegionSource & { calls: string[] } {
  const calls: string[] = [];
  const tree: Record<string, ReturnType<typeof node>[]> = {
    root: [node(320000, null, '江苏省'), node(110000, null, '北京市')],
    320000: [node(320500, 320000, '苏州市')],
    320500: [node(320506, 320500, '吴中区', false)],
  };
  return {
    calls,
    children: vi.fn(async (pid?: number) => {
      calls.push(`children ${pid ?? 'root'}`);
      return tree[pid === undefined ? 'root' : String(pid)] ?? [];
    }),
    search: vi.fn(async (keyword: string) => {
      calls.push(`search ${keyword}`);
      if (keyword === '苏州')
        return [
          {
            path: [
              { id: 320000, name: '江苏省' },
              { id: 320500, name: '苏州市' },
            ],
          },
        ];
      return keyword === '吴中'
        ? [
            {
              path: [
                { id: 320000, name: '江苏省' },
                { id: 320500, name: '苏州市' },
                { id: 320506, name: '吴中区' },
              ],
            },
          ]
        : [];
    }),
    pathOf: vi.fn(async (id: number) => {
      calls.push(`path ${id}`);
      return [
        { id: 320000, name: '江苏省' },
        { id: 320500, name: '苏州市' },
        { id, name: '吴中区' },
      ];
    }),
  };
}

describe('mergePath', () => {
  it('adds the missing nodes of a path and keeps the others', () => {
    const tree = mergePath(
      [{ value: 1, label: '甲', isLeaf: false }],
      [
        { id: 1, name: '甲' },
        { id: 2, name: '乙' },
      ],
    );
    expect(tree).toEqual([
      { value: 1, label: '甲', isLeaf: false, children: [{ value: 2, label: '乙', isLeaf: false }] },
    ]);
  });
});

describe('RegionCascader', () => {
  it('shows a stored region by its path', async () => {
    const regions = source();
    render(
      <TestProviders>
        <RegionCascader source={regions} value={320506} aria-label="所在地区" />
      </TestProviders>,
    );
    await screen.findByText('江苏省 / 苏州市 / 吴中区');
    expect(regions.calls).toContain('path 320506');
  });

  it('asks the server when searching and answers the chosen code', async () => {
    const regions = source();
    const onChange = vi.fn();
    render(
      <TestProviders>
        <RegionCascader source={regions} onChange={onChange} aria-label="所在地区" />
      </TestProviders>,
    );
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '吴中' } });
    await waitFor(() => expect(regions.calls).toContain('search 吴中'));
    // The search result lists the whole path of a place not opened yet.
    const hit = await waitFor(() => {
      const item = [...document.querySelectorAll('.ant-cascader-menu-item')].find((el) =>
        el.textContent?.includes('吴中区'),
      );
      if (!item) throw new Error('no search result yet');
      return item;
    });
    expect(hit.textContent).toBe('江苏省 / 苏州市 / 吴中区');
    fireEvent.click(hit);
    expect(onChange).toHaveBeenLastCalledWith(320506);
  });

  it('opens the places below a search hit that has them (上海市 collapsed back)', async () => {
    const regions = source();
    const onChange = vi.fn();
    // Held by its owner, as a form field holds it.
    function Field() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <RegionCascader
          source={regions}
          value={value}
          onChange={(id) => {
            setValue(id);
            onChange(id);
          }}
          aria-label="所在地区"
        />
      );
    }
    render(
      <TestProviders>
        <Field />
      </TestProviders>,
    );
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '苏州' } });
    const item = (text: string) =>
      [...document.querySelectorAll('.ant-cascader-menu-item')].find((el) => el.textContent === text);
    const hit = await waitFor(() => item('江苏省 / 苏州市') ?? Promise.reject(new Error('no search result yet')));
    fireEvent.click(hit);
    expect(onChange).toHaveBeenLastCalledWith(320500);
    // The popup shows 苏州市's own places, to go on choosing as if it had been reached level by level.
    const below = await waitFor(() => item('吴中区') ?? Promise.reject(new Error('children not shown')));
    fireEvent.click(below);
    expect(onChange).toHaveBeenLastCalledWith(320506);
  });

  it('keeps the page when a region request fails (the http client has told the user): no uncaught rejection', async () => {
    const failing: RegionSource & { calls: string[] } = {
      ...source(),
      children: vi.fn(async () => {
        throw new Error('登录状态已过期');
      }),
      pathOf: vi.fn(async () => {
        throw new Error('登录状态已过期');
      }),
      search: vi.fn(async () => {
        throw new Error('登录状态已过期');
      }),
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      render(
        <TestProviders>
          <RegionCascader source={failing} value={320506} aria-label="所在地区" />
        </TestProviders>,
      );
      const input = screen.getByRole('combobox');
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: '吴中' } });
      await waitFor(() => expect(failing.search).toHaveBeenCalled());
      expect(failing.children).toHaveBeenCalled();
      expect(failing.pathOf).toHaveBeenCalledWith(320506);
      // Let the rejections settle: an unhandled one is reported after the microtasks of its turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(input).toBeTruthy();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
