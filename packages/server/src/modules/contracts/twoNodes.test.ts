/**
 * The contract job on two API nodes sharing one PostgreSQL database: an order left unpaid for
 * 2 hours is cancelled once and its units come back once, whichever node's scheduler runs.
 * Runs when `DATABASE_URL` is set (PGlite is one process's database).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { type Database, openDatabase } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { registerByEmail } from '../identity/testHelpers';
import { cancelExpiredOrders, createOrder } from './orders';

const databaseUrl = process.env.DATABASE_URL ?? '';
const T0 = Date.UTC(2026, 10, 24, 9, 0, 30);

describe.skipIf(databaseUrl === '')('contract job on two API nodes', () => {
  const schema = `poolkit_test_${randomBytes(6).toString('hex')}`;
  const clock = createManualClock(T0);
  let firstDatabase: Database;
  let secondDatabase: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let userId: string;
  let productId: string;

  beforeAll(async () => {
    firstDatabase = await openDatabase({ databaseUrl, dataDir: '' }, { schema });
    secondDatabase = await openDatabase({ databaseUrl, dataDir: '' }, { schema, migrate: false });
    first = await buildApp({ config: testConfig(), db: firstDatabase, clock });
    second = await buildApp({ config: testConfig(), db: secondDatabase, clock });
    await registerByEmail(first, 'twonode2', 'twonode2@example.com', 'Secret123', '10.14.0.1');
    const [user] = await queryRows<{ id: string }>(
      firstDatabase.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'twonode2'`,
    );
    userId = user?.id ?? '';
    const [product] = await queryRows<{ id: string }>(
      firstDatabase.db,
      sql`INSERT INTO contract_products (name, coin, miner, unit_hashrate, price, electricity_fee,
            management_fee_percent, duration_days, effective_delay_days, inventory, pay_address,
            created_at, updated_at)
          VALUES ('Two nodes', 'btc', 'Antminer S21', 2e14, 0.01, 0, 0, 30, 1, 20, 'bc1qtwo',
            now(), now())
          RETURNING id::text AS id`,
    );
    productId = product?.id ?? '';
    await first.ready();
    await second.ready();
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDatabase?.close();
    if (firstDatabase !== undefined) {
      await firstDatabase.transaction((session) => session.exec(`DROP SCHEMA ${schema} CASCADE`));
      await firstDatabase.close();
    }
  });

  it('should cancel an unpaid order once and give its units back once when both nodes run the job', async () => {
    const orders = [];
    for (let index = 0; index < 5; index += 1) {
      orders.push(
        await createOrder(firstDatabase, {
          userId,
          productId,
          account: 'twonode2',
          quantity: 2,
          certificateUrl: (orderId, certificateId) =>
            `http://localhost/api/contracts/orders/${orderId}/certificates/${certificateId}`,
          nowMs: clock.now(),
        }),
      );
    }
    // Both nodes' schedulers see the new minute, 2 hours on; so do two direct passes at once.
    clock.advance(2 * 3_600_000 + 60_000);
    const [viaFirst, viaSecond] = await Promise.all([
      cancelExpiredOrders(firstDatabase, clock.now()),
      cancelExpiredOrders(secondDatabase, clock.now()),
    ]);
    // Give the schedulers (polling every second) time to run their minute too.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const cancelledIds = [...viaFirst, ...viaSecond];
    expect(new Set(cancelledIds).size).toBe(cancelledIds.length);
    const [state] = await queryRows<{ cancelled: number; inventory: number; runs: number }>(
      firstDatabase.db,
      sql`SELECT
            (SELECT count(*)::int FROM contract_orders WHERE status = 'cancelled') AS cancelled,
            (SELECT inventory FROM contract_products WHERE id = ${productId}::bigint) AS inventory,
            (SELECT count(*)::int FROM job_runs WHERE job = 'contracts'
              AND period = ${new Date(Math.floor(clock.now() / 60_000) * 60_000).toISOString().slice(0, 16)})
              AS runs`,
    );
    expect(state).toEqual({ cancelled: orders.length, inventory: 20, runs: 1 });
  });
});
