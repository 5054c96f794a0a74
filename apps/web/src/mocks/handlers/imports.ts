import { accountEntity, routes } from '@gatehouse/contract';
import { sheetExportColumns } from '@/mocks/entity-rows';
import { fail, failure, handle, handleRaw } from '@/mocks/handle';
import type { MockStore, StoredAccount } from '@/mocks/store';
import { mockTableExport } from '@/mocks/table-export';
import { matchingAccounts } from './accounts';

/**
 * Spreadsheets: the mock exports accounts as CSV, as it does the other lists; reading an uploaded sheet
 * needs the server (the XLSX reader runs there), so the import routes answer a clear refusal instead.
 */
export const SHEETS_NEED_SERVER = '模拟数据模式不支持表格导入，请连接服务器后再试';

/** An organisation's path of names (总公司/华东区/上海), as the server's sheets name it. */
function orgPath(store: MockStore, orgId: number): string {
  const names: string[] = [];
  let at = store.orgs.find((o) => o.id === orgId);
  while (at) {
    names.unshift(at.name.replace(/[\\/]/g, (c) => `\\${c}`));
    const pid = at.pid;
    at = pid === null ? undefined : store.orgs.find((o) => o.id === pid);
  }
  return names.join('/');
}

export const importMocks = {
  exportAccounts: handleRaw(routes.exportAccounts, ({ store, query }) => {
    // The list's own filters: the rows exported are the rows listed.
    const rows = matchingAccounts(store, query);
    // The descriptor's sheet columns (ACCOUNT_SHEET_COLUMNS), the organisation by its path, the role by its name.
    const columns = sheetExportColumns<StoredAccount>(accountEntity, {
      orgPath: (a) => orgPath(store, a.orgId),
      roleName: (a) => store.roles.find((r) => r.id === a.roleId)?.name ?? null,
    });
    return mockTableExport('账号', query, columns, rows);
  }),
  accountImportTemplate: handleRaw(routes.accountImportTemplate, () => failure(501, SHEETS_NEED_SERVER)),
  previewAccountImport: handle(routes.previewAccountImport, () => fail(SHEETS_NEED_SERVER, 501)),
  commitAccountImport: handle(routes.commitAccountImport, () => fail(SHEETS_NEED_SERVER, 501)),
  importProgress: handle(routes.importProgress, () => fail(SHEETS_NEED_SERVER, 501)),
  importRejected: handleRaw(routes.importRejected, () => failure(501, SHEETS_NEED_SERVER)),
};
