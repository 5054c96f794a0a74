// The organisation picker (components/org-picker), driven as a user does: open the field, open levels, type to
// search, click a node. Shared by the picker's own test and the screens that hold one.

import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The picker's input as it is now: until the tree select's code has arrived a plain select stands in its place with
 * the same id (components/org-picker), so an input found before may have been replaced since.
 */
function liveField(field: HTMLElement): HTMLElement {
  const input = field.isConnected ? field : document.getElementById(field.id);
  expect(input, 'the organisation picker is on screen').toBeTruthy();
  expect(input?.closest('.ant-tree-select'), 'the organisation picker has loaded').toBeTruthy();
  return input as HTMLElement;
}

/** Opens the picker whose input is `field` and answers its popup (the tree). */
export async function openOrgPicker(field: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const input = liveField(field);
    if (input.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(input);
    const popup = [...document.querySelectorAll<HTMLElement>('.ant-tree-select-dropdown')]
      .filter((element) => !element.classList.contains('ant-select-dropdown-hidden'))
      .at(-1);
    expect(popup, 'the organisation picker is open').toBeTruthy();
    return popup as HTMLElement;
  });
}

/** The node named `name` in an open picker (a search hit's name is its path: '总部 / 研发部'). */
export const orgNode = (popup: HTMLElement, name: string) =>
  waitFor(() => {
    const node = within(popup)
      .queryAllByRole('treeitem')
      .find((item) => item.querySelector('.ant-select-tree-title')?.textContent === name);
    expect(node, `the organisation ${name} in the picker`).toBeTruthy();
    return node as HTMLElement;
  });

/** Opens the level below the node `name`. */
export async function expandOrgNode(popup: HTMLElement, name: string) {
  const node = await orgNode(popup, name);
  expect(node.getAttribute('aria-expanded'), `${name} can be opened`).toBe('false');
  fireEvent.click(node.querySelector('.ant-select-tree-switcher') as HTMLElement);
}

/** Clicks the node `name` (picks it; ticks or unticks it in a multiple picker). */
export async function clickOrgNode(popup: HTMLElement, name: string) {
  const node = await orgNode(popup, name);
  fireEvent.click(node.querySelector('.ant-select-tree-node-content-wrapper') as HTMLElement);
}

/** Opens the picker and picks the organisation at `path` (its names from a root), opening each level on the way. */
export async function pickOrg(field: HTMLElement, path: readonly string[]) {
  const popup = await openOrgPicker(field);
  for (const name of path.slice(0, -1)) {
    const node = await orgNode(popup, name);
    if (node.getAttribute('aria-expanded') !== 'true') await expandOrgNode(popup, name);
  }
  await clickOrgNode(popup, path.at(-1) as string);
}

/** Types `text` into the picker's search (the popup opens with it). */
export async function searchOrgs(field: HTMLElement, text: string) {
  const input = await waitFor(() => liveField(field));
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
}

/** What the picker's field shows: the chosen organisation's name (single), or the names shown as tags (multiple). */
export function orgPickerShows(field: HTMLElement): string {
  const input = field.isConnected ? field : (document.getElementById(field.id) as HTMLElement);
  const select = input.closest('.ant-select') as HTMLElement;
  const tags = [...select.querySelectorAll('.ant-select-selection-item-content')].map((tag) => tag.textContent);
  if (tags.length > 0) return tags.join('、');
  return select.querySelector('.ant-select-content')?.getAttribute('title') ?? '';
}
