import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import * as styles from './Switch.css';

/** Props of {@link Switch}. */
export interface SwitchProps
  extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'onChange' | 'value' | 'type'> {
  /** Whether it is on (controlled). */
  checked?: boolean;
  /** Whether it starts on (uncontrolled). Default `false`. */
  defaultChecked?: boolean;
  /** Called with the new state when the user toggles it. */
  onCheckedChange?: (checked: boolean) => void;
  /** The visible label, beside the switch. Without one, give an `aria-label`. */
  children?: ReactNode;
  /** A smaller line under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  /** Puts the label before the switch (settings lists). Default `'end'`: the label after it. */
  labelPosition?: 'start' | 'end';
}

/**
 * An on/off setting that applies at once (`role="switch"`, `aria-checked`). Space and Enter
 * toggle it; the button carries `data-state="checked" | "unchecked"`.
 */
export function Switch({
  checked,
  defaultChecked = false,
  onCheckedChange,
  children,
  description,
  labelPosition = 'end',
  disabled,
  id,
  className,
  onClick,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: SwitchProps) {
  const [isOn, setOn] = useControllableState({
    value: checked,
    defaultValue: defaultChecked,
    onChange: onCheckedChange,
  });
  const generatedId = useId();
  const buttonId = id ?? `${generatedId}-switch`;
  const descriptionId = description ? `${generatedId}-description` : undefined;
  const describedBy = [ariaDescribedBy, descriptionId].filter(Boolean).join(' ') || undefined;
  const state = isOn ? 'checked' : 'unchecked';
  const button = (
    <button
      {...rest}
      id={buttonId}
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-describedby={describedBy}
      data-state={state}
      disabled={disabled}
      className={styles.track}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOn(!isOn);
      }}
    >
      <span className={styles.thumb} data-state={state} />
    </button>
  );
  if (!children && !description) return <span className={className}>{button}</span>;
  return (
    <span
      className={cx(styles.root({ labelPosition }), className)}
      data-disabled={disabled || undefined}
    >
      {button}
      <span className={styles.text}>
        <label htmlFor={buttonId} className={styles.label}>
          {children}
        </label>
        {description ? (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        ) : null}
      </span>
    </span>
  );
}
