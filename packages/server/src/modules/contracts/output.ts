import Big from 'big.js';

/** What {@link contractDayOutput} needs: one order's terms and that day's pool figure. */
export interface ContractDayInput {
  /** The pool's PPS+ output of one pool unit for the day (`ppsUnitOutput`), in the coin. */
  readonly unitOutput: string;
  /** The pool's unit (`pool.params.unitHashrate`), H/s. */
  readonly poolUnitHashrate: number;
  /** Hashrate of one contract unit, H/s. */
  readonly unitHashrate: number;
  readonly quantity: number;
  /** Electricity fee per contract unit per day, in the coin. */
  readonly electricityFeePerUnit: string;
  /** Share of the gross output, percent. */
  readonly managementFeePercent: string;
  /** The coin's decimals; every figure is truncated to them as settlement truncates. */
  readonly decimals: number;
}

/** One day of an order, every figure a decimal string in the coin. */
export interface ContractDayOutput {
  /** `unitOutput × unitHashrate × quantity / poolUnitHashrate`. */
  readonly gross: string;
  readonly electricityFee: string;
  /** `gross × managementFeePercent / 100`. */
  readonly managementFee: string;
  /** `gross − fees`, never below 0: what the wallet is credited. */
  readonly net: string;
  /** What the fees exceeded the gross by (0 otherwise). */
  readonly shortfall: string;
}

/**
 * One day's output of an order. Decision (the spec is silent): when the fees exceed the gross
 * output, the day credits 0 and records the difference as `shortfall`; nothing is charged to
 * the wallet and nothing is carried to later days, so a contract never takes money back.
 *
 * @example
 * // 1 kH/s pool unit earning 0.2808; 10 units of 2 kH/s; fees 0.1 a unit a day and 5 %:
 * // gross 5.616, management 0.2808, electricity 1, net 4.3352.
 */
export function contractDayOutput(input: ContractDayInput): ContractDayOutput {
  const gross = new Big(input.unitOutput)
    .times(String(input.unitHashrate))
    .times(input.quantity)
    .div(String(input.poolUnitHashrate))
    .round(input.decimals, Big.roundDown);
  const managementFee = gross
    .times(input.managementFeePercent)
    .div(100)
    .round(input.decimals, Big.roundDown);
  const electricityFee = new Big(input.electricityFeePerUnit).times(input.quantity);
  const left = gross.minus(managementFee).minus(electricityFee);
  return {
    gross: gross.toFixed(),
    electricityFee: electricityFee.toFixed(),
    managementFee: managementFee.toFixed(),
    net: left.gt(0) ? left.toFixed() : '0',
    shortfall: left.lt(0) ? left.times(-1).toFixed() : '0',
  };
}
