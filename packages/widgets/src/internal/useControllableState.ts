import { useCallback, useRef, useState } from 'react';

/** Options of {@link useControllableState}. */
export interface ControllableStateOptions<T> {
  /** The controlled value; `undefined` leaves the state to the component. */
  value: T | undefined;
  /** The first value when uncontrolled. */
  defaultValue: T;
  /** Called with every new value, controlled or not. */
  onChange?: ((value: T) => void) | undefined;
}

/**
 * Radix-style controlled/uncontrolled state: `value` wins when given, otherwise the component
 * keeps its own state starting at `defaultValue`; `onChange` hears every change either way.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const isControlled = value !== undefined;
  const current = isControlled ? value : uncontrolledValue;
  // The latest value, so that two changes in one event compare against each other.
  const currentRef = useRef(current);
  currentRef.current = current;

  const setValue = useCallback(
    (next: T) => {
      if (Object.is(next, currentRef.current)) return;
      currentRef.current = next;
      if (!isControlled) setUncontrolledValue(next);
      onChange?.(next);
    },
    [isControlled, onChange],
  );

  return [current, setValue];
}
