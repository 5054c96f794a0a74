import { defineTexts } from '../../platform/texts.js';

/**
 * The words the files module raises: an upload refused (size, type, content, image, quota, rate, storage) and others'
 * files refused.
 */
export const filesTexts = defineTexts({
  'zh-CN': {
    'file.tooLarge': '文件大小超出限制（最大 {limit} MB）',
    'file.extension': '文件格式不正确：不支持 {ext} 文件',
    'file.content': '文件内容与扩展名 .{ext} 不符',
    'file.imageUnreadable': '无法识别图片尺寸，文件可能已损坏（.{ext}）',
    'file.imageTooLarge': '图片尺寸过大：单边不得超过 {maxSide} 像素，总像素不得超过 {maxMegapixels} 百万',
    'file.nameLength': '文件名不得超过 {max} 字符',
    'file.notFound': '文件不存在或已被删除',
    'file.textTooLarge': '文档内容超出限制（最大 {limit} KB）',
    'file.textNotFound': '文档不存在',
    'file.noSpace': '存储空间不足，上传失败',
    'file.storageUnavailable': '文件存储暂时不可用，请稍后再试',
    'file.quota': '上传空间已满：每个账号最多存储 {quota} MB 文件（已用 {used} MB），请删除不需要的文件后再试',
    'file.rate': '上传过于频繁：每个账号每小时最多上传 {limit} 个文件，请稍后再试',
    'file.textForbidden': '无权修改他人的文档',
    'file.imagesForbidden': '无权查看他人的图片列表',
    'file.groupForbidden': '无权向他人的文件分组上传文件',
    'file.deleteForbidden': '无权删除他人的文件',
  },
  'en-US': {
    'file.tooLarge': 'The file is too large (at most {limit} MB)',
    'file.extension': 'Unsupported file type: {ext} files are not accepted',
    'file.content': 'The file content does not match its extension .{ext}',
    'file.imageUnreadable': 'The image dimensions cannot be read; the file may be damaged (.{ext})',
    'file.imageTooLarge':
      'The image is too large: at most {maxSide} pixels a side and {maxMegapixels} million pixels in all',
    'file.nameLength': 'The file name must not exceed {max} characters',
    'file.notFound': 'The file does not exist or was deleted',
    'file.textTooLarge': 'The document is too large (at most {limit} KB)',
    'file.textNotFound': 'The document does not exist',
    'file.noSpace': 'Not enough storage space; the upload failed',
    'file.storageUnavailable': 'File storage is temporarily unavailable; please retry later',
    'file.quota':
      'Upload space is full: each account may store at most {quota} MB of files ({used} MB used); delete files you no longer need and try again',
    'file.rate': 'Too many uploads: each account may upload at most {limit} files an hour; please try again later',
    'file.textForbidden': "You may not change another account's document",
    'file.imagesForbidden': "You may not view another account's image list",
    'file.groupForbidden': "You may not upload files to another account's file group",
    'file.deleteForbidden': "You may not delete another account's file",
  },
});
