import type { ComponentPropsWithRef, ReactElement } from 'react';
import { cx } from '../../internal/cx';
import { Icon, type IconName } from '../Icon/Icon';
import { type IconButtonVariants, iconButton } from './IconButton.css';

/** Props of {@link IconButton}. */
export interface IconButtonProps
  extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'>,
    IconButtonVariants {
  /** What the button does, read by screen readers (the button shows no text). Required. */
  label: string;
  /** A built-in icon name, or your own decorative SVG element. */
  icon: IconName | ReactElement;
  /** Makes it a toggle button with `aria-pressed`. Default: not a toggle. */
  pressed?: boolean;
}

/**
 * A square button that shows only an icon; `label` becomes its accessible name. `type` defaults
 * to `'button'`.
 */
export function IconButton({
  label,
  icon,
  pressed,
  variant,
  size,
  type = 'button',
  className,
  ...rest
}: IconButtonProps) {
  return (
    <button
      data-state={pressed === undefined ? undefined : pressed ? 'on' : 'off'}
      {...rest}
      type={type}
      aria-label={label}
      aria-pressed={pressed}
      className={cx(iconButton({ variant, size }), className)}
    >
      {typeof icon === 'string' ? <Icon name={icon} size={size === 'sm' ? 16 : 20} /> : icon}
    </button>
  );
}
