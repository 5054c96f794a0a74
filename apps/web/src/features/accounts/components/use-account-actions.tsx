import { useMutation } from '@tanstack/react-query';
import { App, theme } from 'antd';
import { useListMutation } from '@/components/list-kit';
import {
  type Account,
  accountKeys,
  deleteAccount,
  resetAccountPassword,
  resetSecondFactor as resetSecondFactorOf,
} from '@/features/accounts/api/accounts.api';
import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';

/** An account as the confirmations and messages name it: 谢婷婷（xietingting）. */
export const accountLabel = (account: Pick<Account, 'accountName' | 'accountNumber'>) =>
  t('account.label', { accountName: account.accountName, accountNumber: account.accountNumber });

/**
 * Delete, password-reset and second-factor-reset flows of the account list: confirm (naming the account), write,
 * tell, refresh.
 */
export function useAccountActions() {
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const removal = useListMutation({
    mutationFn: (account: Account) => deleteAccount(account.id),
    queryKey: accountKeys.all,
    success: 'common.deleted',
  });
  const reset = useMutation({ mutationFn: (account: Account) => resetAccountPassword(account.id) });
  const secondFactorReset = useListMutation({
    mutationFn: (account: Account) => resetSecondFactorOf(account.id),
    queryKey: accountKeys.all,
    success: 'account.secondFactorReset',
  });

  const remove = (account: Account) =>
    modal.confirm({
      title: t('account.deleteConfirm', { account: accountLabel(account) }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A refusal has been toasted by the http client; the dialog closes either way.
      onOk: () => removal.run(account),
    });

  const resetPassword = (account: Account) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('account.resetPasswordConfirm', { accountNumber: account.accountNumber }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let password: string | undefined;
        try {
          ({ password } = await reset.mutateAsync(account));
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
        });
      },
    });

  // A lost phone: the account signs in with its password alone, and enrols again when its role requires it.
  const resetSecondFactor = (account: Account) =>
    modal.confirm({
      title: t('account.resetSecondFactorTitle', { account: accountLabel(account) }),
      content: t('account.resetSecondFactorConfirm'),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A refusal has been toasted by the http client; the dialog closes either way.
      onOk: () => secondFactorReset.run(account),
    });

  return { remove, resetPassword, resetSecondFactor };
}
