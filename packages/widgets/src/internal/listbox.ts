import type { ReactNode } from 'react';

/** One choice of a `Select` or `Combobox`. */
export interface ListOption<V extends string = string> {
  /** The value reported by `onValueChange`. Unique within the list. */
  value: V;
  /** What the option shows. */
  label: ReactNode;
  /** Plain text for typeahead and filtering when `label` is not a string. */
  textValue?: string;
  /** Shown but not choosable. Default `false`. */
  disabled?: boolean;
}

/** The plain text of an option: `textValue`, else a string `label`, else the value. */
export function optionText<V extends string>(option: ListOption<V>): string {
  if (option.textValue !== undefined) return option.textValue;
  return typeof option.label === 'string' || typeof option.label === 'number'
    ? String(option.label)
    : option.value;
}

/**
 * The next enabled index from `from` in `step` direction (+1 or -1), wrapping around; `-1` when
 * nothing is enabled.
 */
export function nextEnabled<V extends string>(
  options: readonly ListOption<V>[],
  from: number,
  step: 1 | -1,
  wrap = true,
): number {
  const count = options.length;
  for (let offset = 1; offset <= count; offset += 1) {
    let index = from + step * offset;
    if (wrap) index = ((index % count) + count) % count;
    else if (index < 0 || index >= count) return from;
    if (!options[index]?.disabled) return index;
  }
  return -1;
}

/** The first (`step` 1) or last (`step` -1) enabled index, or `-1`. */
export function edgeEnabled<V extends string>(
  options: readonly ListOption<V>[],
  step: 1 | -1,
): number {
  return step === 1
    ? options.findIndex((option) => !option.disabled)
    : options.findLastIndex((option) => !option.disabled);
}

/**
 * Typeahead: the first enabled option after `from` whose text starts with `query`
 * (case-insensitive), wrapping around; `-1` when none.
 */
export function findByPrefix<V extends string>(
  options: readonly ListOption<V>[],
  query: string,
  from: number,
): number {
  const needle = query.toLocaleLowerCase();
  const count = options.length;
  for (let offset = 0; offset < count; offset += 1) {
    const index = (from + offset + count) % count;
    const option = options[index];
    if (option && !option.disabled && optionText(option).toLocaleLowerCase().startsWith(needle)) {
      return index;
    }
  }
  return -1;
}
