/**
 * The ledger under concurrent transfers, through the real endpoint: 200 transfers fired at
 * once at one balance that covers only half of them; transfers crossing between two accounts
 * both ways (a deadlock would show); and repeats of idempotency keys racing each other. After
 * each burst: no balance below zero, every record's entries sum to zero, every balance equals
 * its entries, and the money moved is exactly what the successful answers say.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { callApi, encrypted, registerByEmail } from '../identity/testHelpers';
import {
  accountBalance,
  expectRepeatAnsweredOnce,
  expectSoundLedger,
  openWalletApp,
  PAY_PASSWORD,
  setPayPasswords,
  userIdOf,
  validationOf,
  type WalletTestApp,
} from './testFixtures';

const RECEIVERS = ['bob00001', 'carol001', 'dave0001', 'eve00001'];

describe.each(testDrivers)('concurrent transfers on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let identity: AppContext;
  const clock = createManualClock(Date.UTC(2026, 3, 1, 9));
  const tokens = new Map<string, string>();
  const userIds = new Map<string, string>();
  let holdNext: WalletTestApp['holdNext'];

  async function balance(account: string): Promise<Big> {
    return accountBalance(database, account, 'btc');
  }

  async function fund(account: string, amount: string): Promise<void> {
    await creditTestIncome(database, account, 'btc', amount, clock.now());
  }

  /** One transfer request with its own second validation, made ahead of the burst. */
  async function request(from: string, to: string, amount: string, key = randomUUID()) {
    const userId = userIds.get(from) ?? '';
    const validationToken = await validationOf(identity, userId, 'transfer');
    const secret = await encrypted(app, PAY_PASSWORD);
    return {
      token: tokens.get(from) ?? '',
      body: {
        coin: 'btc',
        from_account: from,
        to_account: to,
        amount,
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: validationToken,
        idempotency_key: key,
      },
    };
  }

  async function fire(requests: Awaited<ReturnType<typeof request>>[]) {
    return Promise.all(
      requests.map(({ token, body }) =>
        callApi(app, 'POST', '/wallets/transfers', { token, body }),
      ),
    );
  }

  beforeAll(async () => {
    ({ database, app, identity, holdNext } = await openWalletApp(driver, { clock, held: true }));
    for (const [index, name] of ['alice01', ...RECEIVERS].entries()) {
      const pair = await registerByEmail(
        app,
        name,
        `${name}@example.com`,
        'Secret123',
        `10.8.0.${index + 1}`,
      );
      tokens.set(name, pair.token);
      userIds.set(name, await userIdOf(database, name));
    }
    await setPayPasswords(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should never overdraw one balance under 200 concurrent transfers', async () => {
    await fund('alice01', '1');
    const requests = [];
    for (let index = 0; index < 200; index += 1) {
      requests.push(
        await request('alice01', RECEIVERS[index % RECEIVERS.length] ?? 'bob00001', '0.01'),
      );
    }
    const answers = await fire(requests);

    const outcomes = answers.map((answer) => `${answer.status} ${answer.code}`);
    const succeeded = answers.filter((answer) => answer.status === 200);
    // The balance covers exactly 100 of them; every other one is refused for the balance.
    expect(succeeded).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === '400 40007')).toHaveLength(100);
    expect(new Set(succeeded.map((answer) => answer.data.id)).size).toBe(100);

    expect((await balance('alice01')).toFixed()).toBe('0');
    let received = new Big(0);
    for (const name of RECEIVERS) received = received.plus(await balance(name));
    expect(received.toFixed()).toBe('1');
    const [records] = await queryRows<{ transfers: number; entries: number }>(
      database.db,
      sql`SELECT count(DISTINCT t.id)::int AS transfers, count(e.id)::int AS entries
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE t.type = 'transfer'`,
    );
    expect(records).toEqual({ transfers: 100, entries: 200 });
    await expectSoundLedger(database);
  });

  it('should not deadlock when transfers cross between two accounts both ways', async () => {
    await fund('alice01', '1');
    await fund('bob00001', '1');
    const before = (await balance('alice01')).plus(await balance('bob00001'));
    const requests = [];
    for (let index = 0; index < 60; index += 1) {
      requests.push(
        index % 2 === 0
          ? await request('alice01', 'bob00001', '0.003')
          : await request('bob00001', 'alice01', '0.002'),
      );
    }
    const answers = await fire(requests);
    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200));
    expect((await balance('alice01')).plus(await balance('bob00001')).toFixed()).toBe(
      before.toFixed(),
    );
    // 30 × 0.003 out, 30 × 0.002 in.
    expect((await balance('alice01')).toFixed()).toBe('0.97');
    await expectSoundLedger(database);
  });

  it('should move money once per idempotency key when repeats race', async () => {
    const before = await balance('carol001');
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const requests = [];
    for (const key of keys) {
      for (let repeat = 0; repeat < 5; repeat += 1) {
        requests.push(await request('alice01', 'carol001', '0.001', key));
      }
    }
    const answers = await fire(requests);
    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200));
    for (const [index, key] of keys.entries()) {
      const group = answers.slice(index * 5, index * 5 + 5);
      expect(new Set(group.map((answer) => JSON.stringify(answer.data))).size, key).toBe(1);
    }
    expect((await balance('carol001')).minus(before).toFixed()).toBe('0.01');
    await expectSoundLedger(database);
  });

  it('should answer a retry sent while the first is still running with the first answer', async () => {
    // A client that times out and resends the very same request (same validation, same pay
    // password, same key) while the first is still running: both get the first's answer. The
    // resends leave 0 to 19 ms after the first, so that some land in each step of the first
    // (its checks, its transaction, its commit).
    const rounds = 20;
    await fund('alice01', String(rounds / 1000));
    const before = await balance('dave0001');
    const failures: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const { token, body } = await request('alice01', 'dave0001', '0.001');
      const send = () => callApi(app, 'POST', '/wallets/transfers', { token, body });
      const [one, two] = await Promise.all([
        send(),
        new Promise((resolve) => setTimeout(resolve, round)).then(send),
      ]);
      if (one.status !== 200 || two.status !== 200) {
        failures.push(`+${round} ms: ${one.status} ${one.msg} / ${two.status} ${two.msg}`);
      } else if (JSON.stringify(two.data) !== JSON.stringify(one.data)) {
        failures.push(`+${round} ms: two answers`);
      }
    }
    expect(failures).toEqual([]);
    expect((await balance('dave0001')).minus(before).toFixed()).toBe(String(rounds / 1000));
    await expectSoundLedger(database);
  });

  it('should answer a repeat that looked for the key before the first committed with the first answer', async () => {
    // The same race, step by step on both drivers: the repeat finds no answer yet, the first
    // then runs to its commit (spending the validation), and only then the repeat goes on.
    await fund('alice01', '0.001');
    const before = await balance('eve00001');
    const { token, body } = await request('alice01', 'eve00001', '0.001');
    await expectRepeatAnsweredOnce(holdNext, () =>
      callApi(app, 'POST', '/wallets/transfers', { token, body }),
    );
    expect((await balance('eve00001')).minus(before).toFixed()).toBe('0.001');
    await expectSoundLedger(database);
  });
});
