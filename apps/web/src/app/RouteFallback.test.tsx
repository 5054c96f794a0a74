import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '@/config/app-config';
import { useSession } from '@/stores/session';
import { RouteFallback } from './RouteFallback';

function at(hash: string, token: string | null) {
  window.location.hash = hash;
  useSession.setState({ token });
  return render(<RouteFallback />);
}

afterEach(() => {
  useSession.setState({ token: null });
  localStorage.removeItem(appConfig.tokenStorageKey);
});

describe('RouteFallback', () => {
  it('a signed-in menu screen: the layout’s frame, its header naming the product, with the loading dots', () => {
    at('#/user/Account', 'token-1');
    expect(screen.getByTestId('layout-shell')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gatehouse');
    expect(screen.getByRole('banner').style.height).toBe('60px');
    expect(screen.getByRole('status', { name: '加载中...' })).toBeTruthy();
  });

  it('the login page, a screen without a session and a full-screen page: only the dots', () => {
    for (const [hash, token] of [
      ['#/login', null],
      ['#/user/Account', null],
      ['#/data-v/overview', 'token-1'],
      ['#/register', null],
    ] as const) {
      const view = at(hash, token);
      expect(screen.queryByTestId('layout-shell'), hash).toBeNull();
      expect(screen.getByRole('status', { name: '加载中...' }), hash).toBeTruthy();
      view.unmount();
    }
  });
});
