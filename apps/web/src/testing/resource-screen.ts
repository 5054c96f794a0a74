// The permission tree screen's test helpers, shared by ResourcesPage.test.tsx (what the tree shows) and
// ResourcesPage.edits.test.tsx (adding, renaming, icons and deletes): two files, so neither takes a minute in the suite
// (docs/testing.md, "Two budgets").
import { screen } from '@testing-library/react';
import { loadMenuIcons } from '@/components/menu-icon';
import type { MockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

/**
 * Loads the screen's modules up front, the menu icons' chunk (60 antd icons) too: no wait in a test is for a
 * module's first transform (docs/testing.md).
 */
export const preloadResourceScreen = () => Promise.all([preloadScreens('/user/Resource'), loadMenuIcons()]);

/** The permission tree screen's queries, signed in as the seeded admin of `api`. */
export function resourceScreen(api: MockApi) {
  /** The seeded resource named `name` (menus and API resources are named after the contract's titles). */
  const seeded = (name: string) => {
    const resource = api.store.resources.find((r) => r.name === name);
    if (!resource) throw new Error(`no seeded resource ${name}`);
    return resource;
  };

  /** The tree's row of resource `id`. */
  const node = (id: number) => screen.getByTestId(`resource-${id}`);

  async function openScreen() {
    api.signInAs('admin');
    await renderApp('/user/Resource');
    await screen.findByTestId(`resource-${seeded('账号管理').id}`);
  }

  /** The side form (antd names it by its id). */
  const form = () => {
    const element = document.getElementById('resourceForm');
    if (!element) throw new Error('no resource form');
    return element;
  };

  return { seeded, node, openScreen, form };
}
