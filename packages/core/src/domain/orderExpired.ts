import { UNPAID_ORDER_CANCEL_MS } from '../constants';

/**
 * When an unpaid contract order is cancelled automatically: `UNPAID_ORDER_CANCEL_MS` (2 hours, spec sections 4 and 9)
 * after it was created.
 *
 * @param createdAtMs - epoch milliseconds of the order's creation
 */
export function orderExpiresAtMs(createdAtMs: number): number {
  return createdAtMs + UNPAID_ORDER_CANCEL_MS;
}

/**
 * Whether an unpaid contract order is past its 2-hour payment window and so cancelled
 * (spec section 4). At exactly 2 hours it has been unpaid for 2 hours: expired. Ask only for
 * orders still unpaid; a paid order never expires.
 *
 * @param createdAtMs - epoch milliseconds of the order's creation
 * @param nowMs - the current time, epoch milliseconds
 */
export function orderExpired(createdAtMs: number, nowMs: number): boolean {
  return nowMs >= orderExpiresAtMs(createdAtMs);
}
