import { createContext, type ReactNode, useContext, useId } from 'react';
// The widgets' srOnly, the same rule as the kit's visuallyHidden: the widgets that use a field
// load it anyway, and the kit's shared styles would bring its list classes along.
import { srOnly } from '../../lib/widget.css';
import * as styles from './FormField.css';

interface FormFieldContextValue {
  controlId: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** The ARIA wiring a control inside a {@link FormField} receives. */
export interface FormFieldControlProps {
  /** The control's id; the field's label points at it. */
  id?: string | undefined;
  /** The control's own descriptions; the field's hint and error are added after them. */
  'aria-describedby'?: string | undefined;
  /** Validity; the field sets it when it shows an error. */
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
  /** Required; the field sets it when `required`. */
  required?: boolean | undefined;
  /** Disabled; the field sets it when `disabled`. */
  disabled?: boolean | undefined;
}

/**
 * Merges a control's own props with its surrounding {@link FormField}: the id the label points
 * at, `aria-describedby` for the hint and error, `aria-invalid`, `required` and `disabled`. The
 * control's own values win. Outside a field it returns the props unchanged.
 */
export function useFormFieldControl<P extends FormFieldControlProps>(
  props: P,
): { controlProps: P & FormFieldControlProps; labelId: string | undefined } {
  const field = useContext(FormFieldContext);
  if (!field) return { controlProps: props, labelId: undefined };
  const describedBy = [props['aria-describedby'], field.describedBy].filter(Boolean).join(' ');
  return {
    controlProps: {
      ...props,
      id: props.id ?? field.controlId,
      'aria-describedby': describedBy || undefined,
      'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
      required: props.required ?? (field.required || undefined),
      disabled: props.disabled ?? (field.disabled || undefined),
    },
    labelId: field.labelId,
  };
}

/** Whether an `aria-invalid` value means invalid. */
export function isInvalid(value: FormFieldControlProps['aria-invalid']): boolean {
  return value !== undefined && value !== false && value !== 'false';
}

/** Props of {@link FormField}. */
export interface FormFieldProps {
  /** The visible label of the control. Required: every control is labelled. */
  label: ReactNode;
  /** Keeps the label for screen readers but hides it on screen. Default `false`. */
  hideLabel?: boolean;
  /** A help text under the control, linked with `aria-describedby`. */
  hint?: ReactNode;
  /**
   * The validation message. When set, the control gets `aria-invalid="true"` and the message is
   * linked with `aria-describedby` (after the hint).
   */
  error?: ReactNode;
  /** Marks the control as required (a `*` beside the label, `required` on the control). Default `false`. */
  required?: boolean;
  /** Disables the control. Default `false`. */
  disabled?: boolean;
  /** The control's id, which the label points at. Default: generated. */
  id?: string;
  /** Extra class on the wrapper. */
  className?: string;
  /** The control: an {@link Input}, `Select`, `CodeInput`… which reads the field's wiring. */
  children: ReactNode;
}

/**
 * A label, a control, an optional hint and an optional error message, wired for screen readers:
 * the label names the control, hint and error describe it, and an error sets `aria-invalid`.
 */
export function FormField({
  label,
  hideLabel = false,
  hint,
  error,
  required = false,
  disabled = false,
  id,
  className,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `${generatedId}-control`;
  const labelId = `${generatedId}-label`;
  const hintId = hint ? `${generatedId}-hint` : undefined;
  const errorId = error ? `${generatedId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);

  return (
    <FormFieldContext.Provider
      value={{ controlId, labelId, describedBy, invalid, required, disabled }}
    >
      <div
        // Joined here rather than with `cx`: its chunk would cost each money dialog more than this.
        className={className ? `${styles.field} ${className}` : styles.field}
        data-invalid={invalid || undefined}
        data-disabled={disabled || undefined}
      >
        <label id={labelId} htmlFor={controlId} className={hideLabel ? srOnly : styles.label}>
          {label}
          {required ? (
            <span className={styles.requiredMark} aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
        {children}
        {hint ? (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className={styles.error}>
            <span>{error}</span>
          </p>
        ) : null}
      </div>
    </FormFieldContext.Provider>
  );
}
