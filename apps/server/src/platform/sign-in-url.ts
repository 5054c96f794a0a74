/**
 * The address the start banner tells the administrator to open (issue 36). Fastify answers the address it listens
 * on: 127.0.0.1 (also for HOST=0.0.0.0) or [::1] (for `::`). A passkey belongs to a host name and browsers refuse
 * WebAuthn on a page opened by an IP address, so this machine's own address is told as `localhost`, which reaches the
 * same server. Any other address (HOST set to one of the machine's network addresses) is told as it is.
 */
export function signInUrl(listening: string): string {
  const url = new URL(listening);
  const host = url.hostname;
  if (host.startsWith('127.') || host === '0.0.0.0' || host === '[::]' || host === '[::1]') url.hostname = 'localhost';
  return url.href.replace(/\/$/, '');
}
