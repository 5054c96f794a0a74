// The account screen's test helpers, shared by AccountsPage.test.tsx (the list) and AccountsPage.actions.test.tsx
// (the dialogs and actions): two files, so neither takes a minute on its own (docs/testing.md, "Two budgets").

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { MockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

/** Loads the screen's modules up front, so no wait in a test is for a module's first transform (docs/testing.md). */
export const preloadAccountScreen = () =>
  Promise.all([
    preloadScreens('/user/Account'),
    import('@/features/accounts/components/AccountDialog'),
    import('@/components/org-picker/OrgTreeSelect'),
  ]);

/** The account screen's queries, signed in as the seeded admin of `api`. */
export function accountScreen(api: MockApi) {
  async function openScreen(path = '/user/Account') {
    api.signInAs('admin');
    await renderApp(path);
    // With its sticky header antd renders the header row in a table of its own; the rows are in the second one.
    const table = await waitFor(() => {
      const tables = screen.getAllByRole('table', { name: '账号列表' });
      expect(tables).toHaveLength(2);
      return tables[1] as HTMLElement;
    });
    // The newest account of the seed heads the first page.
    await within(table).findByText('谢婷婷');
    return table;
  }

  /** A text field of the search form (the sortable headers carry the same names). */
  const field = (name: string) => screen.getByRole('textbox', { name });
  const dataRows = (table: HTMLElement) => [...table.querySelectorAll<HTMLElement>('tr.ant-table-row')];

  const total = () => screen.getByTestId('account-total').textContent;

  /** Opens the search form's rarer filters (展开). */
  const expandSearch = () => fireEvent.click(screen.getByRole('button', { name: '展开' }));

  /** The cell of `row` under the header `title` (the header row is a table of its own). */
  function cellOf(row: HTMLElement, title: string): HTMLElement {
    const header = screen.getAllByRole('table', { name: '账号列表' })[0] as HTMLElement;
    const titles = [...header.querySelectorAll('th')].map((th) => th.textContent?.trim() ?? '');
    const index = titles.indexOf(title);
    expect(index, title).toBeGreaterThanOrEqual(0);
    return row.querySelectorAll('td')[index] as HTMLElement;
  }

  return { openScreen, field, dataRows, total, cellOf, expandSearch };
}
