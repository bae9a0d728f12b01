import type { FastifyInstance } from 'fastify';
import type { PriceService } from '../prices/service';
import { registerAddressMiningRoutes } from './addressMiningRoutes';
import { registerMinerRoutes } from './minerRoutes';
import { registerPoolRoutes } from './poolRoutes';
import { registerProfitRoutes } from './profitRoutes';
import { createPublicCache } from './publicCache';

/**
 * The pool data: coins, pools, stats, hashrate series, blocks, workers, groups, profits and the
 * pay method, for address mining (family A) and accounts (family B). The data comes from the
 * pool engine's tables (src/engine), which the ingest seam and the minute rollup fill.
 */
export async function registerPoolModule(
  app: FastifyInstance,
  prices: PriceService,
): Promise<void> {
  // Public pool-wide answers are reused for 5 s (they change once a minute, at the rollup).
  const cache = createPublicCache(app.platform.clock);
  registerPoolRoutes(app, cache, prices);
  registerAddressMiningRoutes(app, cache, prices);
  // Account calls: the worker-stats route is registered before the worker-detail route, as the
  // contract asks, so `/miners/stats` is never read as a worker named "stats".
  registerMinerRoutes(app);
  registerProfitRoutes(app);
}
