export { type CodeHandle, CodeInput, type CodeInputProps, codeRule } from './CodeInput';
export { useIdentityVerification, type VerifyMethod, type VerifyOptions } from './IdentityVerification';
export { type CaptchaHandle, captchaRule, ImageCaptcha, type ImageCaptchaProps } from './ImageCaptcha';
export { maskEmail, maskMobile } from './mask';
export { PasswordStrengthInput, type PasswordStrengthInputProps } from './PasswordStrengthInput';
export { passwordScore, type StrengthLevel, strengthLevel } from './password-strength';
export {
  type CaptchaImage,
  type PasskeyChallenge,
  type SecondFactorSummary,
  type SmsCommand,
  useVerificationApi,
  type VerificationApi,
  VerificationApiContext,
} from './verification-api';
export {
  isKnownAuthenticator,
  isWebAuthnCancel,
  loadWebAuthn,
  useWebAuthnSupported,
  webAuthnSupported,
} from './webauthn';
