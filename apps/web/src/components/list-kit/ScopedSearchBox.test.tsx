// The one search box in the search form: a scope picker and a text, its value the scope and the text; the screen maps
// it to the scope's query parameter. Domain-free: scopes, their labels and the picker's name are the screen's.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { ListSearchForm, type SearchFieldSpec } from './ListSearchForm';
import { ScopedSearchBox, type SearchBoxScope, type SearchBoxValue } from './ScopedSearchBox';

interface Filters {
  q?: SearchBoxValue;
  state?: number;
}

const SCOPES: SearchBoxScope[] = [
  { key: 'keyword', label: 'Everything', placeholder: 'Code or name', maxLength: 100 },
  { key: 'code', label: 'Code', placeholder: 'Code: its beginning', maxLength: 8 },
  { key: 'name', label: 'Name', placeholder: 'Name: any part', maxLength: 12 },
];

function renderForm(scopes: readonly SearchBoxScope[], filters: Partial<Filters> = {}) {
  const onSearch = vi.fn();
  const fields: SearchFieldSpec<Filters>[] = [
    {
      kind: 'custom',
      name: 'q',
      label: 'Find',
      render: (control) => <ScopedSearchBox {...control} scopes={scopes} scopeLabel="Find in" />,
    },
    { kind: 'select', name: 'state', label: 'State', options: [{ label: 'On', value: 1 }] },
  ];
  render(
    <TestProviders>
      <ListSearchForm id="shopSearch" fields={fields} filters={filters} onSearch={onSearch} onReset={vi.fn()} />
    </TestProviders>,
  );
  return { onSearch };
}

const box = () => screen.getByRole('textbox', { name: 'Find' }) as HTMLInputElement;
const picker = () => screen.getByRole('combobox', { name: 'Find in' });
const pickerShows = () => picker().closest('.ant-select')?.textContent;
const submit = () => fireEvent.submit(box().closest('form') as HTMLFormElement);

async function choose(label: string) {
  fireEvent.mouseDown(picker());
  const option = (await screen.findAllByTitle(label)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

describe('ScopedSearchBox', () => {
  it('searches the first scope until another is chosen; the text box follows the scope’s placeholder and limit', async () => {
    const { onSearch } = renderForm(SCOPES);
    expect(pickerShows()).toBe('Everything');
    expect(box().placeholder).toBe('Code or name');
    expect(box().maxLength).toBe(100);
    fireEvent.change(box(), { target: { value: 'east' } });
    submit();
    expect(onSearch).toHaveBeenLastCalledWith({ q: { scope: 'keyword', text: 'east' } });

    // The text typed stays when the scope changes: it is searched in the chosen one.
    await choose('Code');
    expect(pickerShows()).toBe('Code');
    expect(box().value).toBe('east');
    expect(box().placeholder).toBe('Code: its beginning');
    expect(box().maxLength).toBe(8);
    submit();
    expect(onSearch).toHaveBeenLastCalledWith({ q: { scope: 'code', text: 'east' } });
  });

  it('lists the scopes by their labels, in order; one box in the form whatever the scope', async () => {
    renderForm(SCOPES);
    fireEvent.mouseDown(picker());
    await waitFor(() => {
      const labels = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
      expect(labels).toEqual(['Everything', 'Code', 'Name']);
    });
    await choose('Name');
    const form = box().closest('form') as HTMLElement;
    expect(within(form).getAllByRole('textbox')).toEqual([box()]);
  });

  it('shows an applied value under its scope', () => {
    renderForm(SCOPES, { q: { scope: 'name', text: '东' } });
    expect(pickerShows()).toBe('Name');
    expect(box().value).toBe('东');
  });

  it('an unknown scope in the applied value shows the first scope', () => {
    renderForm(SCOPES, { q: { scope: 'gone', text: 'x' } });
    expect(pickerShows()).toBe('Everything');
    expect(box().value).toBe('x');
  });

  it('with one scope there is no picker, only the text box', () => {
    const { onSearch } = renderForm(SCOPES.slice(0, 1));
    expect(screen.queryByRole('combobox', { name: 'Find in' })).toBeNull();
    fireEvent.change(box(), { target: { value: 'x' } });
    submit();
    expect(onSearch).toHaveBeenLastCalledWith({ q: { scope: 'keyword', text: 'x' } });
  });
});
