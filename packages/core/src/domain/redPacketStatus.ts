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
  /**
   * True when the issuer or the system withdrew it before activation.
   * @defaultValue false
   */
  invalid?: boolean;
  /** The current time, epoch milliseconds. */
  nowMs: number;
}

/**
 * A red packet's state (spec section 4: inactive, then activated, otherwise expired or
 * invalid). A received packet is `inactive` until activated, and its income starts once
 * `activated`; one not activated by its deadline is `expired`; one withdrawn before activation is
 * `invalid`. The deadline itself still allows activation. Once activated, a packet stays
 * `activated`: the spec names no later state.
 */
export function redPacketStatus(input: RedPacketStatusInput): RedPacketStatus {
  const { activatedAtMs, activationDeadlineMs, invalid = false, nowMs } = input;
  if (activatedAtMs !== null && activatedAtMs !== undefined) return 'activated';
  if (invalid) return 'invalid';
  if (nowMs > activationDeadlineMs) return 'expired';
  return 'inactive';
}

/**
 * The state a red packet moves to on an event, or `null` when the event is not allowed in its
 * current state. Only an `inactive` packet moves: `activate` → `activated`, `expire` →
 * `expired`, `invalidate` → `invalid`; the other three states are final.
 */
export function nextRedPacketStatus(
  status: RedPacketStatus,
  event: RedPacketEvent,
): RedPacketStatus | null {
  if (status !== 'inactive') return null;
  switch (event) {
    case 'activate':
      return 'activated';
    case 'expire':
      return 'expired';
    case 'invalidate':
      return 'invalid';
    default:
      return event satisfies never;
  }
}

/** Whether the receiver can activate the packet now: only an `inactive` one. */
export function canActivateRedPacket(status: RedPacketStatus): boolean {
  return nextRedPacketStatus(status, 'activate') !== null;
}
