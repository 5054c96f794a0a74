import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface PrimaryButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  loading?: boolean;
  children: ReactNode;
}

/**
 * A full-width primary button (antd `type="primary" block size="large"`). While `loading` it shows a spinner,
 * says it is busy and ignores clicks, keeping its name.
 */
export function PrimaryButton({ loading = false, children, onClick, type = 'button', ...rest }: PrimaryButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className="gh-button gh-button-primary"
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading && <span className="gh-spinner" aria-hidden />}
      {children}
    </button>
  );
}
