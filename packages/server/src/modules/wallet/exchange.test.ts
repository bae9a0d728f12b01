/**
 * Exchange between coins through the real endpoints: a quote at the feed's prices, executed at
 * the quoted price within its expiry and refused after it (the clock is driven), once per
 * quote even under concurrency, never overdrawing a balance under 100 concurrent exchanges,
 * and every record summing to zero per coin.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { fixedPrices } from '../../testing/testPrices';
import { callApi, encrypted, registerByEmail } from '../identity/testHelpers';
import { exchangeAmounts } from './exchange';
import {
  accountBalance,
  expectSoundLedger,
  openWalletApp,
  PAY_PASSWORD,
  setPayPasswords,
} from './testFixtures';

describe('exchange amounts', () => {
  it('should cut the gross to the coin, round the fee up and never pay more than the price', () => {
    // 0.1 BTC at 700 000 for LTC at 700: 100 LTC, 0.5 % fee.
    expect(exchangeAmounts('0.1', '700000', '700', 8)).toEqual({
      rate: '1000',
      gross: '100',
      fee: '0.5',
      amountOut: '99.5',
    });
    // 1 CKB at 0.07 for BTC at 700 000: 1e-7 BTC, fee 5e-10 rounded up to 1 satoshi.
    expect(exchangeAmounts('1', '0.07', '700000', 8)).toEqual({
      rate: '0.0000001',
      gross: '0.0000001',
      fee: '0.00000001',
      amountOut: '0.00000009',
    });
    // Too little to buy one satoshi.
    expect(exchangeAmounts('0.01', '0.07', '700000', 8)).toBeUndefined();
  });
});

describe.each(testDrivers)('exchange on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 4, 2, 9));
  const tokens = new Map<string, string>();

  async function fund(account: string, coin: string, amount: string): Promise<void> {
    await creditTestIncome(database, account, coin, amount, clock.now());
  }

  async function balance(account: string, coin: string): Promise<string> {
    return (await accountBalance(database, account, coin)).toFixed();
  }

  function quote(user: string, query: Record<string, string>) {
    return callApi(app, 'GET', '/wallets/exchanges/quote', {
      token: tokens.get(user) ?? '',
      query: { account: user, from: 'btc', to: 'ltc', amount: '0.1', ...query },
    });
  }

  async function exchangeRequest(
    user: string,
    quoteId: string,
    options: { key?: string; password?: string } = {},
  ) {
    const secret = await encrypted(app, options.password ?? PAY_PASSWORD);
    return {
      token: tokens.get(user) ?? '',
      body: {
        quote_id: quoteId,
        pay_password: secret.password,
        key_id: secret.key_id,
        idempotency_key: options.key ?? randomUUID(),
      },
    };
  }

  async function send(request: Awaited<ReturnType<typeof exchangeRequest>>) {
    return callApi(app, 'POST', '/wallets/exchanges', request);
  }

  async function expectSoundExchanges(): Promise<void> {
    await expectSoundLedger(database);
    // Every exchange record: its entries sum to zero in each of its two coins.
    const sums = await queryRows<{ id: string; coin: string; sum: string; entries: number }>(
      database.db,
      sql`SELECT t.id::text AS id, e.coin, sum(e.amount)::text AS sum, count(*)::int AS entries
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE t.type = 'exchange' GROUP BY t.id, e.coin`,
    );
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.every((row) => new Big(row.sum).eq(0))).toBe(true);
    expect(new Set(sums.map((row) => row.coin)).size).toBeGreaterThanOrEqual(2);
  }

  beforeAll(async () => {
    ({ database, app } = await openWalletApp(driver, {
      clock,
      priceSource: fixedPrices({ btc: '700000', ltc: '700', ckb: '0.07' }),
    }));
    for (const [index, name] of ['alice01', 'bob00001', 'carol001'].entries()) {
      const pair = await registerByEmail(
        app,
        name,
        `${name}@example.com`,
        'Secret123',
        `10.7.0.${index + 1}`,
      );
      tokens.set(name, pair.token);
    }
    await setPayPasswords(database);
    await fund('alice01', 'btc', '1');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should quote at the feed price with the fee and an expiry 30 s ahead', async () => {
    const answer = await quote('alice01', {});
    expect(answer.status, answer.msg).toBe(200);
    expect(answer.data).toEqual({
      quote_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      account: 'alice01',
      from: 'btc',
      to: 'ltc',
      amount_in: '0.1',
      amount_out: '99.5',
      rate: '1000',
      fee: '0.5',
      fee_percent: '0.5',
      expires_at: new Date(clock.now() + 30_000).toISOString().replace('.000Z', 'Z'),
    });
  });

  it('should refuse quotes on every field', async () => {
    const cases = [
      [{ amount: '2' }, 400, 40007, 'amount'],
      [{ amount: '0.000000001' }, 400, 40000, 'amount'],
      [{ from: 'ckb', to: 'btc', amount: '0.01' }, 400, 40000, 'amount'],
      [{ account: 'bob00001' }, 400, 40000, 'account'],
      [{ to: 'btc' }, 400, 40000, 'to'],
      [{ to: 'xmr' }, 503, 50300, undefined],
    ] as const;
    for (const [query, status, code, field] of cases) {
      const answer = await quote('alice01', query);
      expect(
        [answer.status, answer.code, answer.fields?.[0]?.field],
        JSON.stringify(query),
      ).toEqual([status, code, field]);
    }
    const unauthenticated = await callApi(app, 'GET', '/wallets/exchanges/quote', {
      query: { account: 'alice01', from: 'btc', to: 'ltc', amount: '1' },
    });
    expect(unauthenticated.status).toBe(401);
  });

  it('should exchange within the expiry at the quoted price, list both lines, and replay a repeat', async () => {
    const quoted = await quote('alice01', {});
    const quoteId = (quoted.data as { quote_id: string }).quote_id;
    // The market moves after the quote: the exchange keeps the quoted price.
    await database.db.execute(sql`UPDATE market_prices SET usd = usd * 2 WHERE asset = 'btc'`);
    clock.advance(29_000);
    const request = await exchangeRequest('alice01', quoteId);
    const done = await send(request);
    expect(done.status, done.msg).toBe(200);
    expect(done.data).toMatchObject({
      account: 'alice01',
      from: 'btc',
      to: 'ltc',
      amount_in: '0.1',
      amount_out: '99.5',
      rate: '1000',
      fee: '0.5',
      status: 'successful',
    });
    expect(await balance('alice01', 'btc')).toBe('0.9');
    expect(await balance('alice01', 'ltc')).toBe('99.5');

    // The same key again: the same answer, nothing moves.
    const again = await send(request);
    expect(again.data).toEqual(done.data);
    expect(await balance('alice01', 'ltc')).toBe('99.5');
    // Another key on the same quote: used already.
    const reuse = await send(await exchangeRequest('alice01', quoteId));
    expect([reuse.status, reuse.code, reuse.fields?.[0]?.field]).toEqual([409, 40900, 'quote_id']);
    expect(reuse.msg).toBe('This quote was used already');

    const list = await callApi(app, 'GET', '/wallets/transactions', {
      token: tokens.get('alice01') ?? '',
      query: { type: 'exchange_in' },
    });
    expect((list.data as { list: unknown[] }).list).toEqual([
      expect.objectContaining({ coin: 'ltc', type: 'exchange_in', amount: '99.5' }),
    ]);
    const all = await callApi(app, 'GET', '/wallets/transactions', {
      token: tokens.get('alice01') ?? '',
      query: { page_size: '50' },
    });
    const lines = (
      all.data as { list: { id: string; coin: string; type: string; amount: string }[] }
    ).list;
    const id = (done.data as { id: string }).id;
    expect(lines.filter((line) => line.id === id)).toEqual([
      expect.objectContaining({ coin: 'btc', type: 'exchange_out', amount: '-0.1' }),
      expect.objectContaining({ coin: 'ltc', type: 'exchange_in', amount: '99.5' }),
    ]);
    const detail = await callApi(app, 'GET', `/wallets/transactions/${id}`, {
      token: tokens.get('alice01') ?? '',
    });
    expect((detail.data as { entries: unknown[] }).entries).toEqual([
      // The account's own entries first, then the pool's side.
      expect.objectContaining({ holder: 'own', coin: 'btc', amount: '-0.1' }),
      expect.objectContaining({ holder: 'own', coin: 'ltc', amount: '99.5' }),
      expect.objectContaining({
        holder: 'pool',
        name: 'exchange_desk',
        coin: 'btc',
        amount: '0.1',
      }),
      expect.objectContaining({
        holder: 'pool',
        name: 'exchange_desk',
        coin: 'ltc',
        amount: '-100',
      }),
      expect.objectContaining({
        holder: 'pool',
        name: 'exchange_fees',
        coin: 'ltc',
        amount: '0.5',
      }),
    ]);
    await database.db.execute(sql`UPDATE market_prices SET usd = usd / 2 WHERE asset = 'btc'`);
    await expectSoundExchanges();
  });

  it('should refuse an expired quote and leave the balances as they were', async () => {
    const quoted = await quote('alice01', {});
    const quoteId = (quoted.data as { quote_id: string }).quote_id;
    clock.advance(30_000);
    const before = await balance('alice01', 'btc');
    const late = await send(await exchangeRequest('alice01', quoteId));
    expect([late.status, late.code, late.fields?.[0]?.field]).toEqual([400, 40010, 'quote_id']);
    expect(await balance('alice01', 'btc')).toBe(before);
    // A new quote goes through.
    const fresh = await quote('alice01', {});
    const done = await send(
      await exchangeRequest('alice01', (fresh.data as { quote_id: string }).quote_id),
    );
    expect(done.status, done.msg).toBe(200);
  });

  it("should refuse another user's quote, a wrong pay password, and stale prices", async () => {
    const quoted = await quote('alice01', {});
    const quoteId = (quoted.data as { quote_id: string }).quote_id;
    const stolen = await send(await exchangeRequest('bob00001', quoteId));
    expect([stolen.status, stolen.fields?.[0]?.field]).toEqual([400, 'quote_id']);
    const wrong = await send(await exchangeRequest('alice01', quoteId, { password: 'Wrong1234' }));
    expect([wrong.status, wrong.code, wrong.fields?.[0]?.field]).toEqual([
      400,
      40009,
      'pay_password',
    ]);
    // The quote is still good after the refusals.
    expect((await send(await exchangeRequest('alice01', quoteId))).status).toBe(200);

    await database.db.execute(
      sql`UPDATE market_prices SET updated_at = updated_at - interval '1 hour'`,
    );
    const stale = await quote('alice01', {});
    expect([stale.status, stale.code]).toEqual([503, 50300]);
    await database.db.execute(
      sql`UPDATE market_prices SET updated_at = updated_at + interval '1 hour'`,
    );
  });

  it('should use one quote once when 20 exchanges of it race', async () => {
    const quoted = await quote('alice01', { amount: '0.01' });
    const quoteId = (quoted.data as { quote_id: string }).quote_id;
    const before = await balance('alice01', 'btc');
    const requests = [];
    for (let index = 0; index < 20; index += 1) {
      requests.push(await exchangeRequest('alice01', quoteId));
    }
    const answers = await Promise.all(requests.map(send));
    const outcomes = answers.map((answer) => `${answer.status} ${answer.code}`).sort();
    expect(outcomes.filter((outcome) => outcome === '200 0')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === '409 40900')).toHaveLength(19);
    expect(new Big(before).minus(await balance('alice01', 'btc')).toFixed()).toBe('0.01');
    await expectSoundExchanges();
  });

  it('should never overdraw one balance under 100 concurrent exchanges', async () => {
    await fund('carol001', 'btc', '1');
    const requests = [];
    for (let index = 0; index < 100; index += 1) {
      const quoted = await quote('carol001', { amount: '0.02', to: index % 2 ? 'ltc' : 'ckb' });
      expect(quoted.status, quoted.msg).toBe(200);
      requests.push(
        await exchangeRequest('carol001', (quoted.data as { quote_id: string }).quote_id),
      );
    }
    const answers = await Promise.all(requests.map(send));
    const outcomes = answers.map((answer) => `${answer.status} ${answer.code}`);
    // The balance covers exactly 50 of them; the others are refused for the balance.
    expect(outcomes.filter((outcome) => outcome === '200 0')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === '400 40007')).toHaveLength(50);
    expect(await balance('carol001', 'btc')).toBe('0');
    const [used] = await queryRows<{ used: number }>(
      database.db,
      sql`SELECT count(*)::int AS used FROM exchange_quotes q
          JOIN mining_accounts ma ON ma.id = q.mining_account_id
          WHERE ma.name = 'carol001' AND q.used_at IS NOT NULL`,
    );
    expect(used?.used).toBe(50);
    await expectSoundExchanges();
  });
});
