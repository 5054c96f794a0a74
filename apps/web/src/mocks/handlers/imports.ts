import { routes } from '@gatehouse/contract';
import { fail, failure, handle, handleRaw } from '@/mocks/handle';

/**
 * Spreadsheets (issue 21) need the server: the XLSX reader and writer run there. The mock answers these routes
 * with a clear refusal instead of a file it cannot make, so a screen built on them shows its failed state.
 */
export const SHEETS_NEED_SERVER = '模拟数据模式不支持表格导入导出，请连接服务器后再试';

export const importMocks = {
  exportAccounts: handleRaw(routes.exportAccounts, () => failure(501, SHEETS_NEED_SERVER)),
  accountImportTemplate: handleRaw(routes.accountImportTemplate, () => failure(501, SHEETS_NEED_SERVER)),
  previewAccountImport: handle(routes.previewAccountImport, () => fail(SHEETS_NEED_SERVER, 501)),
  commitAccountImport: handle(routes.commitAccountImport, () => fail(SHEETS_NEED_SERVER, 501)),
  importProgress: handle(routes.importProgress, () => fail(SHEETS_NEED_SERVER, 501)),
  importRejected: handleRaw(routes.importRejected, () => failure(501, SHEETS_NEED_SERVER)),
};
