import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findPool } from '../../engine/poolCatalog';
import { queryRows } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { testDrivers } from '../../testing/testDatabase';
import { callApi } from '../identity/testHelpers';
import { createOrder } from './orders';
import { contractDayOutput } from './output';
import { contractsTestApp, productBody, terms } from './testSetup';

describe.each(testDrivers)('cloud-mining products and purchases on %s', (driver) => {
  const t = contractsTestApp(driver);

  describe('products (operators)', () => {
    it('should add a product, audit it and show it to users with an estimate', async () => {
      const id = await t.newProduct();
      const audit = await callApi(t.app, 'GET', '/admin/audit-log', {
        token: t.tokens.staff001,
        query: { page_size: '100' },
      });
      expect(audit.data.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'contracts.product_create', target_id: id }),
        ]),
      );
      const list = await callApi(t.app, 'GET', '/contracts/products', { token: t.tokens.alice001 });
      expect(list.status).toBe(200);
      const product = list.data.list.find((item: { id: string }) => item.id === id);
      expect(product).toMatchObject({
        coin: 'btc',
        currency: 'BTC',
        inventory: 10,
        status: 'on_sale',
        management_fee_percent: '5',
        terms,
      });
      // The estimate follows the pool's unit output of yesterday (no settlement yet).
      const pool = findPool('btc');
      if (pool === undefined) throw new Error('no btc pool');
      const unit = await ppsUnitOutput(t.database.db, pool, '2026-03-09');
      const expected = contractDayOutput({
        unitOutput: unit,
        poolUnitHashrate: pool.params.unitHashrate,
        unitHashrate: 200e12,
        quantity: 1,
        electricityFeePerUnit: '0.00001',
        managementFeePercent: '5',
        decimals: 8,
      }).net;
      expect(product.estimated_earnings).toBe(expected);
      expect(product.estimated_earnings_usd).not.toBeNull();
      expect('pay_address' in product).toBe(false);
    });

    it('should refuse a coin without an account pool, an unknown miner model and a bad fee, naming the field', async () => {
      for (const [fields, field] of [
        [{ coin: 'kas' }, 'coin'],
        [{ miner: 'Toaster 3000' }, 'miner'],
        [{ management_fee_percent: '100' }, 'management_fee_percent'],
        [{ price: '0.000000001' }, 'price'],
      ] as const) {
        const refused = await callApi(t.app, 'POST', '/admin/contracts/products', {
          token: t.tokens.staff001,
          body: productBody(fields),
        });
        expect(refused.status).toBe(400);
        expect(refused.fields?.[0]?.field).toBe(field);
      }
    });

    it('should refuse product management to a user who is not an operator', async () => {
      const refused = await callApi(t.app, 'POST', '/admin/contracts/products', {
        token: t.tokens.alice001,
        body: productBody(),
      });
      expect(refused.status).toBe(403);
    });
  });

  describe('buying', () => {
    it('should sell exactly the stock to 100 concurrent purchases', async () => {
      const id = await t.newProduct({ inventory: 10 });
      const [alice] = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id::text AS id FROM users WHERE username = 'alice001'`,
      );
      if (alice === undefined) throw new Error('no alice');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          createOrder(t.database, {
            userId: alice.id,
            productId: id,
            account: 'alice001',
            quantity: 1,
            certificateUrl: (orderId, certificateId) =>
              `http://localhost/api/contracts/orders/${orderId}/certificates/${certificateId}`,
            nowMs: t.clock.now(),
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect((outcome.reason as { status: number }).status).toBe(400);
        }
      }
      expect(await t.inventory(id)).toBe(0);
      const [sold] = await queryRows<{ count: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS count FROM contract_orders WHERE product_id = ${id}::bigint`,
      );
      expect(sold?.count).toBe(10);
      const listed = await callApi(t.app, 'GET', `/contracts/products/${id}`, {
        token: t.tokens.alice001,
      });
      expect(listed.data.status).toBe('sold_out');
    });

    it('should place an unpaid order with its batch, pay amount, address and 2-hour deadline', async () => {
      const id = await t.newProduct({ inventory: 5 });
      const order = await t.buy('alice001', id, 3);
      expect(order.status).toBe(200);
      expect(order.data).toMatchObject({
        status: 'unpaid',
        quantity: 3,
        power: 600e12,
        pay_amount: '0.03',
        currency: 'BTC',
        pay_address: 'bc1qpoolkitcontracts',
        account: 'alice001',
        batch: `B20260310-${id}`,
        pay_deadline: '2026-03-10T11:00:00Z',
        electricity_fee: '0.00003',
        pay_method: null,
      });
      expect(await t.inventory(id)).toBe(2);
      const tooMany = await t.buy('alice001', id, 3);
      expect(tooMany.status).toBe(400);
      expect(tooMany.fields?.[0]?.field).toBe('quantity');
      const notMine = await callApi(t.app, 'POST', '/contracts/orders', {
        token: t.tokens.bobby001,
        body: { product_id: id, account: 'alice001', quantity: 1, terms_accepted: true },
      });
      expect(notMine.status).toBe(400);
      expect(notMine.fields?.[0]?.field).toBe('account');
      const noTerms = await callApi(t.app, 'POST', '/contracts/orders', {
        token: t.tokens.alice001,
        body: { product_id: id, account: 'alice001', quantity: 1, terms_accepted: false },
      });
      expect(noTerms.status).toBe(400);
      const other = await callApi(t.app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: t.tokens.bobby001,
      });
      expect(other.status).toBe(404);
    });
  });
});
