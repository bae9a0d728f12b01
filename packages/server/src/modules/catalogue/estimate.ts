import {
  BASE_CURRENCY,
  type CatalogueMiner,
  type CatalogueMinerDetail,
  type CatalogueSpec,
  type CoinId,
  calculateProfit,
  catalogueSpecSchema,
} from '@poolkit/core';
import Big from 'big.js';
import { blockTimeSec, findPool, PPS_PLUS_FEE_PERCENT, subsidyAt } from '../../engine/poolCatalog';
import type { CatalogueMachine } from './catalogueData';
import { MERGED_COINS } from './referencePrices';

// Money is decimal all the way (big.js); the network's share of a tiny machine needs places.
const Decimal = Big();
Decimal.DP = 40;
Decimal.RM = Decimal.roundHalfUp;

/** Places of the break-even electricity price (a price per kWh such as `0.7532`). */
export const BREAK_EVEN_DECIMALS = 4;
/** Places of money amounts (daily revenue, cost, profit, coin price). */
export const MONEY_DECIMALS = 2;

const HASHRATE_PREFIXES: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
};

/** A machine's hashrate in H/s (Sol/s for Equihash) from the data's value and unit. */
export function hashratePerSecond(machine: CatalogueMachine): number {
  const match = /^([kKMGTP]?)(?:H|Sol)\/s$/.exec(machine.hashrateUnit);
  const factor = match === null ? undefined : HASHRATE_PREFIXES[match[1] ?? ''];
  if (factor === undefined) throw new Error(`Unknown hashrate unit ${machine.hashrateUnit}`);
  return machine.hashrate * factor;
}

/** The coins a machine's revenue counts: its main coin and what is merge-mined with it. */
export function revenueCoins(machine: CatalogueMachine): CoinId[] {
  const main = machine.coins[0];
  if (main === undefined) return [];
  return [main, ...(MERGED_COINS[main] ?? [])];
}

/** Inputs of an estimate besides the machine. */
export interface EstimateInput {
  /** Electricity price per kWh in CNY (decimal string). */
  readonly electricityPrice: string;
  /** Current network difficulty per coin (the engine's `pool_network`, else its base). */
  readonly difficulty: ReadonlyMap<CoinId, number>;
  /** Current chain height per coin (same source), for the block subsidy at that height. */
  readonly heights: ReadonlyMap<CoinId, number>;
  /** Coin prices in CNY (the price feed's, `prices/service.ts`); a coin missing earns nothing. */
  readonly prices: ReadonlyMap<CoinId, string>;
}

function fixed(value: Big, places: number): string {
  const text = value.toFixed(places);
  return Number(text) === 0 ? new Decimal(0).toFixed(places) : text;
}

/**
 * The daily estimate of one machine, in CNY:
 *
 * ```text
 * revenue    = Σ over its revenue coins c of
 *              hashrate × (86 400 / blockTime_c) × subsidy_c × (1 − 2.5 %) / networkHashrate_c × price_c
 *              (networkHashrate_c = difficulty_c × hashesPerDifficulty_c / blockTime_c)
 * cost       = power W × 24 h / 1000 × electricity price
 * profit     = revenue − cost            (both rounded to 0.01 first, so the row adds up)
 * cost rate  = cost / revenue × 100      (null without revenue; capped at 100, see README)
 * break-even = revenue / (power W × 24 / 1000)   (electricity price at which profit is 0)
 * ```
 *
 * The coin part is core's `calculateProfit` with the pool engine's network difficulty, block
 * subsidy at the current height and PPS+ fee, so a machine's coins per day agree with the pool pages' daily profit per
 * unit of hashrate.
 */
