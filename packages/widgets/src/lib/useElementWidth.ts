import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * The content width of an element in CSS pixels, measured before the first paint and kept up to
 * date with a `ResizeObserver`. `undefined` until the element is attached.
 *
 * @returns a callback ref for the element, and its width
 */
export function useElementWidth<E extends HTMLElement>(): [
  (element: E | null) => void,
  number | undefined,
] {
  const [element, setElement] = useState<E | null>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  const ref = useCallback((node: E | null) => setElement(node), []);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      // Whole pixels: sub-pixel jitter would redraw the chart for nothing.
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [ref, width];
}
