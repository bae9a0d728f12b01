import type { PoolInfo } from '@poolkit/core/contract';
import { isAddressMiningCoin } from '@poolkit/core/domain';
import { useServices } from './servicesContext';
import { type ApiData, useApiData } from './useApiData';

type PoolsApi = ReturnType<typeof useServices>['api'];

// The request in flight per API: the header and a page mounting together share one `GET /pools`.
const inFlight = new WeakMap<PoolsApi, Promise<readonly PoolInfo[]>>();

function sharedPools(api: PoolsApi): Promise<readonly PoolInfo[]> {
  let request = inFlight.get(api);
  if (request === undefined) {
    // Not aborted with one caller's signal: another caller may still wait for it.
    request = api
      .pools({})
      .then((answer) => answer.list)
      .finally(() => inFlight.delete(api));
    inFlight.set(api, request);
  }
  return request;
}

/**
 * The pools of `GET /pools`, loaded once per mount; concurrent mounts share one request.
 */
export function usePools(): ApiData<readonly PoolInfo[]> {
  const { api } = useServices();
  return useApiData(() => sharedPools(api), []);
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
