import type { CoinDisplayDecimals } from '../constants';
import { COIN_DISPLAY } from './coinDisplay';
import { ADDRESS_COIN_ENTRIES } from './coinEntries/addressCoins';
import type { CoinEntry } from './coinEntries/coinEntry';
import { POOL_COIN_ENTRIES } from './coinEntries/poolCoins';
import { COIN_HASHRATE_UNITS, type HashrateBaseUnit } from './coinHashrateUnits';
import type { CoinId } from './coinIds';

/** A fact of {@link CoinInfo} that sources may contradict or that no primary source confirms yet. */
export type CoinFact =
  | 'symbol'
  | 'algorithm'
  | 'blockTimeSec'
  | 'blockReward'
  | 'emissionRule'
  | 'halvingIntervalBlocks'
  | 'referenceHeight'
  | 'referenceDate'
  | 'hashrateUnit'
  | 'chainDecimals'
  | 'displayDecimals';

/**
 * What PoolKit knows about a coin, copied from the project's coin data
 * (`shared/data/coins.json`) with its sources and notes. Chain state moves: rewards and heights
 * are as of their reference dates.
 */
export interface CoinInfo {
  /** Lower-case id used in routes and API paths, e.g. `'grin-c32'`. */
  readonly id: CoinId;
  /** Ticker, e.g. `'GRIN'` for `grin-c32`, `'MEER'` for `pmeer`. */
  readonly symbol: string;
  readonly name: string;
  /** The algorithm's short name, e.g. `'BLAKE3'`. */
  readonly algorithm: string;
  /** What the short name leaves out (a variant, a past algorithm); `null` when nothing. */
  readonly algorithmNote: string | null;
  /** Target (or typical) seconds between blocks; `null` when not sourced. */
  readonly blockTimeSec: number | null;
  /**
   * Block reward to the miner as a decimal string, as of the reference date; `null` when it
   * varies with height or could not be stated (see `emissionRule`).
   */
  readonly blockReward: string | null;
  /** How the reward develops, in words. */
  readonly emissionRule: string;
  /**
   * Blocks between halvings; `null` when the coin does not halve. For ETC it is the length of a
   * 20 %-reduction era (ECIP-1017), as in the data.
   */
  readonly halvingIntervalBlocks: number | null;
  /**
   * A height at which a halving (for ETC: an era step) took place; halvings fall at this height
   * plus whole multiples of `halvingIntervalBlocks`. `null` when the coin does not halve. 0 for
   * chains that halve at multiples of the interval (BTC, LTC, HNS, RVN); ZEC's halvings are not
   * (Blossom doubled the interval at 653,600), and ETC's eras start one block after a multiple.
   * Every countdown (server, home page, widget) counts from it, so heights, dates and days agree.
   */
  readonly halvingAnchorHeight: number | null;
  /**
   * What a halving multiplies the reward by, as a decimal string: `'0.5'`, or `'0.8'` for ETC's
   * 20 % era steps; `null` when the coin does not halve.
   */
  readonly halvingRewardFactor: string | null;
  /**
   * The halving height from which `blockReward` is paid (BTC 840,000 for 3.125), so the reward
   * at any other height follows from the schedule; `null` when the coin does not halve.
   */
  readonly blockRewardSinceHeight: number | null;
  /** A height of a known event (see `referenceEvent`), for countdowns; `null` when unknown. */
  readonly referenceHeight: number | null;
  /** ISO date (`YYYY-MM-DD`, or `YYYY-MM` when only the month is known) of the reference. */
  readonly referenceDate: string | null;
  /** What the reference height or date marks, e.g. `'4th halving'`. */
  readonly referenceEvent: string | null;
  /** Base unit of hashrates, see {@link HashrateBaseUnit}. */
  readonly hashrateUnit: HashrateBaseUnit;
  /** The data's note on typical network and miner hashrate scales. */
  readonly hashrateScale: string;
  /** Decimal places of the chain's smallest unit (BTC 8, XMR 12, …). */
  readonly chainDecimals: number;
  /** Decimal places PoolKit shows for amounts of the coin (4 or 6). */
  readonly displayDecimals: CoinDisplayDecimals;
  /**
   * True when the coin can be mined to an address without an account (the `/mining/:coin`
   * pages). Spec section 2 opens them for alph, kas, sumo, zeph and aleo only.
   */
  readonly addressMining: boolean;
  /** False for ETH, which left proof of work at the Merge (2022). */
  readonly mineable: boolean;
  /** Facts no primary source confirms yet: estimated, contradicted or possibly outdated. */
  readonly unverified: readonly CoinFact[];
  /** True when no fact of the entry is in `unverified`. */
  readonly verified: boolean;
  /** Where the facts come from. */
  readonly sources: readonly string[];
  /** What the data says was not verified, and other caveats. */
  readonly notes: string;
}

