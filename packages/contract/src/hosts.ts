/**
 * A passkey belongs to a host name: browsers refuse WebAuthn on a page opened by an IP address. This machine's own
 * addresses (127.x.x.x, [::1], and the wildcards 0.0.0.0 and [::] a server listens on) reach the same server as
 * `localhost`, which browsers accept: the origin of `href` with that host name (the origin alone: nothing of a
 * path or query another party wrote reaches the page that shows it), or null for any other address. The start
 * banner prints it, and the web points a page opened at such an address there.
 */
export function atLocalhost(href: string): string | null {
  const url = new URL(href);
  const host = url.hostname;
  if (!host.startsWith('127.') && !['0.0.0.0', '[::]', '[::1]'].includes(host)) return null;
  url.hostname = 'localhost';
  return url.origin;
}
