import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database.js';

/**
 * One set of migrations for both dialects. Only the id column differs (SQLite INTEGER PRIMARY KEY
 * AUTOINCREMENT vs PostgreSQL identity); everything else is portable DDL.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
  const idColumn = (db: Kysely<any>, table: string) => {
    const builder = db.schema.createTable(table);
    return dialect === 'sqlite'
      ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  };
  return {
    '0001_core': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('setting')
          .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();

        await idColumn(db, 'org')
          .addColumn('pid', 'integer', (c) => c.references('org.id'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('full_name', 'varchar(255)')
          .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('org_pid_idx').on('org').column('pid').execute();

        await idColumn(db, 'role')
          .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
          .addColumn('remark', 'varchar(255)')
          .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
          .execute();

        await idColumn(db, 'resource')
          .addColumn('pid', 'integer', (c) => c.references('resource.id'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('route', 'varchar(255)')
          .addColumn('method', 'varchar(10)')
          .addColumn('url', 'varchar(255)')
          .addColumn('remark', 'varchar(255)')
          .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('resource_pid_idx').on('resource').column('pid').execute();
        await db.schema.createIndex('resource_method_url_idx').on('resource').columns(['method', 'url']).execute();

        await db.schema
          .createTable('role_resource')
          .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
          .addColumn('resource_id', 'integer', (c) => c.notNull().references('resource.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('role_resource_pk', ['role_id', 'resource_id'])
          .execute();
        await db.schema.createIndex('role_resource_resource_idx').on('role_resource').column('resource_id').execute();

        await idColumn(db, 'account')
          .addColumn('account_number', 'varchar(100)', (c) => c.notNull().unique())
          .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
          .addColumn('avatar', 'varchar(1000)')
          .addColumn('contact_number', 'varchar(30)')
          .addColumn('email', 'varchar(254)')
          .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
          .addColumn('role_id', 'integer', (c) => c.references('role.id'))
          .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
          .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('account_org_idx').on('account').column('org_id').execute();
        await db.schema.createIndex('account_role_idx').on('account').column('role_id').execute();
        await db.schema.createIndex('account_name_idx').on('account').column('account_name').execute();

        await db.schema
          .createTable('session')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('ended_at', 'varchar(30)')
          .addColumn('ip', 'varchar(64)')
          .addColumn('user_agent', 'varchar(512)')
          .execute();
        await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();
      },
    },
    '0002_directory': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        await db.schema.alterTable('account').addColumn('address', 'varchar(255)').execute();
        await db.schema.alterTable('account').addColumn('introduction', 'varchar(1000)').execute();
        // Changes whenever the role's resource set changes: clients compare it to refresh permissions.
        await db.schema
          .alterTable('role')
          .addColumn('update_time', 'varchar(30)', (c) => c.notNull().defaultTo(''))
          .execute();
        // Set on a session created by an identity switch: the session of the account really acting.
        await db.schema.alterTable('session').addColumn('origin_session_id', 'varchar(64)').execute();

        await idColumn(db, 'dict')
          .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
          .addColumn('remark', 'varchar(255)')
          .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('dict_name_idx').on('dict').column('dict_name').execute();

        await idColumn(db, 'dict_item')
          .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().references('dict.dict_code'))
          .addColumn('value', 'varchar(100)', (c) => c.notNull())
          .addColumn('pid', 'integer', (c) => c.references('dict_item.id'))
          .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('dict_item_code_idx').on('dict_item').columns(['dict_code', 'order_num']).execute();
        await db.schema.createIndex('dict_item_pid_idx').on('dict_item').column('pid').execute();
      },
    },
    '0003_verification': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        await db.schema.alterTable('account').addColumn('company', 'varchar(100)').execute();
        await db.schema.createIndex('account_contact_number_idx').on('account').column('contact_number').execute();
        await db.schema.createIndex('account_email_idx').on('account').column('email').execute();

        // One row per image captcha or sent code: its hashed answer, and the record send limits count.
        await db.schema
          .createTable('verification_code')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('kind', 'varchar(10)', (c) => c.notNull())
          .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
          .addColumn('recipient', 'varchar(254)')
          .addColumn('account_id', 'integer')
          .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
          .addColumn('attempts_left', 'integer', (c) => c.notNull())
          .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('used_at', 'varchar(30)')
          .execute();
        await db.schema
          .createIndex('verification_code_recipient_idx')
          .on('verification_code')
          .columns(['kind', 'recipient', 'created_at'])
          .execute();
        await db.schema
          .createIndex('verification_code_client_idx')
          .on('verification_code')
          .columns(['client_ip', 'kind', 'created_at'])
          .execute();

        // Single-use proofs answered by the validate calls; only their SHA-256 is stored.
        await db.schema
          .createTable('verification_token')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('kind', 'varchar(10)', (c) => c.notNull())
          .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
          .addColumn('recipient', 'varchar(254)')
          .addColumn('account_id', 'integer')
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('used_at', 'varchar(30)')
          .execute();
        await db.schema
          .createIndex('verification_token_expires_idx')
          .on('verification_token')
          .column('expires_at')
          .execute();
      },
    },
    '0004_files': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Uploaded files: the bytes live in the storage driver under `storage_key` (random, also the url key).
        await db.schema
          .createTable('file')
          .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('storage_key', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(500)', (c) => c.notNull())
          .addColumn('ext', 'varchar(10)', (c) => c.notNull())
          .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
          .addColumn('size', 'bigint', (c) => c.notNull())
          .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
          .addColumn('owner_id', 'varchar(64)')
          .addColumn('uploaded_by', 'integer')
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('file_owner_idx').on('file').columns(['owner_id', 'created_at']).execute();

        await db.schema
          .createTable('text_document')
          .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('path', 'varchar(64)', (c) => c.notNull())
          .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('updated_by', 'integer')
          .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
          .addUniqueConstraint('text_document_path_owner_uq', ['path', 'owner_id'])
          .execute();
      },
    },
    '0005_regions': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // GB/T 2260 codes of the region reference tree (served from a data package, not a table).
        await db.schema.alterTable('org').addColumn('region_id', 'integer').execute();
        await db.schema.alterTable('account').addColumn('region_id', 'integer').execute();
      },
    },
    '0006_audit': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // 操作日志: one row per write through the API. Actor numbers are copied so rows outlive accounts.
        await idColumn(db, 'audit_log')
          .addColumn('at', 'varchar(30)', (c) => c.notNull())
          .addColumn('actor_account_id', 'integer')
          .addColumn('actor_account_number', 'varchar(100)')
          .addColumn('origin_account_id', 'integer')
          .addColumn('origin_account_number', 'varchar(100)')
          .addColumn('route_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('method', 'varchar(10)', (c) => c.notNull())
          .addColumn('url', 'varchar(2000)', (c) => c.notNull())
          .addColumn('title', 'varchar(100)', (c) => c.notNull())
          .addColumn('target_type', 'varchar(30)')
          .addColumn('target_id', 'varchar(100)')
          .addColumn('target_label', 'varchar(255)')
          .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('message', 'varchar(500)')
          .addColumn('ip', 'varchar(64)')
          .addColumn('user_agent', 'varchar(500)')
          .addColumn('diff', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
        await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_account_number').execute();
        await db.schema
          .createIndex('audit_log_target_idx')
          .on('audit_log')
          .columns(['target_type', 'target_id'])
          .execute();
      },
    },
    '0007_signin': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // The sign-in log (登录日志): append-only, no API writes; its rows also count the per-client and
        // per-account sign-in limits (ADR 0011).
        await idColumn(db, 'signin_log')
          .addColumn('at', 'varchar(30)', (c) => c.notNull())
          .addColumn('account', 'varchar(100)', (c) => c.notNull())
          .addColumn('account_id', 'integer')
          .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
          .addColumn('reason', 'varchar(30)', (c) => c.notNull())
          .addColumn('method', 'varchar(10)', (c) => c.notNull())
          .addColumn('ip', 'varchar(64)', (c) => c.notNull())
          .addColumn('user_agent', 'varchar(512)')
          .execute();
        await db.schema.createIndex('signin_log_at_idx').on('signin_log').column('at').execute();
        await db.schema.createIndex('signin_log_account_idx').on('signin_log').columns(['account', 'at']).execute();
        await db.schema.createIndex('signin_log_ip_idx').on('signin_log').columns(['ip', 'at']).execute();

        // Consecutive failures per account number as typed (known or not), and the lock they caused.
        await db.schema
          .createTable('signin_guard')
          .addColumn('account', 'varchar(100)', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('last_failure_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('locked_until', 'varchar(30)')
          .execute();
      },
    },
    '0008_sessions': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // 1: the password was generated (first start, administrator reset); only a password change is served.
        await db.schema
          .alterTable('account')
          .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        // Force logout ends the switched sessions opened from a session.
        await db.schema.createIndex('session_origin_idx').on('session').column('origin_session_id').execute();
      },
    },
    '0009_perf': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Row counts kept by triggers in the inserting or deleting transaction: the account list's unfiltered
        // total is one row read instead of a COUNT over every account (every process sees the same number).
        await db.schema
          .createTable('row_count')
          .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
          .addColumn('n', 'bigint', (c) => c.notNull())
          .execute();
        await sql`insert into row_count (name, n) select 'account', count(*) from account`.execute(db);
        // `role:<id>`: accounts holding the role (the roles page shows it for every role).
        await sql`insert into row_count (name, n)
          select 'role:' || role_id, count(*) from account where role_id is not null group by role_id`.execute(db);
        // Bumped by every change of the resource tree or of a role's grants: processes cache permission sets
        // and reload them when it moves.
        await sql`insert into row_count (name, n) values ('permission_version', 0)`.execute(db);
        if (dialect === 'sqlite') {
          await sql`create trigger account_count_insert after insert on account begin
            update row_count set n = n + 1 where name = 'account'; end`.execute(db);
          await sql`create trigger account_count_delete after delete on account begin
            update row_count set n = n - 1 where name = 'account'; end`.execute(db);
          await sql`create trigger account_role_insert after insert on account when new.role_id is not null begin
            insert into row_count (name, n) values ('role:' || new.role_id, 1)
              on conflict (name) do update set n = n + 1; end`.execute(db);
          await sql`create trigger account_role_delete after delete on account when old.role_id is not null begin
            update row_count set n = n - 1 where name = 'role:' || old.role_id; end`.execute(db);
          await sql`create trigger account_role_update after update of role_id on account
            when old.role_id is not new.role_id begin
              update row_count set n = n - 1 where name = 'role:' || old.role_id;
              insert into row_count (name, n) select 'role:' || new.role_id, 1 where new.role_id is not null
                on conflict (name) do update set n = n + 1;
            end`.execute(db);
          for (const table of ['resource', 'role_resource']) {
            for (const event of ['insert', 'update', 'delete']) {
              await sql`create trigger ${sql.raw(`${table}_${event}_version`)} after ${sql.raw(event)} on ${sql.table(table)}
                begin update row_count set n = n + 1 where name = 'permission_version'; end`.execute(db);
            }
          }
          // LIKE is case-insensitive in SQLite: only a NOCASE index serves a prefix match.
          await sql`create index account_number_nocase_idx on account (account_number collate nocase)`.execute(db);
          await sql`create index account_name_nocase_idx on account (account_name collate nocase)`.execute(db);
        } else {
          // Statement-level with transition tables: a bulk insert updates the counter once.
          await sql`create function account_count() returns trigger language plpgsql as $$
            begin
              if tg_op = 'INSERT' then
                update row_count set n = n + (select count(*) from inserted) where name = 'account';
              else
                update row_count set n = n - (select count(*) from deleted) where name = 'account';
              end if;
              return null;
            end $$`.execute(db);
          await sql`create trigger account_count_insert after insert on account
            referencing new table as inserted for each statement execute function account_count()`.execute(db);
          await sql`create trigger account_count_delete after delete on account
            referencing old table as deleted for each statement execute function account_count()`.execute(db);
          await sql`create function account_role_count() returns trigger language plpgsql as $$
            begin
              if tg_op in ('DELETE', 'UPDATE') then
                update row_count set n = row_count.n - d.c
                from (select 'role:' || role_id as name, count(*) as c from deleted
                      where role_id is not null group by role_id) d
                where row_count.name = d.name;
              end if;
              if tg_op in ('INSERT', 'UPDATE') then
                insert into row_count (name, n)
                select 'role:' || role_id, count(*) from inserted where role_id is not null group by role_id
                on conflict (name) do update set n = row_count.n + excluded.n;
              end if;
              return null;
            end $$`.execute(db);
          await sql`create trigger account_role_insert after insert on account
            referencing new table as inserted for each statement execute function account_role_count()`.execute(db);
          await sql`create trigger account_role_delete after delete on account
            referencing old table as deleted for each statement execute function account_role_count()`.execute(db);
          await sql`create trigger account_role_update after update on account
            referencing old table as deleted new table as inserted
            for each statement execute function account_role_count()`.execute(db);
          await sql`create function permission_version() returns trigger language plpgsql as $$
            begin
              update row_count set n = n + 1 where name = 'permission_version';
              return null;
            end $$`.execute(db);
          for (const table of ['resource', 'role_resource']) {
            await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.table(table)}
              for each statement execute function permission_version()`.execute(db);
          }
          // Prefix LIKE needs pattern ops unless the database collation is C.
          await sql`create index account_number_pattern_idx on account (account_number varchar_pattern_ops)`.execute(
            db,
          );
          await sql`create index account_name_pattern_idx on account (account_name varchar_pattern_ops)`.execute(db);
        }
      },
    },
    '0010_signin_counts': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // The sign-in limits count an account's or an address's failed checks in a window. Indexed by (who, at)
        // alone, that walked every successful sign-in in the window too: on a busy office address each sign-in
        // got slower with the day's sign-ins (0.4–0.7 ms each after a few thousand). With the reason in the key,
        // each count reads only the matching rows (one range per reason), up to its cap.
        await db.schema.dropIndex('signin_log_account_idx').execute();
        await db.schema.dropIndex('signin_log_ip_idx').execute();
        await db.schema
          .createIndex('signin_log_account_reason_idx')
          .on('signin_log')
          .columns(['account', 'reason', 'at'])
          .execute();
        await db.schema
          .createIndex('signin_log_ip_reason_idx')
          .on('signin_log')
          .columns(['ip', 'reason', 'at'])
          .execute();
      },
    },
    '0011_authz': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Sudo mode: when the session's owner last proved who they are (the sign-in, then identity verifications).
        await db.schema.alterTable('session').addColumn('verified_at', 'text').execute();
        // A mobile number or e-mail proven by a code (registration, the personal page) belongs to one account only.
        await db.schema
          .alterTable('account')
          .addColumn('contact_verified', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('account')
          .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    '0012_file_ownership': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Issue 15: a text document belongs to the account that first stored it (a file already names its
        // uploader). Earlier documents go to their last writer, the best record there is.
        await db.schema.alterTable('text_document').addColumn('account_id', 'integer').execute();
        await sql`update text_document set account_id = updated_by`.execute(db);
        // The upload quota sums an account's files; the hourly cap counts its recent attempts, kept apart from
        // the files so deleting one does not give an attempt back.
        await db.schema.createIndex('file_uploader_idx').on('file').column('uploaded_by').execute();
        await idColumn(db, 'upload_attempt')
          .addColumn('account_id', 'integer', (c) => c.notNull())
          .addColumn('at', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('upload_attempt_account_idx')
          .on('upload_attempt')
          .columns(['account_id', 'at'])
          .execute();
      },
    },
    '0013_message_queue': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Issue 15: codes leave through a queue a background sender delivers, so a send request takes the same
        // path and time whether or not the recipient has an account. Known and unknown recipients both get a row
        // (`deliver` 0: the sender drops it); the payload (recipient, code, text) is sealed with AES-GCM.
        await idColumn(db, 'message_queue')
          .addColumn('channel', 'varchar(10)', (c) => c.notNull())
          .addColumn('deliver', 'integer', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('claim', 'varchar(64)')
          .addColumn('claimed_until', 'varchar(30)')
          .addColumn('last_error', 'varchar(500)')
          .execute();
        await db.schema.createIndex('message_queue_due_idx').on('message_queue').column('next_attempt_at').execute();
      },
    },
    '0014_signin_scope': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Issue 15: a lock caused from one client address must not keep the owner out from another (ADR 0011).
        // Streaks are kept per account number *and* address; the account number's own streak ('' scope, any
        // address) only asks for the captcha. Old streaks move over as those; old locks (at most 15 minutes,
        // account-wide) are dropped rather than turned into locks of an address nobody knows.
        await db.schema.alterTable('signin_guard').renameTo('signin_guard_0007').execute();
        await db.schema
          .createTable('signin_guard')
          .addColumn('account', 'varchar(100)', (c) => c.notNull())
          .addColumn('scope', 'varchar(64)', (c) => c.notNull())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('last_failure_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('locked_until', 'varchar(30)')
          // Not signin_guard_pkey: on PostgreSQL the renamed table's key keeps that name until it is dropped.
          .addPrimaryKeyConstraint('signin_guard_scope_pkey', ['account', 'scope'])
          .execute();
        await sql`insert into signin_guard (account, scope, failures, last_failure_at, locked_until)
          select account, '', failures, last_failure_at, null from signin_guard_0007`.execute(db);
        await db.schema.dropTable('signin_guard_0007').execute();
        // 'password_check' (a signed-in account's own check) is longer than the methods so far; SQLite does not
        // enforce the length.
        if (dialect === 'postgres') {
          await db.schema
            .alterTable('signin_log')
            .alterColumn('method', (c) => c.setDataType('varchar(20)'))
            .execute();
        }
        // Whether this account was signed in from this address lately: such an address passes the account's
        // hourly cap (the owner keeps a way in while a botnet holds the cap).
        await db.schema
          .createIndex('signin_log_account_id_ip_idx')
          .on('signin_log')
          .columns(['account_id', 'ip', 'outcome', 'at'])
          .execute();
      },
    },
    '0015_envelope_nonce': {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        // Issue 15: each request envelope carries a random nonce, accepted once. Kept in the database (not in a
        // process) so every server process on the data refuses a replay; a row goes once its envelope is stale.
        await db.schema
          .createTable('envelope_nonce')
          .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('envelope_nonce_expires_idx').on('envelope_nonce').column('expires_at').execute();
      },
    },
  };
}

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  // Kysely locks migrations on PostgreSQL (an advisory lock, each migration in a transaction) but not on SQLite,
  // where it counts on a single process. Two processes starting at once on one file (README, "Several
  // processes") then both created the first tables. On SQLite the whole run is one write transaction: the
  // second process waits on the write lock (busy_timeout), then finds every migration done; a failure leaves
  // no half-applied migration.
  if (dialect === 'sqlite') await sql`begin immediate`.execute(db);
  let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    outcome = await migrator.migrateToLatest();
  } catch (error) {
    if (dialect === 'sqlite') await sql`rollback`.execute(db);
    throw error;
  }
  const { error, results } = outcome;
  const failed = results?.find((r) => r.status === 'Error');
  if (dialect === 'sqlite') await sql.raw(error || failed ? 'rollback' : 'commit').execute(db);
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
