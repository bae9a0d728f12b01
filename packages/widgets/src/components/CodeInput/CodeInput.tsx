import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useId,
  useRef,
} from 'react';
import { cx } from '../../internal/cx';
import { visuallyHidden } from '../../internal/shared.css';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { isInvalid, useFormFieldControl } from '../FormField/FormField';
import * as styles from './CodeInput.css';

/** Texts of {@link CodeInput}; each defaults to the `widgets.*` translation. */
export interface CodeInputLabels {
  /** The group's name when no `FormField` labels it. Default `t('widgets.codeInput')`. */
  group?: string;
  /** The name of one box. Default `t('widgets.codeDigit', { index, count })`, "Digit 1 of 6". */
  digit?: (index: number, count: number) => string;
}

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** How many digits. Default `6` (authenticator and e-mail codes, spec section 5). */
  length?: number;
  /** The digits entered so far (controlled), at most `length`. */
  value?: string;
  /** The first digits (uncontrolled). Default `''`. */
  defaultValue?: string;
  /** Called with the digits entered so far on every change. */
  onValueChange?: (value: string) => void;
  /** Called once all `length` digits are entered. */
  onComplete?: (code: string) => void;
  /** Disables every box. Default: from the surrounding `FormField`, else `false`. */
  disabled?: boolean;
  /** Shows the boxes as invalid and sets `aria-invalid`. Default: from the `FormField`. */
  invalid?: boolean;
  /** Focuses the first empty box on mount. Default `false`. */
  autoFocus?: boolean;
  /** Submits the code with a form under this name (a hidden input). */
  name?: string;
  /** The id of the first box (a label's `htmlFor` points at it). Default: from the `FormField`. */
  id?: string;
  /** Extra descriptions of the group, besides the `FormField`'s hint and error. */
  'aria-describedby'?: string;
  /** Overrides of the texts read by screen readers. */
  labels?: CodeInputLabels;
  /** Extra class on the group. */
  className?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * A one-time code in separate boxes, one digit each. Typing moves forward, Backspace moves
 * back, arrows move between boxes, and pasting (or the phone's code autofill) spreads the digits
 * over the boxes. The code is a plain string: removing a digit in the middle closes the gap.
 */
export function CodeInput({
  length = 6,
  value,
  defaultValue = '',
  onValueChange,
  onComplete,
  disabled,
  invalid,
  autoFocus = false,
  name,
  id,
  'aria-describedby': ariaDescribedBy,
  labels,
  className,
}: CodeInputProps) {
  const { t } = useMiningT();
  const ownLabelId = useId();
  const { controlProps, labelId } = useFormFieldControl({
    id,
    disabled,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': invalid,
  });
  const [code, setCode] = useControllableState({
    value: value === undefined ? undefined : onlyDigits(value).slice(0, length),
    defaultValue: onlyDigits(defaultValue).slice(0, length),
    onChange: onValueChange,
  });
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  // Focus moves before React re-renders, so focus handlers read the newest code from here.
  const latestCode = useRef(code);
  latestCode.current = code;
  const invalidState = isInvalid(controlProps['aria-invalid']);

  const focusBox = useCallback((index: number) => {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  }, []);

  const commit = (next: string, focusIndex: number) => {
    const trimmed = next.slice(0, length);
    latestCode.current = trimmed;
    setCode(trimmed);
    focusBox(Math.max(0, Math.min(focusIndex, length - 1)));
    if (trimmed.length === length && trimmed !== code) onComplete?.(trimmed);
  };

  // Pasted or autofilled digits: a whole code replaces everything, a part goes in at the box.
  const insertDigits = (index: number, digits: string) => {
    const next = digits.length >= length ? digits : code.slice(0, index) + digits;
    commit(next, next.length);
  };

  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const typed = onlyDigits(event.target.value);
    const previous = code[index] ?? '';
    if (typed.length === 0) {
      // A phone keyboard's delete arrives as a change, not a key.
      if (previous) commit(code.slice(0, index) + code.slice(index + 1), index);
      return;
    }
    if (typed.length === 1 || (typed.length === 2 && typed.includes(previous))) {
      const digit = typed.length === 1 ? typed : typed[0] === previous ? typed[1] : typed[0];
      commit(code.slice(0, index) + (digit ?? '') + code.slice(index + 1), index + 1);
      return;
    }
    insertDigits(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (code[index] !== undefined) commit(code.slice(0, index) + code.slice(index + 1), index);
        else if (index > 0) commit(code.slice(0, index - 1) + code.slice(index), index - 1);
        break;
      case 'Delete':
        event.preventDefault();
        if (code[index] !== undefined) commit(code.slice(0, index) + code.slice(index + 1), index);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(Math.max(0, index - 1));
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(Math.min(index + 1, code.length, length - 1));
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(Math.min(code.length, length - 1));
        break;
      default:
        break;
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (digits) insertDigits(index, digits);
  };

  const groupLabelId = labelId ?? ownLabelId;
  return (
    <fieldset
      aria-labelledby={groupLabelId}
      aria-describedby={controlProps['aria-describedby']}
      className={cx(styles.group, className)}
      data-invalid={invalidState || undefined}
    >
      {labelId ? null : (
        <span id={ownLabelId} className={visuallyHidden}>
          {labels?.group ?? t('widgets.codeInput')}
        </span>
      )}
      {Array.from({ length }, (_, index) => {
        const digit = code[index] ?? '';
        return (
          <input
            // The boxes are positions, fixed for the component's life.
            // biome-ignore lint/suspicious/noArrayIndexKey: positions never reorder
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? controlProps.id : undefined}
            className={styles.box}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: opt-in, for a screen that only asks for the code
            autoFocus={autoFocus && index === Math.min(code.length, length - 1)}
            aria-label={
              labels?.digit?.(index + 1, length) ??
              t('widgets.codeDigit', { index: index + 1, count: length })
            }
            aria-invalid={invalidState || undefined}
            disabled={controlProps.disabled}
            value={digit}
            data-filled={digit ? '' : undefined}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => {
              // Boxes fill left to right: a click past the first empty box lands on it.
              const filled = latestCode.current.length;
              if (index > filled) focusBox(Math.min(filled, length - 1));
              else event.target.select();
            }}
          />
        );
      })}
      {name ? <input type="hidden" name={name} value={code} /> : null}
    </fieldset>
  );
}
