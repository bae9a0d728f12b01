import { isAddressMiningCoin, type PoolInfo } from '@poolkit/core';
import { useServices } from './servicesContext';
import { type ApiData, useApiData } from './useApiData';

/** The pools of `GET /pools`, loaded once per mount. */
export function usePools(): ApiData<readonly PoolInfo[]> {
  const { api } = useServices();
  return useApiData(async (signal) => (await api.pools({}, { signal })).list, []);
}

/** The page a coin opens from the switcher: address mining or the pool's statistics. */
export function coinHome(coin: string): string {
  return isAddressMiningCoin(coin) ? `/mining/${coin}/dashboard` : `/pool/${coin}/stat`;
}

/** The pool that serves `/pool/:type/*` (type is the coin): the first non-lab pool of the coin. */
export function poolForType(pools: readonly PoolInfo[], type: string): PoolInfo | undefined {
  return (
    pools.find((pool) => pool.coin === type && !pool.lab) ??
    pools.find((pool) => pool.coin === type)
  );
}
