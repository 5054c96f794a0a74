import { Flex, theme } from 'antd';
import { t } from '@/lib/i18n';
import { Uploader } from './Uploader';
import type { UploadFn } from './upload-api';

export interface AvatarUploaderProps {
  /** The avatar's url (or nothing yet). */
  value?: string | null;
  /** Receives the url of the uploaded, cropped picture. */
  onChange?(url: string): void;
  /** Side of the square in px (reference UI, docs/specification.md: 200 on the personal page, 120 in the account dialog). */
  size: number;
  disabled?: boolean;
  upload?: UploadFn;
  'data-testid'?: string;
}

/**
 * A grey square showing the avatar (cover) or '上传头像'; a click chooses an image (t-image), which is cropped
 * square and uploaded (no file list). Works as a form control (value / onChange).
 */
export function AvatarUploader({ value, onChange, size, disabled, upload, ...rest }: AvatarUploaderProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ width: size }}>
      <Uploader
        accept="t-image"
        crop
        ratio={1}
        cropRound
        showFileList={false}
        disabled={disabled}
        upload={upload}
        onSuccess={(response) => onChange?.(response.url)}
        aria-label={t('files.avatarPlaceholder')}
      >
        <Flex
          align="center"
          justify="center"
          data-testid={rest['data-testid']}
          style={{
            width: size,
            height: size,
            background: token.colorFillTertiary,
            border: value ? 'none' : `1px dashed ${token.colorBorder}`,
            borderRadius: 4,
            overflow: 'hidden',
            color: token.colorTextTertiary,
          }}
        >
          {value ? (
            <img
              src={value}
              alt={t('files.avatarAlt')}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <span>{t('files.avatarPlaceholder')}</span>
          )}
        </Flex>
      </Uploader>
    </div>
  );
}
