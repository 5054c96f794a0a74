import { accountEntity, type ResponseOf, type routes } from '@gatehouse/contract';
import { answeredFields, newRow } from './entity-rows';

export type Account = ResponseOf<typeof routes.createAccount>;
export type Org = ResponseOf<typeof routes.createOrg>;
export type Role = ResponseOf<typeof routes.createRole>;
export type Resource = ResponseOf<typeof routes.createResource>;
export type Dict = ResponseOf<typeof routes.createDict>;
export type DictItem = ResponseOf<typeof routes.createDictItem>;
export type Region = ResponseOf<typeof routes.listRegions>[number];

/** What the store keeps of an account; names of its organisation and role are joined in when answered. */
export interface StoredAccount
  extends Omit<
    Account,
    'orgName' | 'belongOrgName' | 'roleName' | 'sysRole' | 'sysOrg' | 'pendingApproval' | 'postIds' | 'posts'
  > {
  password: string;
  /** The posts (岗位) it holds, by id; absent holds none. Named, in the posts' order, when answered. */
  postIds?: number[];
  /** A self-registered account waiting for an administrator (REGISTRATION=approval); absent is false. */
  pendingApproval?: boolean;
}

export type StoredOrg = Omit<Org, 'hasChildren' | 'regionName'>;
export type StoredRole = Omit<Role, 'accountCount' | 'assignable'>;

export interface StoredFile {
  id: string;
  key: string;
  name: string;
  contentType: string;
  bytes: Blob;
  ownerId: string | null;
  /** The uploading account: the file is theirs (as on the server). */
  uploadedBy: number;
}

/** A single-use token handed out by a verification step, and what it proves. */
export interface IssuedToken {
  purpose: 'captcha' | 'sms' | 'email' | 'password';
  /** SMS flavour: the send route's path; e-mail and password: 'verify'. */
  flavour: string;
  /** The mobile number or e-mail address the code went to; the account id for a password check. */
  subject: string;
}

export interface SignIn {
  accountId: number;
  /** Epoch milliseconds, as the API answers times. */
  at: number;
  ip: string | null;
  userAgent: string | null;
}

export interface MockStore {
  accounts: StoredAccount[];
  orgs: StoredOrg[];
  roles: StoredRole[];
  resources: Resource[];
  dicts: Dict[];
  dictItems: DictItem[];
  regions: Array<Omit<Region, 'hasChildren'>>;
  files: StoredFile[];
  /** Text documents by document id, with the (path, owner id) they were saved under and the account that owns them. */
  texts: Map<string, { path: string; ownerId: string; accountId: number; content: unknown }>;
  /** Codes sent (captcha, SMS, e-mail) by id: what they were sent to. Any answer is accepted in the mock. */
  codes: Map<string, IssuedToken>;
  /** Tokens answered by a validation, spent by the call that uses them. */
  tokens: Map<string, IssuedToken>;
  signIns: SignIn[];
  /** Per-account preferences (GET/PUT /preferences/:key) by account id, then key. */
  preferences: Map<number, Map<string, unknown>>;
  /** 系统参数 changed on their screen, as text by key (the others are their declared defaults). */
  systemParams: Map<string, string>;
  nextId: Record<'account' | 'org' | 'role' | 'resource' | 'dict' | 'dictItem', number>;
}

/** A row of a descriptor-served entity (handlers/crud.ts), as the mock answers it. */
export type CrudRow = Record<string, unknown> & { id: number };

/** Each store's rows of each descriptor-served entity (kept beside the store, so a fresh store starts empty). */
const crudTables = new WeakMap<MockStore, Map<string, { rows: CrudRow[]; next: number }>>();

/** The rows of a descriptor-served entity (contract cruds.ts) by its name. */
export function crudTable(store: MockStore, name: string): { rows: CrudRow[]; next: number } {
  const byName = crudTables.get(store) ?? new Map<string, { rows: CrudRow[]; next: number }>();
  crudTables.set(store, byName);
  const table = byName.get(name) ?? { rows: [], next: 1 };
  byName.set(name, table);
  return table;
}

/**
 * As the server's `inUse` checks (modules/crud): by entity name, the refusals of a row other entities' rows refer to
 * (null: not in use). The referring handlers add theirs (handlers/accounts.ts: a post an account holds).
 */
export const crudInUse: Record<string, Array<(store: MockStore, row: CrudRow) => string | null>> = {};

