export { verificationApi } from './api/verify.api';
export { VerificationProvider } from './VerificationProvider';
