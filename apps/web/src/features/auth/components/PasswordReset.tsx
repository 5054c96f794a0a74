import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { AntdRoot } from '@/components/antd-root';
import { useIdentityVerification } from '@/components/verification/IdentityVerification';
import { updatePasswordPath } from '@/lib/router/update-password';

/**
 * The sign-in page's 忘记密码？: verifies the identity by e-mail or SMS, then goes to the password page. Fetched on the
 * first click (the verification hook and the antd root are not part of the page's first load,
 * docs/frontend-budgets.md); it stays mounted afterwards, so the dialog's closing animates, and each click (`round`)
 * opens the dialog again.
 */
export function PasswordReset({ round }: { round: number }) {
  const navigate = useNavigate();
  const { verify, dialog } = useIdentityVerification();
  const open = useEffectEvent(() => {
    let live = true;
    void verify({ types: ['email', 'mobile'], command: 'reset' }).then((token) => {
      if (live && token) navigate(updatePasswordPath(token));
    });
    // A newer round (or leaving the page) ends this one as closed: its answer is not followed.
    return () => {
      live = false;
    };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each round (a click of 忘记密码？) opens the dialog again.
  useEffect(() => open(), [round]);
  return dialog && <AntdRoot>{dialog}</AntdRoot>;
}
