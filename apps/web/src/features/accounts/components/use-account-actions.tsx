import { App, theme } from 'antd';
import { useConfirmDelete } from '@/components/confirm-delete';
import { type Account, deleteAccount, resetAccountPassword } from '@/features/accounts/api/accounts.api';
import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';

/** Delete and password-reset flows of the account list: confirm, call, tell, reload. */
export function useAccountActions(reload: () => unknown) {
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const confirmDelete = useConfirmDelete();

  const remove = (account: Account) =>
    confirmDelete(
      () => deleteAccount(account.id),
      () => reload(),
    );

  const resetPassword = (account: Account) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('account.resetPasswordConfirm', { accountNumber: account.accountNumber }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let password: string | undefined;
        try {
          ({ password } = await resetAccountPassword(account.id));
        } catch {
          return;
        }
        if (!password) {
          message.warning({ content: t('account.resetFailed'), key: 'account.resetFailed' });
          return;
        }
        const copied = await copyText(password);
        modal.success({
          title: t('common.confirmTitle'),
          okText: t('account.passwordAck'),
          content: (
            <div data-testid="reset-password-result">
              {copied ? t('account.passwordCopied') : t('account.passwordNotCopied')}
              <code style={{ userSelect: 'all', padding: '0 4px', background: token.colorFillTertiary }}>
                {password}
              </code>
            </div>
          ),
          onOk: () => reload(),
        });
      },
    });

  return { remove, resetPassword };
}
