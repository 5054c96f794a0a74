/**
 * The address of 权限预览 (GET /authz/view-as on a screen of its own, features/authz), written by the screens that
 * open it (账号管理, the 权限说明 drawer) and read by the screen itself. The names after the ids are only what the
 * screen shows until it knows better: the preview asks the server by id.
 */
export const VIEW_AS_PATH = '/view-as';

export type ViewAsTarget =
  /** An account, with its label (张伟（zhangwei）). */
  | { accountId: number; account?: string }
  /** A role, held by an account of organisation `orgId` (the caller's own when absent), with its name. */
  | { roleId: number; orgId?: number; org?: string };

const id = (value: string | null): number | undefined => {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
};

/** The preview's address; without a target, the screen asks for one. */
export function viewAsAddress(target?: ViewAsTarget): string {
  if (!target) return VIEW_AS_PATH;
  const params = new URLSearchParams();
  if ('accountId' in target) {
    params.set('accountId', String(target.accountId));
    if (target.account) params.set('account', target.account);
  } else {
    params.set('roleId', String(target.roleId));
    if (target.orgId !== undefined) params.set('orgId', String(target.orgId));
    if (target.org) params.set('org', target.org);
  }
  return `${VIEW_AS_PATH}?${params}`;
}

/** The target an address names, or null (none, or not a valid one). */
export function readViewAsTarget(params: URLSearchParams): ViewAsTarget | null {
  const accountId = id(params.get('accountId'));
  if (accountId !== undefined) return { accountId, account: params.get('account') ?? undefined };
  const roleId = id(params.get('roleId'));
  if (roleId === undefined) return null;
  return { roleId, orgId: id(params.get('orgId')), org: params.get('org') ?? undefined };
}
