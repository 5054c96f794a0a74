import { App } from 'antd';
import type { ReactNode } from 'react';
import { type MessageKey, t } from '@/lib/i18n';

/** A question that names what goes: 删除角色「{name}」？ (every such text takes `{name}`). */
export type DeleteQuestion = Exclude<Extract<MessageKey, `${string}.delete${string}Confirm`>, 'account.deleteConfirm'>;

export interface DeleteConfirmation {
  /** The question, e.g. 'role.deleteConfirm' (删除角色「{name}」？). */
  question: DeleteQuestion;
  /** How the object is named in it: 管理员, 性别（gender）. */
  name: string;
  /** A line under the question (what else goes with it, why it cannot go yet). */
  detail?: ReactNode;
  /**
   * The delete, through the screen's `useListMutation` (`removal.run(x)`): the OK button spins while it runs; a
   * refusal has been toasted by the http client and the dialog closes either way.
   */
  run: () => Promise<unknown>;
}

/**
 * The delete confirmation of every management screen: the question names the object (never a bare 是否删除?), the
 * OK button is red and spins while the delete runs. Success toast and refresh belong to the mutation.
 */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  return ({ question, name, detail, run }: DeleteConfirmation) =>
    modal.confirm({
      title: t(question, { name }),
      content: detail,
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => run(),
    });
}
