import type { CommonDict, CommonDictItem } from '@gatehouse/contract';
import type { MockStore } from './store';

/**
 * Adds one common dictionary (contract COMMON_DICTS) with its items to the store's lists, as the server's POST
 * /dict/common stores it: an item's key value is its label unless it says otherwise, enabled unless it says not.
 */
export function addCommonDict(store: Pick<MockStore, 'dicts' | 'dictItems'>, dict: CommonDict): void {
  const nextDictId = Math.max(0, ...store.dicts.map((d) => d.id)) + 1;
  store.dicts.push({ id: nextDictId, dictName: dict.dictName, dictCode: dict.dictCode, remark: dict.remark });
  const add = (items: readonly CommonDictItem[], pid: number | null) => {
    for (const [order, item] of items.entries()) {
      const id = Math.max(0, ...store.dictItems.map((i) => i.id)) + 1;
      store.dictItems.push({
        id,
        dictCode: dict.dictCode,
        value: item.value,
        pid,
        orderNum: order,
        keyValue: item.keyValue ?? item.value,
        state: item.state !== false,
        tagColor: item.tagColor ?? null,
      });
      add(item.children ?? [], id);
    }
  };
  add(dict.items, null);
}
