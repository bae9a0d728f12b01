import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database, DatabaseDriver } from '../../db/connect';
import { queryRows, toDecimalString } from '../../engine/sql';
import { makeOperator } from '../../testing/operators';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { fixedPrices } from '../../testing/testPrices';
import {
  callApi,
  encrypted,
  loginByEmail,
  registerByEmail,
  secondValidation,
} from '../identity/testHelpers';

export const HOUR = 3_600_000;
/** 2026-03-10 09:00 UTC. */
export const T0 = Date.UTC(2026, 2, 10, 9);
export const PAY_PASSWORD = 'Pay123456';
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const PDF = Buffer.from('%PDF-1.4\n% test\n');

export const terms = {
  en: 'Terms',
  'zh-CN': '条款',
  ru: 'Условия',
  ja: '規約',
  ko: '약관',
};

export function productBody(fields: Record<string, unknown> = {}) {
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

/**
 * The cloud-mining contract tests' app on `driver` at {@link T0}, with fixed prices and an
 * evidence folder of its own: the operator staff001 and the users alice001 (with a pay password)
 * and bobby001 (`tokens` by name), with helpers to buy, read balances and stock and add products.
 * Call it inside a `describe`.
 */
export function contractsTestApp(driver: DatabaseDriver) {
  // Set by `beforeAll`: read them in tests, not before.
  const state = {} as { database: Database; app: FastifyInstance; evidenceDir: string };
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};

  async function register(username: string, ip: string) {
    tokens[username] = (
      await registerByEmail(state.app, username, `${username}@example.com`, 'Secret123', ip)
    ).token;
  }

  /** Signs everyone in again: tokens expire as the clock moves on by hours and days. */
  async function relogin() {
    let ip = 10;
    for (const username of Object.keys(tokens)) {
      ip += 1;
      const login = await loginByEmail(
        state.app,
        `${username}@example.com`,
        'Secret123',
        `10.13.0.${ip}`,
      );
      tokens[username] = login.data.token;
    }
  }

  async function buy(user: string, productId: string, quantity: number) {
    return callApi(state.app, 'POST', '/contracts/orders', {
      token: tokens[user],
      body: { product_id: productId, account: user, quantity, terms_accepted: true },
    });
  }

  async function balance(account: string, coin: string): Promise<string> {
    const [row] = await queryRows<{ balance: unknown }>(
      state.database.db,
      sql`SELECT l.balance FROM ledger_accounts l JOIN mining_accounts m ON m.id = l.mining_account_id
          WHERE m.name = ${account} AND l.coin = ${coin} AND l.bucket = 'available'`,
    );
    return toDecimalString(row?.balance ?? '0');
  }

  async function inventory(productId: string): Promise<number> {
    const [row] = await queryRows<{ inventory: number }>(
      state.database.db,
      sql`SELECT inventory FROM contract_products WHERE id = ${productId}::bigint`,
    );
    return Number(row?.inventory);
  }

  async function newProduct(fields: Record<string, unknown> = {}): Promise<string> {
    const created = await callApi(state.app, 'POST', '/admin/contracts/products', {
      token: tokens.staff001,
      body: productBody(fields),
    });
    expect(created.msg).toBe('success');
    return created.data.id;
  }

  beforeAll(async () => {
    state.database = await openTestDatabase(driver);
    state.evidenceDir = await mkdtemp(path.join(tmpdir(), 'poolkit-evidence-'));
    state.app = await buildApp({
      config: testConfig({ POOLKIT_DATA_DIR: state.evidenceDir }),
      db: state.database,
      clock,
      priceSource: fixedPrices(),
    });
    await register('staff001', '10.12.0.1');
    await register('alice001', '10.12.0.2');
    await register('bobby001', '10.12.0.3');
    await makeOperator(state.database, 'staff001', T0);
    const secret = await encrypted(state.app, PAY_PASSWORD);
    const set = await callApi(state.app, 'PUT', '/wallets/pay-password', {
      token: tokens.alice001,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await secondValidation(
          state.app,
          tokens.alice001 ?? '',
          'alice001@example.com',
          'pay_password',
        ),
      },
    });
    expect(set.status).toBe(200);
  });

  afterAll(async () => {
    await state.app?.close();
    await state.database?.close();
    await rm(state.evidenceDir, { recursive: true, force: true });
  });

  return Object.assign(state, {
    clock,
    tokens,
    register,
    relogin,
    buy,
    balance,
    inventory,
    newProduct,
  });
}
