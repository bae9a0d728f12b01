import { multiplyDecimal } from '../format/decimal';

/** Input of {@link halvingCountdown}. */
export interface HalvingCountdownInput {
  /** The chain's current block height. */
  currentHeight: number;
  /** Blocks between halvings; `null`, `undefined` or `0` when the coin has no halving. */
  halvingIntervalBlocks: number | null | undefined;
  /** Target seconds per block (may be fractional, e.g. 0.1 for KAS). */
  blockTimeSec: number;
  /** The current time, epoch milliseconds. */
  nowMs: number;
  /**
   * Any height at which a halving took place, for chains whose halvings are not multiples of
   * the interval (ZEC: 1,046,400 and 2,726,400 with an interval of 1,680,000).
   * @defaultValue 0 (halvings at every multiple of the interval, as for BTC, LTC, RVN, HNS)
   */
  halvingAnchorHeight?: number;
}

/** A duration split for display. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The next halving of a coin, as {@link halvingCountdown} estimates it. */
export interface HalvingCountdown {
  /** The first height that earns the halved reward. */
  nextHalvingHeight: number;
  /** Blocks still to be found before `nextHalvingHeight`. */
  blocksLeft: number;
  /** Estimated epoch milliseconds of the halving: now plus blocks left times block time. */
  estimatedAtMs: number;
  /** Time left until `estimatedAtMs`, whole units (seconds rounded down). */
  remaining: CountdownParts;
}

/**
 * Splits a duration in milliseconds into whole days, hours, minutes and seconds (the seconds
 * rounded down; a negative duration counts as zero).
 */
export function splitDuration(durationMs: number): CountdownParts {
  const totalSeconds = Math.max(0, Math.floor(durationMs / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
  };
}

/**
 * Estimates a coin's next halving from its height, halving interval and target block time.
 * Halvings happen at `halvingAnchorHeight + k × halvingIntervalBlocks`; the block at a halving
 * height already earns the halved reward, so at exactly such a height the next one is a full
 * interval away. The time estimate assumes blocks arrive at the target block time.
 *
 * Returns `null` when the coin has no halving (`halvingIntervalBlocks` is null, undefined or 0).
 *
 * @throws RangeError when a number is negative or not finite (height and interval must be
 *   integers, block time positive)
 * @example
 * halvingCountdown({ currentHeight: 840_000, halvingIntervalBlocks: 210_000, blockTimeSec: 600, nowMs });
 * // { nextHalvingHeight: 1_050_000, blocksLeft: 210_000, remaining: { days: 1458, hours: 8, … } }
 */
export function halvingCountdown(input: HalvingCountdownInput): HalvingCountdown | null {
  const {
    currentHeight,
    halvingIntervalBlocks,
    blockTimeSec,
    nowMs,
    halvingAnchorHeight = 0,
  } = input;
  if (halvingIntervalBlocks === null || halvingIntervalBlocks === undefined) return null;
  if (halvingIntervalBlocks === 0) return null;
  if (!Number.isInteger(halvingIntervalBlocks) || halvingIntervalBlocks < 0) {
    throw new RangeError(
      `halvingIntervalBlocks must be a positive integer: ${halvingIntervalBlocks}`,
    );
  }
  if (!Number.isInteger(currentHeight) || currentHeight < 0) {
    throw new RangeError(`currentHeight must be a non-negative integer: ${currentHeight}`);
  }
  if (!Number.isInteger(halvingAnchorHeight) || halvingAnchorHeight < 0) {
    throw new RangeError(
      `halvingAnchorHeight must be a non-negative integer: ${halvingAnchorHeight}`,
    );
  }
  if (!Number.isFinite(blockTimeSec) || blockTimeSec <= 0) {
    throw new RangeError(`blockTimeSec must be positive: ${blockTimeSec}`);
  }
  if (!Number.isFinite(nowMs)) throw new RangeError(`nowMs must be finite: ${nowMs}`);

  const halvingsSinceAnchor = Math.floor(
    (currentHeight - halvingAnchorHeight) / halvingIntervalBlocks,
  );
  const nextHalvingHeight = halvingAnchorHeight + (halvingsSinceAnchor + 1) * halvingIntervalBlocks;
  const blocksLeft = nextHalvingHeight - currentHeight;
  const remainingMs = Math.round(blocksLeft * blockTimeSec * 1000);
  return {
    nextHalvingHeight,
    blocksLeft,
    estimatedAtMs: nowMs + remainingMs,
    remaining: splitDuration(remainingMs),
  };
}

/** The facts of a coin that place its halvings (a `CoinInfo` fits). */
export interface HalvingFacts {
  readonly halvingIntervalBlocks: number | null;
  readonly halvingAnchorHeight: number | null;
  readonly blockTimeSec: number | null;
}

/**
 * A coin's next halving from its own facts: {@link halvingCountdown} with the coin's interval,
 * block time and halving anchor (ZEC's halvings are not multiples of its interval). Every
 * countdown of a coin goes through here, so the height, the estimated date and the days left
 * that a page shows come from one estimate and agree. `null` when the coin does not halve or has
 * no block time.
 *
 * @example
 * coinHalvingCountdown(COINS.zec, 3_600_000, now)?.nextHalvingHeight // 4_406_400
 */
export function coinHalvingCountdown(
  coin: HalvingFacts,
  currentHeight: number,
  nowMs: number,
): HalvingCountdown | null {
  if (coin.blockTimeSec === null) return null;
  return halvingCountdown({
    currentHeight,
    halvingIntervalBlocks: coin.halvingIntervalBlocks,
    blockTimeSec: coin.blockTimeSec,
    nowMs,
    halvingAnchorHeight: coin.halvingAnchorHeight ?? 0,
  });
}

/** The facts of a coin that give its reward at a height (a `CoinInfo` fits). */
export interface HalvingRewardFacts {
  readonly blockReward: string | null;
  readonly halvingIntervalBlocks: number | null;
  readonly halvingRewardFactor: string | null;
  readonly blockRewardSinceHeight: number | null;
}

/**
 * The block reward of a coin that halves, at `height`: its `blockReward` times the halving
 * factor once per halving between `blockRewardSinceHeight` and `height` (divided by it for
 * halvings before), so the reward a page shows, and the reward after the next halving, follow
 * the same schedule as the halving height and date. `null` when the coin does not halve or its
 * reward is unknown.
 *
 * @example
 * halvingRewardAt(COINS.btc, 1_050_000) // '1.5625'
 * halvingRewardAt(COINS.rvn, 4_300_000) // '1250'
 */
export function halvingRewardAt(coin: HalvingRewardFacts, height: number): string | null {
  const { blockReward, halvingIntervalBlocks, halvingRewardFactor, blockRewardSinceHeight } = coin;
  if (
    blockReward === null ||
    !halvingIntervalBlocks ||
    halvingRewardFactor === null ||
    blockRewardSinceHeight === null
  ) {
    return null;
  }
  const halvings = Math.floor((height - blockRewardSinceHeight) / halvingIntervalBlocks);
  // Beyond 64 halvings any reward is dust; the bound keeps a wild height from looping long.
  const steps = Math.min(64, Math.abs(halvings));
  const step = halvings >= 0 ? halvingRewardFactor : String(1 / Number(halvingRewardFactor));
  let reward = blockReward;
  for (let index = 0; index < steps; index += 1) reward = multiplyDecimal(reward, step);
  return reward;
}
