import type { FastifyInstance } from 'fastify';

/**
 * The pool data: coins, pools, stats, hashrate series, blocks, workers, groups, profits and the
 * pay method, for address mining (family A) and accounts (family B).
 */
export async function registerPoolModule(_app: FastifyInstance): Promise<void> {}
