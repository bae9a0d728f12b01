import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { queryRows } from '../../engine/sql';
import {
  type LitecoinRegtest,
  litecoinSkipReason,
  startLitecoinRegtest,
} from '../../testing/litecoinRegtest';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import { withPrefix } from '../chain/bech32TestAddress';
import type { ChainAdapter } from '../chain/chainAdapter';
import { createChainRouter } from '../chain/chainRouter';
import { createDemoChain, DEMO_CONFIRM_AFTER_MS } from '../chain/demoChain';
import { createNodeChain, type NodeChain } from '../chain/nodeChain';
import { callApi, encrypted, registerByEmail } from '../identity/testHelpers';
import type { IdRow } from './rows';
import {
  BTC_ADDRESS,
  expectSoundLedger,
  openWalletApp,
  PAY_PASSWORD,
  setPayPasswords,
  systemBalance,
  userIdOf,
  validationOf,
  type WalletTestApp,
} from './testFixtures';
import { processWithdrawals } from './withdrawalSending';

const skip = litecoinSkipReason();

describe.skipIf(skip !== undefined)(
  `withdrawals through a Litecoin regtest node${skip ? ` (${skip})` : ''}`,
  () => {
    const clock = createManualClock(Date.UTC(2026, 5, 1, 1));
    let node: LitecoinRegtest;
    let ltc: NodeChain;
    let opened: WalletTestApp;
    /** The app's own chain again (LTC on the node, BTC on the demo chain), for the job's runs. */
    let chain: ChainAdapter;
    /** The one user: the withdrawing miner, an operator too. */
    const user = { token: '', id: '' };

    const saveAddress = async (coin: string, address: string) =>
      callApi(opened.app, 'POST', '/wallets/withdraw-addresses', {
        token: user.token,
        body: {
          coin,
          alias: 'Outside',
          address,
          validation_token: await validationOf(opened.identity, user.id, 'withdraw_address'),
        },
      });

    const withdraw = async (coin: string, addressId: string, amount: string) => {
      const secret = await encrypted(opened.app, PAY_PASSWORD);
      return callApi(opened.app, 'POST', '/wallets/withdrawals', {
        token: user.token,
        body: {
          coin,
          address_id: addressId,
          amount,
          pay_password: secret.password,
          key_id: secret.key_id,
          validation_token: await validationOf(opened.identity, user.id, 'withdraw'),
          idempotency_key: randomUUID(),
        },
      });
    };

    /** The operator's view of the one successful withdrawal of `coin`. */
    const adminView = async (coin: string) => {
      const page = await callApi(opened.app, 'GET', '/admin/withdrawals', {
        token: user.token,
        query: { state: 'successful' },
      });
      expect(page.status).toBe(200);
      return page.data.list.find((row: { coin: string }) => row.coin === coin);
    };

    const partsOf = async (coin: string) =>
      queryRows<{ tx_id: string; state: string; network_fee: string | null }>(
        opened.database.db,
        sql`SELECT p.tx_id, p.state, p.network_fee::text AS network_fee
            FROM withdrawal_parts p JOIN withdrawals w ON w.id = p.withdrawal_id
            WHERE w.coin = ${coin} ORDER BY p.id`,
      );

    beforeAll(async () => {
      node = await startLitecoinRegtest();
      ltc = createNodeChain({ coin: 'ltc', rpc: node.pool, network: 'regtest' });
      // The pool's wallet holds coins to pay with.
      await node.sendFromOutside(await node.pool.call('getnewaddress'), '20');
      await node.mine(1);
      opened = await openWalletApp('pglite', {
        clock,
        nodeChains: [ltc],
        startJobsOnReady: false,
      });
      chain = createChainRouter(opened.database, [ltc], createDemoChain(opened.database));
      user.token = (
        await registerByEmail(opened.app, 'ltcuser1', 'ltc@example.com', 'Secret123', '10.7.0.1')
      ).token;
      user.id = await userIdOf(opened.database, 'ltcuser1');
      await grantOperator(opened.database.db, user.id, null, clock.now());
      await setPayPasswords(opened.database);
    });

    afterAll(async () => {
      await Promise.all([node?.stop(), opened?.close()]);
    });

    it("should let the node judge LTC addresses for its network, and core's shapes the demo coins'", async () => {
      const own = await node.outside.call('getnewaddress');
      expect(own).toMatch(/^rltc1/);
      // A valid mainnet address (same program, `ltc` prefix): core's shape takes it, the node not.
      const mainnet = withPrefix(own, 'ltc');
      expect(mainnet).toMatch(/^ltc1/);
      const refused = await saveAddress('ltc', mainnet);
      expect([refused.status, refused.code, refused.msg]).toEqual([
        400,
        40005,
        'The address is wrong',
      ]);
      expect(refused.fields).toEqual([{ field: 'address', message: 'The address is wrong' }]);
      // BTC stays on the demo chain: core's shape check, which knows no regtest address.
      const notBtc = await saveAddress('btc', own);
      expect([notBtc.status, notBtc.code, notBtc.fields?.[0]?.field]).toEqual([
        400,
        40005,
        'address',
      ]);
      const saved = await saveAddress('ltc', own);
      expect(saved.status).toBe(200);
      expect(saved.data).toMatchObject({ coin: 'ltc', address: own });
      // The rules tell the dialog who judges, so it does not refuse what the node takes.
      const rulesOf = async (coin: string) =>
        (
          await callApi(opened.app, 'GET', '/wallets/withdraw-rules', {
            token: user.token,
            query: { coin },
          })
        ).data.address_check;
      expect([await rulesOf('ltc'), await rulesOf('btc')]).toEqual(['node', 'shape']);
    });

    it('should pay exactly the amount through the node and record the network fee it paid', async () => {
      const book = await callApi(opened.app, 'GET', '/wallets/withdraw-addresses', {
        token: user.token,
        query: { coin: 'ltc' },
      });
      const [address] = book.data.list as { id: string; address: string }[];
      if (address === undefined) throw new Error('The LTC address was not saved');
      await creditTestIncome(opened.database, 'ltcuser1', 'ltc', '5', clock.now());

      const placed = await withdraw('ltc', address.id, '1.5');
      expect(placed.status).toBe(200);
      expect(placed.data).toMatchObject({ manual_audit: false, parts: 1 });
      // Sent at once by the request; not final before a block.
      const [sent] = await partsOf('ltc');
      expect(sent).toMatchObject({ state: 'broadcast', network_fee: null });
      expect(await processWithdrawals(opened.database, chain, clock.now())).toEqual({
        broadcast: 0,
        confirmed: 0,
        failed: 0,
      });

      await node.mine(1);
      expect(await processWithdrawals(opened.database, chain, clock.now())).toMatchObject({
        confirmed: 1,
      });
      const [paid] = await partsOf('ltc');
      const reported = (await node.pool.call('gettransaction', paid?.tx_id ?? '')).fee;
      expect(reported).toMatch(/^-0\.0000\d{4}$/);
      const fee = reported?.slice(1) ?? '';
      expect(paid).toMatchObject({ state: 'confirmed' });
      expect(paid?.network_fee).toBe(fee);
      // The receiving wallet holds exactly the amount: the network fee is the pool's.
      expect(await node.outside.call('getreceivedbyaddress', address.address, 1)).toBe(
        '1.50000000',
      );
      expect(await systemBalance(opened.database, 'withdrawals_paid', 'ltc')).toBe('1.5');
      expect(await systemBalance(opened.database, 'withdraw_fees', 'ltc')).toBe('0.001');
      expect(await adminView('ltc')).toMatchObject({
        amount: '1.5',
        fee: '0.001',
        address: address.address,
        state: 'successful',
        network_fee: new Big(fee).toFixed(),
      });
      await expectSoundLedger(opened.database);
    });

    it('should record no network fee for a withdrawal on the demo chain', async () => {
      // Saved straight into the book: a second address would pause withdrawals for a day.
      const [row] = await queryRows<IdRow>(
        opened.database.db,
        sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, created_at)
            VALUES (${user.id}::bigint, 'btc', 'Cold wallet', ${BTC_ADDRESS}, now())
            RETURNING id::text AS id`,
      );
      await creditTestIncome(opened.database, 'ltcuser1', 'btc', '1', clock.now());
      expect((await withdraw('btc', row?.id ?? '', '0.01')).status).toBe(200);
      clock.advance(DEMO_CONFIRM_AFTER_MS);
      expect(await processWithdrawals(opened.database, chain, clock.now())).toMatchObject({
        confirmed: 1,
      });
      expect(await partsOf('btc')).toEqual([
        { tx_id: expect.stringMatching(/^demo/), state: 'confirmed', network_fee: null },
      ]);
      expect(await adminView('btc')).toMatchObject({ state: 'successful', network_fee: null });
    });
  },
);
