import { atLocalhost } from '@gatehouse/contract';
import { screenTexts } from '@/lib/i18n';

/**
 * Passkeys and the page's address: a passkey belongs to a host name, and browsers refuse WebAuthn on a page
 * opened by an IP address (a `SecurityError` that the screens could only report as 请重试). Every passkey button asks
 * here first and, on such an address, says why instead of offering what cannot work. Small and without the WebAuthn
 * library; the sign-in page fetches it after its first render.
 */
const zhCN = {
  ipAddress: '通行密钥需要以域名打开本页，以 IP 地址打开时不能使用',
  loopback: '通行密钥需要以主机名打开本页，请改用 {url}',
} as const;

const enUS = {
  ipAddress: 'Passkeys need this page opened by its domain name; they do not work on an IP address',
  loopback: 'Passkeys need this page opened by a host name: use {url} instead',
} satisfies Record<keyof typeof zhCN, string>;

const tp = screenTexts(zhCN, enUS);

/** An IPv4 address, or an IPv6 one (as `URL.hostname` writes it, in brackets). */
export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}

/** This server at `localhost` (its origin) when the page was opened by this machine's own IP address; else null. */
export const localhostUrl = atLocalhost;

/**
 * Null when passkeys can be asked for at `href`; otherwise what to tell the user: on this machine's own address the
 * same page at `localhost`, which browsers accept; elsewhere, to use the domain name.
 */
export function passkeyAddressNote(href: string = globalThis.location?.href ?? 'http://localhost/'): string | null {
  if (!isIpAddress(new URL(href).hostname)) return null;
  const local = localhostUrl(href);
  return local ? tp('loopback', { url: local }) : tp('ipAddress');
}
