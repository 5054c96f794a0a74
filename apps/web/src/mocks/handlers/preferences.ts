import { PREFERENCE_MAX_BYTES, PREFERENCE_MAX_KEYS, routes } from '@gatehouse/contract';
import { fail, handle } from '@/mocks/handle';
import type { MockStore } from '@/mocks/store';

/** The signed-in account's preferences (created on first use). */
function own(store: MockStore, accountId: number): Map<string, unknown> {
  let mine = store.preferences.get(accountId);
  if (!mine) {
    mine = new Map();
    store.preferences.set(accountId, mine);
  }
  return mine;
}

export const preferenceMocks = {
  getPreference: handle(routes.getPreference, (ctx) => own(ctx.store, ctx.me().id).get(ctx.params.key) ?? null),

  putPreference: handle(routes.putPreference, (ctx) => {
    const mine = own(ctx.store, ctx.me().id);
    const { key } = ctx.params;
    const value = ctx.body ?? null;
    if (value === null) {
      mine.delete(key);
      return null;
    }
    if (new TextEncoder().encode(JSON.stringify(value)).length > PREFERENCE_MAX_BYTES) {
      fail(`偏好设置的内容不能超过 ${PREFERENCE_MAX_BYTES / 1024} KiB（按 UTF-8 编码的 JSON 文本计）`);
    }
    if (!mine.has(key) && mine.size >= PREFERENCE_MAX_KEYS) {
      fail(`每个账号最多保存 ${PREFERENCE_MAX_KEYS} 项偏好设置，请先删除不用的设置`);
    }
    mine.set(key, structuredClone(value));
    return value;
  }),
};
