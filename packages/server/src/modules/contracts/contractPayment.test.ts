import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findPool } from '../../engine/poolCatalog';
import { execute, queryRows, toDecimalString } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { callApi, encrypted } from '../identity/testHelpers';
import { advanceOrders } from './crediting';
import { createFileEvidenceStore } from './evidenceStore';
import { cancelExpiredOrders } from './orders';
import { contractDayOutput } from './output';
import { contractsTestApp, HOUR, PAY_PASSWORD, PDF, PNG } from './testSetup';

describe.each(testDrivers)('paying for cloud-mining contracts on %s', (driver) => {
  const t = contractsTestApp(driver);

  describe('paying from the wallet and mining', () => {
    it('should pay from the wallet, start T+1 and credit each settled day once, then finish', async () => {
      const id = await t.newProduct({ duration_days: 2 });
      await creditTestIncome(t.database, 'alice001', 'btc', '0.015', t.clock.now(), '2026-03-01');
      const order = await t.buy('alice001', id, 1);
      const orderId = order.data.id as string;
      const wrong = await encrypted(t.app, 'Wrong12345');
      const refused = await callApi(t.app, 'POST', `/contracts/orders/${orderId}/pay`, {
        token: t.tokens.alice001,
        body: { pay_password: wrong.password, key_id: wrong.key_id },
      });
      expect(refused.status).toBe(400);
      expect(refused.fields?.[0]?.field).toBe('pay_password');

      const secret = await encrypted(t.app, PAY_PASSWORD);
      const paid = await callApi(t.app, 'POST', `/contracts/orders/${orderId}/pay`, {
        token: t.tokens.alice001,
        body: { pay_password: secret.password, key_id: secret.key_id },
      });
      expect(paid.status).toBe(200);
      expect(paid.data).toMatchObject({
        status: 'pending',
        pay_method: 'wallet',
        effective_date: '2026-03-11',
        end_time: '2026-03-13T00:00:00Z',
      });
      expect(await t.balance('alice001', 'btc')).toBe('0.005');
      const again = await callApi(t.app, 'POST', `/contracts/orders/${orderId}/pay`, {
        token: t.tokens.alice001,
        body: await encrypted(t.app, PAY_PASSWORD).then((s) => ({
          pay_password: s.password,
          key_id: s.key_id,
        })),
      });
      expect(again.status).toBe(400);
      expect(await t.balance('alice001', 'btc')).toBe('0.005');

      // The next day it is mining; the day is credited once the pool settled it.
      t.clock.set(Date.UTC(2026, 2, 11, 1));
      await t.relogin();
      await advanceOrders(t.database, t.clock.now());
      const started = await callApi(t.app, 'GET', `/contracts/orders/${orderId}`, {
        token: t.tokens.alice001,
      });
      expect(started.data.status).toBe('effect');

      t.clock.set(Date.UTC(2026, 2, 12, 1));

      await t.relogin();
      await advanceOrders(t.database, t.clock.now());
      // 2026-03-11 closed but is not settled yet, and the day after has not closed: nothing.
      expect(await t.balance('alice001', 'btc')).toBe('0.005');
      await execute(
        t.database.db,
        sql`INSERT INTO settlements (pool, day, settled_ms) VALUES ('btc', '2026-03-11', ${t.clock.now()})`,
      );
      await advanceOrders(t.database, t.clock.now());
      await advanceOrders(t.database, t.clock.now());
      const pool = findPool('btc');
      if (pool === undefined) throw new Error('no btc pool');
      const day1 = contractDayOutput({
        unitOutput: await ppsUnitOutput(t.database.db, pool, '2026-03-11'),
        poolUnitHashrate: 1e12,
        unitHashrate: 200e12,
        quantity: 1,
        electricityFeePerUnit: '0.00001',
        managementFeePercent: '5',
        decimals: 8,
      });
      expect(Number(day1.net)).toBeGreaterThan(0);
      const [references] = await queryRows<{ count: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS count FROM ledger_transactions
            WHERE reference = ${`contract:${orderId}:2026-03-11`}`,
      );
      expect(references?.count).toBe(1);
      expect(await t.balance('alice001', 'btc')).toBe(
        toDecimalString(String(Number('0.005') + Number(day1.net))),
      );

      // Two days later the second day is credited without a settlement, and the order ends.
      t.clock.set(Date.UTC(2026, 2, 14, 1));
      await t.relogin();
      await advanceOrders(t.database, t.clock.now());
      await advanceOrders(t.database, t.clock.now());
      const profits = await callApi(t.app, 'GET', `/contracts/orders/${orderId}/profits`, {
        token: t.tokens.alice001,
      });
      expect(profits.data.total).toBe(2);
      expect(profits.data.list[1]).toMatchObject({
        date: '2026-03-11',
        amount: day1.gross,
        management_fee: day1.managementFee,
        electricity_fee: day1.electricityFee,
        net_amount: day1.net,
      });
      const finished = await callApi(t.app, 'GET', `/contracts/orders/${orderId}`, {
        token: t.tokens.alice001,
      });
      expect(finished.data.status).toBe('finish');
      expect(finished.data.actual_earnings).toBe(profits.data.total_net_amount);
      const dashboard = await callApi(t.app, 'GET', '/contracts/dashboard', {
        token: t.tokens.alice001,
      });
      expect(dashboard.data.list).toEqual([
        expect.objectContaining({
          coin: 'btc',
          active_orders: 0,
          total_net_amount: profits.data.total_net_amount,
        }),
      ]);
      const transactions = await callApi(t.app, 'GET', '/wallets/transactions', {
        token: t.tokens.alice001,
        query: { type: 'contract' },
      });
      expect(transactions.status).toBe(200);
      expect(transactions.data.total).toBe(3);
    });

    it('should refuse a wallet payment the balance cannot cover, naming pay_amount', async () => {
      const id = await t.newProduct({ price: '5' });
      const order = await t.buy('alice001', id, 1);
      const secret = await encrypted(t.app, PAY_PASSWORD);
      const short = await callApi(t.app, 'POST', `/contracts/orders/${order.data.id}/pay`, {
        token: t.tokens.alice001,
        body: { pay_password: secret.password, key_id: secret.key_id },
      });
      expect(short.status).toBe(400);
      expect(short.code).toBe(40007);
      expect(short.fields?.[0]?.field).toBe('pay_amount');
      const still = await callApi(t.app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: t.tokens.alice001,
      });
      expect(still.data.status).toBe('unpaid');
    });
  });

  describe('paying by transfer', () => {
    it('should take evidence files, send the order to review and let an operator approve it', async () => {
      const id = await t.newProduct();
      const order = await t.buy('bobby001', id, 2);
      const orderId = order.data.id as string;
      const empty = await callApi(t.app, 'POST', `/contracts/orders/${orderId}/certificates`, {
        token: t.tokens.bobby001,
        body: { files: [] },
      });
      expect(empty.status).toBe(400);
      const liar = await callApi(t.app, 'POST', `/contracts/orders/${orderId}/certificates`, {
        token: t.tokens.bobby001,
        body: {
          files: [{ file_name: 'x.png', content_type: 'image/png', data: PDF.toString('base64') }],
        },
      });
      expect(liar.status).toBe(400);
      expect(liar.fields?.[0]?.field).toBe('files.0.content_type');

      const uploaded = await callApi(t.app, 'POST', `/contracts/orders/${orderId}/certificates`, {
        token: t.tokens.bobby001,
        body: {
          files: [
            { file_name: 'receipt.png', content_type: 'image/png', data: PNG.toString('base64') },
            {
              file_name: 'bank.pdf',
              content_type: 'application/pdf',
              data: PDF.toString('base64'),
            },
          ],
        },
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.data.status).toBe('review');
      expect(uploaded.data.pay_method).toBe('transfer');
      expect(uploaded.data.payment_certificates).toHaveLength(2);
      const link = new URL(uploaded.data.payment_certificates[0]);
      const file = await t.app.inject({
        method: 'GET',
        url: link.pathname,
        headers: { authorization: `Bearer ${t.tokens.bobby001}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const stranger = await t.app.inject({
        method: 'GET',
        url: link.pathname,
        headers: { authorization: `Bearer ${t.tokens.alice001}` },
      });
      expect(stranger.statusCode).toBe(404);
      const operator = await t.app.inject({
        method: 'GET',
        url: link.pathname,
        headers: { authorization: `Bearer ${t.tokens.staff001}` },
      });
      expect(operator.statusCode).toBe(200);

      // Past the 2 hours the job does not cancel an order in review.
      t.clock.advance(3 * HOUR);
      await t.relogin();
      await cancelExpiredOrders(t.database, t.clock.now());
      const queue = await callApi(t.app, 'GET', '/admin/contracts/orders', {
        token: t.tokens.staff001,
      });
      expect(queue.data.list.map((item: { id: string }) => item.id)).toContain(orderId);
      const approved = await callApi(t.app, 'POST', `/admin/contracts/orders/${orderId}/review`, {
        token: t.tokens.staff001,
        body: { decision: 'approve' },
      });
      expect(approved.status).toBe(200);
      expect(approved.data).toMatchObject({ status: 'pending', username: 'bobby001' });
      const twice = await callApi(t.app, 'POST', `/admin/contracts/orders/${orderId}/review`, {
        token: t.tokens.staff001,
        body: { decision: 'reject', reason: 'late' },
      });
      expect(twice.status).toBe(400);
      expect(twice.fields?.[0]?.field).toBe('order_id');
    });

    it('should reject with a reason, give the units back and audit it', async () => {
      const id = await t.newProduct({ inventory: 4 });
      const order = await t.buy('bobby001', id, 4);
      await callApi(t.app, 'POST', `/contracts/orders/${order.data.id}/certificates`, {
        token: t.tokens.bobby001,
        body: {
          files: [{ file_name: 'r.png', content_type: 'image/png', data: PNG.toString('base64') }],
        },
      });
      expect(await t.inventory(id)).toBe(0);
      const noReason = await callApi(
        t.app,
        'POST',
        `/admin/contracts/orders/${order.data.id}/review`,
        {
          token: t.tokens.staff001,
          body: { decision: 'reject' },
        },
      );
      expect(noReason.status).toBe(400);
      const rejected = await callApi(
        t.app,
        'POST',
        `/admin/contracts/orders/${order.data.id}/review`,
        {
          token: t.tokens.staff001,
          body: { decision: 'reject', reason: 'No such transfer arrived' },
        },
      );
      expect(rejected.data).toMatchObject({
        status: 'reject',
        reject_reason: 'No such transfer arrived',
      });
      expect(await t.inventory(id)).toBe(4);
      const audit = await callApi(t.app, 'GET', '/admin/audit-log', {
        token: t.tokens.staff001,
        query: { page_size: '100' },
      });
      expect(audit.data.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'contracts.order_reject', target_id: order.data.id }),
        ]),
      );
    });
  });

  it('should keep evidence in the data folder behind the store', async () => {
    const store = createFileEvidenceStore(path.join(t.evidenceDir, 'contract-evidence'));
    const [row] = await queryRows<{ storage_key: string }>(
      t.database.db,
      sql`SELECT storage_key FROM contract_certificates ORDER BY id LIMIT 1`,
    );
    expect(row).toBeDefined();
    expect(await store.get(row?.storage_key ?? '')).toBeDefined();
    await expect(store.get('../etc/passwd')).rejects.toThrow(RangeError);
  });
});
