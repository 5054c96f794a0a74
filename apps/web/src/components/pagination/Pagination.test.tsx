import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('shows the total and the page-size selector with N 条/页', () => {
    render(
      <TestProviders>
        <Pagination current={1} pageSize={20} total={95} onChange={() => undefined} />
      </TestProviders>,
    );
    expect(screen.getByText('total 95')).toBeTruthy();
    expect(screen.getByText('20 条/页')).toBeTruthy();
  });

  it('jumps to page 1 when the page count falls below the current page', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TestProviders>
        <Pagination current={3} pageSize={20} total={45} onChange={onChange} />
      </TestProviders>,
    );
    expect(onChange).not.toHaveBeenCalled();
    rerender(
      <TestProviders>
        <Pagination current={3} pageSize={20} total={40} onChange={onChange} />
      </TestProviders>,
    );
    expect(onChange).toHaveBeenCalledWith(1, 20);
  });

  it('uses the server totalPage when given and never jumps from page 1', () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <Pagination current={1} pageSize={20} total={0} totalPage={0} onChange={onChange} />
      </TestProviders>,
    );
    const { rerender } = render(
      <TestProviders>
        <Pagination current={2} pageSize={10} total={15} totalPage={2} onChange={onChange} />
      </TestProviders>,
    );
    expect(onChange).not.toHaveBeenCalled();
    rerender(
      <TestProviders>
        <Pagination current={2} pageSize={10} total={15} totalPage={1} onChange={onChange} />
      </TestProviders>,
    );
    expect(onChange).toHaveBeenCalledWith(1, 10);
  });
});