export function estimateMachine(
  machine: CatalogueMachine,
  input: EstimateInput,
): Omit<CatalogueMiner, 'sellers'> {
  const hashrate = hashratePerSecond(machine);
  let revenue = new Decimal(0);
  for (const coin of revenueCoins(machine)) {
    const pool = findPool(coin);
    const price = input.prices.get(coin);
    const difficulty = input.difficulty.get(coin);
    const height = input.heights.get(coin);
    if (pool === undefined || price === undefined || difficulty === undefined) continue;
    if (height === undefined) continue;
    const estimate = calculateProfit({
      hashrate,
      networkDifficulty: difficulty,
      hashesPerDifficulty: pool.params.hashesPerDifficulty,
      blockReward: subsidyAt(pool, height),
      blockTimeSec: blockTimeSec(pool),
      coinPrice: price,
      powerW: 0,
      electricityPricePerKwh: 0,
      poolFeeRate: new Decimal(PPS_PLUS_FEE_PERCENT).div(100).toString(),
      coinDecimals: pool.info.chainDecimals,
      fiatDecimals: 12,
    });
    revenue = revenue.plus(estimate.daily.revenue);
  }
  const dailyKwh = new Decimal(machine.powerW).times(24).div(1000);
  const dailyRevenue = new Decimal(fixed(revenue, MONEY_DECIMALS));
  const dailyCost = new Decimal(fixed(dailyKwh.times(input.electricityPrice), MONEY_DECIMALS));
  const profit = dailyRevenue.minus(dailyCost);
  const main = machine.coins[0];
  const mainPrice = main === undefined ? undefined : input.prices.get(main);
  let costRate: string | null = null;
  if (dailyRevenue.gt(0)) {
    const rate = dailyCost.div(dailyRevenue).times(100);
    costRate = rate.gt(100) ? '100.00' : fixed(rate, 2);
  }
  return {
    id: machine.id,
    vendor: machine.vendor,
    model: machine.model,
    release_date: machine.releaseDate,
    algorithms: [machine.algorithm],
    coins: [...machine.coins],
    hashrate,
    power: machine.powerW,
    unit_power: machine.efficiency,
    unit_power_unit: machine.efficiencyUnit,
    daily_cost: fixed(dailyCost, MONEY_DECIMALS),
    daily_revenue: fixed(dailyRevenue, MONEY_DECIMALS),
    cost_rate: costRate,
    coin_price: mainPrice === undefined ? null : fixed(new Decimal(mainPrice), MONEY_DECIMALS),
    break_even: dailyKwh.eq(0) ? '0' : fixed(revenue.div(dailyKwh), BREAK_EVEN_DECIMALS),
    profit: fixed(profit, MONEY_DECIMALS),
    currency: BASE_CURRENCY,
    noise_level: machine.noiseDb,
    size: machine.sizeMm,
    weight: machine.weightKg,
    fans: machine.fans,
    voltage: machine.voltage,
    temperature: machine.temperatureC,
    humidity: machine.humidityPct,
    specs_verified: machine.specsVerified,
    unverified_specs: unverifiedSpecs(machine),
  };
}

/**
 * A machine's unverified figures, in the contract's order: none when its specs are verified;
 * else every figure (the data took them from public listings) but the algorithm and the fan
 * count where the data checked those against pyasic's device models.
 */
function unverifiedSpecs(machine: CatalogueMachine): CatalogueSpec[] {
  if (machine.specsVerified) return [];
  const checked: readonly CatalogueSpec[] = machine.algorithmAndFansVerified
    ? ['algorithms', 'fans']
    : [];
  return catalogueSpecSchema.options.filter((spec) => !checked.includes(spec));
}

/** The detail answer: the estimate and the figures' sources (the module adds the sellers). */
export function machineDetail(
  machine: CatalogueMachine,
  input: EstimateInput,
): CatalogueMinerDetail {
  const sources = [...machine.sources];
  if (machine.releaseDate === null && machine.releaseYear !== null) {
    sources.push(`Released in ${machine.releaseYear} (month unknown).`);
  }
  if (machine.notes !== null) sources.push(`Note: ${machine.notes}`);
  return { ...estimateMachine(machine, input), sellers: [], sources };
}
