import type { PoolInfo } from '@poolkit/core/contract';
import { useServices, useSessionState } from './servicesContext';
import { type ApiData, useApiData } from './useApiData';
import { poolForType } from './usePools';

/** The pool of a `/pool/:type/*` page and the mining account it shows. */
export interface AccountPool {
  pool: PoolInfo;
  account: string;
}

/**
 * Resolves the pool for a coin (`:type`) and the account: the observer link's account in
 * observer mode, else the user's current account (or the first one).
 */
export function useAccountPool(type: string): ApiData<AccountPool | null> {
  const { api } = useServices();
  const { readOnly } = useSessionState();
  return useApiData(
    async (signal) => {
      const pools = await api.pools({}, { signal });
      const pool = poolForType(pools.list, type);
      if (pool === undefined) return null;
      if (readOnly) {
        const info = await api.observerInfo({}, { signal });
        return { pool, account: info.account };
      }
      const accounts = await api.accounts({}, { signal });
      const account = accounts.list.find((item) => item.current) ?? accounts.list[0];
      return account === undefined ? null : { pool, account: account.name };
    },
    [type, readOnly],
  );
}
