import { WIDE_SCREEN_BREAKPOINT_PX } from '../constants';

/**
 * Whether an error should be shown as an alert dialog (narrow screens, below 768 px) rather than
 * a toast with a close button for `TOAST_DURATION_MS` (spec section 8). The breakpoint is
 * `WIDE_SCREEN_BREAKPOINT_PX` (768, spec section 9); exactly 768 px is wide.
 *
 * @param viewportWidth - CSS pixels, e.g. `window.innerWidth`
 */
export function shouldShowAsDialog(viewportWidth: number): boolean {
  return viewportWidth < WIDE_SCREEN_BREAKPOINT_PX;
}
