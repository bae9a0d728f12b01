/**
 * What several parts of the contracts domain need: the pools that can back a contract, UTC day
 * arithmetic and the id pattern (paging: `domain/paging.ts`).
 */
import { findPool, type PoolDefinition } from '../../engine/poolCatalog';
import { dayStartMs, utcDay } from '../../engine/settlement';

export const DAY_MS = 86_400_000;

/** A database id as a path or body gives it: the digits of a positive `bigint`. */
export const ID_PATTERN = /^\d{1,18}$/;

/** A pool that can back a contract: an account pool (output goes to a mining account). */
export function contractPool(coin: string): PoolDefinition | undefined {
  const pool = findPool(coin);
  return pool === undefined || pool.addressMining || pool.lab ? undefined : pool;
}

/** The UTC day `days` after `day` (`YYYY-MM-DD`; negative goes back). */
export function addDays(day: string, days: number): string {
  return utcDay(dayStartMs(day) + days * DAY_MS);
}
