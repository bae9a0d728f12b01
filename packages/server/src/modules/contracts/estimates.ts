/**
 * What a contract is expected to earn a day: the pool's latest PPS+ output of one pool unit,
 * scaled to the contract's hashrate and net of its fees. Products show it per unit, orders for
 * their quantity.
 */
import { sql } from 'drizzle-orm';
import type { PoolDefinition } from '../../engine/poolCatalog';
import { utcDay } from '../../engine/settlement';
import { queryRows, type SqlExecutor } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { transferDecimals } from '../wallet/transfer';
import { contractDayOutput } from './output';
import { contractPool, DAY_MS } from './shared';

/**
 * The pool's PPS+ output of one pool unit on its latest settled day (yesterday when none is
 * settled yet): the figure the estimates scale. Cached per call site through `cache`.
 */
export async function latestUnitOutput(
  executor: SqlExecutor,
  pool: PoolDefinition,
  nowMs: number,
  cache?: Map<string, string>,
): Promise<string> {
  const cached = cache?.get(pool.name);
  if (cached !== undefined) return cached;
  const [row] = await queryRows<{ day: string | null }>(
    executor,
    sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM settlements WHERE pool = ${pool.name}`,
  );
  const day = row?.day ?? utcDay(nowMs - DAY_MS);
  const output = await ppsUnitOutput(executor, pool, day);
  cache?.set(pool.name, output);
  return output;
}

/** The terms of a contract an estimate depends on. */
export interface EstimateTerms {
  readonly unitHashrate: number;
  readonly quantity: number;
  /** Per unit and day, in the coin. */
  readonly electricityFee: string;
  readonly managementFeePercent: string;
}

/**
 * The net a day of a contract on `coin` with these terms would credit at the latest unit
 * output; `'0'` for a coin no account pool mines. `cache` keeps the unit outputs of one answer.
 */
export async function estimateDayEarnings(
  executor: SqlExecutor,
  coin: string,
  terms: EstimateTerms,
  nowMs: number,
  cache: Map<string, string>,
): Promise<string> {
  const pool = contractPool(coin);
  if (pool === undefined) return '0';
  return contractDayOutput({
    unitOutput: await latestUnitOutput(executor, pool, nowMs, cache),
    poolUnitHashrate: pool.params.unitHashrate,
    unitHashrate: terms.unitHashrate,
    quantity: terms.quantity,
    electricityFeePerUnit: terms.electricityFee,
    managementFeePercent: terms.managementFeePercent,
    decimals: transferDecimals(pool.coin),
  }).net;
}
