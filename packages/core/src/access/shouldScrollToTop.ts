import { normalizePath } from './matchRoute';

/**
 * Whether a navigation resets the scroll position to the top (spec section 2: scroll resets on
 * a path change). A change of query or hash alone keeps the position, and so does the first
 * navigation (`fromPath` undefined), where the browser restores it.
 */
export function shouldScrollToTop(fromPath: string | undefined, toPath: string): boolean {
  if (fromPath === undefined) return false;
  return normalizePath(fromPath) !== normalizePath(toPath);
}
