// The search form and the filters in the URL: the applied filters are shown after back/forward, but what is typed
// after 查询 or 重置 is not wiped when a slow page commits that navigation late.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { ListSearchForm, type SearchFieldSpec } from './ListSearchForm';

interface Filters {
  operation?: string;
  operator?: string;
}

const fields: SearchFieldSpec<Filters>[] = [
  { kind: 'text', name: 'operation', label: '操作' },
  { kind: 'text', name: 'operator', label: '操作人' },
];

function renderForm(filters: Partial<Filters>) {
  const onSearch = vi.fn();
  const onReset = vi.fn();
  const ui = (applied: Partial<Filters>) => (
    <TestProviders>
      <ListSearchForm id="logSearch" fields={fields} filters={applied} onSearch={onSearch} onReset={onReset} />
    </TestProviders>
  );
  const view = render(ui(filters));
  return { onSearch, onReset, rerender: (applied: Partial<Filters>) => view.rerender(ui(applied)) };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('ListSearchForm', () => {
  it('keeps what is typed after 重置 when the emptied filters arrive late', () => {
    const { onReset, rerender } = renderForm({ operator: 'admin' });
    expect(field('操作人').value).toBe('admin');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(field('操作人').value).toBe('');
    type('操作', '重置密码');
    rerender({});
    expect(field('操作').value).toBe('重置密码');
    expect(field('操作人').value).toBe('');
  });

  it('keeps what is typed after 查询 when its filters arrive late', () => {
    const { onSearch, rerender } = renderForm({});
    type('操作', '编辑账号');
    fireEvent.submit(field('操作').closest('form') as HTMLFormElement);
    expect(onSearch).toHaveBeenCalledWith({ operation: '编辑账号' });
    type('操作人', 'ad');
    rerender({ operation: '编辑账号' });
    expect(field('操作人').value).toBe('ad');
  });

  it('shows the applied filters when they change under the form (back, forward, a link)', () => {
    const { rerender } = renderForm({ operation: '编辑账号' });
    type('操作', 'typed but not applied');
    rerender({ operation: '删除账号' });
    expect(field('操作').value).toBe('删除账号');
    // After its own 查询 was answered, a later change from elsewhere is shown again.
    fireEvent.submit(field('操作').closest('form') as HTMLFormElement);
    rerender({ operation: '删除账号', operator: 'x' });
    rerender({ operator: 'lina' });
    expect(field('操作').value).toBe('');
    expect(field('操作人').value).toBe('lina');
  });

  it('keeps a date range as epoch milliseconds: read from the applied filters, searched again unchanged', async () => {
    interface Timed {
      from?: number | string;
      to?: number | string;
    }
    const onSearch = vi.fn();
    const from = new Date(2026, 4, 1, 8, 30).getTime();
    const to = new Date(2026, 4, 2, 17, 45).getTime();
    render(
      <TestProviders>
        <ListSearchForm<Timed>
          id="timed"
          fields={[{ kind: 'dateRange', names: ['from', 'to'], label: '时间', showTime: true }]}
          // An older link may still hold ISO 8601: it reads the same.
          filters={{ from, to: new Date(to).toISOString() }}
          onSearch={onSearch}
          onReset={vi.fn()}
        />
      </TestProviders>,
    );
    await waitFor(() => expect(document.querySelector('.ant-picker-range')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ from, to }));
  });
});
