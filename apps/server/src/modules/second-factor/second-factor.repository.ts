import type { Insertable, Kysely } from 'kysely';
import type {
  AccountPasskeyTable,
  DB,
  SignInTicketTable,
  WebAuthnChallengeTable,
  WebAuthnPurpose,
} from '../../platform/db/schema.js';

/** Every SQL statement of the second factor: authenticator apps, passkeys, recovery codes, tickets. */
export function createSecondFactorRepository(db: Kysely<DB>) {
  /**
   * `account.second_factor` follows the factors: 1 while an enabled authenticator app or a passkey exists. Run in
   * the transaction that changed them, so the flag and the rows never disagree.
   */
  async function syncFlag(trx: Kysely<DB>, accountId: number): Promise<boolean> {
    const totp = await trx
      .selectFrom('account_totp')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    const passkey = totp
      ? undefined
      : await trx.selectFrom('account_passkey').select('id').where('account_id', '=', accountId).executeTakeFirst();
    const on = !!totp || !!passkey;
    await trx
      .updateTable('account')
      .set({ second_factor: on ? 1 : 0 })
      .where('id', '=', accountId)
      .execute();
    // No factor left: the recovery codes would open nothing, and a factor added later brings new ones.
    if (!on) await trx.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute();
    return on;
  }

  async function replaceCodes(trx: Kysely<DB>, accountId: number, hashes: string[]): Promise<void> {
    await trx.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute();
    await trx
      .insertInto('account_recovery_code')
      .values(hashes.map((code_hash) => ({ code_hash, account_id: accountId, used_at: null })))
      .execute();
  }

  return {
    /** What the second factor needs of an account: its number (logs, the authenticator's label) and standing. */
    account(accountId: number) {
      return db
        .selectFrom('account')
        .leftJoin('role', 'role.id', 'account.role_id')
        .select([
          'account.id',
          'account.account_number',
          'account.account_name',
          'account.state',
          'account.pending_approval',
          'account.second_factor',
          'role.require_second_factor',
        ])
        .where('account.id', '=', accountId)
        .executeTakeFirst();
    },

    totp(accountId: number) {
      return db.selectFrom('account_totp').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },

    /** A new secret awaiting its first code; an unconfirmed one is replaced, an enabled one is left alone. */
    async stageTotp(accountId: number, sealed: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('account_totp')
          .select('enabled_at')
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (current?.enabled_at) return false;
        await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute();
        await trx
          .insertInto('account_totp')
          .values({ account_id: accountId, secret: sealed, enabled_at: null, last_step: 0, create_time: now })
          .execute();
        return true;
      });
    },

    /**
     * Turns the staged secret on with the step its first code was for, and replaces the recovery codes: false when
     * the staged secret changed or was enabled meanwhile.
     */
    async enableTotp(accountId: number, sealed: string, step: number, now: string, codeHashes: string[]) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('account_totp')
          .set({ enabled_at: now, last_step: step })
          .where('account_id', '=', accountId)
          .where('secret', '=', sealed)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return false;
        await replaceCodes(trx, accountId, codeHashes);
        await syncFlag(trx, accountId);
        return true;
      });
    },

    /** Spends a time step: true only for the one caller that moved `last_step` forward to it (a code works once). */
    async useTotpStep(accountId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('account_totp')
        .set({ last_step: step })
        .where('account_id', '=', accountId)
        .where('enabled_at', 'is not', null)
        .where('last_step', '<', step)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async removeTotp(accountId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute();
        await syncFlag(trx, accountId);
      });
    },

    passkeys(accountId: number) {
      return db
        .selectFrom('account_passkey')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('create_time')
        .orderBy('id')
        .execute();
    },

    passkey(id: string) {
      return db.selectFrom('account_passkey').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Keeps a new passkey; with `codeHashes` (the account's first second factor) its recovery codes too. False when
     * the credential is already registered.
     */
    async addPasskey(row: Insertable<AccountPasskeyTable>, codeHashes: string[] | undefined): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('account_passkey').select('id').where('id', '=', row.id).executeTakeFirst();
        if (taken) return false;
        await trx.insertInto('account_passkey').values(row).execute();
        if (codeHashes) await replaceCodes(trx, row.account_id, codeHashes);
        await syncFlag(trx, row.account_id);
        return true;
      });
    },

    async renamePasskey(accountId: number, id: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable('account_passkey')
        .set({ name })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async removePasskey(accountId: number, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('account_passkey')
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (result.numDeletedRows !== 1n) return false;
        await syncFlag(trx, accountId);
        return true;
      });
    },

    /**
     * A passkey's signature counter moves forward (a clone would answer an older one): true only when it did, or
     * when the authenticator keeps no counter (0 then and now).
     */
    async usePasskey(id: string, counter: number, previous: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('account_passkey')
        .set({ counter, last_used_time: now })
        .where('id', '=', id)
        .where('counter', '=', previous)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async recoveryCodesLeft(accountId: number): Promise<number> {
      const row = await db
        .selectFrom('account_recovery_code')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async replaceRecoveryCodes(accountId: number, hashes: string[]): Promise<void> {
      await db.transaction().execute((trx) => replaceCodes(trx, accountId, hashes));
    },

    /** Spends a recovery code: true only for the one caller that found it unused. */
    async useRecoveryCode(accountId: number, hash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('account_recovery_code')
        .set({ used_at: now })
        .where('code_hash', '=', hash)
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** An administrator's reset: every factor and code of the account gone, its flag off. */
    async removeAll(accountId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute();
        await trx.deleteFrom('account_passkey').where('account_id', '=', accountId).execute();
        await trx.deleteFrom('signin_ticket').where('account_id', '=', accountId).execute();
        await syncFlag(trx, accountId);
      });
    },

    async insertTicket(row: Insertable<SignInTicketTable>): Promise<void> {
      await db.insertInto('signin_ticket').values(row).execute();
    },

    ticket(hash: string) {
      return db.selectFrom('signin_ticket').selectAll().where('ticket_hash', '=', hash).executeTakeFirst();
    },

    /** Takes one attempt from a live ticket; false when none is left (or it is used or expired). */
    async takeTicketAttempt(hash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('signin_ticket')
        .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
        .where('ticket_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts_left', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async setTicketChallenge(hash: string, challenge: string): Promise<void> {
      await db.updateTable('signin_ticket').set({ challenge }).where('ticket_hash', '=', hash).execute();
    },

    /** Uses a ticket up: true only for the one caller that found it unused and unexpired. */
    async useTicket(hash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('signin_ticket')
        .set({ used_at: now })
        .where('ticket_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async insertChallenge(row: Insertable<WebAuthnChallengeTable>): Promise<void> {
      await db.insertInto('webauthn_challenge').values(row).execute();
    },

    /** Challenges asked for from `clientIp` since `since`, counted up to `atMost`. */
    async challengesBy(clientIp: string, since: string, atMost: number): Promise<number> {
      const rows = await db
        .selectFrom('webauthn_challenge')
        .select('id')
        .where('client_ip', '=', clientIp)
        .where('created_at', '>', since)
        .limit(atMost)
        .execute();
      return rows.length;
    },

    /** Spends a challenge of `purpose`: its row for the one caller that found it unused and unexpired. */
    async takeChallenge(id: string, purpose: WebAuthnPurpose, now: string) {
      const row = await db
        .selectFrom('webauthn_challenge')
        .selectAll()
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      if (!row) return undefined;
      const result = await db
        .updateTable('webauthn_challenge')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n ? row : undefined;
    },

    /** Drops tickets and challenges past their life. */
    async purge(before: string): Promise<void> {
      await db.deleteFrom('signin_ticket').where('expires_at', '<', before).execute();
      await db.deleteFrom('webauthn_challenge').where('expires_at', '<', before).execute();
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
