import { MINER_DEAD_MS, MINER_INACTIVE_MS } from '../constants';

/** A miner's connection state (spec section 4). */
export type MinerStatus = 'active' | 'inactive' | 'dead';

/** Options of {@link minerStatus}. */
export interface MinerStatusOptions {
  /**
   * Silence after which a miner is `inactive`: it must last longer than this.
   * @defaultValue `MINER_INACTIVE_MS`, 15 minutes (spec section 4)
   */
  inactiveAfterMs?: number;
  /**
   * Silence after which a miner is `dead`: it must last longer than this. The spec notes a
   * variant that uses one hour (`MINER_DEAD_SHORT_MS`).
   * @defaultValue `MINER_DEAD_MS`, 24 hours (spec section 4)
   */
  deadAfterMs?: number;
}

/**
 * A miner's state from the time of its last share (spec section 4): `active` while it shared
 * within the last 15 minutes, `inactive` after more than 15 minutes of silence, `dead` after more
 * than 24 hours. Each threshold is exclusive: exactly 15 minutes of silence is still `active`.
 *
 * A miner that never sent a share (`null`/`undefined`, or a time that is not a finite number)
 * is `dead`. A last share in the future (clock skew between pool and browser) counts as `active`.
 *
 * @param lastShareMs - epoch milliseconds of the last accepted share
 * @param nowMs - the current time, epoch milliseconds
 * @param options - thresholds; defaults 15 minutes and 24 hours
 * @example
 * minerStatus(now - 16 * 60_000, now); // 'inactive'
 * minerStatus(now - 2 * 3_600_000, now, { deadAfterMs: 3_600_000 }); // 'dead' (the 1 h variant)
 */
export function minerStatus(
  lastShareMs: number | null | undefined,
  nowMs: number,
  options: MinerStatusOptions = {},
): MinerStatus {
  const { inactiveAfterMs = MINER_INACTIVE_MS, deadAfterMs = MINER_DEAD_MS } = options;
  if (lastShareMs === null || lastShareMs === undefined || !Number.isFinite(lastShareMs)) {
    return 'dead';
  }
  const silenceMs = nowMs - lastShareMs;
  if (silenceMs > deadAfterMs) return 'dead';
  if (silenceMs > inactiveAfterMs) return 'inactive';
  return 'active';
}
