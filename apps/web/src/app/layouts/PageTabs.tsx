import { MoreOutlined, PushpinFilled } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { cloneElement, type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '@/components/menu-icon';
import { menuTitle, t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { menuScreen } from '../menu-routes';
import { Breadcrumbs } from './Breadcrumbs';
import { KeptPage, locationOf } from './KeptPage';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  HOME_TAB,
  kept,
  mergeTabs,
  nextActive,
  openTab,
  type PageTab,
  parseTabs,
  serializeTabs,
  tabKeyOf,
  tabsStorageKey,
  togglePin,
} from './page-tabs';

type TabAction = 'refresh' | 'pin' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** What each close action leaves open. */
const CLOSE: Record<Exclude<TabAction, 'refresh' | 'pin'>, (tabs: readonly PageTab[], key: string) => PageTab[]> = {
  close: closeTab,
  closeOthers,
  closeLeft,
  closeRight,
  closeAll: (tabs) => closeAll(tabs),
};

function readTabs(accountId: number | undefined): PageTab[] {
  if (accountId === undefined) return [HOME_TAB];
  try {
    return parseTabs(sessionStorage.getItem(tabsStorageKey(accountId)));
  } catch {
    return [HOME_TAB];
  }
}

function writeTabs(accountId: number, tabs: readonly PageTab[]): void {
  try {
    sessionStorage.setItem(tabsStorageKey(accountId), serializeTabs(tabs));
  } catch {
    // Storage unavailable: the tabs last as long as the page.
  }
}

/**
 * The opened pages' state: the list (kept per account in sessionStorage, so it survives a reload), the one on screen
 * (the current address's menu screen), each page's remount counter (刷新) and the actions of the tab bar.
 */
export function usePageTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const accountId = useSession((state) => state.user?.id);
  // `closing`: a tab just closed while the address still shows it (the navigation away is under way), not opened
  // again. It is state, cleared by an effect once a render with another address is committed: a navigation renders
  // in a transition, and an urgent render meanwhile still sees the old address.
  const [stored, setStored] = useState<{ accountId?: number; tabs: PageTab[]; closing: string | null }>(() => ({
    accountId,
    tabs: readTabs(accountId),
    closing: null,
  }));
  // The account became known (a moment after the layout is up): its kept list, with what was opened meanwhile; or it
  // changed (an identity switch): its own list.
  if (stored.accountId !== accountId) {
    const kept = readTabs(accountId);
    setStored({ accountId, tabs: stored.accountId === undefined ? mergeTabs(kept, stored.tabs) : kept, closing: null });
  }
  const [reloads, setReloads] = useState<Record<string, number>>({});

  const current = tabKeyOf(location.pathname);
  const here = `${location.pathname}${location.search}`;
  const tabs = useMemo(
    () => (current && stored.closing !== current ? openTab(stored.tabs, current, here) : stored.tabs),
    [stored.tabs, stored.closing, current, here],
  );

  useEffect(() => {
    if (tabs !== stored.tabs) setStored((state) => ({ ...state, tabs }));
    if (accountId !== undefined) writeTabs(accountId, tabs);
  }, [tabs, stored.tabs, accountId]);
  useEffect(() => {
    if (stored.closing !== null && stored.closing !== current) setStored((state) => ({ ...state, closing: null }));
  }, [stored.closing, current]);

  /**
   * Shows a screen: its tab's last address when it is open, else the screen itself. It always navigates, even to the
   * tab on screen (replacing the entry then, so no duplicate is left in the history): the tab bar shows the last
   * rendered address, which lags a navigation still being rendered (a page loading), and a click on the tab that
   * looks active then is a click back to it.
   */
  const open = useCallback(
    (key: string) => navigate(tabs.find((tab) => tab.key === key)?.path ?? key, { replace: key === current }),
    [navigate, tabs, current],
  );

  const act = useCallback(
    (action: TabAction, key: string) => {
      if (action === 'refresh') {
        setReloads((counts) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }));
        return;
      }
      if (action === 'pin') {
        setStored((state) => ({ ...state, tabs: togglePin(tabs, key) }));
        return;
      }
      const after = CLOSE[action](tabs, key);
      const leaving = current !== undefined && !after.some((tab) => tab.key === current);
      if (leaving) navigate(nextActive(tabs, after, current).path);
      setStored((state) => ({ ...state, tabs: after, closing: leaving ? (current ?? null) : state.closing }));
    },
    [tabs, current, navigate],
  );

  return { tabs, current, reloads, open, act };
}

