import type { Handlers } from '../../platform/http.js';
import type { FilesService } from './files.service.js';

export function fileHandlers(
  files: FilesService,
): Pick<Handlers, 'uploadFile' | 'downloadFile' | 'listImages' | 'saveText' | 'getText'> {
  return {
    uploadFile: ({ query, request, principal }) => files.upload(request, query.ownerId, principal),
    downloadFile: ({ params, request, reply }) => files.download(params.key, request, reply),
    listImages: ({ query }) => files.images(query.id),
    saveText: ({ params, body, principal }) => files.saveText(params.path, params.id, body, principal),
    getText: ({ params }) => files.text(params.id),
  };
}
