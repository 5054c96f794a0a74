import type { DataScopeKind } from '@gatehouse/contract';
import { t } from '../../platform/i18n.js';
import type { AuthzRepository } from './authz.repository.js';

/**
 * A data scope (数据权限) as it applies to one holder:
 * - `all`: every account and organisation;
 * - `orgs`: the accounts of the organisations `orgIds` (本组织, 本组织及以下, 自定义); `closed` when the set holds every
 *   descendant of its members (all but 本组织), `everything` when it holds every organisation;
 * - `self`: the holder's own account only (仅本人), seeing its organisation's path in the tree.
 */
export type Scope =
  | { kind: 'all' }
  | {
      kind: 'orgs';
      dataScope: Exclude<DataScopeKind, 'all' | 'self'>;
      orgIds: ReadonlySet<number>;
      closed: boolean;
      everything: boolean;
      /** The organisations the scope is made of: the holder's, or a 自定义 scope's. */
      roots: readonly number[];
    }
  | { kind: 'self'; accountId: number; orgId: number | undefined };

/** A role's scope as stored, before it is applied to a holder. */
export interface RoleScope {
  dataScope: DataScopeKind;
  /** A 自定义 scope's organisations. */
  orgIds: readonly number[];
}

/** Who a scope is resolved for: a role (or none, or the super-admin role) held by an account of an organisation. */
export interface Holder {
  accountId: number;
  orgId: number | undefined;
  superAdmin: boolean;
  role: RoleScope | null;
}

export const asDataScope = (value: string): DataScopeKind =>
  value === 'orgTree' || value === 'org' || value === 'custom' || value === 'self' ? value : 'all';

/** The account list's restriction for a scope: none, these organisations' accounts, or one account. */
export type AccountsWithin = undefined | { orgIds: readonly number[] } | { accountId: number };

export function accountsWithin(scope: Scope): AccountsWithin {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'self') return { accountId: scope.accountId };
  return scope.everything ? undefined : { orgIds: [...scope.orgIds] };
}

/** Whether an account (its id and organisation) lies within the scope. */
export function holdsAccount(scope: Scope, account: { id: number; org_id: number }): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'self') return account.id === scope.accountId;
  return scope.orgIds.has(account.org_id);
}

/** Whether an organisation lies within the scope (may be written to: an account put in it, it edited or moved). */
export function holdsOrg(scope: Scope, orgId: number): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'self') return false;
  return scope.orgIds.has(orgId);
}

export function createDataScopes(repo: AuthzRepository) {
  /** The scope of a role held by an account of organisation `orgId`. */
  async function resolve(holder: Holder): Promise<Scope> {
    if (holder.superAdmin) return { kind: 'all' };
    const role = holder.role;
    // An account without a role holds nothing: it sees itself only.
    if (!role || role.dataScope === 'self') return { kind: 'self', accountId: holder.accountId, orgId: holder.orgId };
    if (role.dataScope === 'all') return { kind: 'all' };
    const roots = role.dataScope === 'custom' ? role.orgIds : holder.orgId === undefined ? [] : [holder.orgId];
    const orgIds = role.dataScope === 'org' ? roots : await repo.subtrees(roots);
    const everything = orgIds.length > 0 && orgIds.length >= (await repo.orgCount());
    return {
      kind: 'orgs',
      dataScope: role.dataScope,
      orgIds: new Set(orgIds),
      closed: role.dataScope !== 'org',
      everything,
      roots,
    };
  }

  /**
   * Whether a role's scope is no wider than `actor`'s, for holders within the actor's scope (the dominance rule's
   * scope half): 仅本人 always; 本组织 for an actor that reaches organisations; 本组织及以下 for one whose set is closed
   * downwards; 自定义 when its subtrees lie within; 全部 only for 全部.
   */
  async function noWider(actor: Scope, role: RoleScope): Promise<boolean> {
    if (actor.kind === 'all') return true;
    if (role.dataScope === 'self') return true;
    if (actor.kind === 'self') return false;
    switch (role.dataScope) {
      case 'all':
        return false;
      case 'org':
        return true;
      case 'orgTree':
        return actor.closed;
      default: {
        // 自定义: its organisations, with their subtrees, within the actor's.
        if (!role.orgIds.every((id) => actor.orgIds.has(id))) return false;
        if (actor.closed) return true;
        return (await repo.subtrees(role.orgIds)).every((id) => actor.orgIds.has(id));
      }
    }
  }

  /** The scope in words, with the organisations and accounts it reaches (the explain view). */
  async function summary(scope: Scope) {
    if (scope.kind === 'all') {
      const accountCount = await repo.accountCount();
      return {
        dataScope: 'all' as const,
        orgs: [],
        orgCount: null,
        accountCount,
        text: t('scope.text.all', { accounts: accountCount }),
      };
    }
    if (scope.kind === 'self') {
      const names = scope.orgId === undefined ? new Map<number, string>() : await repo.orgNames([scope.orgId]);
      return {
        dataScope: 'self' as const,
        orgs: scope.orgId === undefined ? [] : [{ id: scope.orgId, name: names.get(scope.orgId) ?? '' }],
        orgCount: 0,
        accountCount: 1,
        text: t('scope.text.self'),
      };
    }
    const orgIds = [...scope.orgIds];
    const [names, accountCount] = await Promise.all([repo.orgNames(scope.roots), repo.accountCount(orgIds)]);
    const orgs = scope.roots.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id) ?? '' }] : []));
    const listed = orgs.map((org) => org.name).join('、') || t('scope.noOrg');
    const below = Math.max(0, orgIds.length - orgs.length);
    const key =
      scope.dataScope === 'org'
        ? 'scope.text.org'
        : scope.dataScope === 'orgTree'
          ? 'scope.text.orgTree'
          : 'scope.text.custom';
    return {
      dataScope: scope.dataScope,
      orgs,
      orgCount: orgIds.length,
      accountCount,
      text: t(key, { orgs: listed, below, accounts: accountCount }),
    };
  }

  return { resolve, noWider, summary };
}

export type DataScopes = ReturnType<typeof createDataScopes>;
