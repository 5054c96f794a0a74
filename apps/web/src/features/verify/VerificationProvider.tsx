import type { ReactNode } from 'react';
import { VerificationApiContext } from '@/components/verification/verification-api';
import { verificationApi } from './api/verify.api';

/** Gives the verification components (captcha, code input, identity dialog) their HTTP calls. */
export function VerificationProvider({ children }: { children: ReactNode }) {
  return <VerificationApiContext value={verificationApi}>{children}</VerificationApiContext>;
}
