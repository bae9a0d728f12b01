/** A fee coupon's state (spec sections 3 and 4), spelt as the API sends it (`in_use`). */
export type CouponStatus = 'unused' | 'in_use' | 'used' | 'expired';

/** What can happen to a coupon: the user confirms start of use, its period ends, or it lapses. */
export type CouponEvent = 'start' | 'finish' | 'expire';

/** Input of {@link couponStatus}. */
export interface CouponStatusInput {
  /** When the user confirmed the start of use; `null`/`undefined` while unused. */
  startedAtMs?: number | null;
  /** The coupon must be started before this instant (epoch milliseconds); exclusive. */
  useBeforeMs: number;
  /** How long the fee reduction lasts once started; `null`/`undefined` for no end. */
  validityMs?: number | null;
  /** The current time, epoch milliseconds. */
  nowMs: number;
}

/**
 * A coupon's state (spec section 4: unused, then in use after the user confirms the start of
 * use, then used or expired). A started coupon is `in_use` until its validity period has run,
 * then `used`; a coupon never started is `expired` from its use-before instant on (the date is
 * "use before", so the instant itself is too late).
 */
export function couponStatus(input: CouponStatusInput): CouponStatus {
  const { startedAtMs, useBeforeMs, validityMs, nowMs } = input;
  if (startedAtMs !== null && startedAtMs !== undefined) {
    if (validityMs !== null && validityMs !== undefined && nowMs >= startedAtMs + validityMs) {
      return 'used';
    }
    return 'in_use';
  }
  return nowMs >= useBeforeMs ? 'expired' : 'unused';
}

/**
 * The state a coupon moves to on an event, or `null` when the event is not allowed:
 * `unused` --start--> `in_use` --finish--> `used`; `unused` or `in_use` --expire--> `expired`
 * (the spec lets an in-use coupon end either way). `used` and `expired` are final.
 */
export function nextCouponStatus(status: CouponStatus, event: CouponEvent): CouponStatus | null {
  switch (status) {
    case 'unused':
      if (event === 'start') return 'in_use';
      if (event === 'expire') return 'expired';
      return null;
    case 'in_use':
      if (event === 'finish') return 'used';
      if (event === 'expire') return 'expired';
      return null;
    case 'used':
    case 'expired':
      return null;
    default:
      return status satisfies never;
  }
}
