import { useSyncExternalStore } from 'react';
import { breakpoints } from './tokens';

/**
 * Media queries for vanilla-extract's `@media` and for {@link useMediaQuery}, built from the
 * breakpoints so no component repeats a pixel value. `narrow` is a phone (under 768 px).
 */
export const media = {
  narrow: `screen and (max-width: ${breakpoints.wide - 0.02}px)`,
  wide: `screen and (min-width: ${breakpoints.wide}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

/**
 * Whether a media query matches, kept in sync with the window. Returns `false` where there is no
 * window (server rendering).
 *
 * @example
 * const isNarrow = useMediaQuery(media.narrow);
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window === 'undefined' ? false : window.matchMedia(query).matches),
    () => false,
  );
}
