import { defineTexts } from '../../platform/texts.js';

/** The words of what every import shares: previews and their commit, the sheet of rejected rows. */
export const importsTexts = defineTexts({
  'zh-CN': {
    'import.previewBusy': '服务器正在预检另一个导入文件，请稍后再试',
    'import.notFound': '导入预览不存在或已过期，请重新上传文件',
    'import.alreadyCommitted': '该导入已执行，请勿重复提交',
    'import.busy': '该导入正在执行',
    'import.noValidRows': '没有可导入的有效行',
    'import.rejectedFileName': '导入错误行',
    'import.rowColumn': '原行号',
    'import.errorsColumn': '错误信息',
  },
  'en-US': {
    'import.previewBusy': 'The server is checking another import file; please try again shortly',
    'import.notFound': 'The import preview does not exist or has expired; please upload the file again',
    'import.alreadyCommitted': 'This import has already been applied',
    'import.busy': 'This import is being applied',
    'import.noValidRows': 'There are no valid rows to import',
    'import.rejectedFileName': 'rejected-rows',
    'import.rowColumn': 'Row',
    'import.errorsColumn': 'Errors',
  },
});
