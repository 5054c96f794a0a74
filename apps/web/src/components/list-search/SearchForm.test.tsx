import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { SearchField, SearchForm } from './SearchForm';

function setup() {
  const onSearch = vi.fn();
  const onReset = vi.fn();
  render(
    <TestProviders>
      <SearchForm id="demoSearch" onSearch={onSearch} onReset={onReset}>
        <SearchField label="账号" htmlFor="demoSearch_number">
          <input id="demoSearch_number" />
        </SearchField>
      </SearchForm>
    </TestProviders>,
  );
  return { onSearch, onReset };
}

describe('SearchForm', () => {
  it('labels each field, so the label names its control', () => {
    setup();
    expect(screen.getByLabelText('账号').id).toBe('demoSearch_number');
    expect(document.querySelector('form#demoSearch')).not.toBeNull();
  });

  it('查询 and Enter in a field search (the page stays), 重置 resets', () => {
    const { onSearch, onReset } = setup();
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    // Enter in a text field submits its form; the submit event is what the form handles.
    const submitted = fireEvent.submit(screen.getByLabelText('账号'));
    expect(submitted).toBe(false); // default prevented: no navigation
    expect(onSearch).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