/**
 * The halving schedule of each coin that halves (see {@link CoinInfo.halvingAnchorHeight},
 * {@link CoinInfo.halvingRewardFactor}, {@link CoinInfo.blockRewardSinceHeight}), from the
 * emission rules: ZEC halved at 1,046,400 and 2,726,400 (NU6) with a 1,680,000-block interval;
 * ETC's ECIP-1017 eras start at 5,000,001, 10,000,001, … and its 2.048 is era 5's (from
 * 20,000,001, later than its reference height); HNS pays 1,000 from 170,000.
 */
const HALVING_SCHEDULES: Partial<
  Record<CoinId, { anchor: number; factor: string; rewardSince: number }>
> = {
  btc: { anchor: 0, factor: '0.5', rewardSince: 840_000 },
  ltc: { anchor: 0, factor: '0.5', rewardSince: 2_520_000 },
  etc: { anchor: 1, factor: '0.8', rewardSince: 20_000_001 },
  hns: { anchor: 0, factor: '0.5', rewardSince: 170_000 },
  rvn: { anchor: 0, factor: '0.5', rewardSince: 2_100_000 },
  zec: { anchor: 2_726_400, factor: '0.5', rewardSince: 2_726_400 },
};

const COIN_ENTRIES: Record<CoinId, CoinEntry> = { ...POOL_COIN_ENTRIES, ...ADDRESS_COIN_ENTRIES };

function buildCoins(): Record<CoinId, CoinInfo> {
  const coins = {} as Record<CoinId, CoinInfo>;
  for (const [id, entry] of Object.entries(COIN_ENTRIES) as [CoinId, CoinEntry][]) {
    coins[id] = Object.freeze({
      id,
      ...COIN_DISPLAY[id],
      hashrateUnit: COIN_HASHRATE_UNITS[id],
      ...entry,
      halvingAnchorHeight: HALVING_SCHEDULES[id]?.anchor ?? null,
      halvingRewardFactor: HALVING_SCHEDULES[id]?.factor ?? null,
      blockRewardSinceHeight: HALVING_SCHEDULES[id]?.rewardSince ?? null,
      verified: entry.unverified.length === 0,
    });
  }
  return Object.freeze(coins);
}

/**
 * Every coin PoolKit knows, by id. Copied from the project's coin data with its sources and
 * notes; SUMO, which the data lacks, is PoolKit's own entry and `verified: false`. Facts the data
 * marks as recalled or estimated are listed in each entry's `unverified`.
 *
 * @example
 * COINS.btc.blockReward // '3.125'
 * COINS['grin-c32'].hashrateUnit // 'gps'
 */
export const COINS: Readonly<Record<CoinId, CoinInfo>> = buildCoins();

/**
 * The facts of one coin.
 *
 * @example
 * getCoin('kas').displayDecimals // 4
 */
export function getCoin(id: CoinId): CoinInfo {
  return COINS[id];
}
