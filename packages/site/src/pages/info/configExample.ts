import type { PoolInfo } from '@poolkit/core/contract';
import {
  COINS,
  isCoinId,
  minerCommand,
  miningSoftwareFor,
  stratumUserFormat,
} from '@poolkit/core/domain';

/** A pool's algorithm as core's coin table spells it (the key of the software catalogue). */
export function algorithmOf(pool: Pick<PoolInfo, 'coin' | 'algorithm'>): string {
  return isCoinId(pool.coin) ? COINS[pool.coin].algorithm : pool.algorithm;
}

/**
 * One coin's configuration example on `/download`: the command line of the first software that
 * mines its algorithm on the pool's first stratum address, else (a coin only ASIC machines mine)
 * the three fields a machine's pool settings ask for, labelled in the reader's language.
 */
export function configExample(
  pool: Pick<PoolInfo, 'coin' | 'algorithm' | 'stratum' | 'address_mining'>,
  labels: { readonly url: string; readonly worker: string; readonly password: string },
): string {
  const url = pool.stratum[0]?.url ?? '';
  const user = stratumUserFormat(pool.address_mining);
  const algorithm = algorithmOf(pool);
  const [software] = miningSoftwareFor(algorithm);
  const command = software === undefined ? null : minerCommand(software, algorithm, url, user);
  return command ?? `${labels.url}: ${url}\n${labels.worker}: ${user}\n${labels.password}: x`;
}
