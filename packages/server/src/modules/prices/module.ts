import type { FastifyInstance } from 'fastify';
import { createPriceService, type PriceService, type PriceSource } from './service';

/**
 * The price feed, turned once per clock minute by the server's job `price-feed` (the demo walks
 * one step; the HTTP feed is read). The demo's (and fixed prices') first turn runs before the
 * server answers, so prices exist from its first request. A failed turn is logged and the last good prices stay.
 */
export function registerPriceModule(app: FastifyInstance, override?: PriceSource): PriceService {
  const { config, database, clock } = app.platform;
  const source: PriceSource =
    override ??
    (config.priceFeedUrl !== undefined
      ? { kind: 'feed', url: config.priceFeedUrl }
      : config.demo
        ? { kind: 'demo', seed: config.priceDemoSeed }
        : { kind: 'none' });
  const prices = createPriceService({ database, clock, source });

  const turn = async (nowMs: number) => {
    const outcome = await prices.refresh(nowMs);
    if (outcome.kind === 'failed') {
      app.log.warn({ err: outcome.error }, 'price feed: read failed, the last prices stay');
    } else if (outcome.kind === 'updated' && outcome.skipped.length > 0) {
      app.log.warn({ skipped: outcome.skipped }, 'price feed: entries left out');
    }
  };

  if (source.kind !== 'none') {
    app.addHook('onReady', async () => {
      if (source.kind === 'demo' || source.kind === 'fixed') await turn(clock.now());
    });
    // Several API nodes on one database: one of them reads the feed each minute.
    app.jobs.declare({ name: 'price-feed', cadence: 'minute', exclusive: true, run: turn });
  }
  return prices;
}
