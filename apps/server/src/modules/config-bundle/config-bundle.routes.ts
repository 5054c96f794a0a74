import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { ConfigBundleService } from './config-bundle.service.js';

/** The configuration bundle: export, compare, apply. */
export const configBundleModule = fp<{ configBundle: ConfigBundleService }>(
  async (app, { configBundle }) => {
    serve(app, routes.exportConfigBundle, async ({ reply, principal }) => {
      await configBundle.assertWholeScope(principal);
      const { bundle, fileName } = await configBundle.exportBundle();
      return reply
        .headers({
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          'cache-control': 'no-store',
        })
        .send(`${JSON.stringify(bundle, null, 2)}\n`);
    });
    serve(app, routes.diffConfigBundle, async ({ body, principal }) => {
      await configBundle.assertWholeScope(principal);
      return configBundle.diff(body);
    });
    serve(app, routes.applyConfigBundle, async ({ body, principal }) => {
      await configBundle.assertWholeScope(principal);
      return configBundle.apply(body.bundle, body.changeIds, principal);
    });
  },
  { name: 'gatehouse-config-bundle', dependencies: MODULE_DEPENDENCIES },
);
