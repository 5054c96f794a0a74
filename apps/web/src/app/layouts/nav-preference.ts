/**
 * Whether the side menu is collapsed, kept per account in this browser's localStorage rather than the server's
 * preference store (GET/PUT /api/preferences): it is read synchronously, so the first paint (LayoutShell, before the
 * account is even known) and the layout draw the menu at its width without a request and without a jump; and it is a
 * choice about this screen's width — a laptop and a wide desktop want different ones — so it need not follow the
 * account to another browser. The last choice made on this browser is kept beside it for the first paint.
 */
const PREFIX = 'gatehouse.nav.collapsed';
const LAST = `${PREFIX}.last`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The account's choice; the last one made on this browser when the account has none yet (or is not known yet). */
export function readCollapsed(accountId: number | undefined): boolean {
  const own = accountId === undefined ? null : read(`${PREFIX}.${accountId}`);
  return (own ?? read(LAST)) === '1';
}

export function writeCollapsed(accountId: number, collapsed: boolean): void {
  try {
    localStorage.setItem(`${PREFIX}.${accountId}`, collapsed ? '1' : '0');
    localStorage.setItem(LAST, collapsed ? '1' : '0');
  } catch {
    // Storage unavailable (private mode): the choice lasts as long as the page.
  }
}
