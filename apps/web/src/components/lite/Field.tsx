import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { t } from '@/lib/i18n';
import { Icon } from './Icon';

interface FieldProps {
  /** The field's message; the input is marked invalid while there is one. */
  error?: string | null;
  children(control: { invalid: boolean; describedBy: string | undefined }): ReactNode;
}

/** A form field (antd Form.Item without a label): the control, then its error under it. */
export function Field({ error, children }: FieldProps) {
  const errorId = useId();
  return (
    <div className={error ? 'gh-field gh-has-error' : 'gh-field'}>
      {children({ invalid: Boolean(error), describedBy: error ? errorId : undefined })}
      <div id={errorId} className="gh-field-error" aria-live="polite">
        {error ?? ''}
      </div>
    </div>
  );
}

export interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix' | 'size' | 'className'> {
  value: string;
  onChange(value: string): void;
  prefix?: IconDefinition;
  invalid?: boolean;
  describedBy?: string;
  suffix?: ReactNode;
}

/** A large text input with a leading icon (antd Input `size="large" prefix`). Its placeholder is also its name. */
export function TextInput({ value, onChange, prefix, invalid, describedBy, suffix, ...rest }: TextInputProps) {
  return (
    <span className="gh-input">
      {prefix && <Icon icon={prefix} />}
      <input
        aria-label={rest.placeholder}
        {...rest}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {suffix}
    </span>
  );
}

/** A password input with the eye button that shows or hides what was typed (antd Input.Password). */
export function PasswordInput(props: Omit<TextInputProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  const label = t(visible ? 'common.hidePassword' : 'common.showPassword');
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="gh-input-suffix"
          aria-label={label}
          title={label}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Icon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}
