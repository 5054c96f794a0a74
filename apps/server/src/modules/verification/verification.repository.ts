import type { Insertable, Kysely } from 'kysely';
import type {
  DB,
  MessageQueueTable,
  VerificationCodeTable,
  VerificationKind,
  VerificationPurpose,
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

    /** Codes of `purpose` one account asked for since `since` (verification_code_account_idx). */
    async askedBy(accountId: number, purpose: VerificationPurpose, since: string): Promise<number> {
      const row = await db
        .selectFrom('verification_code')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
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

    /** Drops rows no limit or check can need any more. */
    async purge(codesBefore: string, tokensBefore: string): Promise<void> {
      await db.deleteFrom('verification_code').where('created_at', '<', codesBefore).execute();
      await db.deleteFrom('verification_token').where('expires_at', '<', tokensBefore).execute();
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
