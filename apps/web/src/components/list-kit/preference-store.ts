import { createContext, useContext } from 'react';

/**
 * Where the kit keeps a table's settings (columns, density) for the signed-in account. Components talk no HTTP
 * (DESIGN §1): the app provides the implementation (app/preference-store.ts: GET/PUT /api/preferences/:key).
 * A module of its own, so the app's providers can import it without the kit's antd parts.
 */
export interface PreferenceStore {
  /** The value stored under `key` (any JSON), or null when none is. */
  load(key: string, signal: AbortSignal): Promise<unknown>;
  /** Replaces the value under `key`; rejects with an Error whose message says why it was not kept. */
  save(key: string, value: unknown): Promise<unknown>;
}

/** Without a provider nothing is kept: the settings last until the screen is left. */
const memoryOnly: PreferenceStore = {
  load: () => Promise.resolve(null),
  save: () => Promise.resolve(null),
};

export const PreferenceStoreContext = createContext<PreferenceStore>(memoryOnly);

export const usePreferenceStore = () => useContext(PreferenceStoreContext);
