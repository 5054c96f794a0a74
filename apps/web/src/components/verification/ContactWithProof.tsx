import { Tag, Tooltip } from 'antd';
import { t } from '@/lib/i18n';

/**
 * A stored mobile number or e-mail, with 未验证 beside it while its owner has not proven it: a contact an
 * administrator set receives no recovery, sign-in or verification codes until then. Nothing for an empty value.
 * A module of its own (not the folder's index), so a list screen takes it without the code input and captcha.
 */
export function ContactWithProof({ value, verified }: { value: string | null | undefined; verified: boolean }) {
  if (!value?.trim()) return null;
  return (
    <span>
      {value}
      {!verified && (
        <Tooltip title={t('verify.unverifiedHint')}>
          <Tag color="warning" variant="filled" style={{ marginInline: '6px 0' }} data-testid="contact-unverified">
            {t('verify.unverified')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}
