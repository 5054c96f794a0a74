import {
  ALLOWED_EXTENSIONS,
  extensionOf,
  FILE_GROUPS,
  FILE_NAME_MAX,
  resourceKey,
  routes,
  TEXT_DOCUMENT_MAX_BYTES,
  UPLOAD_MAX_BYTES,
} from '@gatehouse/contract';
import { HttpResponse } from 'msw';
import { fail, failure, handle, handleRaw } from '@/mocks/handle';
import { heldResources, mayManageAccount } from '@/mocks/permissions';
import type { MockStore, StoredAccount, StoredFile } from '@/mocks/store';
import { randomId } from '@/mocks/token';

const IMAGE_EXTENSIONS = new Set(FILE_GROUPS['t-image']);

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
};

/**
 * The server's ownership rule (authz.mayActOnOwnedBy): the owner, or an account holding 编辑账号 that may act on
 * the owner.
 */
function mayActOnOwnedBy(store: MockStore, me: StoredAccount, ownerId: number): boolean {
  if (ownerId === me.id) return true;
  const owner = store.accounts.find((a) => a.id === ownerId);
  const edit = resourceKey(routes.updateAccount.method, routes.updateAccount.path);
  const holdsEdit = heldResources(store, me).some((r) => resourceKey(r.method ?? '', r.url ?? '') === edit);
  return !!owner && holdsEdit && mayManageAccount(store, me, owner);
}

/** The account whose upload started a group (the group is theirs). */
const groupOwner = (store: MockStore, group: string) => store.files.find((f) => f.ownerId === group)?.uploadedBy;

/** The capability url the server answers too: the bytes are then served by the downloadFile mock. */
const fileUrl = (file: StoredFile) => `/api/file/raw/${file.key}/${encodeURIComponent(file.name)}`;

export const fileMocks = {
  uploadFile: handle(routes.uploadFile, async ({ store, query, request, me }) => {
    const group = query.ownerId === undefined ? undefined : groupOwner(store, query.ownerId);
    if (group !== undefined && !mayActOnOwnedBy(store, me(), group)) fail('无权向他人的文件分组上传文件', 403);
    const form = await request.formData().catch(() => fail('请以 multipart/form-data 方式上传文件'));
    const file = form.get('file');
    if (!(file instanceof Blob)) fail('请选择要上传的文件');
    const name = (file instanceof File ? file.name : 'file').split(/[\\/]/).pop() || 'file';
    if (name.length > FILE_NAME_MAX) fail(`文件名不得超过 ${FILE_NAME_MAX} 字符`);
    const ext = extensionOf(name);
    if (!ALLOWED_EXTENSIONS.includes(ext)) fail(`文件格式不正确：不支持 ${ext || '无扩展名的'} 文件`);
    if (file.size > UPLOAD_MAX_BYTES) fail(`文件大小超出限制（最大 ${UPLOAD_MAX_BYTES / 1_048_576} MB）`, 413);
    const stored: StoredFile = {
      id: randomId(12),
      key: randomId(24),
      name,
      contentType: CONTENT_TYPES[ext] ?? (file.type || 'application/octet-stream'),
      bytes: file,
      ownerId: query.ownerId ?? null,
      uploadedBy: me().id,
    };
    store.files.push(stored);
    return { id: stored.id, name, url: fileUrl(stored), size: file.size, contentType: stored.contentType };
  }),

  downloadFile: handleRaw(routes.downloadFile, ({ store, params }) => {
    const file = store.files.find((f) => f.key === params.key);
    if (!file) return failure(404, '文件不存在或已被删除');
    const inline = /^(image|audio|video)\//.test(file.contentType);
    return new HttpResponse(file.bytes, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.size),
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      },
    });
  }),

  listImages: handle(routes.listImages, ({ store, query, me }) => {
    const group = groupOwner(store, query.id);
    if (group !== undefined && !mayActOnOwnedBy(store, me(), group)) fail('无权查看他人的图片列表', 403);
    return store.files
      .filter((f) => f.ownerId === query.id && IMAGE_EXTENSIONS.has(extensionOf(f.name)))
      .map((f) => ({ url: fileUrl(f), name: f.name }));
  }),

  deleteFile: handle(routes.deleteFile, ({ store, query, me }) => {
    const index = store.files.findIndex((f) => f.id === query.id);
    const file = store.files[index];
    if (!file) fail('文件不存在或已被删除', 404);
    if (!mayActOnOwnedBy(store, me(), file.uploadedBy)) fail('无权删除他人的文件', 403);
    store.files.splice(index, 1);
    return null;
  }),

  saveText: handle(routes.saveText, ({ store, params, body, me }) => {
    if (new TextEncoder().encode(JSON.stringify(body ?? null)).length > TEXT_DOCUMENT_MAX_BYTES) {
      fail(`文档内容超出限制（最大 ${TEXT_DOCUMENT_MAX_BYTES / 1024} KB）`, 413);
    }
    // One document per (path, owner id): saving again replaces it under the same document id.
    const existing = [...store.texts].find(([, doc]) => doc.path === params.path && doc.ownerId === params.id);
    if (existing && !mayActOnOwnedBy(store, me(), existing[1].accountId)) fail('无权修改他人的文档', 403);
    const id = existing?.[0] ?? randomId(12);
    const accountId = existing?.[1].accountId ?? me().id;
    store.texts.set(id, { path: params.path, ownerId: params.id, accountId, content: body ?? null });
    return id;
  }),

  getText: handle(routes.getText, ({ store, params, me }) => {
    const doc = store.texts.get(params.id);
    // Another's document answers like a missing one (as on the server).
    if (!doc || !mayActOnOwnedBy(store, me(), doc.accountId)) fail('文档不存在', 404);
    return doc.content;
  }),
};
