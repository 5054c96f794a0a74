import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { FilesService } from './files.service.js';

/** Uploads, downloads (capability urls), images of an owner, rich-text documents. */
export const filesModule = fp<{ files: FilesService }>(
  async (app, { files }) => {
    serve(app, routes.uploadFile, ({ query, request, principal }) =>
      files.upload(
        {
          multipart: request.isMultipart(),
          // The one file part and nothing else, its stream stopping at what the service allows.
          file: (maxBytes) => request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 } }),
        },
        query.ownerId,
        principal,
      ),
    );
    serve(app, routes.downloadFile, async ({ params, request, reply }) => {
      const { status, headers, body } = await files.download(params.key, {
        ifNoneMatch: request.headers['if-none-match'],
        range: request.headers.range,
      });
      return reply.status(status).headers(headers).send(body);
    });
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
