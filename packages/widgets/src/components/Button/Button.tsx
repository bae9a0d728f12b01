import type { ComponentPropsWithRef } from 'react';
import { type ButtonVariants, button, spinner } from './Button.css';

/** Props of {@link Button}: every native button attribute, plus the look. */
export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonVariants {
  /** Shows the button as busy and ignores clicks. Default `false`. */
  loading?: boolean;
}

/** The base button. `type` defaults to `'button'` so it never submits a form by accident. */
export function Button({
  variant,
  size,
  loading = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-busy={loading || undefined}
      className={[button({ variant, size }), className].filter(Boolean).join(' ')}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <span className={spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
