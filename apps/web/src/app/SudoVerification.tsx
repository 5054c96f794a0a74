// The module, not the folder's index: the code input and captcha parts stay out of the layout's chunk.
import { useSudoVerifier } from '@/components/verification/IdentityVerification';

/** Sudo mode in the signed-in layout (components/verification's useSudoVerifier); mounted where antd's providers are. */
export function SudoVerification() {
  return useSudoVerifier();
}
