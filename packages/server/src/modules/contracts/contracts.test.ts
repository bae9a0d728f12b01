import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { findPool } from '../../engine/poolCatalog';
import { execute, queryRows, toDecimalString } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { fixedPrices } from '../../testing/testPrices';
import { grantOperator } from '../admin/operators';
import {
  callApi,
  encrypted,
  loginByEmail,
  registerByEmail,
  secondValidation,
} from '../identity/testHelpers';
import { advanceOrders } from './crediting';
import { createFileEvidenceStore } from './evidenceStore';
import { cancelExpiredOrders, createOrder } from './orders';
import { contractDayOutput } from './output';

const HOUR = 3_600_000;
/** 2026-03-10 09:00 UTC. */
const T0 = Date.UTC(2026, 2, 10, 9);
const PAY_PASSWORD = 'Pay123456';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.4\n% test\n');

const terms = {
  en: 'Terms',
  'zh-CN': '条款',
  ru: 'Условия',
  ja: '規約',
  ko: '약관',
};

function productBody(fields: Record<string, unknown> = {}) {
  return {
    name: 'S21 BTC 3 days',
    coin: 'btc',
    miner: 'Antminer S21',
    power: 200e12,
    price: '0.01',
    electricity_fee: '0.00001',
    management_fee_percent: '5',
    duration_days: 3,
    effective_delay_days: 1,
    inventory: 10,
    pay_address: 'bc1qpoolkitcontracts',
    terms,
    on_sale: true,
    ...fields,
  };
}

