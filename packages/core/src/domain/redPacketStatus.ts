/** A hashrate red packet's state (spec section 4). */
export type RedPacketStatus = 'inactive' | 'activated' | 'expired' | 'invalid';

/** What can happen to a red packet. */
export type RedPacketEvent = 'activate' | 'expire' | 'invalidate';

/** Input of {@link redPacketStatus}. */
export interface RedPacketStatusInput {
  /** When the receiver activated it; `null`/`undefined` while not activated. */
  activatedAtMs?: number | null;
  /** The last instant it can be activated (epoch milliseconds); inclusive. */
  activationDeadlineMs: number;
  /** When its income ends (epoch milliseconds); `null`/`undefined` before activation. */
  endsAtMs?: number | null;
  /**
   * True when its campaign was disabled before activation.
   * @defaultValue false
   */
  invalid?: boolean;
  /** The current time, epoch milliseconds. */
  nowMs: number;
}

/**
 * A red packet's state (spec section 4: inactive, then activated, otherwise expired or
 * invalid). A received packet is `inactive` until activated, and its income starts once
 * `activated`; one not activated by its deadline (or whose campaign was disabled first) is
 * `invalid`; an activated one is `expired` at the end of its duration. The deadline itself
 * still allows activation.
 */
export function redPacketStatus(input: RedPacketStatusInput): RedPacketStatus {
  const { activatedAtMs, activationDeadlineMs, endsAtMs, invalid = false, nowMs } = input;
  if (activatedAtMs !== null && activatedAtMs !== undefined) {
    return endsAtMs !== null && endsAtMs !== undefined && nowMs >= endsAtMs
      ? 'expired'
      : 'activated';
  }
  if (invalid || nowMs > activationDeadlineMs) return 'invalid';
  return 'inactive';
}

/**
 * The state a red packet moves to on an event, or `null` when the event is not allowed in its
 * current state: `activate` (inactive → activated), `invalidate` (inactive → invalid, the
 * deadline passed or the campaign was disabled), `expire` (activated → expired, the end of its
 * duration). Expired and invalid are final.
 */
export function nextRedPacketStatus(
  status: RedPacketStatus,
  event: RedPacketEvent,
): RedPacketStatus | null {
  switch (event) {
    case 'activate':
      return status === 'inactive' ? 'activated' : null;
    case 'invalidate':
      return status === 'inactive' ? 'invalid' : null;
    case 'expire':
      return status === 'activated' ? 'expired' : null;
    default:
      return event satisfies never;
  }
}

/** Whether the receiver can activate the packet now: only an `inactive` one. */
export function canActivateRedPacket(status: RedPacketStatus): boolean {
  return nextRedPacketStatus(status, 'activate') !== null;
}
