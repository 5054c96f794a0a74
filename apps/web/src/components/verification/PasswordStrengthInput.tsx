import { PASSWORD_MAX } from '@gatehouse/contract';
import { Input, theme } from 'antd';
import { t } from '@/lib/i18n';
import { passwordScore, STRENGTH_COLOURS, type StrengthLevel, strengthLevel } from './password-strength';

export interface PasswordStrengthInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Also the input's accessible name; default '请输入密码'. */
  placeholder?: string;
  /** Set by antd Form.Item so a field label names the input. */
  id?: string;
  /** Default 'new-password'. */
  autoComplete?: string;
  autoFocus?: boolean;
  'aria-label'?: string;
}

const LEVEL_WORDS = {
  0: 'verify.strength0',
  1: 'verify.strength1',
  2: 'verify.strength2',
  3: 'verify.strength3',
} as const satisfies Record<StrengthLevel, string>;

/**
 * Password input with a show toggle and, once something is typed, a strength word over a 4-segment bar
 * (reference UI §1.13). Unlike the original, paste is allowed (password managers) and no character is
 * stripped: the form's rules say what is acceptable.
 */
export function PasswordStrengthInput({
  value,
  onChange,
  placeholder,
  id,
  autoComplete,
  autoFocus,
  'aria-label': ariaLabel,
}: PasswordStrengthInputProps) {
  const shownPlaceholder = placeholder ?? t('verify.passwordPlaceholder');
  const level = value ? strengthLevel(passwordScore(value)) : null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Input.Password
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={shownPlaceholder}
        aria-label={ariaLabel ?? shownPlaceholder}
        autoComplete={autoComplete ?? 'new-password'}
        autoFocus={autoFocus}
        maxLength={PASSWORD_MAX}
        style={{ flex: 1 }}
      />
      {level !== null && <StrengthMeter level={level} />}
    </div>
  );
}

function StrengthMeter({ level }: { level: StrengthLevel }) {
  const colour = STRENGTH_COLOURS[level];
  const { token } = theme.useToken();
  const word = t(LEVEL_WORDS[level]);
  return (
    <output
      aria-label={t('verify.strengthLabel', { level: word })}
      data-strength={level}
      style={{ display: 'block', flex: 'none', width: 64, lineHeight: 1 }}
    >
      <div style={{ color: colour, fontSize: 12, textAlign: 'center', marginBottom: 4 }}>{word}</div>
      <div aria-hidden="true" style={{ display: 'flex', gap: 2 }}>
        {([0, 1, 2, 3] as const).map((segment) => (
          <span
            key={segment}
            data-filled={segment <= level}
            style={{
              flex: 1,
              height: 4,
              borderRadius: 2,
              background: segment <= level ? colour : token.colorFillSecondary,
            }}
          />
        ))}
      </div>
    </output>
  );
}
