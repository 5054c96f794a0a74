import { describeUserAgent, PASSKEY_NAME_MAX } from '@gatehouse/contract';
import { tx } from '../texts';

/**
 * A new passkey's suggested name, from the browser it is made in: "Chrome on Linux" (Linux 上的 Chrome); the
 * browser alone when the system is unknown; a plain name for an unknown browser.
 */
export function defaultPasskeyName(userAgent: string): string {
  const [browserPart, system] = describeUserAgent(userAgent).split(' · ');
  // describeUserAgent names the major version ("Chrome 140"): a passkey outlives browser updates.
  const browser = browserPart?.replace(/\s+\d+$/, '').trim();
  const name = browser && system ? tx('passkeyDefaultName', { browser, system }) : browser || '';
  return (name || tx('passkeyFallbackName')).slice(0, PASSKEY_NAME_MAX);
}
