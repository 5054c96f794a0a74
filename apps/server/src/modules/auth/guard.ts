import { PERMISSION_STAMP_HEADER, SESSION_END_HEADER, TOKEN_RENEWAL_HEADER } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { Guard } from '../../platform/http.js';
import type { Authz } from '../authz/index.js';
import { type AuthService, SessionEndedError } from './auth.service.js';

function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

/**
 * The HTTP side of sign-in state, handed to the HTTP platform (platform/http.ts's `Guard`): the token from the
 * Authorization header, the renewed token and the permission stamp into the answer's headers, sudo mode's refusal
 * with its header. The rules are AuthService's and Authz's.
 */
export function createGuard(auth: AuthService, authz: Authz): Guard {
  return {
    async authenticate(request, reply) {
      let session: Awaited<ReturnType<AuthService['resolveSession']>>;
      try {
        session = await auth.resolveSession(tokenFrom(request));
      } catch (error) {
        // Why the session ended travels with the 401: the web carries it to the sign-in page.
        if (error instanceof SessionEndedError) reply.header(SESSION_END_HEADER, error.reason);
        throw error;
      }
      if (session.renewedToken) reply.header(TOKEN_RENEWAL_HEADER, session.renewedToken);
      reply.header(PERMISSION_STAMP_HEADER, session.permissionStamp);
      return session.principal;
    },
    admit: (principal, routeName) => auth.admit(principal, routeName),
    authorize: (principal, route) => auth.authorize(principal, route),
    // Sudo mode's refusal carries its own header (VerificationRequired), wherever it is thrown.
    check: (principal, route, request) => authz.check(principal, route, request),
  };
}
