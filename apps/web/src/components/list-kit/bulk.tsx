import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type Key, useCallback, useMemo, useState } from 'react';
import { type MessageKey, t } from '@/lib/i18n';

/** What a bulk route answers (the contract's BatchResult): the ids acted on, and each refused id with the reason. */
export interface BulkResult<I extends Key = number> {
  done: I[];
  refused: { id: I; message: string }[];
}

/**
 * The rows picked in a kit table. Kept across pages (antd's `preserveSelectedRowKeys`), so the rows themselves are
 * remembered for the confirmation and the result message, which name them.
 */
export function useRowSelection<T, I extends Key = number>(rowKey: (row: T) => I) {
  const [rows, setRows] = useState<T[]>([]);
  const keys = useMemo(() => rows.map(rowKey), [rows, rowKey]);
  return {
    rows,
    keys,
    keyOf: rowKey,
    /** antd's onChange: the keys in their order and the rows antd knows for them (this page's and earlier ones). */
    onChange: useCallback(
      (nextKeys: Key[], nextRows: (T | undefined)[]) =>
        setRows((current) => {
          const known = new Map<Key, T>(current.map((row) => [rowKey(row), row]));
          for (const row of nextRows) if (row) known.set(rowKey(row), row);
          return nextKeys.flatMap((key) => {
            const row = known.get(key);
            return row ? [row] : [];
          });
        }),
      [rowKey],
    ),
    /** Keeps only the rows whose keys are in `keep` (after a bulk action: the refused ones). */
    keepOnly: (keep: readonly I[]) => setRows((current) => current.filter((row) => keep.includes(rowKey(row)))),
    clear: () => setRows([]),
  };
}

export type RowSelection<T, I extends Key = number> = ReturnType<typeof useRowSelection<T, I>>;

/** How many names a confirmation or a result message lists before "等 N 项". */
const NAMES_SHOWN = 5;

/** The words of an action in a result message: 删除 for "3 项已删除，1 项未删除". */
export type BulkActionWord = Extract<MessageKey, `list.action${string}`>;

/**
 * "3 项已删除，1 项未删除：谢婷婷（xietingting）：不能删除自己" — one sentence for the whole answer, refused rows
 * named (at most five, then 等 N 项) with the server's reason. `nameOf` answers undefined for a row the screen no
 * longer knows; its id is shown then.
 */
export function bulkResultMessage<I extends Key>(
  result: BulkResult<I>,
  action: BulkActionWord,
  nameOf: (id: I) => string | undefined,
): string {
  const word = t(action);
  const parts: string[] = [];
  if (result.done.length > 0 || result.refused.length === 0) {
    parts.push(t('list.bulkDone', { count: result.done.length, action: word }));
  }
  if (result.refused.length > 0) {
    const named = result.refused
      .slice(0, NAMES_SHOWN)
      .map(({ id, message }) => t('list.bulkRefusedItem', { name: nameOf(id) ?? String(id), reason: message }));
    if (result.refused.length > NAMES_SHOWN) {
      named.push(t('list.bulkMore', { count: result.refused.length - NAMES_SHOWN }));
    }
    parts.push(
      t('list.bulkRefused', {
        count: result.refused.length,
        action: word,
        details: named.join(t('list.bulkItemSeparator')),
      }),
    );
  }
  return parts.join(t('list.bulkSeparator'));
}

export interface BulkActionOptions<T, I extends Key = number> {
  selection: RowSelection<T, I>;
  /** Calls the bulk route (the feature's contract call). */
  mutationFn: (ids: I[]) => Promise<BulkResult<I>>;
  /** 删除 / 启用 / …: the verb of the result message. */
  action: BulkActionWord;
  /** How a row is named in the confirmation and the message, e.g. 谢婷婷（xietingting）. */
  nameOf: (row: T) => string;
  /**
   * A row's line in the confirmation when its name alone does not tell rows apart (two sessions of one account);
   * default `nameOf`.
   */
  confirmLine?: (row: T) => string;
  /** The confirmation's question for `count` rows (删除以下 3 个账号？); none asks nothing. */
  confirm?: (count: number) => string;
  /** A destructive action: the confirmation's OK button is red. */
  danger?: boolean;
  /** The list's query key root, refreshed after the action. */
  queryKey: readonly unknown[];
}

/**
 * A bulk action over the selected rows: confirm (naming the count and the rows), call the bulk route through
 * `useMutation`, report `{done, refused}` as one message, refresh the list, and keep the refused rows selected so
 * the user sees which remain. The server decides what is refused (permissions, built-ins, yourself).
 */
export function useBulkAction<T, I extends Key = number>(options: BulkActionOptions<T, I>) {
  const { selection, mutationFn, action, nameOf, confirm, danger, queryKey, confirmLine = nameOf } = options;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn });

  const execute = async (rows: T[]) => {
    const ids = rows.map(selection.keyOf);
    const names = new Map<Key, string>(rows.map((row, index) => [ids[index] as I, nameOf(row)]));
    let result: BulkResult<I>;
    try {
      result = await mutation.mutateAsync(ids);
    } catch {
      return; // The http client has said why (a refusal of the whole request, the network).
    }
    const text = bulkResultMessage(result, action, (id) => names.get(id));
    if (result.refused.length === 0) message.success({ content: text, key: 'list.bulk' });
    else if (result.done.length === 0) message.error({ content: text, key: 'list.bulk', duration: 8 });
    else message.warning({ content: text, key: 'list.bulk', duration: 8 });
    selection.keepOnly(result.refused.map((entry) => entry.id));
    await queryClient.invalidateQueries({ queryKey });
  };

  const run = () => {
    const rows = selection.rows.slice();
    if (rows.length === 0) return;
    if (!confirm) return void execute(rows);
    modal.confirm({
      title: confirm(rows.length),
      content: <ConfirmList names={rows.map(confirmLine)} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => execute(rows),
    });
  };

  return { run, isPending: mutation.isPending };
}

/** Ten names at most in a confirmation; a long selection ends with how many there are in all. */
const CONFIRM_NAMES = 10;

function ConfirmList({ names }: { names: string[] }) {
  return (
    <ul
      data-testid="bulk-confirm-list"
      style={{ margin: '8px 0 0', paddingInlineStart: 20, maxHeight: 240, overflowY: 'auto' }}
    >
      {names.slice(0, CONFIRM_NAMES).map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two rows may share a name; the list never reorders.
        <li key={index} title={name} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </li>
      ))}
      {names.length > CONFIRM_NAMES && <li>{t('list.confirmMore', { count: names.length })}</li>}
    </ul>
  );
}
