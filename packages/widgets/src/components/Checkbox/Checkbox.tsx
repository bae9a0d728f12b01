import { useMergeRefs } from '@floating-ui/react';
import { type ComponentPropsWithRef, type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { Icon } from '../Icon/Icon';
import * as styles from './Checkbox.css';

/** A checkbox's state: checked, unchecked, or partly (some children checked). */
export type CheckedState = boolean | 'indeterminate';

/** Props of {@link Checkbox}: native checkbox attributes, plus Radix-style state. */
export interface CheckboxProps
  extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'checked' | 'defaultChecked' | 'children'> {
  /** The state (controlled). */
  checked?: CheckedState;
  /** The first state (uncontrolled). Default `false`. */
  defaultChecked?: CheckedState;
  /** Called with the new state when the user toggles it (never `'indeterminate'`). */
  onCheckedChange?: (checked: boolean) => void;
  /** The visible label. Without one, give an `aria-label`. */
  children?: ReactNode;
  /** A smaller line under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  /** Shows the box as invalid and sets `aria-invalid`. Default `false`. */
  invalid?: boolean;
}

/**
 * A checkbox with its label (a native `<input type="checkbox">`, so forms, Space and screen
 * readers work as usual). The root carries `data-state="checked" | "unchecked" | "indeterminate"`.
 */
export function Checkbox({
  checked,
  defaultChecked = false,
  onCheckedChange,
  children,
  description,
  invalid = false,
  disabled,
  className,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const [state, setState] = useControllableState<CheckedState>({
    value: checked,
    defaultValue: defaultChecked,
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergeRefs([inputRef, ref]);
  const descriptionId = useId();
  // `indeterminate` is a DOM property with no HTML attribute.
  useEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = state === 'indeterminate';
  }, [state]);
  const dataState = state === 'indeterminate' ? 'indeterminate' : state ? 'checked' : 'unchecked';
  const describedBy =
    [ariaDescribedBy, description ? descriptionId : undefined].filter(Boolean).join(' ') ||
    undefined;

  return (
    <label
      className={cx(styles.root, className)}
      data-state={dataState}
      data-disabled={disabled || undefined}
    >
      <span className={styles.control}>
        <input
          {...inputProps}
          ref={mergedRef}
          type="checkbox"
          className={styles.input}
          checked={state === true}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            inputProps.onChange?.(event);
            setState(event.target.checked);
            onCheckedChange?.(event.target.checked);
          }}
        />
        <span className={styles.box} aria-hidden="true">
          {state === 'indeterminate' ? (
            <Icon name="minus" className={styles.mark} />
          ) : state ? (
            <Icon name="check" className={styles.mark} />
          ) : null}
        </span>
      </span>
      {children || description ? (
        <span className={styles.text}>
          {children}
          {description ? (
            <span id={descriptionId} className={styles.description}>
              {description}
            </span>
          ) : null}
        </span>
      ) : null}
    </label>
  );
}
