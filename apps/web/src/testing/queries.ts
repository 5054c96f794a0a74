import { screen, waitFor, within } from '@testing-library/react';

/**
 * The open dialog whose title is `title`. Under test antd gives every dialog the same title id ('test-id'), so
 * `findByRole('dialog', { name })` cannot tell two dialogs apart; the title's text can.
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByRole('dialog')
      .find((candidate) => within(candidate).queryAllByText(title).length > 0);
    if (!dialog) throw new Error(`no open dialog titled ${title}`);
    return dialog;
  });
}

/** The table row holding `text` (a cell's whole text). */
export function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
}
