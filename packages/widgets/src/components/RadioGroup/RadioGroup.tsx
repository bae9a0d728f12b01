import { createContext, type ReactNode, useContext, useId } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { isInvalid, useFormFieldControl } from '../FormField/FormField';
import * as styles from './RadioGroup.css';

interface RadioGroupContextValue {
  name: string;
  value: string | null;
  setValue: (value: string) => void;
  disabled: boolean;
  invalid: boolean;
  required: boolean;
}

const RadioGroupContext = createContext<RadioGroupContextValue | null>(null);

/** Props of {@link RadioGroup}. */
export interface RadioGroupProps {
  /** The chosen value (controlled); `null` for none. */
  value?: string | null;
  /** The first chosen value (uncontrolled). Default `null`. */
  defaultValue?: string | null;
  /** Called when the user chooses another radio. */
  onValueChange?: (value: string) => void;
  /** The group's visible name. Inside a `FormField`, leave it out: the field's label names it. */
  label?: ReactNode;
  /** The form name of the radios. Default: generated. */
  name?: string;
  /** Lays the radios out in a row or a column. Default `'vertical'`. */
  orientation?: 'horizontal' | 'vertical';
  /** Disables every radio. Default: from the surrounding `FormField`, else `false`. */
  disabled?: boolean;
  /** Requires a choice. Default: from the `FormField`. */
  required?: boolean;
  /** Shows the group as invalid. Default: from the `FormField`. */
  invalid?: boolean;
  /** The `Radio`s. */
  children: ReactNode;
  /** Extra class on the group. */
  className?: string;
}

/**
 * A set of radios with one choice (`role="radiogroup"`). Native radios, so arrow keys move and
 * choose within the group and Tab leaves it, as screen-reader users expect.
 */
export function RadioGroup({
  value,
  defaultValue = null,
  onValueChange,
  label,
  name,
  orientation = 'vertical',
  disabled,
  required,
  invalid,
  children,
  className,
}: RadioGroupProps) {
  const generatedId = useId();
  const { controlProps, labelId } = useFormFieldControl({
    disabled,
    required,
    'aria-invalid': invalid,
  });
  const [selected, setSelected] = useControllableState<string | null>({
    value,
    defaultValue,
  });
  const ownLabelId = `${generatedId}-label`;
  const invalidState = isInvalid(controlProps['aria-invalid']);
  return (
    <RadioGroupContext.Provider
      value={{
        name: name ?? generatedId,
        value: selected,
        setValue: (next) => {
          setSelected(next);
          onValueChange?.(next);
        },
        disabled: Boolean(controlProps.disabled),
        invalid: invalidState,
        required: Boolean(controlProps.required),
      }}
    >
      <div
        role="radiogroup"
        aria-labelledby={label ? ownLabelId : labelId}
        aria-describedby={controlProps['aria-describedby']}
        aria-invalid={invalidState || undefined}
        aria-required={controlProps.required || undefined}
        aria-orientation={orientation}
        className={cx(styles.group, className)}
      >
        {label ? (
          <span id={ownLabelId} className={styles.groupLabel}>
            {label}
          </span>
        ) : null}
        <div className={styles.items({ orientation })}>{children}</div>
      </div>
    </RadioGroupContext.Provider>
  );
}

/** Props of {@link Radio}. */
export interface RadioProps {
  /** The value chosen with this radio. Unique within the group. */
  value: string;
  /** The visible label. */
  children: ReactNode;
  /** A smaller line under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  /** Disables this radio only. Default `false`. */
  disabled?: boolean;
  /** Extra class on the label. */
  className?: string;
}

/** One choice of a {@link RadioGroup}; the label carries `data-state="checked" | "unchecked"`. */
export function Radio({ value, children, description, disabled = false, className }: RadioProps) {
  const group = useContext(RadioGroupContext);
  const descriptionId = useId();
  if (!group) throw new Error('<Radio> must be inside a <RadioGroup>.');
  const checked = group.value === value;
  const isDisabled = disabled || group.disabled;
  return (
    <label
      className={cx(styles.radio, className)}
      data-state={checked ? 'checked' : 'unchecked'}
      data-disabled={isDisabled || undefined}
    >
      <span className={styles.control}>
        <input
          type="radio"
          className={styles.input}
          name={group.name}
          value={value}
          checked={checked}
          disabled={isDisabled}
          required={group.required}
          aria-describedby={description ? descriptionId : undefined}
          onChange={() => group.setValue(value)}
        />
        <span className={styles.circle} aria-hidden="true" />
      </span>
      <span className={styles.text}>
        {children}
        {description ? (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
