import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COINS, type CoinId, endpoints } from '../../contract';
import { refuseField } from '../../domain/errors';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import {
  broadcastDemoTransaction,
  demoInboundChain,
  type InboundChain,
  mineDemoBlocks,
} from '../chain/inboundChain';
import { depositAddressOf, depositAddressOwner, readDeposits, scanDeposits } from './deposits';

const coinIds = Object.keys(COINS) as [CoinId, ...CoinId[]];

const demoDepositBodySchema = z.object({
  coin: z.string(),
  address: z.string(),
  amount: z.string(),
});

const mineBodySchema = z.object({ coin: z.string().optional() }).optional();

function coinOf(value: string): CoinId {
  if (!(coinIds as readonly string[]).includes(value)) refuseField('coin', 'No such coin');
  return value as CoinId;
}

/**
 * Deposits: `GET /wallets/deposit-address` (`depositAddress`), `GET /wallets/deposits`
 * (`deposits`: the newest, pending ones with their confirmations) and the job that
 * mines the demo chain's blocks and records and credits deposits (of the demo chain and of each
 * coin's node) once a minute of the app clock.
 *
 * Outside production, two development calls (not in the contract, like the development
 * outbox; not registered in production, so they answer 404 there):
 *
 * - `POST /api/dev/deposits {coin, address, amount}` broadcasts a demo transfer to one of the
 *   pool's deposit addresses (400 naming `coin`, `address` or `amount` when one is wrong); the
 *   demo chain mines it a few minutes later and the job credits it.
 * - `POST /api/dev/chain/blocks {coin?}` mines a block now with every waiting transfer (of one
 *   coin, or all) and scans at once: how tests skip the wait.
 */
export function registerDepositRoutes(
  app: FastifyInstance,
  chain: InboundChain = demoInboundChain,
): void {
  const { database, clock, config } = app.platform;
  const demoChain = config.env !== 'production';

  registerEndpoint(app, endpoints.depositAddress, async ({ query }, { principal }) =>
    depositAddressOf(
      database,
      chain,
      { userId: userOf(principal), coin: query.coin, account: query.account },
      clock.now(),
    ),
  );

  registerEndpoint(app, endpoints.deposits, async ({ query }, { principal }) =>
    readDeposits(database.db, userOf(principal), { coin: query.coin, account: query.account }),
  );

  async function pass(nowMs: number, mineNow = false, coin?: CoinId) {
    if (demoChain) {
      await mineDemoBlocks(database.db, nowMs, {
        now: mineNow,
        ...(coin === undefined ? {} : { coin }),
      });
    }
    return scanDeposits(database, chain, nowMs);
  }

  if (demoChain) {
    app.post('/api/dev/deposits', async (request, reply) => {
      const parsed = demoDepositBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
        refuseField(field, `${field} is required`);
      }
      const coin = coinOf(parsed.data.coin);
      if (chain.sourceOf(coin) !== 'demo') {
        refuseField('coin', 'This coin is on a node: send from a wallet of its network');
      }
      const address = parsed.data.address.trim();
      if ((await depositAddressOwner(database.db, coin, address)) === undefined) {
        refuseField('address', 'The address is wrong');
      }
      const amount = parsed.data.amount.trim();
      const decimals = Math.min(COINS[coin].chainDecimals, 18);
      if (
        !/^\d+(\.\d+)?$/.test(amount) ||
        new Big(amount).lte(0) ||
        new Big(amount).round(decimals, Big.roundDown).cmp(amount) !== 0
      ) {
        refuseField('amount', `A positive ${coin} amount with at most ${decimals} decimal places`);
      }
      const broadcast = await broadcastDemoTransaction(
        database.db,
        { coin, address, amount: new Big(amount).toFixed() },
        clock.now(),
      );
      // Seen at once, unconfirmed: the deposit exists as pending from now on.
      await scanDeposits(database, chain, clock.now());
      return reply.send({
        code: 0,
        msg: 'success',
        data: {
          tx_id: broadcast.txId,
          coin,
          address,
          amount: broadcast.amount,
          mined_after: new Date(broadcast.minedAfterMs).toISOString(),
        },
      });
    });

    app.post('/api/dev/chain/blocks', async (request, reply) => {
      const parsed = mineBodySchema.safeParse(request.body ?? undefined);
      const coin =
        parsed.success && parsed.data?.coin !== undefined ? coinOf(parsed.data.coin) : undefined;
      const scan = await pass(clock.now(), true, coin);
      return reply.send({ code: 0, msg: 'success', data: scan });
    });
  }

  app.jobs.declare({
    name: 'deposits',
    cadence: 'minute',
    exclusive: true,
    run: async (nowMs) => {
      const scan = await pass(nowMs);
      if (scan.credited > 0 || scan.reversed !== undefined) app.log.info(scan, 'deposits credited');
      // The money of a reversed deposit was spent: the operator settles it with the user.
      if (scan.flagged !== undefined)
        app.log.warn(scan, 'deposit reversals the accounts could not pay');
    },
  });
}
