import {
  needsSudo,
  type RouteDef,
  routes,
  SUPER_ADMIN_CLASSES,
  type Subject,
  UNSWITCHED_CLASSES,
  VERIFICATION_REQUIRED_HEADER,
} from '@gatehouse/contract';
import { AppError, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { ResourcesService } from '../resources/resources.service.js';
import type { AuthzRepository } from './authz.repository.js';
import {
  accountsWithin,
  asDataScope,
  createDataScopes,
  holdsAccount,
  holdsOrg,
  type RoleScope,
  type Scope,
} from './data-scope.js';

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
 * verification (the refusal carries the header itself).
 */
export class VerificationRequired extends AppError {
  constructor(sudoSeconds: number) {
    // The header travels with the refusal from wherever it is thrown (the guard or an owning service).
    super(400, t('authz.verificationRequired', { minutes: Math.max(1, Math.round(sudoSeconds / 60)) }), {
      [VERIFICATION_REQUIRED_HEADER]: 'identity',
    });
    this.name = 'VerificationRequired';
  }
}

interface AccountSubject {
  id: number;
  account_number: string;
  builtin: number;
  org_id: number;
  role_id: number | null;
  role_builtin: number | null;
  role_data_scope: string | null;
}

export interface AuthzOptions {
  /**
   * How long sudo mode stays open after an identity verification (or the sign-in) or after the last sensitive action
   * it allowed, whichever is later (ADR 0035).
   */
  sudoSeconds: number;
  /** How long after the verification itself sudo mode may last, however often sensitive actions renew it. */
  sudoMaxSeconds: number;
  /** Records that the session just used sudo mode (renews the window). */
  sudoUsed?: (sessionId: string) => Promise<void>;
  /** The clock sudo mode is judged by (tests move it). */
  now?: () => number;
}

/**
 * The dominance rule and sudo mode, in one place (DESIGN.md §6): an actor may act on an account only
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

  const scopes = createDataScopes(repo);

  /** A role's data scope as stored (the super-admin role's is always 全部). */
  async function roleScope(roleId: number | null, builtin: boolean, dataScope: string | null): Promise<RoleScope> {
    if (roleId === null) return { dataScope: 'self', orgIds: [] };
    if (builtin) return { dataScope: 'all', orgIds: [] };
    const kind = asDataScope(dataScope ?? 'all');
    const orgIds = kind === 'custom' ? ((await repo.scopeOrgs([roleId])).get(roleId) ?? []) : [];
    return { dataScope: kind, orgIds };
  }

  /** The data scope of an account holding its role (or `roleId`, held by an account of `orgId`: a preview). */
  async function scopeOfHolder(accountId: number, roleId: number | null, orgId: number | undefined): Promise<Scope> {
    const role = roleId === null ? undefined : await repo.role(roleId);
    return scopes.resolve({
      accountId,
      orgId,
      superAdmin: role?.builtin === 1,
      role: role ? await roleScope(role.id, role.builtin === 1, role.data_scope) : null,
    });
  }

  // One resolution per request: a principal is made per request, so its scope is kept for as long as it lives.
  const principalScopes = new WeakMap<Principal, Promise<Scope>>();
  /** The actor's data scope (数据权限): what it sees and may change. */
  function scopeOf(principal: Principal): Promise<Scope> {
    if (principal.superAdmin) return Promise.resolve({ kind: 'all' });
    let scope = principalScopes.get(principal);
    if (!scope) {
      scope = repo
        .orgOf(principal.accountId)
        .then((orgId) => scopeOfHolder(principal.accountId, principal.roleId, orgId));
      principalScopes.set(principal, scope);
    }
    return scope;
  }

  /** Whether `principal` may act on `target`, and if not, the refusal. */
  async function refusalFor(principal: Principal, target: AccountSubject, title: string): Promise<AppError | null> {
    if (target.builtin === 1 && target.id !== principal.accountId) {
      return forbidden(t('authz.builtinUntouchable', { title }));
    }
    if (principal.superAdmin) return null;
    const account = target.account_number;
    const scope = await scopeOf(principal);
    // An account always reaches itself (its own record, its own sessions), whatever its scope names.
    if (target.id !== principal.accountId && !holdsAccount(scope, target)) {
      // Said without the account's number: the caller may not learn what lies outside its scope.
      return forbidden(t('authz.accountOutOfScope', { title }));
    }
    const held = await heldBy(principal);
    if (!covers(held, await roleHolding(target.role_id, target.role_builtin === 1))) {
      return forbidden(t('authz.accountExceeds', { account, title }));
    }
    const targetScope = await roleScope(target.role_id, target.role_builtin === 1, target.role_data_scope);
    if (!(await scopes.noWider(scope, targetScope))) {
      return forbidden(t('authz.accountScopeExceeds', { account, title }));
    }
    return null;
  }

  async function assertAccount(principal: Principal, accountId: number, title: string): Promise<void> {
    const target = await repo.account(accountId);
    // A missing account is the handler's to answer (400 账号不存在).
    if (!target) return;
    const refusal = await refusalFor(principal, target, title);
    if (refusal) throw refusal;
  }

  /**
   * A role handed out (`assign`) or acted on: no wider than the actor in resources and in data scope; one acted on
   * (edited, deleted) by an actor whose scope is not 全部 must be held by no account outside that scope.
   */
  async function assertRole(principal: Principal, roleId: number, title: string, assign: boolean): Promise<void> {
    if (principal.superAdmin) return;
    const role = await repo.role(roleId);
    if (!role) return;
    if (!covers(await heldBy(principal), await roleHolding(role.id, role.builtin === 1))) {
      throw forbidden(t('authz.roleExceeds', { role: role.name, title }));
    }
    const scope = await scopeOf(principal);
    if (!(await scopes.noWider(scope, await roleScope(role.id, role.builtin === 1, role.data_scope)))) {
      throw forbidden(t('authz.roleScopeExceeds', { role: role.name, title }));
    }
    if (assign) return;
    const within = accountsWithin(scope);
    if (within && (await repo.heldOutside(role.id, within))) {
      throw forbidden(t('authz.roleHeldOutside', { role: role.name, title }));
    }
  }

  /**
   * A scope is judged for the holder it is handed to: the organisations `roleId` reaches when held by an account of
   * `holderOrgId` must lie within what the actor reaches (a 本组织及以下 role handed to an account above the actor's
   * organisations would reach their parents).
   */
  async function assertHolderScope(principal: Principal, roleId: number, holderOrgId: number, title: string) {
    if (principal.superAdmin) return;
    const actor = await scopeOf(principal);
    if (actor.kind === 'all') return;
    const role = await repo.role(roleId);
    if (!role || role.builtin === 1) return;
    const held = await scopes.resolve({
      accountId: 0,
      orgId: holderOrgId,
      superAdmin: false,
      role: await roleScope(role.id, false, role.data_scope),
    });
    if (held.kind === 'self') return;
    if (held.kind === 'all' || actor.kind === 'self' || [...held.orgIds].some((id) => !actor.orgIds.has(id))) {
      throw forbidden(t('authz.holderScopeExceeds', { title }));
    }
  }

  /** An organisation acted on, or one an account is put in: within the actor's scope. */
  async function assertOrg(principal: Principal, orgId: number, title: string): Promise<void> {
    if (principal.superAdmin) return;
    if (!holdsOrg(await scopeOf(principal), orgId)) throw forbidden(t('authz.orgOutOfScope', { title }));
  }

  function field(subject: Subject, request: { query: unknown; body: unknown }): unknown {
    const source = (subject.in === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
    return source?.[subject.field];
  }

  /**
   * The roles the actor may hand out or act on (no wider in resources and in data scope): every role, or these ids
   * (no role at all is always allowed).
   */
  async function coveredRoleIds(principal: Principal): Promise<'all' | number[]> {
    if (principal.superAdmin) return 'all';
    // Every list of accounts, roles and sessions asks this: all holdings against one permission version.
    const stored = await repo.roles();
    const roles = stored.map((role) => ({ id: role.id as number | null, builtin: role.builtin === 1 }));
    const [sets, customOrgs, scope] = await Promise.all([
      resources.permissionsOfRoles([...roles, { id: principal.roleId, builtin: false }]),
      repo.scopeOrgs(),
      scopeOf(principal),
    ]);
    const ids = (id: number | null) => new Set(sets.get(id)!.map((r) => r.id));
    const held = ids(principal.roleId);
    const covered: number[] = [];
    for (const role of stored) {
      if (!covers(held, role.builtin === 1 ? 'all' : ids(role.id))) continue;
      const dataScope = role.builtin === 1 ? 'all' : asDataScope(role.data_scope);
      if (await scopes.noWider(scope, { dataScope, orgIds: customOrgs.get(role.id) ?? [] })) covered.push(role.id);
    }
    return covered;
  }

  /** The same as a test of one account row (role and built-in mark), for marking list rows. */
  async function rowTest(principal: Principal) {
    const [ids, scope] = await Promise.all([coveredRoleIds(principal), scopeOf(principal)]);
    const set = ids === 'all' ? undefined : new Set(ids);
    return (row: { id: number; builtin: number | boolean; role_id: number | null; org_id: number }) =>
      (!row.builtin || row.id === principal.accountId) &&
      (row.id === principal.accountId || holdsAccount(scope, row)) &&
      (row.role_id === null || !set || set.has(row.role_id));
  }

  /** When the session's owner last proved who they are (ms), or 0. */
  const verifiedAt = (principal: Principal) => (principal.verifiedAt ? Date.parse(principal.verifiedAt) : 0);
  /**
   * Whether sudo mode is open: a verification within the window, or a sensitive action within the window of a
   * verification no older than the longest (never shorter than the window itself, so a window set longer keeps its
   * meaning).
   */
  const inSudo = (principal: Principal) => {
    const proved = verifiedAt(principal);
    const used = principal.sudoUsedAt ? Date.parse(principal.sudoUsedAt) : 0;
    const at = now();
    const longest = Math.max(options.sudoMaxSeconds, options.sudoSeconds) * 1000;
    return at - Math.max(proved, used) <= options.sudoSeconds * 1000 && at - proved <= longest;
  };

  /**
   * The dominance rule over the accounts of a bulk action, one refusal per id it refuses: the message `check` would
   * answer the single action `title` with (403). Ids of no account are not judged here: the action refuses them
   * with its own reason, as the single action's handler does.
   */
  async function accountRefusals(
    principal: Principal,
    ids: readonly number[],
    title: string,
  ): Promise<Map<number, AppError>> {
    const refusals = new Map<number, AppError>();
    for (const target of await repo.accounts(ids)) {
      const refusal = await refusalFor(principal, target, title);
      if (refusal) refusals.set(target.id, refusal);
    }
    return refusals;
  }

  return {
    heldBy,
    scopeOf,
    scopeOfHolder,
    roleScope,
    summary: scopes.summary,
    /**
     * A principal that signs nobody in, for 权限预览: the account `base` (or, with `orgId`, a holder of `base.roleId`
     * in that organisation), judged by the same rules as a signed-in one.
     */
    previewPrincipal(
      base: { accountId: number; accountNumber: string; roleId: number | null; superAdmin: boolean },
      orgId?: number,
    ): Principal {
      const principal: Principal = { ...base, sessionId: '', origin: null };
      if (orgId !== undefined) {
        principalScopes.set(principal, scopeOfHolder(base.accountId, base.roleId, orgId));
      }
      return principal;
    },
    /** The account list's restriction for the actor (none for 全部). */
    async accountsWithin(principal: Principal) {
      return accountsWithin(await scopeOf(principal));
    },
    /**
     * The organisations the actor sees in the tree and pickers: undefined for all; else those in its scope and
     * their ancestors (`path`, shown as the way down to what is in scope, not as reachable themselves), with the
     * visible ones that have a visible child (`parents`).
     */
    async orgsVisible(principal: Principal) {
      const scope = await scopeOf(principal);
      if (scope.kind === 'all' || (scope.kind === 'orgs' && scope.everything)) return undefined;
      const own = scope.kind === 'self' ? (scope.orgId === undefined ? [] : [scope.orgId]) : [...scope.orgIds];
      const inScope = new Set(scope.kind === 'self' ? [] : own);
      const path = new Set((await repo.ancestors(own)).filter((id) => !inScope.has(id)));
      if (scope.kind === 'self') for (const id of own) path.add(id);
      // Which visible organisations have a visible child (the tree's expand arrows).
      const parents = new Set(await repo.parentsOf([...inScope, ...path]));
      return { inScope, path, parents };
    },
    /**
     * A data scope handed to a role (created or edited) must be no wider than the actor's own (403 otherwise), and
     * a 自定义 one must name organisations the actor reaches.
     */
    async assertGrantableScope(principal: Principal, scope: RoleScope, title: string) {
      if (principal.superAdmin) return;
      if (!(await scopes.noWider(await scopeOf(principal), scope))) {
        throw forbidden(t('authz.scopeExceeds', { title }));
      }
    },
    coveredRoleIds,
    rowTest,
    accountRefusals,

    /**
     * The dominance rule over the sessions of a bulk force-out, as `check` applies it to one ('session' subject):
     * the caller's own session and the one it switched from are the action's to refuse; a switched session is also
     * the session of the account really acting in it. Unknown sessions are the action's to refuse.
     */
    async sessionRefusals(principal: Principal, ids: readonly string[], title: string): Promise<Map<string, AppError>> {
      const others = ids.filter((id) => id !== principal.sessionId && id !== principal.origin?.sessionId);
      const accountsOf = await repo.sessionsAccounts(others);
      const accountIds = [...new Set([...accountsOf.values()].flat())];
      const byAccount = await accountRefusals(principal, accountIds, title);
      const refusals = new Map<string, AppError>();
      for (const [sessionId, accounts] of accountsOf) {
        const refusal = accounts.map((id) => byAccount.get(id)).find((r) => r !== undefined);
        if (refusal) refusals.set(sessionId, refusal);
      }
      return refusals;
    },

    /**
     * Runs what the route's security classes derive (a switched session refused where it may change no credential),
     * the dominance rule on everything `route` names in `subjects` (with a role handed out judged for its holder),
     * then sudo mode when the route or its classes ask for it, or when it hands out a role at or above the actor's.
     */
    async check(principal: Principal, route: RouteDef, request: { query: unknown; body: unknown }): Promise<void> {
      const classes = route.security ?? [];
      if (principal.origin && classes.some((c) => UNSWITCHED_CLASSES.includes(c))) {
        const key = classes.includes('system') ? 'authz.switchedSystem' : 'authz.switchedCredential';
        throw forbidden(t(key, { title: route.title }));
      }
      if (!principal.superAdmin && classes.some((c) => SUPER_ADMIN_CLASSES.includes(c))) {
        throw forbidden(t('authz.superAdminOnly', { title: route.title }));
      }
      let grantsHigh = false;
      for (const subject of route.subjects ?? []) {
        const value = field(subject, request);
        if (subject.kind === 'parentOrg' && !principal.superAdmin) {
          // An organisation edited where it stands is not placed anywhere (the top of a scope has its parent
          // outside it): the parent is judged only when it changes.
          const moved = route.subjects?.find((s) => s.kind === 'org');
          const orgId = moved ? field(moved, request) : undefined;
          if (typeof orgId === 'number' && (await repo.parentOf(orgId)) === (value ?? null)) continue;
          // Placed at the top level (no parent): only an actor whose scope is 全部 writes there.
          if (value === undefined || value === null) {
            if ((await scopeOf(principal)).kind !== 'all') {
              throw forbidden(t('authz.rootOutOfScope', { title: route.title }));
            }
            continue;
          }
        }
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
            await assertRole(principal, value as number, route.title, false);
            break;
          case 'assignRole': {
            await assertRole(principal, value as number, route.title, true);
            // The holder: the account edited (its organisation as the request leaves it) or the one created.
            const edited = route.subjects?.find((s) => s.kind === 'account');
            const editedId = edited ? field(edited, request) : undefined;
            const current = typeof editedId === 'number' ? await repo.account(editedId) : undefined;
            const placed = route.subjects?.find((s) => s.kind === 'org');
            const orgId = (placed ? field(placed, request) : undefined) ?? current?.org_id;
            const changes = !current || current.role_id !== value || current.org_id !== orgId;
            if (changes && typeof orgId === 'number') {
              await assertHolderScope(principal, value as number, orgId, route.title);
            }
            // A role at or above the actor's own (it holds all the actor holds) is a grant that costs sudo mode.
            if (changes && current?.role_id !== value && classes.includes('grant')) {
              const role = await repo.role(value as number);
              if (role && covers(await roleHolding(role.id, role.builtin === 1), await heldBy(principal))) {
                grantsHigh = true;
              }
            }
            break;
          }
          case 'org': {
            // An account edited where it stands is not put anywhere: its organisation is judged when it changes
            // (an account always reaches itself, whatever organisations its scope names).
            const edited = route.subjects?.find((s) => s.kind === 'account');
            const accountId = edited ? field(edited, request) : undefined;
            if (typeof accountId === 'number' && (await repo.account(accountId))?.org_id === value) break;
            await assertOrg(principal, value as number, route.title);
            break;
          }
          case 'parentOrg': {
            await assertOrg(principal, value as number, route.title);
            // Under 本组织 the organisations below are out of reach: one created or moved there would be too.
            const scope = await scopeOf(principal);
            if (scope.kind === 'orgs' && !scope.closed) {
              throw forbidden(t('authz.childOutOfScope', { title: route.title }));
            }
            break;
          }
        }
      }
      if (needsSudo(route) || grantsHigh) {
        this.requireRecentVerification(principal);
        // A working session is not interrupted: each sensitive action renews the window (up to the longest).
        await options.sudoUsed?.(principal.sessionId);
      }
    },

    /**
     * Sudo mode: throws `VerificationRequired` unless the owner proved who they are within `sudoSeconds`, or used sudo
     * mode that recently after a verification no older than `sudoMaxSeconds`.
     */
    requireRecentVerification(principal: Principal): void {
      if (inSudo(principal)) return;
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
