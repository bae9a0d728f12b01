/**
 * Benchmark of the ledger on one hot balance: every transfer leaves the same account, so every
 * one queues on that balance's row lock. Not a test: it prints transfers per second and p50/p99
 * latency, then checks the ledger's invariants (reconciliation query, the hot balance and the
 * receivers' sum) and fails when one breaks.
 *
 * Two runs:
 * - `ledger`: the transfer's database transaction as the endpoint runs it (claim the
 *   idempotency key, post the record: lock, balance changes, two entries; store the answer),
 *   from C concurrent callers;
 * - `endpoint`: `POST /api/wallets/transfers` in process (`app.inject`), with the pay password
 *   (RSA-OAEP decryption, scrypt) and a second validation per transfer, from C concurrent
 *   callers. scrypt's cost is the point of a password hash, so this run measures it mostly.
 *
 *   npm run bench:ledger -w @poolkit/server            # PGlite in memory
 *   DATABASE_URL=postgres://… npm run bench:ledger -w @poolkit/server
 *
 * Environment: BENCH_TRANSFERS (default 5000), BENCH_ENDPOINT_TRANSFERS (default 400),
 * BENCH_SECONDS (default 20, per run), BENCH_CONCURRENCY (default 16).
 */
import { randomUUID } from 'node:crypto';
import { encryptPassword } from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createManualClock } from '../src/clock';
import { createAppContext } from '../src/context';
import type { Database } from '../src/db/connect';
import { queryRows } from '../src/engine/sql';
import type { Authenticate } from '../src/http/authenticate';
import { hashPassword } from '../src/modules/identity/crypto';
import { createTicket } from '../src/modules/identity/users';
import { requestHash, runIdempotent } from '../src/modules/wallet/idempotency';
import { postLedgerRecords, reconcileLedger } from '../src/modules/wallet/ledger';
import { benchConfig, openBenchDatabase } from './benchSetup';

const ledgerTransfers = Number(process.env.BENCH_TRANSFERS ?? 5000);
const endpointTransfers = Number(process.env.BENCH_ENDPOINT_TRANSFERS ?? 400);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const now = Date.UTC(2026, 3, 1, 12);
const AMOUNT = '0.00001';
const FUNDS = '1000';
const RECEIVERS = 16;
const PAY_PASSWORD = 'Bench1234';

