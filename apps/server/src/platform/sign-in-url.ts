import { atLocalhost } from '@gatehouse/contract';

/**
 * The address the start banner tells the administrator to open. Fastify answers the address it listens
 * on: 127.0.0.1 (also for HOST=0.0.0.0) or [::1] (for `::`). Passkeys need a host name, so this machine's own address
 * is told as `localhost` (the contract's atLocalhost), which reaches the same server; any other address (HOST set to
 * one of the machine's network addresses) is told as it is.
 */
export function signInUrl(listening: string): string {
  return atLocalhost(listening) ?? new URL(listening).origin;
}
