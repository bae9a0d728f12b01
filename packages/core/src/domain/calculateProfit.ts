import Big from 'big.js';

/** A number, or a decimal string as the API sends money and prices. */
export type DecimalInput = number | string;

/** Inputs of {@link calculateProfit} shared by both ways of giving the network's size. */
export interface ProfitInputBase {
  /** The miner's hashrate, H/s (or the coin's own unit, matching the network figure). */
  hashrate: number;
  /** Coins paid per block to the pool (subsidy; add expected fees for an FPPS-like figure). */
  blockReward: DecimalInput;
  /** Target seconds per block. */
  blockTimeSec: number;
  /** Price of one coin in the user's currency. */
  coinPrice: DecimalInput;
  /** The machine's power draw, watts. */
  powerW: number;
  /** Electricity price per kWh in the same currency as `coinPrice`. */
  electricityPricePerKwh: DecimalInput;
  /** Pool fee as a fraction of the reward, 0 to 1 (`0.02` for 2 %). */
  poolFeeRate: DecimalInput;
  /**
   * Decimal places of coin amounts.
   * @defaultValue 8
   */
  coinDecimals?: number;
  /**
   * Decimal places of money amounts (revenue, cost, profit).
   * @defaultValue 2
   */
  fiatDecimals?: number;
  /**
   * Decimal places of the two break-even prices.
   * @defaultValue 6
   */
  priceDecimals?: number;
}

/** The network's size given as a hashrate. */
export interface NetworkByHashrate {
  /** The whole network's hashrate, H/s. */
  networkHashrate: number;
  networkDifficulty?: never;
  hashesPerDifficulty?: never;
}

/** The network's size given as a difficulty and the coin's difficulty-to-hashes factor. */
export interface NetworkByDifficulty {
  networkDifficulty: number;
  /** Hashes per unit of difficulty: 2^32 for the Bitcoin family, 1 for XMR or ETC. */
  hashesPerDifficulty: number;
  networkHashrate?: never;
}

/** Input of {@link calculateProfit}. */
export type ProfitInput = ProfitInputBase & (NetworkByHashrate | NetworkByDifficulty);

/** Coins, revenue, electricity cost and profit over one period, as decimal strings. */
export interface ProfitFigures {
  coins: string;
  revenue: string;
  electricityCost: string;
  profit: string;
}

/** Output of {@link calculateProfit}. */
export interface ProfitEstimate {
  /** Per day (86 400 s). */
  daily: ProfitFigures;
  /** Per 30 days, from the unrounded daily figures. */
  monthly: ProfitFigures;
  /** Coin price at which revenue equals electricity cost; `null` when no coin is earned. */
  breakEvenCoinPrice: string | null;
  /** Electricity price per kWh at which profit is zero; `null` when the power draw is 0. */
  breakEvenElectricityPrice: string | null;
}

/** Days in the calculator's month. */
export const PROFIT_MONTH_DAYS = 30;

// Divisions of tiny shares of huge networks need far more than big.js's default 20 places.
const Decimal = Big();
Decimal.DP = 40;
Decimal.RM = Decimal.roundHalfUp;

function decimal(
  name: string,
  value: DecimalInput,
  { min = 0, max = Number.POSITIVE_INFINITY } = {},
) {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (typeof value === 'string' && value.trim() === '') {
    throw new RangeError(`${name} must be a number: "${value}"`);
  }
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new RangeError(`${name} is out of range: ${value}`);
  }
  return new Decimal(typeof value === 'string' ? value.trim() : value);
}

function fixed(value: Big, decimals: number): string {
  const text = value.toFixed(decimals);
  // big.js keeps the sign of a value that rounds to zero ("-0.00"); a figure shows no sign then.
  return Number(text) === 0 ? new Decimal(0).toFixed(decimals) : text;
}

