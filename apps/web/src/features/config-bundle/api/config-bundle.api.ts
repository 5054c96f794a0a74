import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { call, saveDownload } from '@/lib/http';

export type ConfigBundle = BodyOf<typeof routes.diffConfigBundle>;
export type ConfigChange = ResponseOf<typeof routes.diffConfigBundle>['changes'][number];

/**
 * GET /config/bundle: the installation's configuration as a JSON file, saved under the name the server proposes,
 * through lib/http's one download path (session, identity verification, refusals told by the client).
 */
export const downloadConfigBundle = (): Promise<string> =>
  saveDownload(routes.exportConfigBundle, { fallbackName: 'gatehouse-config.json' });

/** POST /config/bundle/diff: what applying the bundle would change, per object. Writes nothing. */
export const diffConfigBundle = (bundle: ConfigBundle) => call(routes.diffConfigBundle, { body: bundle });

/** POST /config/bundle/apply: the chosen changes, in one transaction (all or nothing). */
export const applyConfigBundle = (bundle: ConfigBundle, changeIds: string[]) =>
  call(routes.applyConfigBundle, { body: { bundle, changeIds } });
