import type { DB } from './schema';

/**
 * The one owner of each table: the module (apps/server/src/modules/<name>) whose repository alone may name the table
 * in a query, or `platform` for the platform's own tables. Other modules read through the owner's exported read
 * functions and write through its services. `satisfies` makes every table of the schema need exactly one entry;
 * `npm run check` (scripts/lint/table-owners.mjs) enforces the map on the code.
 */
export const TABLE_OWNERS = {
  account: 'accounts',
  org: 'orgs',
  role: 'roles',
  role_resource: 'roles',
  role_scope_org: 'roles',
  resource: 'resources',
  session: 'auth',
  setting: 'setup',
  dict: 'dicts',
  dict_item: 'dicts',
  verification_code: 'verification',
  verification_token: 'verification',
  message_queue: 'verification',
  file: 'files',
  text_document: 'files',
  upload_attempt: 'files',
  signin_log: 'signin',
  signin_guard: 'signin',
  audit_log: 'audit',
  row_count: 'platform',
  envelope_nonce: 'envelope',
  account_preference: 'preferences',
  import_job: 'imports',
  account_totp: 'second-factor',
  account_passkey: 'second-factor',
  account_recovery_code: 'second-factor',
  signin_ticket: 'second-factor',
  webauthn_challenge: 'second-factor',
  system_param: 'system-params',
  job_lease: 'platform',
  // The generic engine owns the tables of the contract's CRUD_ENTITIES (descriptor-served entities).
  post: 'crud',
  // The posts an account holds: the accounts module's (the post's delete asks it whether one is held).
  account_post: 'accounts',
} as const satisfies Record<keyof DB, string>;

export type TableOwner = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS];
