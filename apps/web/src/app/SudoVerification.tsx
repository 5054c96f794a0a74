import { useEffect } from 'react';
// The module, not the folder's index: the code input and captcha parts stay out of the layout's chunk.
import { useIdentityVerification } from '@/components/verification/IdentityVerification';
import { configureHttp } from '@/lib/http';

/**
 * Sudo mode (issue 15): a call the server refuses until the user proves who they are opens the identity dialog,
 * and the http client repeats it once they did. Only the methods that prove identity are offered (a captcha
 * proves no one); a code to the own mobile or e-mail, or the password, marks the session verified on the server.
 * Mounted inside the signed-in layout, where antd's providers are.
 */
export function SudoVerification() {
  const { verify, dialog } = useIdentityVerification();

  useEffect(() => {
    configureHttp({
      verifyIdentity: async () =>
        (await verify({ types: ['password', 'email', 'mobile'], command: 'common' })) !== null,
    });
    return () => configureHttp({ verifyIdentity: null });
  }, [verify]);

  return dialog;
}
