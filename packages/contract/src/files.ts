import { Type } from 'typebox';
import { defineRoute } from './define.js';

/** Upload limit (specification §9): 100 MB. */
export const UPLOAD_MAX_BYTES = 104_857_600;
export const FILE_NAME_MAX = 500;
/** Stored JSON documents (POST /file/text/…) are at most this large. */
export const TEXT_DOCUMENT_MAX_BYTES = 512 * 1024;

/**
 * Accepted-file groups of specification §5, exactly. A group may name other groups (t-document). The server's
 * allow-list is the union of all groups.
 */
export const FILE_GROUPS: Record<string, readonly string[]> = {
  't-image': ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  't-video': ['mp4', 'rmvb', 'avi', 'mov', '3gp', 'webm'],
  't-audio': ['wav', 'mp3', 'ogg', 'acc'],
  't-word': ['docx', 'doc'],
  't-excel': ['xlsx', 'xls'],
  't-ppt': ['ppt', 'pptx'],
  't-document': ['pdf', 't-word', 't-excel', 't-ppt'],
  't-zip': ['zip', 'rar'],
};

/**
 * Expands an accept list mixing group names and extensions ("t-image,pdf" or an array) into lower-case
 * extensions without dots, groups resolved recursively; unknown group names are ignored.
 */
export function expandAccept(accept: string | readonly string[]): string[] {
  const items = (typeof accept === 'string' ? accept.split(',') : accept)
    .map((item) => item.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  const out = new Set<string>();
  const visit = (item: string, seen: Set<string>) => {
    if (item.startsWith('t-')) {
      if (seen.has(item)) return;
      for (const child of FILE_GROUPS[item] ?? []) visit(child, new Set([...seen, item]));
      return;
    }
    out.add(item);
  };
  for (const item of items) visit(item, new Set());
  return [...out];
}

/** Every extension the server accepts. */
export const ALLOWED_EXTENSIONS: readonly string[] = expandAccept(Object.keys(FILE_GROUPS));

/** The lower-cased extension after the last dot, or '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const UploadedFile = Type.Object({
  /** The file's id (files table). */
  id: Type.String(),
  name: Type.String(),
  /** Capability url of the bytes: works without a session (e.g. in an `<img>`), unguessable. */
  url: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});

const ownerId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.-]+$', title: '所属对象 ID' });

export const fileRoutes = {
  uploadFile: defineRoute({
    method: 'POST',
    path: '/file/upload',
    access: 'signed-in',
    transport: 'upload',
    title: '上传文件',
    description:
      "multipart/form-data with the file in field `file` (at most 100 MB, else 413). The extension must be one of the accepted groups; image content must match its extension. Optional `ownerId` groups files of one object (GET /file/images); another account's group is refused (403). The uploader's stored files count against a quota (413 past it) and uploads per hour are capped (429).",
    query: Type.Object({ ownerId: Type.Optional(ownerId) }, { additionalProperties: false }),
    response: UploadedFile,
  }),
  downloadFile: defineRoute({
    method: 'GET',
    path: '/file/raw/:key/:name',
    access: 'open',
    transport: 'file',
    title: '下载文件',
    description:
      'The bytes of an uploaded file at its capability url, with its content type, nosniff, a restrictive CSP, private revalidated caching (a deleted file is gone at once) and Range support; anything but images, audio and video is sent as an attachment.',
    params: Type.Object(
      {
        key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w-]+$', title: '文件标识' }),
        name: Type.String({ minLength: 1, maxLength: 1000, title: '文件名' }),
      },
      { additionalProperties: false },
    ),
    response: Type.Unsafe<never>({ type: 'string', format: 'binary' }),
  }),
  listImages: defineRoute({
    method: 'GET',
    path: '/file/images',
    access: 'signed-in',
    title: '图片列表',
    description:
      "Images uploaded with the given owner id, oldest first: {url, name}. The group belongs to the account whose upload started it: another account's list is refused (403) unless it may act on that owner.",
    query: Type.Object({ id: ownerId }, { additionalProperties: false }),
    response: Type.Array(Type.Object({ url: Type.String(), name: Type.String() })),
  }),
  saveText: defineRoute({
    method: 'POST',
    path: '/file/text/:path/:id',
    access: 'signed-in',
    title: '保存文本文档',
    description:
      "Stores any JSON body (at most 512 KB) as the document of (path, id), replacing an earlier one; answers the document id for GET /file/text/{id}. The document belongs to the account that first stored it: another account's write is refused (403) unless it may act on that owner.",
    params: Type.Object(
      {
        path: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.-]+$', title: '文档分类' }),
        id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.-]+$', title: '所属对象 ID' }),
      },
      { additionalProperties: false },
    ),
    body: Type.Unknown({ title: '文档内容' }),
    response: Type.String(),
  }),
  getText: defineRoute({
    method: 'GET',
    path: '/file/text/:id',
    access: 'signed-in',
    title: '读取文本文档',
    description:
      "The JSON content stored by POST /file/text/{path}/{id}. Another account's document answers like a missing one unless the caller may act on its owner.",
    params: Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w-]+$', title: '文档 ID' }) },
      { additionalProperties: false },
    ),
    response: Type.Unknown(),
  }),
  deleteFile: defineRoute({
    method: 'DELETE',
    path: '/file',
    access: 'signed-in',
    title: '删除文件',
    description:
      'Deletes an uploaded file: its row and its stored bytes (its capability url then answers 404). Only the uploader, or an account that may act on the uploader (403 otherwise).',
    query: Type.Object(
      // File ids are UUIDs (not the integer ids of IdQuery).
      { id: Type.String({ minLength: 1, maxLength: 36, pattern: '^[\\w-]+$', title: '文件 ID' }) },
      { additionalProperties: false },
    ),
    response: Type.Null(),
  }),
};
