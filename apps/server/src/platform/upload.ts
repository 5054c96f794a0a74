import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';
import { t } from './i18n.js';

/**
 * The one file of a multipart upload, as the chunks it arrived in (at most `maxBytes`, else a 413 naming the limit):
 * a reader that takes chunks (an imported sheet, spreadsheet-read.ts) holds the file once, where joining them would
 * hold it twice for a moment. Uploads that are stored stream instead (modules/files).
 */
export async function uploadedChunks(request: FastifyRequest, maxBytes: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw badRequest(t('file.notMultipart'));
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 } });
  if (!part) throw badRequest(t('file.missing'));
  const tooLarge = () => new AppError(413, t('upload.tooLarge', { mib: Math.round(maxBytes / 1024 / 1024) }));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  return chunks;
}