function positive(name: string, value: number): Big {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be positive: ${value}`);
  }
  return new Decimal(value);
}

/**
 * Estimates a miner's earnings and costs at today's network size, price and PPS payout
 * (shared/data/pool-math.md, "Share value / PPS", time form):
 *
 * ```text
 * networkHashrate = networkDifficulty × hashesPerDifficulty / blockTimeSec   (when given as difficulty)
 * dailyCoins      = hashrate / networkHashrate × (86 400 / blockTimeSec) × blockReward × (1 − poolFeeRate)
 *                 = hashrate × blockReward × 86 400 × (1 − fee) / (networkDifficulty × hashesPerDifficulty)
 * dailyRevenue    = dailyCoins × coinPrice
 * dailyCost       = powerW / 1000 × 24 h × electricityPricePerKwh
 * dailyProfit     = dailyRevenue − dailyCost
 * monthly         = daily × 30
 * breakEvenCoinPrice        = dailyCost / dailyCoins
 * breakEvenElectricityPrice = dailyRevenue / (powerW / 1000 × 24)
 * ```
 *
 * The second form of `dailyCoins` is pool-math.md's "expected coins/s = H × subsidy / (D × 2^32)"
 * times a day, with the PPS fee of ViaBTC's formula. Arithmetic is decimal (big.js, 40 places);
 * results are rounded half up: coins to `coinDecimals` (default 8), money to `fiatDecimals`
 * (default 2), break-even prices to `priceDecimals` (default 6). It is an estimate: difficulty,
 * price and luck move.
 *
 * @throws RangeError when an input is not a finite number in range (negative, a fee outside
 *   0–1, a zero network or block time)
 * @example
 * calculateProfit({ hashrate: 100e12, networkHashrate: 600e18, blockReward: 3.125, blockTimeSec: 600,
 *   coinPrice: 60_000, powerW: 3_000, electricityPricePerKwh: 0.05, poolFeeRate: 0.02 }).daily;
 * // { coins: '0.00007350', revenue: '4.41', electricityCost: '3.60', profit: '0.81' }
 */
export function calculateProfit(input: ProfitInput): ProfitEstimate {
  const { coinDecimals = 8, fiatDecimals = 2, priceDecimals = 6 } = input;
  const hashrate = decimal('hashrate', input.hashrate);
  const blockTimeSec = positive('blockTimeSec', input.blockTimeSec);
  const blockReward = decimal('blockReward', input.blockReward);
  const coinPrice = decimal('coinPrice', input.coinPrice);
  const powerKw = decimal('powerW', input.powerW).div(1000);
  const electricityPrice = decimal('electricityPricePerKwh', input.electricityPricePerKwh);
  const feeRate = decimal('poolFeeRate', input.poolFeeRate, { max: 1 });

  const networkHashrate =
    input.networkHashrate === undefined
      ? positive('networkDifficulty', input.networkDifficulty)
          .times(positive('hashesPerDifficulty', input.hashesPerDifficulty))
          .div(blockTimeSec)
      : positive('networkHashrate', input.networkHashrate);

  const blocksPerDay = new Decimal(86_400).div(blockTimeSec);
  // Multiply before dividing so a tiny share of a huge network keeps its digits.
  const dailyCoins = hashrate
    .times(blocksPerDay)
    .times(blockReward)
    .times(new Decimal(1).minus(feeRate))
    .div(networkHashrate);
  const dailyRevenue = dailyCoins.times(coinPrice);
  const dailyKwh = powerKw.times(24);
  const dailyCost = dailyKwh.times(electricityPrice);
  const dailyProfit = dailyRevenue.minus(dailyCost);

  const figures = (days: number): ProfitFigures => ({
    coins: fixed(dailyCoins.times(days), coinDecimals),
    revenue: fixed(dailyRevenue.times(days), fiatDecimals),
    electricityCost: fixed(dailyCost.times(days), fiatDecimals),
    profit: fixed(dailyProfit.times(days), fiatDecimals),
  });

  return {
    daily: figures(1),
    monthly: figures(PROFIT_MONTH_DAYS),
    breakEvenCoinPrice: dailyCoins.eq(0) ? null : fixed(dailyCost.div(dailyCoins), priceDecimals),
    breakEvenElectricityPrice: dailyKwh.eq(0)
      ? null
      : fixed(dailyRevenue.div(dailyKwh), priceDecimals),
  };
}
