import { useId } from 'react';
import { cx } from '../../internal/cx';
import { visuallyHidden } from '../../internal/shared.css';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { isInvalid, useFormFieldControl } from '../FormField/FormField';
import { inputWrapper } from '../Input/Input.css';
import * as styles from './DateRangePicker.css';

/** A range of calendar days as `YYYY-MM-DD` strings; `null` while not chosen. */
export interface DateRange {
  /** The first day, `YYYY-MM-DD`. */
  start: string | null;
  /** The last day, `YYYY-MM-DD`, never before `start`. */
  end: string | null;
}

/** Texts of {@link DateRangePicker}; each defaults to the `widgets.*` translation. */
export interface DateRangePickerLabels {
  /** The group's name when no `FormField` labels it. Default `t('widgets.dateRange')`. */
  group?: string;
  /** Default `t('widgets.startDate')`. */
  start?: string;
  /** Default `t('widgets.endDate')`. */
  end?: string;
}

/** Props of {@link DateRangePicker}. */
export interface DateRangePickerProps {
  /** The range (controlled). */
  value?: DateRange;
  /** The first range (uncontrolled). Default: both `null`. */
  defaultValue?: DateRange;
  /** Called with the new range on every change; `start ≤ end` always holds. */
  onValueChange?: (range: DateRange) => void;
  /** The earliest day allowed, `YYYY-MM-DD`. */
  min?: string;
  /** The latest day allowed, `YYYY-MM-DD`, e.g. today for exports. */
  max?: string;
  /** Disables both fields. Default: from the surrounding `FormField`, else `false`. */
  disabled?: boolean;
  /** Requires both days (spec section 5: export requires a date range). Default: from the `FormField`. */
  required?: boolean;
  /** Shows the fields as invalid. Default: from the `FormField`. */
  invalid?: boolean;
  /** The start field's id (a label's `htmlFor` points at it). Default: from the `FormField`. */
  id?: string;
  /** Form names of the two fields, e.g. `['from', 'to']`. */
  names?: [start: string, end: string];
  /** Overrides of the texts. */
  labels?: DateRangePickerLabels;
  /** Extra class on the group. */
  className?: string;
}

const EMPTY_RANGE: DateRange = { start: null, end: null };

/**
 * Two native date fields, start and end, for exports and reports. The browser's own picker and
 * keyboard entry work in every language. `start ≤ end` is enforced: each field's `min`/`max`
 * follows the other, and a typed start after the end moves the end to it (and the reverse).
 */
export function DateRangePicker({
  value,
  defaultValue = EMPTY_RANGE,
  onValueChange,
  min,
  max,
  disabled,
  required,
  invalid,
  id,
  names,
  labels,
  className,
}: DateRangePickerProps) {
  const { t } = useMiningT();
  const ownId = useId();
  const { controlProps, labelId } = useFormFieldControl({
    id,
    disabled,
    required,
    'aria-invalid': invalid,
  });
  const [range, setRange] = useControllableState<DateRange>({
    value,
    defaultValue,
    onChange: onValueChange,
  });
  const invalidState = isInvalid(controlProps['aria-invalid']);
  const startId = controlProps.id ?? `${ownId}-start`;

  // ISO days compare correctly as strings.
  const changeStart = (start: string | null) => {
    const end = start && range.end && start > range.end ? start : range.end;
    setRange({ start, end });
  };
  const changeEnd = (end: string | null) => {
    const start = end && range.start && end < range.start ? end : range.start;
    setRange({ start, end });
  };

  const fieldProps = {
    type: 'date',
    className: styles.input,
    disabled: controlProps.disabled,
    required: controlProps.required,
    'aria-invalid': invalidState || undefined,
    'aria-describedby': controlProps['aria-describedby'],
  } as const;

  return (
    <fieldset aria-labelledby={labelId ?? `${ownId}-label`} className={cx(styles.group, className)}>
      {labelId ? null : (
        <span id={`${ownId}-label`} className={visuallyHidden}>
          {labels?.group ?? t('widgets.dateRange')}
        </span>
      )}
      {/* The fieldset groups; this box draws the one text field the two dates share. */}
      <div
        className={inputWrapper({})}
        data-invalid={invalidState || undefined}
        data-disabled={controlProps.disabled || undefined}
      >
        <input
          {...fieldProps}
          id={startId}
          name={names?.[0]}
          aria-label={labels?.start ?? t('widgets.startDate')}
          min={min}
          max={range.end ?? max}
          value={range.start ?? ''}
          onChange={(event) => changeStart(event.target.value || null)}
        />
        <span className={styles.separator} aria-hidden="true">
          –
        </span>
        <input
          {...fieldProps}
          name={names?.[1]}
          aria-label={labels?.end ?? t('widgets.endDate')}
          min={range.start ?? min}
          max={max}
          value={range.end ?? ''}
          onChange={(event) => changeEnd(event.target.value || null)}
        />
      </div>
    </fieldset>
  );
}
