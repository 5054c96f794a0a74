import type { Handlers } from '../../platform/http.js';
import type { FilesService } from './files.service.js';

export function fileHandlers(
  files: FilesService,
): Pick<Handlers, 'uploadFile' | 'downloadFile' | 'listImages' | 'saveText' | 'getText' | 'deleteFile'> {
  return {
    uploadFile: ({ query, request, principal }) => files.upload(request, query.ownerId, principal),
    downloadFile: ({ params, request, reply }) => files.download(params.key, request, reply),
    listImages: ({ query, principal }) => files.images(query.id, principal),
    saveText: ({ params, body, principal }) => files.saveText(params.path, params.id, body, principal),
    getText: async ({ params, principal, reply }) => {
      const content = await files.text(params.id, principal);
      // Someone's own document: kept out of shared caches and off the disk cache alike.
      reply.header('Cache-Control', 'private, no-store');
      return content;
    },
    deleteFile: ({ query, principal }) => files.remove(query.id, principal),
  };
}
