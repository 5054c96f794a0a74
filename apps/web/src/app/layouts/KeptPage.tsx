import { ConfigProvider } from 'antd';
import { type ReactElement, Suspense, useCallback, useMemo, useRef } from 'react';
import { type Location, UNSAFE_LocationContext as LocationContext, NavigationType } from 'react-router';
import { LoadingDots } from '@/components/loading';
import { PageActiveContext } from '@/lib/router/page-active';
import { FRAME } from './layout-frame';

const locations = new Map<string, Location>();

/** A stable location object for a tab's address (a hidden page re-rendered gets the same one, so nothing reruns). */
export function locationOf(path: string): Location {
  let location = locations.get(path);
  if (!location) {
    const url = new URL(path, 'http://tab');
    location = { pathname: url.pathname, search: url.search, hash: '', state: null, key: `tab:${path}` };
    locations.set(path, location);
  }
  return location;
}

/**
 * One opened page, kept mounted while its tab is open (keep-alive: antd Tabs keeps a visited pane), so its filters,
 * half-typed forms, open dialogs and scroll positions are there when the tab comes back. A hidden pane is laid out
 * but invisible (global.css: `visibility: hidden` over the shown one rather than antd's `display: none`, which would
 * throw away the scroll position of the page and of every box in it, a table's body included); it is `inert` and
 * aria-hidden, so neither the keyboard, a click, find-in-page nor assistive technology reaches it.
 *
 * - It tells its components whether it is shown (lib/router/page-active): a hidden list stops following its query
 *   and asks again when shown, as a revisit of the screen does.
 * - It renders with its own location (react-router's LocationContext, which useRoutes(routes, location) also
 *   provides): a hidden list keeps reading its own filters from its own address, not the one on screen.
 * - It scrolls by itself.
 * - Its popups (dialogs, drawers, dropdowns: antd's getPopupContainer) go into a layer over the page's own area with
 *   layout containment, which makes it the box `position: fixed` is relative to: a dialog covers its page, not the
 *   tab bar or the menu, and hides with its page. The page's content is not inside that layer, so a table's 全屏
 *   still covers the window.
 */
export function KeptPage({
  active,
  location,
  element,
  header,
}: {
  active: boolean;
  location: Location;
  element: ReactElement;
  /** Above the page, scrolling with it (the breadcrumb). */
  header?: ReactElement;
}) {
  const popups = useRef<HTMLDivElement>(null);
  const getPopupContainer = useCallback(() => popups.current ?? document.body, []);
  const value = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);

  return (
    <div
      data-testid="kept-page"
      data-path={location.pathname}
      data-active={active}
      inert={!active}
      aria-hidden={!active || undefined}
      style={{ position: 'relative', height: '100%' }}
    >
      <div style={{ height: '100%', overflowY: 'auto', padding: `0 ${FRAME.paddingInline}px 20px` }}>
        <ConfigProvider getPopupContainer={getPopupContainer}>
          <LocationContext.Provider value={value}>
            <PageActiveContext.Provider value={active}>
              {header}
              <Suspense fallback={<LoadingDots contained />}>{element}</Suspense>
            </PageActiveContext.Provider>
          </LocationContext.Provider>
        </ConfigProvider>
      </div>
      <div ref={popups} className="gh-page-popups" />
    </div>
  );
}
