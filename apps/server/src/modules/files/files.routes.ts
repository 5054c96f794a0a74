import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { FilesService } from './files.service.js';

/** Uploads, downloads (capability urls), images of an owner, rich-text documents. */
export const filesModule = fp<{ files: FilesService }>(
  async (app, { files }) => {
    serve(app, routes.uploadFile, ({ query, request, principal }) => files.upload(request, query.ownerId, principal));
    serve(app, routes.downloadFile, ({ params, request, reply }) => files.download(params.key, request, reply));
    serve(app, routes.listImages, ({ query, principal }) => files.images(query.id, principal));
    serve(app, routes.saveText, ({ params, body, principal }) =>
      files.saveText(params.path, params.id, body, principal),
    );
    serve(app, routes.getText, async ({ params, principal, reply }) => {
      const content = await files.text(params.id, principal);
      // Someone's own document: kept out of shared caches and off the disk cache alike.
      reply.header('Cache-Control', 'private, no-store');
      return content;
    });
    serve(app, routes.deleteFile, ({ query, principal }) => files.remove(query.id, principal));
  },
  { name: 'gatehouse-files', dependencies: MODULE_DEPENDENCIES },
);
