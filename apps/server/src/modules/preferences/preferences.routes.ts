import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { PreferencesService } from './preferences.service.js';

/** The signed-in account's own settings of the web app. */
export const preferencesModule = fp<{ preferences: PreferencesService }>(
  async (app, { preferences }) => {
    serve(app, routes.getPreference, ({ params, principal }) => preferences.get(params.key, principal));
    serve(app, routes.putPreference, ({ params, body, principal }) => preferences.put(params.key, body, principal));
  },
  { name: 'gatehouse-preferences', dependencies: MODULE_DEPENDENCIES },
);
