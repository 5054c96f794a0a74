import { type Account, accountEntity, type FieldSpec } from '@gatehouse/contract';
import type { Static } from 'typebox';
import type { AccountUpdate } from '../../platform/db/schema.js';
import { answerFields, defaultStored, inputTakesNull, toStored } from '../../platform/entity-rows.js';
import { fieldError } from '../../platform/errors.js';
import { currentLocale, t } from '../../platform/i18n.js';
import { epochMs } from '../../platform/time.js';
import { accountNameOf, orgNameOf, roleNameOf, roleRemarkOf } from '../setup/seeded-names.js';
import { ACCOUNT_FIELDS, type StoredField } from './accounts.reads.js';
import type { AccountPostView, AccountView } from './accounts.repository.js';

/** Names a region code by its path ('江苏省 / 苏州市 / 吴中区'); null when it is not in the tree. */
export type RegionNamer = (id: number) => string | null;

/** The resources each role grants: by role id, the super-admin role's (every one) under 0. */
export type RoleResources = ReadonlyMap<number, Array<{ id: number; name: string; pid: number | null }>>;

/**
 * An account as answered: every answered descriptor field through its codec (platform/entity-rows), then the hooks
 * (the seeded name of `admin` in the request's language) and what the server derives (its organisation and role by
 * name, nested, the proof marks). `posts`: the posts it holds, in their order (the repository's `postsOf`).
 */
export function toAccount(
  row: AccountView,
  regionName: RegionNamer,
  roles: RoleResources,
  posts: readonly AccountPostView[] = [],
): Static<typeof Account> {
  const orgName = orgNameOf(row.org_name, row.org_pid);
  const orgFullName = orgNameOf(row.org_full_name, row.org_pid);
  const roleName = roleNameOf(row.role_name, row.role_builtin === 1);
  return {
    ...answerFields(accountEntity, row),
    accountName: accountNameOf(row.account_name, row.builtin),
    orgName,
    belongOrgName: orgFullName || orgName,
    roleName,
    builtin: row.builtin === 1,
    regionName: row.region_id === null ? null : regionName(row.region_id),
    sysRole:
      row.role_id === null || roleName === null
        ? null
        : {
            id: row.role_id,
            name: roleName,
            remark: roleRemarkOf(row.role_remark, row.role_builtin === 1),
            type: row.role_builtin === 1 ? 1 : 0,
            resources: roles.get(row.role_builtin === 1 ? 0 : row.role_id) ?? [],
          },
    sysOrg: {
      id: row.org_id,
      name: orgName,
      fullName: orgFullName,
      orgCode: row.org_code,
      pid: row.org_pid,
      remark: null,
      createTime: epochMs(row.org_create_time),
    },
    pendingApproval: row.pending_approval === 1,
    secondFactor: row.second_factor === 1,
    contactVerified: row.contact_number !== null && row.contact_verified === 1,
    emailVerified: row.email !== null && row.email_verified === 1,
    postIds: posts.map((post) => post.post_id),
    posts: posts.map((post) => ({ id: post.post_id, postName: post.post_name })),
  };
}

/** The posts of a page's accounts, by account (kept in the posts' order). */
export function postsByAccount(posts: readonly AccountPostView[]): ReadonlyMap<number, AccountPostView[]> {
  const out = new Map<number, AccountPostView[]>();
  for (const post of posts) {
    const held = out.get(post.account_id);
    if (held) held.push(post);
    else out.set(post.account_id, [post]);
  }
  return out;
}

/** The resources each of `roleIds` grants; with `all`, every resource under 0 (modules/resources `grantsOf`). */
export type GrantsOf = (roleIds: readonly number[], all: boolean) => Promise<RoleResources>;

/** The rows' roles' resources (the permission cache's, read once per permission version). */
export function rolesOf(grantsOf: GrantsOf, rows: readonly AccountView[]) {
  const custom = new Set<number>();
  let superAdmin = false;
  for (const row of rows) {
    if (row.role_id === null) continue;
    if (row.role_builtin === 1) superAdmin = true;
    else custom.add(row.role_id);
  }
  return grantsOf([...custom], superAdmin);
}

/**
 * The fields whose writes are the account's own (accounts.service `checkedFields`): the number's rules and the
 * seeded name, the organisation (data scope, enabled), the role (dominance), the contacts (normalised, proven) and
 * the state (approval, sessions). Every other writable field of the descriptor is written generically.
 */
const WRITE_HOOKS: ReadonlySet<string> = new Set([
  'accountNumber',
  'accountName',
  'orgId',
  'roleId',
  'contactNumber',
  'email',
  'state',
]);

/** The unique fields whose refusal is the account's own (the account number's message); any other is generic. */
const UNIQUE_HOOKS: ReadonlySet<string> = new Set(['accountNumber']);

/** The writable fields (input and column) without a hook, written by `fieldWrites`. */
export const GENERIC_WRITABLE = ACCOUNT_FIELDS.filter(
  ([key, spec]) => spec.input !== undefined && !WRITE_HOOKS.has(key),
);

/** The unique fields without a hook: a value another account holds is refused naming the field (`takenError`). */
export const GENERIC_UNIQUE = ACCOUNT_FIELDS.filter(([key, spec]) => spec.unique === true && !UNIQUE_HOOKS.has(key));

/** A field's label in the request's language. */
export const fieldLabel = (spec: FieldSpec) => spec.label[currentLocale()];

/**
 * The stored values a write body gives the writable fields without a hook (`GENERIC_WRITABLE`): each one given through
 * its codec (a text trimmed, a blank one null); on a create (`creating`) the default of each one left out, on an edit
 * a field left out keeps what the account holds. A blank text for a field that takes no null is refused naming it.
 */
export function fieldWrites(body: Readonly<Record<string, unknown>>, creating: boolean): AccountUpdate {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of GENERIC_WRITABLE) {
    const value = body[key];
    if (value === undefined) {
      if (creating) out[spec.column] = defaultStored(spec);
      continue;
    }
    const stored = toStored(spec, value);
    if (stored === null && !inputTakesNull(spec))
      throw fieldError(key, t('validation.blank', { field: fieldLabel(spec) }));
    out[spec.column] = stored;
  }
  return out as AccountUpdate;
}

/** The refusal of a unique field's value another account holds, as the generic engine words it (crud.taken). */
export const takenError = ([key, spec]: StoredField, value: unknown) =>
  fieldError(key, t('crud.taken', { field: fieldLabel(spec), value: String(value) }));

/**
 * The unique field a unique-index violation names (PostgreSQL's constraint, SQLite's `account.<column>`): the
 * longest column the message holds, among the generic unique fields' and the account number's; undefined when it is
 * the account number's (or names none of them).
 */
export function violatedField(violation: string): StoredField | undefined {
  const candidates = [...GENERIC_UNIQUE.map((field) => field[1].column), 'account_number'].sort(
    (a, b) => b.length - a.length,
  );
  const column = candidates.find((candidate) => violation.includes(candidate));
  return GENERIC_UNIQUE.find((field) => field[1].column === column);
}
