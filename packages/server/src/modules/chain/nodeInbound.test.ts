import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import {
  freePort,
  type LitecoinRegtest,
  litecoinSkipReason,
  startLitecoinRegtest,
} from '../../testing/litecoinRegtest';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { callApi, registerByEmail } from '../identity/testHelpers';
import { depositAddressOf, scanDeposits } from '../wallet/deposits';
import { inLedgerTransaction } from '../wallet/ledger';
import { move } from '../wallet/postings';
import { accountBalance, expectSoundLedger, userIdOf } from '../wallet/testFixtures';
import { BitcoinRpcConnectionError, createBitcoinRpc } from './bitcoinRpc';
import { demoInboundChain, type InboundChain } from './inboundChain';
import { createInboundRouter, createNodeInbound, depositLabel } from './nodeInbound';

const skip = litecoinSkipReason();

describe.skipIf(skip !== undefined)(
  `deposits from a Litecoin regtest node${skip ? ` (${skip})` : ''}`,
  () => {
    let node: LitecoinRegtest;
    let database: Database;
    let app: FastifyInstance;
    let chain: InboundChain;
    let dora = '';
    let doraId = '';
    let address = '';
    const clock = createManualClock(Date.UTC(2026, 10, 1, 8));

    /** The inbound chain a (re)started server builds: a new object over the same node. */
    const inbound = () =>
      createInboundRouter(
        [createNodeInbound({ coin: 'ltc', rpc: node.pool, confirmations: 1 })],
        demoInboundChain,
      );
    /** Node calls the adapter does not make. */
    const nodeCall = (method: string, ...params: unknown[]) =>
      (node.pool.call as unknown as (m: string, ...p: unknown[]) => Promise<unknown>)(
        method,
        ...params,
      );
    const scan = (using: InboundChain = chain) => scanDeposits(database, using, clock.now());
    const available = async () =>
      (await accountBalance(database, 'dora0001', 'ltc', 'available')).toFixed();
    const deposits = async () => {
      const answer = await callApi(app, 'GET', '/wallets/deposits', {
        token: dora,
        query: { coin: 'ltc' },
      });
      return (answer.data as { list: { tx_id: string; status: string; confirmations: number }[] })
        .list;
    };
    /** Sends a deposit from the outside wallet and mines it into a block; resolves both. */
    const depositMined = async (amount: string) => {
      const txId = await node.sendFromOutside(address, amount);
      const [block] = await node.mine(1);
      return { txId, block: block ?? '' };
    };

    beforeAll(async () => {
      [node, database] = await Promise.all([startLitecoinRegtest(), openTestDatabase('pglite')]);
      chain = inbound();
      app = await buildApp({
        config: testConfig(),
        db: database,
        clock,
        inboundChain: chain,
        startJobsOnReady: false,
      });
      dora = (await registerByEmail(app, 'dora0001', 'dora@example.com', 'Secret123', '10.9.2.1'))
        .token;
      doraId = await userIdOf(database, 'dora0001');
    });

    afterAll(async () => {
      await app?.close();
      await Promise.all([node?.stop(), database?.close()]);
    });

    it("should hand out a labelled address of the node's wallet, the same one after a restart", async () => {
      // An address the demo chain handed out before LTC moved to the node is nobody's key there.
      const demo = await depositAddressOf(
        database,
        demoInboundChain,
        { userId: doraId, coin: 'ltc' },
        clock.now(),
      );
      expect(demo.address).toMatch(/^ltc1q/);
      const answer = await callApi(app, 'GET', '/wallets/deposit-address', {
        token: dora,
        query: { coin: 'ltc' },
      });
      expect(answer.status).toBe(200);
      address = (answer.data as { address: string }).address;
      expect(address).toMatch(/^rltc1/);
      const [account] = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id::text AS id FROM mining_accounts WHERE name = 'dora0001'`,
      );
      const labelled = await nodeCall(
        'getaddressesbylabel',
        depositLabel('ltc', account?.id ?? ''),
      );
      expect(Object.keys(labelled as object)).toEqual([address]);
      const again = await depositAddressOf(
        database,
        inbound(),
        { userId: doraId, coin: 'ltc' },
        clock.now(),
      );
      expect(again.address).toBe(address);
      // Other coins stay on the demo chain.
      const btc = await depositAddressOf(database, chain, { userId: doraId, coin: 'btc' }, 0);
      expect(btc.address).toMatch(/^bc1q/);
      // A demo transfer to a node's address is not money: the development call refuses it.
      const demoTransfer = await callApi(app, 'POST', '/dev/deposits', {
        body: { coin: 'ltc', address, amount: '1' },
      });
      expect(demoTransfer.status).toBe(400);
      expect(demoTransfer.fields?.map((field) => field.field)).toEqual(['coin']);
    });

    it('should show a deposit pending at once and credit it at its first confirmation', async () => {
      const txId = await node.sendFromOutside(address, '1.5');
      expect(await scan()).toEqual({ seen: 1, credited: 0 });
      expect(await deposits()).toMatchObject([
        { tx_id: txId, status: 'pending', confirmations: 0 },
      ]);
      expect(await available()).toBe('0');
      await node.mine(1);
      expect(await scan()).toEqual({ seen: 0, credited: 1 });
      expect(await deposits()).toMatchObject([
        { tx_id: txId, status: 'credited', confirmations: 1 },
      ]);
      expect(await available()).toBe('1.5');
      expect(await scan()).toEqual({ seen: 0, credited: 0 });
    });

    it('should neither miss nor repeat a deposit made while the server was stopped', async () => {
      const { txId } = await depositMined('0.25');
      expect(await scan(inbound())).toEqual({ seen: 1, credited: 1 });
      expect(await scan(inbound())).toEqual({ seen: 0, credited: 0 });
      expect((await deposits())[0]).toMatchObject({ tx_id: txId, status: 'credited' });
      expect(await available()).toBe('1.75');
      // The next pass reads from the tip on: the blocks recorded are not read again.
      const cursors = await queryRows<{ coin: string; chain: string; last_block: string }>(
        database.db,
        sql`SELECT coin, chain, last_block FROM chain_cursors`,
      );
      expect(cursors).toEqual([
        { coin: 'ltc', chain: 'node-ltc', last_block: await nodeCall('getbestblockhash') },
      ]);
    });

    it('should fail the pass when the node does not answer, and resume where it stopped', async () => {
      const down = createInboundRouter(
        [
          createNodeInbound({
            coin: 'ltc',
            rpc: createBitcoinRpc(`http://user:pass@127.0.0.1:${await freePort()}/wallet/pool`),
            confirmations: 1,
          }),
        ],
        demoInboundChain,
      );
      const cursor = () =>
        queryRows<{ last_block: string }>(database.db, sql`SELECT last_block FROM chain_cursors`);
      const before = await cursor();
      const { txId } = await depositMined('0.125');
      await expect(scan(down)).rejects.toThrow(BitcoinRpcConnectionError);
      expect(await cursor()).toEqual(before);
      expect(await scan()).toEqual({ seen: 1, credited: 1 });
      expect((await deposits())[0]).toMatchObject({ tx_id: txId, status: 'credited' });
      expect(await available()).toBe('1.875');
    });

    it('should reverse a deposit whose block left the chain once, and credit it again once', async () => {
      const { txId, block } = await depositMined('0.5');
      expect(await scan()).toEqual({ seen: 1, credited: 1 });
      expect(await available()).toBe('2.375');

      await nodeCall('invalidateblock', block);
      expect(await scan()).toEqual({ seen: 0, credited: 0, reversed: 1 });
      expect(await scan(inbound())).toEqual({ seen: 0, credited: 0 });
      expect(await available()).toBe('1.875');
      expect((await deposits())[0]).toMatchObject({ tx_id: txId, status: 'pending' });

      await nodeCall('reconsiderblock', block);
      expect(await scan()).toEqual({ seen: 0, credited: 1 });
      expect(await scan(inbound())).toEqual({ seen: 0, credited: 0 });
      expect(await available()).toBe('2.375');
      expect((await deposits())[0]).toMatchObject({ tx_id: txId, status: 'credited' });
      await expectSoundLedger(database);
    });

    it('should flag the account and tell the user, not fail, when the reversed money was spent', async () => {
      const { txId, block } = await depositMined('0.3');
      expect(await scan()).toEqual({ seen: 1, credited: 1 });
      const [account] = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id::text AS id FROM mining_accounts WHERE name = 'dora0001'`,
      );
      // Everything leaves the account, as a paid withdrawal would take it.
      await inLedgerTransaction(database, (tx) =>
        move(
          tx,
          {
            from: { account: account?.id ?? '' },
            to: { system: 'withdrawals_paid' },
            coin: 'ltc',
            amount: '2.675',
            reason: { type: 'withdraw_payout' },
          },
          clock.now(),
        ),
      );
      await nodeCall('invalidateblock', block);
      expect(await scan()).toEqual({ seen: 0, credited: 0, flagged: 1 });
      expect(await scan()).toEqual({ seen: 0, credited: 0 });
      expect(await available()).toBe('0');
      const open = () =>
        queryRows<{ amount: string; resolved: boolean }>(
          database.db,
          sql`SELECT amount::text AS amount, resolved_at IS NOT NULL AS resolved
              FROM deposit_shortfalls`,
        );
      expect(await open()).toEqual([{ amount: '0.3', resolved: false }]);
      // The user is told once, among the message center's wallet messages.
      const told = await callApi(app, 'GET', '/messages', {
        token: dora,
        query: { type: 'wallet_update' },
      });
      expect(told.status).toBe(200);
      const messages = (told.data as { list: { title: string; content: string }[] }).list;
      expect(messages).toMatchObject([
        {
          type: 'wallet_update',
          account: 'dora0001',
          title: 'Deposit reversed on the blockchain: 0.3 LTC',
        },
      ]);
      expect(messages[0]?.content).toContain(txId);

      await nodeCall('reconsiderblock', block);
      expect(await scan()).toEqual({ seen: 0, credited: 0 });
      expect(await open()).toEqual([{ amount: '0.3', resolved: true }]);
      await expectSoundLedger(database);
    });
  },
);
