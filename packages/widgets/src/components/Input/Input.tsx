import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { isInvalid, useFormFieldControl } from '../FormField/FormField';
import { type InputVariants, input, inputWrapper } from './Input.css';

/** Props of {@link Input}: every native input attribute, plus the look. */
export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'>, InputVariants {
  /** Shows the field as invalid and sets `aria-invalid`. Default: from the surrounding `FormField`. */
  invalid?: boolean;
  /** Content inside the border before the text: an icon or a unit. */
  startAdornment?: ReactNode;
  /** Content inside the border after the text: a unit or an icon button. */
  endAdornment?: ReactNode;
  /** Extra class on the outer wrapper (the bordered box). */
  wrapperClassName?: string;
}

/**
 * A text field. Inside a `FormField` it takes the field's id, description and validity. Numbers
 * use tabular figures.
 */
export function Input({
  invalid,
  size,
  startAdornment,
  endAdornment,
  wrapperClassName,
  className,
  ...rest
}: InputProps) {
  const { controlProps: props } = useFormFieldControl({
    ...rest,
    'aria-invalid': invalid ?? rest['aria-invalid'],
  });
  return (
    <div
      className={cx(inputWrapper({ size }), wrapperClassName)}
      data-invalid={isInvalid(props['aria-invalid']) || undefined}
      data-disabled={props.disabled || undefined}
    >
      {startAdornment}
      <input {...props} className={cx(input, className)} />
      {endAdornment}
    </div>
  );
}
