import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ICON_COMPONENTS } from './icons';
import { MenuIcon } from './MenuIcon';
import { isMenuIcon, MENU_ICONS } from './names';

const BUILT_IN = [
  'HomeOutlined',
  'TeamOutlined',
  'UserOutlined',
  'ApartmentOutlined',
  'SafetyCertificateOutlined',
  'AppstoreOutlined',
  'SettingOutlined',
  'IdcardOutlined',
  'BookOutlined',
  'DashboardOutlined',
  'WifiOutlined',
  'FileTextOutlined',
  'LoginOutlined',
];

describe('menu icon registry', () => {
  it('names 40–60 distinct icons, the built-in menus’ among them, each with a component', () => {
    expect(MENU_ICONS.length).toBeGreaterThanOrEqual(40);
    expect(MENU_ICONS.length).toBeLessThanOrEqual(60);
    expect(new Set(MENU_ICONS).size).toBe(MENU_ICONS.length);
    for (const name of BUILT_IN) expect(isMenuIcon(name)).toBe(true);
    expect(Object.keys(ICON_COMPONENTS).sort()).toEqual([...MENU_ICONS].sort());
  });

  it('knows no other name', () => {
    expect(isMenuIcon('NoSuchOutlined')).toBe(false);
    expect(isMenuIcon('')).toBe(false);
    expect(isMenuIcon(null)).toBe(false);
  });

  it('draws the named icon once its chunk is in, and nothing for an unknown name', async () => {
    const { container } = render(
      <>
        <MenuIcon name="TeamOutlined" />
        <span data-testid="unknown">
          <MenuIcon name="NoSuchOutlined" />
        </span>
      </>,
    );
    await waitFor(() => expect(container.querySelector('[data-menu-icon="TeamOutlined"] svg')).not.toBeNull());
    expect(container.querySelector('[data-menu-icon="TeamOutlined"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('unknown').innerHTML).toBe('');
  });
});