/** The posts an account holds as answered: in the posts' order (显示顺序, then id). */
function heldPosts(store: MockStore, account: StoredAccount) {
  const held = new Set(account.postIds ?? []);
  return crudTable(store, 'post')
    .rows.filter((post) => held.has(post.id))
    .sort((a, b) => Number(a.sort) - Number(b.sort) || a.id - b.id)
    .map((post) => ({ id: post.id, postName: String(post.postName) }));
}

export function nextId(store: MockStore, kind: keyof MockStore['nextId']): number {
  const id = store.nextId[kind];
  store.nextId[kind] = id + 1;
  return id;
}

/** The ids of `id` and everything below it in a pid tree. */
export function subtreeIds(nodes: ReadonlyArray<{ id: number; pid: number | null }>, id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (node.pid !== null && ids.has(node.pid) && !ids.has(node.id)) {
        ids.add(node.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Region names from the province down to `id`, or [] when unknown. */
export function regionPath(store: MockStore, id: number): Array<{ id: number; name: string }> {
  const path: Array<{ id: number; name: string }> = [];
  let region = store.regions.find((r) => r.id === id);
  while (region) {
    path.unshift({ id: region.id, name: region.name });
    const pid = region.pid;
    region = pid === null ? undefined : store.regions.find((r) => r.id === pid);
  }
  return path;
}

export function toOrg(store: MockStore, org: StoredOrg): Org {
  const path = org.regionId === null ? [] : regionPath(store, org.regionId);
  return {
    ...org,
    hasChildren: store.orgs.some((o) => o.pid === org.id),
    regionName: path.length ? path.map((r) => r.name).join(' / ') : null,
  };
}

/** What a new account needs said (its number, name and organisation too); every other field has a default. */
export type NewAccount = Partial<StoredAccount> & Pick<StoredAccount, 'id' | 'password'>;

/**
 * A new account as kept: every field of the account's descriptor (contract accounts.entity.ts) at its default (null,
 * enabled, created now) and the account's own marks unset, under what `values` says.
 */
export function newAccount(values: NewAccount): StoredAccount {
  return {
    ...(newRow(accountEntity) as Omit<StoredAccount, 'password'>),
    builtin: false,
    regionName: null,
    secondFactor: false,
    contactVerified: false,
    emailVerified: false,
    ...values,
  };
}

/** An account as answered: its descriptor's fields, its own marks, and the names and nests the server joins in. */
export function toAccount(store: MockStore, account: StoredAccount): Account {
  const posts = heldPosts(store, account);
  const org = store.orgs.find((o) => o.id === account.orgId);
  const role = account.roleId === null ? undefined : store.roles.find((r) => r.id === account.roleId);
  return {
    ...(answeredFields(accountEntity, account) as Pick<Account, keyof typeof accountEntity.fields>),
    builtin: account.builtin,
    regionName: account.regionName,
    secondFactor: account.secondFactor,
    contactVerified: account.contactVerified,
    emailVerified: account.emailVerified,
    orgName: org?.name ?? '',
    belongOrgName: org?.fullName || org?.name || '',
    roleName: role?.name ?? null,
    // As the server nests them (specification §3).
    sysRole: role
      ? {
          id: role.id,
          name: role.name,
          remark: role.remark,
          type: role.builtin ? 1 : 0,
          resources: store.resources
            .filter((r) => role.builtin || role.resources.includes(r.id))
            .map((r) => ({ id: r.id, name: r.name, pid: r.pid })),
        }
      : null,
    sysOrg: {
      id: account.orgId,
      name: org?.name ?? '',
      fullName: org?.fullName ?? null,
      orgCode: org?.orgCode ?? null,
      pid: org?.pid ?? null,
      remark: null,
      createTime: org?.createTime ?? account.createTime,
    },
    pendingApproval: account.pendingApproval ?? false,
    postIds: posts.map((post) => post.id),
    posts,
  };
}

/** `assignable`: whether `caller` may hand the role out and act on it (the dominance rule). */
export function toRole(store: MockStore, role: StoredRole, assignable: boolean): Role {
  return {
    ...role,
    resources: role.builtin ? store.resources.map((r) => r.id) : [...role.resources],
    accountCount: store.accounts.filter((a) => a.roleId === role.id).length,
    assignable,
  };
}

/** Siblings by orderNum, then id: the order the server answers trees in. */
export const byOrder = (a: { orderNum: number; id: number }, b: { orderNum: number; id: number }) =>
  a.orderNum - b.orderNum || a.id - b.id;
