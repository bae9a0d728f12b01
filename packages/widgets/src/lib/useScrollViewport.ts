import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Where a scrolling element is scrolled to, and how tall its view is, in CSS pixels. */
export interface ScrollViewport {
  scrollTop: number;
  /** The element's `clientHeight`: inside its borders, without a horizontal scrollbar. */
  height: number;
}

/**
 * Follows the scroll position and the view height of a scrolling element, measured before the
 * first paint and kept up to date on every scroll and resize. Until the element is attached the
 * view is `initialHeight` tall and scrolled to the top.
 *
 * A scroll re-renders synchronously (`flushSync`), so rows windowed from it follow the scroll in
 * the same frame and a fast scroll never shows an empty gap.
 *
 * @param initialHeight - The height assumed before measuring, e.g. the element's `max-height`.
 * @returns a callback ref for the element, the element (for `scrollTo`), and its view
 */
export function useScrollViewport<E extends HTMLElement>(
  initialHeight: number,
): [(element: E | null) => void, E | null, ScrollViewport] {
  const [element, setElement] = useState<E | null>(null);
  const [view, setView] = useState<ScrollViewport>({ scrollTop: 0, height: initialHeight });
  useLayoutEffect(() => {
    if (!element) return;
    const read = () => {
      const scrollTop = element.scrollTop;
      const height = element.clientHeight;
      setView((previous) =>
        previous.scrollTop === scrollTop && previous.height === height
          ? previous
          : { scrollTop, height },
      );
    };
    read();
    const onScroll = () => flushSync(read);
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [element]);
  return [setElement, element, view];
}
