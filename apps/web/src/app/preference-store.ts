import { routes } from '@gatehouse/contract';
import type { PreferenceStore } from '@/components/list-kit/preference-store';
import { call } from '@/lib/http';

/**
 * The list kit's table settings kept per account on the server (GET/PUT /api/preferences/:key), so they follow the
 * account to another browser. A refused save is quiet here: the kit says "表格设置未保存：<reason>" itself.
 */
export const serverPreferenceStore: PreferenceStore = {
  load: (key, signal) => call(routes.getPreference, { params: { key }, signal }),
  save: (key, value) => call(routes.putPreference, { params: { key }, body: value, quiet: true }),
};
