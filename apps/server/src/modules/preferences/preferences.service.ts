import { PREFERENCE_MAX_BYTES, PREFERENCE_MAX_KEYS } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { createPreferencesRepository } from './preferences.repository.js';

/**
 * Per-account settings of the web app: any JSON value under a key, visible and changeable only by the
 * account itself. The principal's account is the one acting (during an identity switch, the account acted as).
 */
export function createPreferencesService(db: Kysely<DB>, dialect: Dialect) {
  const repo = createPreferencesRepository(db, dialect);

  return {
    /** The stored value, or null when none is stored. */
    async get(key: string, principal: Principal): Promise<unknown> {
      const text = await repo.find(principal.accountId, key);
      return text === undefined ? null : (JSON.parse(text) as unknown);
    },

    /** Stores `value` under `key` (null removes it); answers what is stored. */
    async put(key: string, value: unknown, principal: Principal): Promise<unknown> {
      const accountId = principal.accountId;
      // null removes the key; so does no body at all: the request envelope (REQUEST_ENCRYPTION) carries a null
      // body as none, so both mean the same whichever way the call travels.
      if (value === null || value === undefined) {
        await repo.delete(accountId, key);
        return null;
      }
      const text = JSON.stringify(value);
      // A number JSON cannot hold (1e400 reads as Infinity) is written as null: nothing to keep.
      if (text === 'null') {
        await repo.delete(accountId, key);
        return null;
      }
      if (Buffer.byteLength(text, 'utf8') > PREFERENCE_MAX_BYTES) {
        throw badRequest(t('preference.tooLarge', { kib: PREFERENCE_MAX_BYTES / 1024 }));
      }
      await db.transaction().execute(async (trx) => {
        const r = createPreferencesRepository(trx, dialect);
        if (!(await r.lockAccount(accountId))) throw badRequest(t('account.notFound'));
        if ((await r.countOthers(accountId, key)) >= PREFERENCE_MAX_KEYS) {
          throw badRequest(t('preference.tooMany', { max: PREFERENCE_MAX_KEYS }));
        }
        await r.upsert(accountId, key, text, new Date().toISOString());
      });
      return JSON.parse(text) as unknown;
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