describe.each(testDrivers)('cloud-mining contracts on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let evidenceDir: string;
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};

  async function register(username: string, ip: string) {
    tokens[username] = (
      await registerByEmail(app, username, `${username}@example.com`, 'Secret123', ip)
    ).token;
  }

  /** Signs everyone in again: tokens expire as the clock moves on by hours and days. */
  async function relogin() {
    let ip = 10;
    for (const username of Object.keys(tokens)) {
      ip += 1;
      const login = await loginByEmail(
        app,
        `${username}@example.com`,
        'Secret123',
        `10.13.0.${ip}`,
      );
      tokens[username] = login.data.token;
    }
  }

  async function buy(user: string, productId: string, quantity: number) {
    return callApi(app, 'POST', '/contracts/orders', {
      token: tokens[user],
      body: { product_id: productId, account: user, quantity, terms_accepted: true },
    });
  }

  async function balance(account: string, coin: string): Promise<string> {
    const [row] = await queryRows<{ balance: unknown }>(
      database.db,
      sql`SELECT l.balance FROM ledger_accounts l JOIN mining_accounts m ON m.id = l.mining_account_id
          WHERE m.name = ${account} AND l.coin = ${coin} AND l.bucket = 'available'`,
    );
    return toDecimalString(row?.balance ?? '0');
  }

  async function inventory(productId: string): Promise<number> {
    const [row] = await queryRows<{ inventory: number }>(
      database.db,
      sql`SELECT inventory FROM contract_products WHERE id = ${productId}::bigint`,
    );
    return Number(row?.inventory);
  }

  async function newProduct(fields: Record<string, unknown> = {}): Promise<string> {
    const created = await callApi(app, 'POST', '/admin/contracts/products', {
      token: tokens.staff001,
      body: productBody(fields),
    });
    expect(created.msg).toBe('success');
    return created.data.id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    evidenceDir = await mkdtemp(path.join(tmpdir(), 'poolkit-evidence-'));
    app = await buildApp({
      config: testConfig({ POOLKIT_DATA_DIR: evidenceDir }),
      db: database,
      clock,
      priceSource: fixedPrices(),
    });
    await register('staff001', '10.12.0.1');
    await register('alice001', '10.12.0.2');
    await register('bobby001', '10.12.0.3');
    const [staff] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'staff001'`,
    );
    if (staff === undefined) throw new Error('no operator');
    await grantOperator(database.db, staff.id, null, T0);
    const secret = await encrypted(app, PAY_PASSWORD);
    const set = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: tokens.alice001,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await secondValidation(
          app,
          tokens.alice001 ?? '',
          'alice001@example.com',
          'pay_password',
        ),
      },
    });
    expect(set.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(evidenceDir, { recursive: true, force: true });
  });

  describe('products (operators)', () => {
    it('should add a product, audit it and show it to users with an estimate', async () => {
      const id = await newProduct();
      const audit = await callApi(app, 'GET', '/admin/audit-log', {
        token: tokens.staff001,
        query: { page_size: '100' },
      });
      expect(audit.data.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'contracts.product_create', target_id: id }),
        ]),
      );
      const list = await callApi(app, 'GET', '/contracts/products', { token: tokens.alice001 });
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
      const unit = await ppsUnitOutput(database.db, pool, '2026-03-09');
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
        const refused = await callApi(app, 'POST', '/admin/contracts/products', {
          token: tokens.staff001,
          body: productBody(fields),
        });
        expect(refused.status).toBe(400);
        expect(refused.fields?.[0]?.field).toBe(field);
      }
    });

    it('should refuse product management to a user who is not an operator', async () => {
      const refused = await callApi(app, 'POST', '/admin/contracts/products', {
        token: tokens.alice001,
        body: productBody(),
      });
      expect(refused.status).toBe(403);
    });
  });

  describe('buying', () => {
    it('should sell exactly the stock to 100 concurrent purchases', async () => {
      const id = await newProduct({ inventory: 10 });
      const [alice] = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id::text AS id FROM users WHERE username = 'alice001'`,
      );
      if (alice === undefined) throw new Error('no alice');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          createOrder(database, {
            userId: alice.id,
            productId: id,
            account: 'alice001',
            quantity: 1,
            certificateUrl: (orderId, certificateId) =>
              `http://localhost/api/contracts/orders/${orderId}/certificates/${certificateId}`,
            nowMs: clock.now(),
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect((outcome.reason as { status: number }).status).toBe(400);
        }
      }
      expect(await inventory(id)).toBe(0);
      const [sold] = await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM contract_orders WHERE product_id = ${id}::bigint`,
      );
      expect(sold?.count).toBe(10);
      const listed = await callApi(app, 'GET', `/contracts/products/${id}`, {
        token: tokens.alice001,
      });
      expect(listed.data.status).toBe('sold_out');
    });

    it('should place an unpaid order with its batch, pay amount, address and 2-hour deadline', async () => {
      const id = await newProduct({ inventory: 5 });
      const order = await buy('alice001', id, 3);
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
      expect(await inventory(id)).toBe(2);
      const tooMany = await buy('alice001', id, 3);
      expect(tooMany.status).toBe(400);
      expect(tooMany.fields?.[0]?.field).toBe('quantity');
      const notMine = await callApi(app, 'POST', '/contracts/orders', {
        token: tokens.bobby001,
        body: { product_id: id, account: 'alice001', quantity: 1, terms_accepted: true },
      });
      expect(notMine.status).toBe(400);
      expect(notMine.fields?.[0]?.field).toBe('account');
      const noTerms = await callApi(app, 'POST', '/contracts/orders', {
        token: tokens.alice001,
        body: { product_id: id, account: 'alice001', quantity: 1, terms_accepted: false },
      });
      expect(noTerms.status).toBe(400);
      const other = await callApi(app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: tokens.bobby001,
      });
      expect(other.status).toBe(404);
    });
  });

  describe('paying from the wallet and mining', () => {
    it('should pay from the wallet, start T+1 and credit each settled day once, then finish', async () => {
      const id = await newProduct({ duration_days: 2 });
      await creditTestIncome(database, 'alice001', 'btc', '0.015', clock.now(), '2026-03-01');
      const order = await buy('alice001', id, 1);
      const orderId = order.data.id as string;
      const wrong = await encrypted(app, 'Wrong12345');
      const refused = await callApi(app, 'POST', `/contracts/orders/${orderId}/pay`, {
        token: tokens.alice001,
        body: { pay_password: wrong.password, key_id: wrong.key_id },
      });
      expect(refused.status).toBe(400);
      expect(refused.fields?.[0]?.field).toBe('pay_password');

      const secret = await encrypted(app, PAY_PASSWORD);
      const paid = await callApi(app, 'POST', `/contracts/orders/${orderId}/pay`, {
        token: tokens.alice001,
        body: { pay_password: secret.password, key_id: secret.key_id },
      });
      expect(paid.status).toBe(200);
      expect(paid.data).toMatchObject({
        status: 'pending',
        pay_method: 'wallet',
        effective_date: '2026-03-11',
        end_time: '2026-03-13T00:00:00Z',
      });
      expect(await balance('alice001', 'btc')).toBe('0.005');
      const again = await callApi(app, 'POST', `/contracts/orders/${orderId}/pay`, {
        token: tokens.alice001,
        body: await encrypted(app, PAY_PASSWORD).then((s) => ({
          pay_password: s.password,
          key_id: s.key_id,
        })),
      });
      expect(again.status).toBe(400);
      expect(await balance('alice001', 'btc')).toBe('0.005');

      // The next day it is mining; the day is credited once the pool settled it.
      clock.set(Date.UTC(2026, 2, 11, 1));
      await relogin();
      await advanceOrders(database, clock.now());
      const started = await callApi(app, 'GET', `/contracts/orders/${orderId}`, {
        token: tokens.alice001,
      });
      expect(started.data.status).toBe('effect');

      clock.set(Date.UTC(2026, 2, 12, 1));

      await relogin();
      await advanceOrders(database, clock.now());
      // 2026-03-11 closed but is not settled yet, and the day after has not closed: nothing.
      expect(await balance('alice001', 'btc')).toBe('0.005');
      await execute(
        database.db,
        sql`INSERT INTO settlements (pool, day, settled_ms) VALUES ('btc', '2026-03-11', ${clock.now()})`,
      );
      await advanceOrders(database, clock.now());
      await advanceOrders(database, clock.now());
      const pool = findPool('btc');
      if (pool === undefined) throw new Error('no btc pool');
      const day1 = contractDayOutput({
        unitOutput: await ppsUnitOutput(database.db, pool, '2026-03-11'),
        poolUnitHashrate: 1e12,
        unitHashrate: 200e12,
        quantity: 1,
        electricityFeePerUnit: '0.00001',
        managementFeePercent: '5',
        decimals: 8,
      });
      expect(Number(day1.net)).toBeGreaterThan(0);
      const [references] = await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM ledger_transactions
            WHERE reference = ${`contract:${orderId}:2026-03-11`}`,
      );
      expect(references?.count).toBe(1);
      expect(await balance('alice001', 'btc')).toBe(
        toDecimalString(String(Number('0.005') + Number(day1.net))),
      );

      // Two days later the second day is credited without a settlement, and the order ends.
      clock.set(Date.UTC(2026, 2, 14, 1));
      await relogin();
      await advanceOrders(database, clock.now());
      await advanceOrders(database, clock.now());
      const profits = await callApi(app, 'GET', `/contracts/orders/${orderId}/profits`, {
        token: tokens.alice001,
      });
      expect(profits.data.total).toBe(2);
      expect(profits.data.list[1]).toMatchObject({
        date: '2026-03-11',
        amount: day1.gross,
        management_fee: day1.managementFee,
        electricity_fee: day1.electricityFee,
        net_amount: day1.net,
      });
      const finished = await callApi(app, 'GET', `/contracts/orders/${orderId}`, {
        token: tokens.alice001,
      });
      expect(finished.data.status).toBe('finish');
      expect(finished.data.actual_earnings).toBe(profits.data.total_net_amount);
      const dashboard = await callApi(app, 'GET', '/contracts/dashboard', {
        token: tokens.alice001,
      });
      expect(dashboard.data.list).toEqual([
        expect.objectContaining({
          coin: 'btc',
          active_orders: 0,
          total_net_amount: profits.data.total_net_amount,
        }),
      ]);
      const transactions = await callApi(app, 'GET', '/wallets/transactions', {
        token: tokens.alice001,
        query: { type: 'contract' },
      });
      expect(transactions.status).toBe(200);
      expect(transactions.data.total).toBe(3);
    });

    it('should refuse a wallet payment the balance cannot cover, naming pay_amount', async () => {
      const id = await newProduct({ price: '5' });
      const order = await buy('alice001', id, 1);
      const secret = await encrypted(app, PAY_PASSWORD);
      const short = await callApi(app, 'POST', `/contracts/orders/${order.data.id}/pay`, {
        token: tokens.alice001,
        body: { pay_password: secret.password, key_id: secret.key_id },
      });
      expect(short.status).toBe(400);
      expect(short.code).toBe(40007);
      expect(short.fields?.[0]?.field).toBe('pay_amount');
      const still = await callApi(app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: tokens.alice001,
      });
      expect(still.data.status).toBe('unpaid');
    });
  });

  describe('paying by transfer', () => {
    it('should take evidence files, send the order to review and let an operator approve it', async () => {
      const id = await newProduct();
      const order = await buy('bobby001', id, 2);
      const orderId = order.data.id as string;
      const empty = await callApi(app, 'POST', `/contracts/orders/${orderId}/certificates`, {
        token: tokens.bobby001,
        body: { files: [] },
      });
      expect(empty.status).toBe(400);
      const liar = await callApi(app, 'POST', `/contracts/orders/${orderId}/certificates`, {
        token: tokens.bobby001,
        body: {
          files: [{ file_name: 'x.png', content_type: 'image/png', data: PDF.toString('base64') }],
        },
      });
      expect(liar.status).toBe(400);
      expect(liar.fields?.[0]?.field).toBe('files.0.content_type');

      const uploaded = await callApi(app, 'POST', `/contracts/orders/${orderId}/certificates`, {
        token: tokens.bobby001,
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
      const file = await app.inject({
        method: 'GET',
        url: link.pathname,
        headers: { authorization: `Bearer ${tokens.bobby001}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const stranger = await app.inject({
        method: 'GET',
        url: link.pathname,
        headers: { authorization: `Bearer ${tokens.alice001}` },
      });
      expect(stranger.statusCode).toBe(404);
      const operator = await app.inject({
        method: 'GET',
        url: link.pathname,
        headers: { authorization: `Bearer ${tokens.staff001}` },
      });
      expect(operator.statusCode).toBe(200);

      // Past the 2 hours the job does not cancel an order in review.
      clock.advance(3 * HOUR);
      await relogin();
      await cancelExpiredOrders(database, clock.now());
      const queue = await callApi(app, 'GET', '/admin/contracts/orders', {
        token: tokens.staff001,
      });
      expect(queue.data.list.map((item: { id: string }) => item.id)).toContain(orderId);
      const approved = await callApi(app, 'POST', `/admin/contracts/orders/${orderId}/review`, {
        token: tokens.staff001,
        body: { decision: 'approve' },
      });
      expect(approved.status).toBe(200);
      expect(approved.data).toMatchObject({ status: 'pending', username: 'bobby001' });
      const twice = await callApi(app, 'POST', `/admin/contracts/orders/${orderId}/review`, {
        token: tokens.staff001,
        body: { decision: 'reject', reason: 'late' },
      });
      expect(twice.status).toBe(400);
      expect(twice.fields?.[0]?.field).toBe('order_id');
    });

    it('should reject with a reason, give the units back and audit it', async () => {
      const id = await newProduct({ inventory: 4 });
      const order = await buy('bobby001', id, 4);
      await callApi(app, 'POST', `/contracts/orders/${order.data.id}/certificates`, {
        token: tokens.bobby001,
        body: {
          files: [{ file_name: 'r.png', content_type: 'image/png', data: PNG.toString('base64') }],
        },
      });
      expect(await inventory(id)).toBe(0);
      const noReason = await callApi(
        app,
        'POST',
        `/admin/contracts/orders/${order.data.id}/review`,
        {
          token: tokens.staff001,
          body: { decision: 'reject' },
        },
      );
      expect(noReason.status).toBe(400);
      const rejected = await callApi(
        app,
        'POST',
        `/admin/contracts/orders/${order.data.id}/review`,
        {
          token: tokens.staff001,
          body: { decision: 'reject', reason: 'No such transfer arrived' },
        },
      );
      expect(rejected.data).toMatchObject({
        status: 'reject',
        reject_reason: 'No such transfer arrived',
      });
      expect(await inventory(id)).toBe(4);
      const audit = await callApi(app, 'GET', '/admin/audit-log', {
        token: tokens.staff001,
        query: { page_size: '100' },
      });
      expect(audit.data.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'contracts.order_reject', target_id: order.data.id }),
        ]),
      );
    });
  });

  describe('cancelling', () => {
    it('should let the user cancel an unpaid order and give its units back', async () => {
      const id = await newProduct({ inventory: 3 });
      const order = await buy('alice001', id, 2);
      expect(await inventory(id)).toBe(1);
      const cancelled = await callApi(app, 'POST', `/contracts/orders/${order.data.id}/cancel`, {
        token: tokens.alice001,
      });
      expect(cancelled.data.status).toBe('cancelled');
      expect(await inventory(id)).toBe(3);
      const twice = await callApi(app, 'POST', `/contracts/orders/${order.data.id}/cancel`, {
        token: tokens.alice001,
      });
      expect(twice.status).toBe(400);
      expect(await inventory(id)).toBe(3);
    });

    it('should cancel an order unpaid for 2 hours, once, and give its units back', async () => {
      const id = await newProduct({ inventory: 3 });
      const order = await buy('alice001', id, 3);
      clock.advance(2 * HOUR - 60_000);
      await relogin();
      await cancelExpiredOrders(database, clock.now());
      const waiting = await callApi(app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: tokens.alice001,
      });
      expect(waiting.data.status).toBe('unpaid');
      clock.advance(60_000);
      await relogin();
      await Promise.all([
        cancelExpiredOrders(database, clock.now()),
        cancelExpiredOrders(database, clock.now()),
      ]);
      const gone = await callApi(app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: tokens.alice001,
      });
      expect(gone.data.status).toBe('cancelled');
      expect(await inventory(id)).toBe(3);
      const late = await callApi(app, 'POST', `/contracts/orders/${order.data.id}/certificates`, {
        token: tokens.alice001,
        body: {
          files: [{ file_name: 'r.png', content_type: 'image/png', data: PNG.toString('base64') }],
        },
      });
      expect(late.status).toBe(400);
    });
  });

  it('should keep evidence in the data folder behind the store', async () => {
    const store = createFileEvidenceStore(path.join(evidenceDir, 'contract-evidence'));
    const [row] = await queryRows<{ storage_key: string }>(
      database.db,
      sql`SELECT storage_key FROM contract_certificates ORDER BY id LIMIT 1`,
    );
    expect(row).toBeDefined();
    expect(await store.get(row?.storage_key ?? '')).toBeDefined();
    await expect(store.get('../etc/passwd')).rejects.toThrow(RangeError);
  });
});
