import { CANCELLATION_GRACE_DAYS } from '../constants';

const CANCELLATION_GRACE_MS = CANCELLATION_GRACE_DAYS * 24 * 60 * 60 * 1000;

/**
 * The state of an account cancellation: `pending` while logging in again still revokes it,
 * `final` afterwards.
 */
export type CancellationState = 'pending' | 'final';

/**
 * The state of an account cancellation requested at `requestedAtMs` (spec section 4): logging in
 * again within `CANCELLATION_GRACE_DAYS` (30) days revokes it (`pending`); from exactly 30 days on it is `final`.
 *
 * @param requestedAtMs - epoch milliseconds of the cancellation request
 * @param nowMs - the current time, epoch milliseconds
 */
export function cancellationState(requestedAtMs: number, nowMs: number): CancellationState {
  return nowMs - requestedAtMs < CANCELLATION_GRACE_MS ? 'pending' : 'final';
}
