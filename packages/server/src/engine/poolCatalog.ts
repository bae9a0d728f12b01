import { COIN_IDS, COINS, type CoinId, type CoinInfo, halvingRewardAt } from '@poolkit/core';

/**
 * What the engine needs to know about a coin beyond core's `COINS` facts. Figures marked "demo"
 * are PoolKit's own round numbers for the simulator and estimates, not chain data.
 */
export interface CoinEngineParams {
  /**
   * Hashes (or the coin's own unit) per unit of share and network difficulty: 2^32 for the
   * Bitcoin family (diff1), 1 where difficulty counts hashes (CryptoNote, Ethash, …).
   * Share difficulties reach the ingest seam already in network-difficulty units (the stratum
   * server applies the coin's share multiplier), so hashrate = Σ difficulty × this / seconds.
   */
  readonly hashesPerDifficulty: number;
  /** Demo network hashrate, in the coin's unit per second. */
  readonly networkHashrate: number;
  /** Demo hashrate of one typical worker. */
  readonly workerHashrate: number;
  /** The hashrate unit profits are quoted for (1 TH/s = 1e12 for BTC). */
  readonly unitHashrate: number;
  /** Block subsidy used when `COINS[coin].blockReward` is null (demo). */
  readonly demoSubsidy: string;
  /** Confirmations before a block's reward is final. */
  readonly requiredConfirmations: number;
}

const TWO_32 = 2 ** 32;

/** Per-coin engine parameters. */
export const COIN_ENGINE_PARAMS: Readonly<Record<CoinId, CoinEngineParams>> = {
  btc: p(TWO_32, 7e20, 150e12, 1e12, '3.125', 100),
  ltc: p(TWO_32, 2e15, 9e9, 1e9, '6.25', 100),
  doge: p(TWO_32, 2e15, 9e9, 1e9, '10000', 60),
  xmr: p(1, 5e9, 30e3, 1e3, '0.6', 60),
  eth: p(1, 1, 1, 1e6, '0', 64),
  etc: p(1, 2e14, 500e6, 1e6, '2.048', 64),
  hns: p(TWO_32, 1.5e17, 5e12, 1e12, '1000', 100),
  kda: p(TWO_32, 1e18, 100e12, 1e12, '0.938634', 100),
  lbc: p(TWO_32, 5e13, 5e9, 1e9, '1', 100),
  ckb: p(1, 2e17, 20e12, 1e12, '600', 100),
  stc: p(1, 2e11, 200e6, 1e6, '10', 100),
  dash: p(TWO_32, 3e15, 500e9, 1e9, '1.55', 100),
  sc: p(1, 5e15, 50e12, 1e12, '30000', 144),
  scp: p(1, 5e13, 5e12, 1e12, '10', 144),
  cfx: p(1, 2e13, 1e9, 1e6, '2', 100),
  'grin-c32': p(1, 10_000, 2, 1, '60', 1440),
  pmeer: p(TWO_32, 1e15, 10e12, 1e12, '10', 720),
  rvn: p(TWO_32, 5e12, 50e6, 1e6, '2500', 100),
  zec: p((TWO_32 * 2) / 1e6, 1e10, 150e3, 1e3, '1.5625', 100),
  dcr: p(TWO_32, 4e16, 10e12, 1e12, '0.0592', 256),
  erg: p(TWO_32 * 256, 2e13, 300e6, 1e6, '6', 72),
  alph: p(TWO_32, 1e16, 10e12, 1e12, '0.15625', 112),
  kas: p(TWO_32, 1e18, 20e12, 1e12, '2.75', 100),
  sumo: p(1, 1e7, 10e3, 1e3, '4', 60),
  zeph: p(1, 1e9, 10e3, 1e3, '6.7', 60),
  aleo: p(1, 1e8, 50e3, 1e3, '15', 10),
};

function p(
  hashesPerDifficulty: number,
  networkHashrate: number,
  workerHashrate: number,
  unitHashrate: number,
  demoSubsidy: string,
  requiredConfirmations: number,
): CoinEngineParams {
  return {
    hashesPerDifficulty,
    networkHashrate,
    workerHashrate,
    unitHashrate,
    demoSubsidy,
    requiredConfirmations,
  };
}

/** Fee of the PPS+ model, in percent (a decimal string). */
export const PPS_PLUS_FEE_PERCENT = '2.5';
/** Fee of the SOLO model (spec section 9: 0.5 %). */
export const SOLO_FEE_PERCENT = '0.5';

