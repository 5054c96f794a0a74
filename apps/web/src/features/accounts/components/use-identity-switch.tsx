import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { type Account, restoreIdentity, switchIdentity } from '@/features/accounts/api/accounts.api';
import { http } from '@/lib/http';
import { t } from '@/lib/i18n';
import { useSession } from '@/stores/session';

/**
 * Identity switch (reference UI §7, completed): acting as another account, and back. Either way the answer is
 * a new session token; it is signed in like a login (permissions and user reloaded), every cached answer of
 * the previous identity is dropped, and the user lands on the home page (the screen they were on may not be
 * open to the new identity).
 */
export function useIdentitySwitch() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const become = async (token: string) => {
    navigate('/');
    http.clearCache();
    queryClient.clear();
    await useSession.getState().signIn(token);
  };

  const switchTo = (account: Account) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('account.switchIdentityConfirm', { accountNumber: account.accountNumber }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let token: string;
        try {
          token = await switchIdentity(account.id);
        } catch {
          return; // Reported by the http client (e.g. the target holds more than the caller).
        }
        await become(token);
        message.success({ content: t('account.switched'), key: 'account.switched' });
      },
    });

  const restore = async () => {
    let token: string;
    try {
      token = await restoreIdentity();
    } catch {
      return;
    }
    await become(token);
    message.success({ content: t('header.restored'), key: 'header.restored' });
  };

  return { switchTo, restore };
}
