import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import {
  type LitecoinRegtest,
  litecoinSkipReason,
  startLitecoinRegtest,
} from '../../testing/litecoinRegtest';
import { openTestDatabase } from '../../testing/testDatabase';
import { withPrefix } from './bech32TestAddress';
import { rpcAmount } from './bitcoinRpc';
import type { ChainPayment } from './chainAdapter';
import { createChainRouter } from './chainRouter';
import { createDemoChain } from './demoChain';
import { createNodeChain, type NodeChain } from './nodeChain';

const skip = litecoinSkipReason();

describe.skipIf(skip !== undefined)(
  `the node chain on Litecoin regtest${skip ? ` (${skip})` : ''}`,
  () => {
    let node: LitecoinRegtest;
    let chain: NodeChain;
    let database: Database;
    let keys = 0;

    /** A payment to a fresh address of the outside wallet, under a key of its own. */
    const payment = async (amount: string): Promise<ChainPayment> => ({
      idempotencyKey: `withdrawal-part:test-${process.pid}-${++keys}`,
      coin: 'ltc',
      address: await node.outside.call('getnewaddress'),
      amount,
    });
    const received = (address: string) => node.outside.call('getreceivedbyaddress', address, 0);

    beforeAll(async () => {
      [node, database] = await Promise.all([startLitecoinRegtest(), openTestDatabase('pglite')]);
      process.stdout.write(`litecoind regtest started in ${node.startMs} ms\n`);
      chain = createNodeChain({ coin: 'ltc', rpc: node.pool, network: 'regtest' });
      // The pool's wallet holds coins to pay with.
      await node.sendFromOutside(await node.pool.call('getnewaddress'), '20');
      await node.mine(1);
    });

    afterAll(async () => {
      await Promise.all([node?.stop(), database?.close()]);
    });

    it('should pay exactly the amount, pending until a block confirms it', async () => {
      const paid = await payment('1.23456789');
      const { txId } = await chain.broadcast(paid, Date.now());
      expect(txId).toMatch(/^[0-9a-f]{64}$/);
      expect(await chain.status(txId, Date.now())).toBe('pending');
      await node.mine(1);
      expect(await chain.status(txId, Date.now())).toBe('confirmed');
      // The user receives the amount; the network fee is the pool's, on top.
      expect(await received(paid.address)).toBe('1.23456789');
      expect(await chain.networkFee(txId)).toMatch(/^0\.0000\d{4}$/);
      expect(Number(await chain.networkFee(txId))).toBeGreaterThan(0);
    });

    it('should pay once when the same key is broadcast again, after a crash or at once', async () => {
      const again = await payment('0.5');
      const first = await chain.broadcast(again, Date.now());
      expect(await chain.broadcast(again, Date.now())).toEqual(first);

      // The crash case: the node took the payment, PoolKit died before recording it.
      const crashed = await payment('0.25');
      const sentBeforeTheCrash = await node.pool.call(
        'sendtoaddress',
        crashed.address,
        rpcAmount(crashed.amount),
        crashed.idempotencyKey,
      );
      expect(await chain.broadcast(crashed, Date.now())).toEqual({ txId: sentBeforeTheCrash });

      const racing = await payment('0.125');
      const [one, two] = await Promise.all([
        chain.broadcast(racing, Date.now()),
        chain.broadcast(racing, Date.now()),
      ]);
      expect(one).toEqual(two);

      await node.mine(1);
      expect(await received(again.address)).toBe('0.50000000');
      expect(await received(crashed.address)).toBe('0.25000000');
      expect(await received(racing.address)).toBe('0.12500000');
    });

    it('should find a key on an older page of the wallet', async () => {
      const old = await payment('0.01');
      const { txId } = await chain.broadcast(old, Date.now());
      // More wallet lines than one page (200) come after it: a send to itself is two lines. A
      // block every 20 keeps the chains of unconfirmed change under the mempool's limit (25).
      const filler = await node.pool.call('getnewaddress');
      for (let index = 0; index < 105; index += 1) {
        await node.pool.call('sendtoaddress', filler, rpcAmount('0.001'));
        if (index % 20 === 19) await node.mine(1);
      }
      expect(await chain.findSent(old.idempotencyKey)).toBe(txId);
      expect(await chain.findSent('withdrawal-part:never-sent')).toBeUndefined();
      await node.mine(1);
    });

    it('should take a fee bump and its original as one payment, paid once', async () => {
      const bumped = await payment('0.0625');
      // Sent replaceable, as an operator's wallet might, then bumped on the node.
      const original = await node.pool.call(
        'sendtoaddress',
        bumped.address,
        rpcAmount(bumped.amount),
        bumped.idempotencyKey,
        '',
        false,
        true,
      );
      const replacement = await node.pool.call('bumpfee', original);
      expect(replacement.txid).not.toBe(original);
      expect(await chain.status(original, Date.now())).toBe('pending');
      await node.mine(1);
      // One of the two is mined, the other conflicts with it (negative confirmations); which
      // one is the node's choice. Either way the payment is confirmed, under both ids.
      const confirmations = await Promise.all(
        [original, replacement.txid].map(
          async (txId) => (await node.pool.call('gettransaction', txId)).confirmations,
        ),
      );
      expect(confirmations.sort()).toEqual([-1, 1]);
      expect(await chain.status(original, Date.now())).toBe('confirmed');
      expect(await chain.status(replacement.txid, Date.now())).toBe('confirmed');
      expect(await chain.findSent(bumped.idempotencyKey)).toMatch(/^[0-9a-f]{64}$/);
      expect(await received(bumped.address)).toBe('0.06250000');
    });

    it('should answer failed for a transaction the wallet does not have', async () => {
      expect(await chain.status('00'.repeat(32), Date.now())).toBe('failed');
      expect(await chain.networkFee('00'.repeat(32))).toBeNull();
    });

    it("should validate addresses for the node's network", async () => {
      const own = await node.pool.call('getnewaddress');
      expect(own).toMatch(/^rltc1/);
      expect(await chain.validateAddress(own)).toBe(true);
      // The same program as a mainnet address (`ltc1…`), with a valid checksum: wrong network.
      const mainnet = withPrefix(own, 'ltc');
      expect(mainnet).toMatch(/^ltc1/);
      expect(withPrefix(own, 'rltc')).toBe(own);
      expect(await chain.validateAddress(mainnet)).toBe(false);
      expect(await chain.validateAddress('not an address')).toBe(false);
    });

    it('should route LTC to the node and other coins to the demo chain, and find each later', async () => {
      const router = createChainRouter(database, [chain], createDemoChain(database));
      const ltc = await payment('0.3');
      const { txId } = await router.broadcast(ltc, Date.now());
      const btc = await router.broadcast(
        { idempotencyKey: 'withdrawal-part:btc-1', coin: 'btc', address: 'bc1q', amount: '1' },
        Date.now(),
      );
      expect(btc.txId).toMatch(/^demo/);
      expect(await router.broadcast(ltc, Date.now())).toEqual({ txId });
      const rows = await queryRows<{ chain: string; tx_id: string; status: string }>(
        database.db,
        sql`SELECT chain, tx_id, status FROM chain_broadcasts ORDER BY chain`,
      );
      expect(rows).toEqual([
        { chain: 'demo', tx_id: btc.txId, status: 'pending' },
        { chain: 'node-ltc', tx_id: txId, status: 'pending' },
      ]);
      expect(await router.status(txId, Date.now())).toBe('pending');
      await node.mine(1);
      expect(await router.status(txId, Date.now())).toBe('confirmed');
      expect(await router.status(btc.txId, Date.now())).toBe('pending');
      expect(await received(ltc.address)).toBe('0.30000000');
      // The fee of the node's transaction is the node's; the demo chain knows none.
      expect(await router.networkFee?.(txId)).toBe(await chain.networkFee(txId));
      expect(await router.networkFee?.(txId)).toMatch(/^0\.0000\d{4}$/);
      expect(await router.networkFee?.(btc.txId)).toBeNull();
    });
  },
);
