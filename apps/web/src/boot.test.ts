import { describe, expect, it } from 'vitest';
import { bootModules } from './boot-plan';

describe('what the boot entry fetches for the first screen', () => {
  it('the sign-in page when it is asked for, or when a signed-in screen is asked for without a session', () => {
    expect(bootModules('#/login', true)).toEqual(['login']);
    expect(bootModules('#/login?redirect=%2F', false)).toEqual(['login']);
    expect(bootModules('#/user/Account', false)).toEqual(['login']);
    expect(bootModules('', false)).toEqual(['login']);
  });

  it('the antd layout and the main layout for a signed-in screen with a session', () => {
    expect(bootModules('#/user/Account?p=2', true)).toEqual(['antd-root', 'main-layout']);
    expect(bootModules('', true)).toEqual(['antd-root', 'main-layout']);
    expect(bootModules('#/', true)).toEqual(['antd-root', 'main-layout']);
  });

  it('only the antd layout for the other open pages and the full-screen dashboards', () => {
    expect(bootModules('#/register', false)).toEqual(['antd-root']);
    expect(bootModules('#/404', true)).toEqual(['antd-root']);
    expect(bootModules('#/data-v/overview', true)).toEqual(['antd-root']);
    expect(bootModules('#/data-v', true)).toEqual(['antd-root']);
  });
});
