import { routes } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../platform/errors.js';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { noteAuditTarget } from '../audit/index.js';
import type { RelyingParty, SecondFactorService } from './second-factor.service.js';

export interface SecondFactorModuleOptions {
  secondFactor: SecondFactorService;
  /**
   * WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS. Unset, the site is the one each request came to: its Origin header,
   * accepted only when it names the host the request was sent to (behind a proxy, with TRUST_PROXY).
   */
  config: { webauthn: { rpId?: string; origins?: readonly string[]; rpName: string } };
}

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** TOTP, passkeys and recovery codes: enrolment, the second step of a sign-in, identity verification, the reset. */
export const secondFactorModule = fp<SecondFactorModuleOptions>(
  async (app, { secondFactor, config: { webauthn } }) => {
    const rp = (request: FastifyRequest): RelyingParty => {
      if (webauthn.origins && webauthn.origins.length > 0) {
        return {
          id: webauthn.rpId ?? new URL(webauthn.origins[0]!).hostname,
          name: webauthn.rpName,
          origins: [...webauthn.origins],
        };
      }
      const origin = request.headers.origin;
      let url: URL | undefined;
      try {
        url = origin ? new URL(origin) : undefined;
      } catch {
        url = undefined;
      }
      if (!url || url.host !== request.host) throw badRequest(t('secondFactor.originUnknown'));
      return { id: webauthn.rpId ?? url.hostname, name: webauthn.rpName, origins: [url.origin] };
    };

    serve(app, routes.secondFactorStatus, ({ principal }) => secondFactor.status(principal));
    serve(app, routes.totpSetup, ({ principal }) => secondFactor.totpSetup(principal));
    serve(app, routes.totpEnable, ({ body, principal }) => secondFactor.totpEnable(principal, body.code));
    serve(app, routes.totpDisable, async ({ principal }) => {
      await secondFactor.totpDisable(principal);
      return null;
    });
    serve(app, routes.regenerateRecoveryCodes, ({ principal }) => secondFactor.regenerateRecoveryCodes(principal));
    serve(app, routes.passkeyRegisterOptions, ({ principal, request }) =>
      secondFactor.passkeyRegisterOptions(principal, rp(request), client(request)),
    );
    serve(app, routes.registerPasskey, ({ body, principal, request }) =>
      secondFactor.registerPasskey(principal, body, rp(request)),
    );
    serve(app, routes.renamePasskey, ({ params, body, principal }) =>
      secondFactor.renamePasskey(principal, params.id, body.name),
    );
    serve(app, routes.deletePasskey, async ({ params, principal }) => {
      await secondFactor.deletePasskey(principal, params.id);
      return null;
    });
    serve(app, routes.validateTotp, ({ body, principal, request }) =>
      secondFactor.validateTotp(principal, body.code, client(request)),
    );
    serve(app, routes.passkeyVerifyOptions, ({ principal, request }) =>
      secondFactor.passkeyVerifyOptions(principal, rp(request), client(request)),
    );
    serve(app, routes.validatePasskey, ({ body, principal, request }) =>
      secondFactor.validatePasskey(principal, body, rp(request), client(request)),
    );
    serve(app, routes.passkeyLoginOptions, ({ request }) =>
      secondFactor.passkeyLoginOptions(rp(request), client(request)),
    );
    serve(app, routes.passkeyLogin, ({ body, request }) =>
      secondFactor.passkeyLogin(body, rp(request), client(request)),
    );
    serve(app, routes.secondFactorOptions, ({ body, request }) =>
      secondFactor.ticketPasskeyOptions(body.ticket, rp(request)),
    );
    // The passkey step needs the site; a code step does not (and must work where no Origin is sent, e.g. curl).
    serve(app, routes.loginSecondFactor, ({ body, request }) =>
      secondFactor.completeSecondStep(
        body,
        body.method === 'passkey' ? rp(request) : { id: '', name: '', origins: [] },
        client(request),
      ),
    );
    serve(app, routes.resetSecondFactor, async ({ query, request }) => {
      noteAuditTarget(request, 'account', query.id);
      await secondFactor.reset(query.id);
      return null;
    });
  },
  { name: 'gatehouse-second-factor', dependencies: MODULE_DEPENDENCIES },
);
