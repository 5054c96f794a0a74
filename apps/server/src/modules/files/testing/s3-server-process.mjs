// The S3-protocol server that startS3Server() (s3-server.ts) runs as a child process: s3rver (the maintained fork
// @20minutes/s3rver), listening on 127.0.0.1 on a free port, storing under the directory it is given.
// Arguments: one JSON object { directory, bucket, accessKeyId, secretAccessKey }. Prints one JSON line
// { "port": N } once it listens; stops on SIGTERM/SIGINT or when its parent closes stdin (a parent that died).
//
// s3rver does not implement two multipart operations a real S3 has and the file-storage driver relies on:
// AbortMultipartUpload (it answers 405) and ListMultipartUploads (501). They are added here, in front of s3rver,
// on s3rver's own store layout (`<directory>/<bucket>/._S3rver_uploads/<uploadId>/{key,metadata,<part>}`), so an
// aborted upload really goes away and a test can ask the server, over S3, which uploads are still open.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver');
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account');

const { directory, bucket, accessKeyId, secretAccessKey } = JSON.parse(process.argv[2] ?? '{}');
DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const uploadsDir = (name) => join(directory, name, '._S3rver_uploads');
const xmlEscape = (text) =>
  String(text).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );

function s3Error(ctx, status, code, message) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`;
}

async function multipartOperations(ctx, next) {
  // Path-style addressing only (the launcher's clients use S3_FORCE_PATH_STYLE=true).
  const match = /^\/([^/]+)(?:\/(.*))?$/.exec(ctx.path);
  if (!match) return next();
  const [, bucketName, key] = match;
  if (ctx.method === 'DELETE' && key && 'uploadId' in ctx.query) {
    const uploadId = String(ctx.query.uploadId);
    const dir = join(uploadsDir(bucketName), uploadId);
    const known = UPLOAD_ID.test(uploadId) && (await stat(dir).catch(() => undefined))?.isDirectory();
    if (!known || (await readFile(join(dir, 'key'), 'utf8')) !== key) {
      return s3Error(ctx, 404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    }
    await rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
    const ids = await readdir(uploadsDir(bucketName)).catch(() => []);
    const uploads = [];
    for (const id of ids.filter((name) => UPLOAD_ID.test(name)).sort()) {
      const uploadKey = await readFile(join(uploadsDir(bucketName), id, 'key'), 'utf8').catch(() => undefined);
      if (uploadKey !== undefined)
        uploads.push(`<Upload><Key>${xmlEscape(uploadKey)}</Key><UploadId>${id}</UploadId></Upload>`);
    }
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xmlEscape(bucketName)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
    return;
  }
  return next();
}

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
// Koa composes its middleware when the server starts listening, so this runs before s3rver's router.
server.middleware.unshift(multipartOperations);
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.httpServer.closeAllConnections?.();
  await server.close().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
