import { App } from 'antd';
import { t } from '@/lib/i18n';

/**
 * The delete flow of every management screen: confirm '是否删除?' (提示 / 确定 / 取消), call, toast '删除成功',
 * then `after` (reload). A refusal (children, in use, built-in) is toasted by the http client and nothing follows.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return (request: () => Promise<unknown>, after: () => unknown) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await request();
        } catch {
          return;
        }
        message.success({ content: t('common.deleted'), key: 'common.deleted' });
        await after();
      },
    });
}
