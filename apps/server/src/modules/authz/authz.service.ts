import { type RouteDef, routes, type Subject } from '@gatehouse/contract';
import { AppError, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { ResourcesService } from '../resources/resources.service.js';
import type { AuthzRepository } from './authz.repository.js';

/** What an actor or a target holds: every resource (the super-admin role), or these resource ids. */
export type Holding = 'all' | ReadonlySet<number>;

/** `held` covers `target`: everything the target holds, the holder holds too. */
export function covers(held: Holding, target: Holding): boolean {
  if (held === 'all') return true;
  if (target === 'all') return false;
  for (const id of target) if (!held.has(id)) return false;
  return true;
}

/**
 * Sudo mode's refusal (400): the routes answer it with the header that makes the web app ask for an identity
 * verification (`withVerificationHeader`).
 */
export class VerificationRequired extends AppError {
  constructor(sudoSeconds: number) {
    super(400, t('authz.verificationRequired', { minutes: Math.max(1, Math.round(sudoSeconds / 60)) }));
    this.name = 'VerificationRequired';
  }
}

interface AccountSubject {
  id: number;
  account_number: string;
  builtin: number;
  role_id: number | null;
  role_builtin: number | null;
}

export interface AuthzOptions {
  /** How long an identity verification (or the sign-in) keeps sudo mode open. */
  sudoSeconds: number;
  /** The clock sudo mode is judged by (tests move it). */
  now?: () => number;
}

/**
 * The dominance rule and sudo mode, in one place (issue 15, DESIGN.md §6): an actor may act on an account only
 * when that account's effective permissions are a subset of its own, may hand out or change only roles no wider
 * than itself, and the built-in admin is untouchable by anyone else. The super-admin role is exempt from the subset
 * rule. Routes name what they act on in the contract (`subjects`) and the route binding calls `check` before every
 * such handler; services use the same functions where the rule applies to lists (manageable rows, assignable roles,
 * sessions shown).
 */
export function createAuthz(repo: AuthzRepository, resources: ResourcesService, options: AuthzOptions) {
  const now = options.now ?? Date.now;

  async function roleHolding(roleId: number | null, builtin: boolean): Promise<Holding> {
    if (builtin) return 'all';
    return new Set((await resources.permissionsOf(roleId, false)).map((r) => r.id));
  }

  const heldBy = (principal: Principal): Promise<Holding> => roleHolding(principal.roleId, principal.superAdmin);

  /** Whether `principal` may act on `target`, and if not, the refusal. */
  async function refusalFor(principal: Principal, target: AccountSubject, title: string): Promise<AppError | null> {
    if (target.builtin === 1 && target.id !== principal.accountId) {
      return forbidden(t('authz.builtinUntouchable', { title }));
    }
    if (principal.superAdmin) return null;
    const held = await heldBy(principal);
    if (covers(held, await roleHolding(target.role_id, target.role_builtin === 1))) return null;
    return forbidden(t('authz.accountExceeds', { account: target.account_number, title }));
  }

  async function assertAccount(principal: Principal, accountId: number, title: string): Promise<void> {
    const target = await repo.account(accountId);
    // A missing account is the handler's to answer (400 账号不存在).
    if (!target) return;
    const refusal = await refusalFor(principal, target, title);
    if (refusal) throw refusal;
  }

  async function assertRole(principal: Principal, roleId: number, title: string): Promise<void> {
    if (principal.superAdmin) return;
    const role = await repo.role(roleId);
    if (!role) return;
    if (!covers(await heldBy(principal), await roleHolding(role.id, role.builtin === 1))) {
      throw forbidden(t('authz.roleExceeds', { role: role.name, title }));
    }
  }

  function field(subject: Subject, request: { query: unknown; body: unknown }): unknown {
    const source = (subject.in === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
    return source?.[subject.field];
  }

  /** The roles the actor may hand out or act on: every role, or these ids (no role at all is always allowed). */
  async function coveredRoleIds(principal: Principal): Promise<'all' | number[]> {
    if (principal.superAdmin) return 'all';
    // Every list of accounts, roles and sessions asks this: all holdings against one permission version.
    const roles = (await repo.roles()).map((role) => ({ id: role.id as number | null, builtin: role.builtin === 1 }));
    const sets = await resources.permissionsOfRoles([...roles, { id: principal.roleId, builtin: false }]);
    const ids = (id: number | null) => new Set(sets.get(id)!.map((r) => r.id));
    const held = ids(principal.roleId);
    return roles.flatMap((role) => (covers(held, role.builtin ? 'all' : ids(role.id)) ? [role.id as number] : []));
  }

  /** The same as a test of one account row (role and built-in mark), for marking list rows. */
  async function rowTest(principal: Principal) {
    const ids = await coveredRoleIds(principal);
    const set = ids === 'all' ? undefined : new Set(ids);
    return (row: { id: number; builtin: number | boolean; role_id: number | null }) =>
      (!row.builtin || row.id === principal.accountId) && (row.role_id === null || !set || set.has(row.role_id));
  }

  /** When the session's owner last proved who they are (ms), or 0. */
  const verifiedAt = (principal: Principal) => (principal.verifiedAt ? Date.parse(principal.verifiedAt) : 0);

  return {
    heldBy,
    coveredRoleIds,
    rowTest,

    /** Runs the dominance rule on everything `route` names in `subjects`, then sudo mode when it asks for it. */
    async check(principal: Principal, route: RouteDef, request: { query: unknown; body: unknown }): Promise<void> {
      for (const subject of route.subjects ?? []) {
        const value = field(subject, request);
        if (value === undefined || value === null) continue;
        switch (subject.kind) {
          case 'account':
            await assertAccount(principal, value as number, route.title);
            break;
          case 'session': {
            // The caller's own session (or the one it switched from) is the handler's to refuse, with its reason.
            if (value === principal.sessionId || value === principal.origin?.sessionId) break;
            // A switched session is also the session of the account really acting in it: both must be within reach.
            for (const accountId of await repo.sessionAccounts(String(value))) {
              await assertAccount(principal, accountId, route.title);
            }
            break;
          }
          case 'role':
          case 'assignRole':
            await assertRole(principal, value as number, route.title);
            break;
        }
      }
      if (route.sudo) this.requireRecentVerification(principal);
    },

    /** Sudo mode: throws `VerificationRequired` unless the owner proved who they are within `sudoSeconds`. */
    requireRecentVerification(principal: Principal): void {
      if (now() - verifiedAt(principal) <= options.sudoSeconds * 1000) return;
      throw new VerificationRequired(options.sudoSeconds);
    },

    /** Whether the actor may act on this account (the same rule as the routes), for marking rows in lists. */
    async mayActOn(principal: Principal, accountId: number): Promise<boolean> {
      const target = await repo.account(accountId);
      // What a deleted account left behind (its files) is the super-admin's to clean up.
      if (!target) return principal.superAdmin;
      return (await refusalFor(principal, target, '')) === null;
    },

    /**
     * What an account owns (text documents, uploaded files) is the owner's: another account reaches it only when it
     * manages accounts (holds 编辑账号, or is super-admin) and dominates the owner. Routes every account may call
     * (signed-in) grant nothing over other accounts by themselves.
     */
    async mayActOnOwnedBy(principal: Principal, ownerId: number | null): Promise<boolean> {
      if (ownerId === principal.accountId) return true;
      if (ownerId === null) return principal.superAdmin;
      if (!principal.superAdmin) {
        if (principal.roleId === null || !(await resources.roleHoldsApi(principal.roleId, routes.updateAccount))) {
          return false;
        }
      }
      return this.mayActOn(principal, ownerId);
    },

    /**
     * A switched identity stays valid only while the account really acting is enabled, still holds the switch
     * permission and still dominates the account it acts as.
     */
    async switchStillAllowed(
      originAccountId: number,
      targetAccountId: number,
      switchRoute: RouteDef,
    ): Promise<boolean> {
      const origin = await repo.account(originAccountId);
      if (!origin || origin.state !== 1) return false;
      const actor: Principal = {
        accountId: origin.id,
        sessionId: '',
        accountNumber: origin.account_number,
        roleId: origin.role_id,
        superAdmin: origin.role_builtin === 1,
        origin: null,
      };
      if (!actor.superAdmin && (actor.roleId === null || !(await resources.roleHoldsApi(actor.roleId, switchRoute)))) {
        return false;
      }
      const target = await repo.account(targetAccountId);
      return !!target && (await refusalFor(actor, target, '')) === null;
    },
  };
}

export type Authz = ReturnType<typeof createAuthz>;
