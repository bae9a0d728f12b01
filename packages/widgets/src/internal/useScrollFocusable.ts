import { useCallback, useState } from 'react';

/**
 * For a container that may scroll: returns a ref callback and `0` as its `tabIndex` while its
 * content overflows, so keyboard users can scroll it even when it holds nothing focusable
 * (WCAG 2.1.1; axe's `scrollable-region-focusable`). `undefined` otherwise, so short content adds
 * no tab stop.
 */
export function useScrollFocusable<E extends HTMLElement>(): [
  (element: E | null) => void,
  0 | undefined,
] {
  const [overflowing, setOverflowing] = useState(false);
  const ref = useCallback((element: E | null) => {
    if (!element) return;
    const measure = () =>
      setOverflowing(
        element.scrollHeight > element.clientHeight + 1 ||
          element.scrollWidth > element.clientWidth + 1,
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [ref, overflowing ? 0 : undefined];
}