/** The context menu of a tab (right click, or the ⋯ button for the active one). */
function tabMenu(tabs: readonly PageTab[], key: string, act: (action: TabAction, key: string) => void): MenuProps {
  const at = tabs.findIndex((tab) => tab.key === key);
  const tab = tabs[at];
  const closes = (from: readonly PageTab[]) => from.some((one) => one.key !== key && !kept(one));
  return {
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      {
        key: 'pin',
        label: t(tab?.pinned ? 'tabs.unpin' : 'tabs.pin'),
        disabled: key === HOME_TAB.key,
      },
      { type: 'divider' },
      { key: 'close', label: t('tabs.close'), disabled: !tab || kept(tab) },
      { key: 'closeOthers', label: t('tabs.closeOthers'), disabled: !closes(tabs) },
      { key: 'closeLeft', label: t('tabs.closeLeft'), disabled: !closes(tabs.slice(0, Math.max(at, 0))) },
      { key: 'closeRight', label: t('tabs.closeRight'), disabled: !closes(tabs.slice(at + 1)) },
      { key: 'closeAll', label: t('tabs.closeAll'), disabled: !tabs.some((one) => !kept(one)) },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      act(action as TabAction, key);
    },
  };
}

/**
 * The tab bar of opened pages and the pages themselves (RuoYi's tags view, Ant Design Pro's multi-tab): opening a
 * menu screen adds a tab; each opened page stays mounted while its tab is open (KeptPage), so switching tabs keeps
 * its filters (its address), scroll position and unsaved input; 首页 is first and cannot be closed. A tab closes with
 * its ×, a middle click, or its menu (right click, or ⋯ for the active tab): 刷新 remounts the page, 固定 keeps a tab
 * through every close (first after 首页, with a pin), 关闭, 关闭其他, 关闭左侧, 关闭右侧, 关闭全部. An address that is no screen's (a group, which redirects) renders the route's own element.
 */
export function PageTabs({
  icons,
  state,
}: {
  icons: ReadonlyMap<string, string>;
  state: ReturnType<typeof usePageTabs>;
}) {
  const location = useLocation();
  const { tabs, current, reloads, open, act } = state;
  if (!current) return <Outlet />;

  const items = tabs.flatMap((tab) => {
    const screen = menuScreen(tab.key);
    if (!screen) return [];
    const active = tab.key === current;
    return [
      {
        key: tab.key,
        closable: !kept(tab),
        icon: <MenuIcon name={icons.get(tab.key)} />,
        label: tab.pinned ? (
          <>
            {menuTitle(screen.menu)}
            <PushpinFilled aria-label={t('tabs.pinned')} style={{ marginInlineStart: 6, fontSize: 11 }} />
          </>
        ) : (
          menuTitle(screen.menu)
        ),
        children: (
          <KeptPage
            key={reloads[tab.key] ?? 0}
            active={active}
            location={active ? location : locationOf(tab.path)}
            element={screen.element}
            header={<Breadcrumbs />}
          />
        ),
      },
    ];
  });

  return (
    <Tabs
      className="gh-page-tabs"
      type="editable-card"
      size="small"
      hideAdd
      animated={false}
      activeKey={current}
      items={items}
      aria-label={t('tabs.label')}
      // rc-tabs names its buttons in English unless told.
      locale={{ removeAriaLabel: t('tabs.close'), dropdownAriaLabel: t('tabs.more'), addAriaLabel: t('tabs.add') }}
      removeIcon={undefined}
      onTabClick={(key) => open(key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') act('close', key);
      }}
      tabBarStyle={{ margin: 0 }}
      tabBarExtraContent={{
        right: (
          <Dropdown trigger={['click']} menu={tabMenu(tabs, current, act)}>
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('tabs.actions')}
              data-testid="tab-actions"
            />
          </Dropdown>
        ),
      }}
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node: ReactElement) => {
            const key = String(node.key);
            return (
              <Dropdown key={key} trigger={['contextMenu']} menu={tabMenu(tabs, key, act)}>
                {cloneElement(node as ReactElement<{ onAuxClick?: (event: React.MouseEvent) => void }>, {
                  onAuxClick: (event: React.MouseEvent) => {
                    // Middle click closes, as in a browser.
                    if (event.button === 1 && tabs.some((tab) => tab.key === key && !kept(tab))) {
                      event.preventDefault();
                      act('close', key);
                    }
                  },
                })}
              </Dropdown>
            );
          }}
        </DefaultTabBar>
      )}
    />
  );
}
