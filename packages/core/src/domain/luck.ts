/**
 * Luck and effort (shared/data/pool-math.md, "Luck / effort").
 *
 * - Effort of a round = work done / work expected = Σ(share difficulty) / network difficulty
 *   (Miningcore `PayoutManager.CalculateBlockEffortAsync`); 1 (100 %) is average.
 * - Luck = 1 / effort = expected / actual, shown as a percent: above 100 % is lucky.
 * - Time form (Braiins): luck = expected round time / actual round time, with expected round
 *   time = network difficulty × hashes per difficulty / pool hashrate.
 *
 * Which form the API uses: PoolKit's API reports each block's `effort` in the share form
 * (the pool engine knows every share's difficulty), and luck is always derived from it with
 * {@link luckFromEffort}. The time form is for estimates where only hashrates are known, such as
 * the current round before a block is found.
 */

/** The work behind one block (or round), both sums in the same difficulty units. */
export interface RoundWork {
  /** Σ share difficulty submitted since the previous block (after any coin share multiplier). */
  shareDifficultySum: number;
  /** The network difficulty the block was found at. */
  networkDifficulty: number;
}

function assertPositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive finite number: ${value}`);
  }
}

/**
 * Effort of a block as a ratio: `shareDifficultySum / networkDifficulty` (1 = average work).
 *
 * @throws RangeError when a value is not positive and finite
 * @example blockEffort({ shareDifficultySum: 150, networkDifficulty: 100 }); // 1.5
 */
export function blockEffort(work: RoundWork): number {
  assertPositive('shareDifficultySum', work.shareDifficultySum);
  assertPositive('networkDifficulty', work.networkDifficulty);
  return work.shareDifficultySum / work.networkDifficulty;
}

/**
 * Luck in percent from an effort ratio: `100 / effort`.
 *
 * @throws RangeError when the effort is not positive and finite
 * @example luckFromEffort(0.5); // 200 (twice as lucky as average)
 */
export function luckFromEffort(effort: number): number {
  assertPositive('effort', effort);
  return 100 / effort;
}

/**
 * Luck of a block in percent, share form: `networkDifficulty / shareDifficultySum × 100`.
 *
 * @example blockLuck({ shareDifficultySum: 80, networkDifficulty: 100 }); // 125
 */
export function blockLuck(work: RoundWork): number {
  return luckFromEffort(blockEffort(work));
}

/** Input of {@link expectedRoundTimeSec}. */
export interface ExpectedRoundTimeInput {
  networkDifficulty: number;
  /** The pool's hashrate, H/s. */
  poolHashrate: number;
  /**
   * Hashes per unit of difficulty: 2^32 for the Bitcoin family (diff1), 1 where difficulty
   * already counts hashes (XMR, ETC).
   * @defaultValue 2^32 (4 294 967 296)
   */
  hashesPerDifficulty?: number;
}

/**
 * Seconds a pool expects to need for a block: `networkDifficulty × hashesPerDifficulty /
 * poolHashrate` (pool-math.md, Braiins).
 *
 * @example expectedRoundTimeSec({ networkDifficulty: 1, poolHashrate: 2 ** 32 }); // 1
 */
export function expectedRoundTimeSec(input: ExpectedRoundTimeInput): number {
  const { networkDifficulty, poolHashrate, hashesPerDifficulty = 2 ** 32 } = input;
  assertPositive('networkDifficulty', networkDifficulty);
  assertPositive('poolHashrate', poolHashrate);
  assertPositive('hashesPerDifficulty', hashesPerDifficulty);
  return (networkDifficulty * hashesPerDifficulty) / poolHashrate;
}

/** Input of {@link roundTimeLuck}. */
export interface RoundTimeLuckInput {
  expectedRoundTimeSec: number;
  actualRoundTimeSec: number;
}

/**
 * Luck in percent, time form: `expectedRoundTimeSec / actualRoundTimeSec × 100`.
 *
 * @example roundTimeLuck({ expectedRoundTimeSec: 600, actualRoundTimeSec: 300 }); // 200
 */
export function roundTimeLuck(input: RoundTimeLuckInput): number {
  assertPositive('expectedRoundTimeSec', input.expectedRoundTimeSec);
  assertPositive('actualRoundTimeSec', input.actualRoundTimeSec);
  return (input.expectedRoundTimeSec / input.actualRoundTimeSec) * 100;
}

/** A block as the API lists it, with its effort ratio. */
export interface BlockWithEffort {
  /** The block's effort ratio (1 = average), as {@link blockEffort} computes it. */
  effort: number;
}

/**
 * Average luck in percent over the newest `window` blocks: `window count / Σ effort × 100`,
 * that is 1 / mean effort. Averaging efforts (rather than luck percentages) keeps one very lucky
 * block from outweighing a long unlucky round; it equals total expected work / total actual work
 * when the network difficulty did not change.
 *
 * @param blocks - blocks newest first, as the API lists them
 * @param window - how many of the newest blocks to include; default all of them
 * @returns the luck in percent, or `null` when there is no block to average
 * @throws RangeError when an effort in the window is not positive and finite, or the window is
 *   not a non-negative integer
 * @example averageLuck([{ effort: 0.5 }, { effort: 1.5 }]); // 100
 */
export function averageLuck(
  blocks: readonly BlockWithEffort[],
  window: number = blocks.length,
): number | null {
  if (!Number.isInteger(window) || window < 0) {
    throw new RangeError(`window must be a non-negative integer: ${window}`);
  }
  const recent = blocks.slice(0, window);
  if (recent.length === 0) return null;
  let effortSum = 0;
  for (const block of recent) {
    assertPositive('effort', block.effort);
    effortSum += block.effort;
  }
  return (recent.length / effortSum) * 100;
}
