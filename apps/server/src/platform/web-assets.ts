import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { HTTP_PLATFORM } from './http.js';
import { t } from './i18n.js';

/**
 * The web app's files (WEB_DIST) and the not-found answer: an API path gets the JSON 404, any other path the web
 * app's index.html (hash routing). Registered last, after every module's routes.
 */
export const webAssets = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const served = existsSync(webDist);
    if (served) {
      // The web build ships .br/.gz twins of its text files (apps/web/scripts/compress.mjs), sent when the browser
      // accepts them. Hashed assets never change under their name: cached for a year; index.html is revalidated so
      // a new build is picked up at once (docs/frontend-budgets.md).
      // Each request is looked up in WEB_DIST when it comes (`wildcard`), not in a list of the files read at start: a
      // build swapped in meanwhile (scripts/build.mjs buildAside) is served whole. A list read while the swap deleted
      // the old folder missed files, and a page asking for one got a 404 (a CSS chunk: the sign-in page never showed).
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (response, path) => {
          const hashed = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.[\w.]+$/.test(path);
          response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith(`${API_BASE}/`) || !served) {
        return reply
          .status(404)
          .send({ code: 404, msg: t('http.notFound', { method: request.method, url: request.url }) });
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'gatehouse-web-assets', dependencies: [HTTP_PLATFORM] },
);