/**
 * Coins served as lab (experimental) pools: smaller or younger chains whose facts PoolKit could
 * verify least. Their pools are listed by `GET /pools/lab`, not by `GET /pools`.
 */
export const LAB_POOL_COINS: readonly CoinId[] = ['pmeer', 'stc', 'scp', 'cfx', 'lbc'];

/** One pool of the engine. The pool's name equals its coin id, for main and lab pools alike. */
export interface PoolDefinition {
  readonly name: string;
  readonly coin: CoinId;
  readonly info: CoinInfo;
  readonly params: CoinEngineParams;
  readonly lab: boolean;
  /** Mined by address (alph, kas, sumo, zeph, aleo): PPS+ only, no accounts. */
  readonly addressMining: boolean;
  readonly payoutModels: readonly ('PPS+' | 'SOLO')[];
  /**
   * The coin's block subsidy as its facts state it (COINS' reward, else the demo figure). What
   * a block pays depends on its height: read it with {@link subsidyAt}, which falls back to this
   * only for a coin without a halving schedule.
   */
  readonly subsidy: string;
  /** Smallest automatic payout, in the coin. */
  readonly minPayout: string;
}

function definePool(coin: CoinId): PoolDefinition {
  const info = COINS[coin];
  const params = COIN_ENGINE_PARAMS[coin];
  return {
    name: coin,
    coin,
    info,
    params,
    lab: LAB_POOL_COINS.includes(coin),
    addressMining: info.addressMining,
    payoutModels: info.addressMining ? ['PPS+'] : ['PPS+', 'SOLO'],
    subsidy: info.blockReward ?? params.demoSubsidy,
    minPayout: info.displayDecimals === 6 ? '0.005' : '1',
  };
}

/**
 * Every pool, by name: one per mineable coin (ETH left proof of work, so it has none).
 */
export const POOLS: ReadonlyMap<string, PoolDefinition> = new Map(
  COIN_IDS.filter((coin) => COINS[coin].mineable).map((coin) => [coin, definePool(coin)]),
);

/** The pool of a name, or `undefined`. */
export function findPool(name: string): PoolDefinition | undefined {
  return POOLS.get(name);
}

/**
 * The block subsidy of a pool's coin at `height`: core's `halvingRewardAt` on the coin's own
 * halving schedule (RVN pays 1,250 from 4,200,000), else the pool's static `subsidy` for a coin
 * without one (DOGE, KAS, the demo figures). Blocks, PPS and every block reward the API shows go
 * through here, so they agree with the coin list.
 *
 * @example
 * subsidyAt(rvnPool, 4_300_000) // '1250'
 */
export function subsidyAt(pool: PoolDefinition, height: number): string {
  return halvingRewardAt(pool.info, height) ?? pool.subsidy;
}

/** Block time of a pool's coin in seconds (60 s when the coin data has none). */
export function blockTimeSec(pool: PoolDefinition): number {
  return pool.info.blockTimeSec ?? 60;
}

/** The network difficulty the demo starts from: network hashrate × block time / hashes per diff. */
export function baseNetworkDifficulty(pool: PoolDefinition): number {
  return (pool.params.networkHashrate * blockTimeSec(pool)) / pool.params.hashesPerDifficulty;
}

/** Chain height estimated from the coin's reference height and date (when no chain data). */
export function estimatedHeight(pool: PoolDefinition, nowMs: number): number {
  const { referenceHeight, referenceDate } = pool.info;
  const base = referenceHeight ?? 1_000_000;
  const since = referenceDate === null ? Number.NaN : Date.parse(`${referenceDate.slice(0, 7)}-01`);
  if (!Number.isFinite(since) || nowMs <= since) return base;
  return base + Math.floor((nowMs - since) / 1000 / blockTimeSec(pool));
}

/** Hashrate from a sum of accepted share difficulty over `seconds`. */
export function hashrateFromDifficulty(
  pool: PoolDefinition,
  difficultySum: number,
  seconds: number,
): number {
  if (seconds <= 0 || !Number.isFinite(difficultySum) || difficultySum <= 0) return 0;
  return (difficultySum * pool.params.hashesPerDifficulty) / seconds;
}

const UNIT_PREFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'] as const;

/** The unit a pool's hashrates are usually shown in, e.g. `TH/s`. */
export function hashrateUnitLabel(pool: PoolDefinition): string {
  const exponent = Math.min(
    UNIT_PREFIXES.length - 1,
    Math.max(0, Math.floor(Math.log10(pool.params.unitHashrate) / 3)),
  );
  return `${UNIT_PREFIXES[exponent] ?? ''}${pool.info.hashrateUnit}`;
}
