import { fireEvent, screen, waitFor, within } from '@testing-library/react';

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

/**
 * The 更多 ▾ menu of a row's 操作 cell (list-kit row actions), opened: its items are `menuitem`s. antd renders the
 * menu outside the table; the trigger names it by aria-controls.
 */
export async function openMoreActions(row: HTMLElement): Promise<HTMLElement> {
  const trigger = within(row).getByRole('button', { name: /^更多/ });
  if (trigger.getAttribute('aria-expanded') !== 'true') fireEvent.click(trigger);
  return waitFor(() => {
    const id = trigger.getAttribute('aria-controls');
    const menu = id ? document.getElementById(id) : null;
    if (!menu) throw new Error('the row’s 更多 menu did not open');
    return menu;
  });
}

/** Chooses a row action by its label: its link in the 操作 cell, or its item under 更多 ▾. */
export async function chooseRowAction(row: HTMLElement, label: string): Promise<void> {
  const link = within(row).queryByRole('button', { name: label });
  if (link) {
    fireEvent.click(link);
    return;
  }
  const menu = await openMoreActions(row);
  fireEvent.click(within(menu).getByRole('menuitem', { name: label }));
}
