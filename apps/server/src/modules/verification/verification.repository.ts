import { type Insertable, type Kysely, sql } from 'kysely';
import type {
  DB,
  MessageQueueTable,
  VerificationCodeTable,
  VerificationKind,
  VerificationTokenTable,
} from '../../platform/db/schema.js';

export function createVerificationRepository(db: Kysely<DB>) {
  return {
    /** The code, and its outbound message when there is one, both or neither. */
    async insertCode(row: Insertable<VerificationCodeTable>, message?: Insertable<MessageQueueTable>): Promise<void> {
      if (!message) {
        await db.insertInto('verification_code').values(row).execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('verification_code').values(row).execute();
        await trx.insertInto('message_queue').values(message).execute();
      });
    },

    findCode(id: string, kind: VerificationKind) {
      return db
        .selectFrom('verification_code')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },

    /** Uses a captcha up: true only for the one caller that found it unused and unexpired. */
    async useCode(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('verification_code')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Takes one attempt from a live code; false when none is left (or it is used or expired). */
    async takeAttempt(id: string, kind: VerificationKind, now: string): Promise<boolean> {
      const result = await db
        .updateTable('verification_code')
        .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts_left', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Codes sent to `recipient` since `since`, newest first time included. */
    async sentTo(kind: VerificationKind, recipient: string, since: string) {
      const row = await db
        .selectFrom('verification_code')
        .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('created_at').as('last')])
        .where('kind', '=', kind)
        .where('recipient', '=', recipient)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), last: row.last as string | null };
    },

    /** Rows of the given kinds created for `clientIp` since `since`. */
    async createdBy(clientIp: string, kinds: VerificationKind[], since: string): Promise<number> {
      const row = await db
        .selectFrom('verification_code')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('client_ip', '=', clientIp)
        .where('kind', 'in', kinds)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertToken(row: Insertable<VerificationTokenTable>): Promise<void> {
      await db.insertInto('verification_token').values(row).execute();
    },

    findToken(tokenHash: string) {
      return db.selectFrom('verification_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Spends a token: true only for the one caller that found it unused and unexpired. */
    async useToken(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('verification_token')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Accounts whose mobile (联系电话) is `mobile`, stored with or without the +86 / 0086 prefix. */
    accountsByMobile(mobile: string) {
      return db
        .selectFrom('account')
        .select(['id', 'account_number', 'state'])
        .where('contact_number', 'in', [mobile, `+86${mobile}`, `0086${mobile}`])
        .orderBy('id')
        .limit(2)
        .execute();
    },

    /** Accounts whose e-mail is `email`, ignoring case. */
    accountsByEmail(email: string) {
      return db
        .selectFrom('account')
        .select(['id', 'account_number', 'state'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .limit(2)
        .execute();
    },

    /** Whether a registration with this mobile would collide with an account number or another account's mobile. */
    async mobileInUse(mobile: string): Promise<boolean> {
      const row = await db
        .selectFrom('account')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('account_number', '=', mobile),
            eb('contact_number', 'in', [mobile, `+86${mobile}`, `0086${mobile}`]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Drops rows no limit or check can need any more. */
    async purge(codesBefore: string, tokensBefore: string): Promise<void> {
      await db.deleteFrom('verification_code').where('created_at', '<', codesBefore).execute();
      await db.deleteFrom('verification_token').where('expires_at', '<', tokensBefore).execute();
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
