import { PAY_METHOD_LOCK_MS } from '../constants';

/**
 * When the settlement method may be changed again: `PAY_METHOD_LOCK_MS` (24 hours) after the last change, or `null`
 * when it was never changed (no lock).
 *
 * @param lastChangedAtMs - epoch milliseconds of the last change, if any
 */
export function payMethodUnlocksAtMs(lastChangedAtMs: number | null | undefined): number | null {
  if (lastChangedAtMs === null || lastChangedAtMs === undefined) return null;
  return lastChangedAtMs + PAY_METHOD_LOCK_MS;
}

/**
 * Whether the settlement method may be changed now (spec sections 4 and 9: it cannot be changed
 * again within 24 hours). Exactly 24 hours after the last change it is free again; never
 * changed means free.
 *
 * @param lastChangedAtMs - epoch milliseconds of the last change, if any
 * @param nowMs - the current time, epoch milliseconds
 */
export function payMethodChangeAllowed(
  lastChangedAtMs: number | null | undefined,
  nowMs: number,
): boolean {
  const unlocksAtMs = payMethodUnlocksAtMs(lastChangedAtMs);
  return unlocksAtMs === null || nowMs >= unlocksAtMs;
}