interface Run {
  readonly count: number;
  readonly refused: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** Runs `one(index)` up to `total` times (or until `seconds` pass) from `concurrency` callers. */
async function drive(total: number, one: (index: number) => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(seconds) * 1_000_000_000n;
  const caller = async () => {
    while (next < total && process.hrtime.bigint() < deadline) {
      const index = next;
      next += 1;
      const begin = process.hrtime.bigint();
      if (!(await one(index))) refused += 1;
      latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((left, right) => left - right);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    count: latencies.length,
    refused,
    perSecond: (latencies.length - refused) / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function one<Row extends Record<string, unknown>>(
  database: Database,
  query: ReturnType<typeof sql>,
): Promise<Row> {
  const [row] = await queryRows<Row>(database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const clock = createManualClock(now);
  const config = benchConfig();

  const user = await one<{ id: string }>(
    database,
    sql`INSERT INTO users (username, password_hash, pay_password_hash)
        VALUES ('benchhot', 'x', ${await hashPassword(PAY_PASSWORD)}) RETURNING id::text AS id`,
  );
  const hot = await one<{ id: string }>(
    database,
    sql`INSERT INTO mining_accounts (user_id, name, is_main) VALUES (${user.id}::bigint, 'benchhot', true)
        RETURNING id::text AS id`,
  );
  const receivers: { id: string; name: string }[] = [];
  for (let index = 0; index < RECEIVERS; index += 1) {
    const name = `benchrecv${String(index).padStart(2, '0')}`;
    const owner = await one<{ id: string }>(
      database,
      sql`INSERT INTO users (username, password_hash) VALUES (${name}, 'x') RETURNING id::text AS id`,
    );
    const account = await one<{ id: string }>(
      database,
      sql`INSERT INTO mining_accounts (user_id, name, is_main) VALUES (${owner.id}::bigint, ${name}, true)
          RETURNING id::text AS id`,
    );
    receivers.push({ id: account.id, name });
  }
  await database.db.transaction((tx) =>
    postLedgerRecords(
      tx,
      [
        {
          type: 'mining',
          status: 'successful',
          coin: 'btc',
          reference: 'bench:funds',
          legs: [
            {
              holder: { kind: 'mining_account', miningAccountId: hot.id },
              coin: 'btc',
              amount: FUNDS,
            },
            {
              holder: { kind: 'system', name: 'mining_payouts' },
              coin: 'btc',
              amount: `-${FUNDS}`,
            },
          ],
        },
      ],
      now,
    ),
  );

  // Run 1: the transfer's transaction, straight on the ledger service.
  const ledger = await drive(ledgerTransfers, async (index) => {
    const receiver = receivers[index % RECEIVERS];
    if (receiver === undefined) throw new Error('no receiver');
    const key = randomUUID();
    await runIdempotent(
      database,
      {
        userId: user.id,
        key,
        endpoint: 'transfer',
        requestHash: requestHash({ to: receiver.name, amount: AMOUNT, key }),
      },
      now,
      async (tx) => {
        const [posted] = await postLedgerRecords(
          tx,
          [
            {
              type: 'transfer',
              status: 'successful',
              coin: 'btc',
              initiatorUserId: user.id,
              legs: [
                {
                  holder: { kind: 'mining_account', miningAccountId: hot.id },
                  coin: 'btc',
                  amount: `-${AMOUNT}`,
                },
                {
                  holder: { kind: 'mining_account', miningAccountId: receiver.id },
                  coin: 'btc',
                  amount: AMOUNT,
                },
              ],
            },
          ],
          now,
        );
        return { id: posted?.id };
      },
    );
    return true;
  });

  // Run 2: the endpoint, with pay password and second validation.
  const authenticate: Authenticate = async () => ({
    kind: 'user',
    userId: user.id,
    permissions: ['wallet.view'],
  });
  const app = await buildApp({
    config,
    db: database,
    clock,
    authenticate,
    validateResponses: false,
  });
  const key = (await app.inject({ method: 'GET', url: '/api/v2/users/encrypt/pubkey' })).json()
    .data as { public_key: string; key_id: string };
  const identity = createAppContext({
    database,
    clock,
    config,
    mailer: { send: async () => {} },
  });
  process.stdout.write(`Preparing ${endpointTransfers} endpoint transfers…\n`);
  const bodies: string[] = [];
  for (let index = 0; index < endpointTransfers; index += 1) {
    const ticket = await createTicket(identity, 'validation', user.id, 'transfer', 3_600_000);
    bodies.push(
      JSON.stringify({
        coin: 'btc',
        from_account: 'benchhot',
        to_account: receivers[index % RECEIVERS]?.name,
        amount: AMOUNT,
        pay_password: await encryptPassword(key.public_key, PAY_PASSWORD),
        key_id: key.key_id,
        validation_token: ticket.token,
        idempotency_key: randomUUID(),
      }),
    );
  }
  const statuses = new Map<number, number>();
  const endpoint = await drive(endpointTransfers, async (index) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/wallets/transfers',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
      payload: bodies[index] ?? '',
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    return response.statusCode === 200;
  });
  await app.close();

  // The invariant, after both runs.
  const moved = await one<{ transfers: number }>(
    database,
    sql`SELECT count(*)::int AS transfers FROM ledger_transactions WHERE type = 'transfer'`,
  );
  const balances = await one<{ hot: string; received: string }>(
    database,
    sql`SELECT
          (SELECT balance::text FROM ledger_accounts
           WHERE mining_account_id = ${hot.id}::bigint AND coin = 'btc') AS hot,
          (SELECT COALESCE(sum(balance), 0)::text FROM ledger_accounts
           WHERE holder = 'mining_account' AND mining_account_id <> ${hot.id}::bigint) AS received`,
  );
  const report = await reconcileLedger(database);
  const expectedOut = new Big(AMOUNT).times(moved.transfers);
  const checks = {
    reconciliation: report.ok,
    hotBalance: new Big(balances.hot).eq(new Big(FUNDS).minus(expectedOut)),
    received: new Big(balances.received).eq(expectedOut),
    noneLost: moved.transfers === ledger.count - ledger.refused + endpoint.count - endpoint.refused,
  };
  await database.close();

  const line = (name: string, run: Run) =>
    `${name.padEnd(9)} ${run.perSecond.toFixed(0).padStart(6)} transfers/s  p50 ${run.p50.toFixed(2)} ms  p99 ${run.p99.toFixed(2)} ms  (${run.count} sent, ${run.refused} refused)`;
  process.stdout.write(
    `Driver ${database.driver}, one hot balance, ${concurrency} concurrent callers, up to ${seconds} s per run\n`,
  );
  process.stdout.write(`${line('ledger', ledger)}\n${line('endpoint', endpoint)}\n`);
  process.stdout.write(
    `Endpoint statuses: ${[...statuses].map(([status, count]) => `${status} ×${count}`).join(', ')}\n`,
  );
  process.stdout.write(
    `Invariant after ${moved.transfers} transfers (${report.entries} entries, ${report.balances} balances): ${Object.entries(
      checks,
    )
      .map(([name, ok]) => `${name} ${ok ? 'ok' : 'BROKEN'}`)
      .join(', ')}\n`,
  );
  if (!Object.values(checks).every(Boolean)) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.exitCode = 1;
  }
}

await main();
