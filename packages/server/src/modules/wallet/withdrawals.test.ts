/**
 * Withdrawals end to end through the endpoints, on a real database: the address book, the
 * rules, the refusals, the hold, the split, the chain job (paid, failed, a crash between the
 * broadcast and its record), the operators' audit queue and the pause after a security change.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { type AppContext, createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import type { ChainAdapter } from '../chain/chainAdapter';
import { createDemoChain, DEMO_CONFIRM_AFTER_MS } from '../chain/demoChain';
import { callApi, encrypted, loginByEmail, registerByEmail } from '../identity/testHelpers';
import { createTicket } from '../identity/users';
import { DEMO_WITHDRAWER, seedDemoWithdrawals } from './demoWithdrawals';
import { reconcileLedger } from './ledger';
import { partIdempotencyKey, processWithdrawals, splitAmount } from './withdrawals';

const PAY_PASSWORD = 'Pay123456';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** The demo chain of these tests fails every payment to this address. */
const FAILING_ADDRESS = 'bc1qfailfailfailfailfailfailfailfailfail0';
const KDA_KEY = 'a'.repeat(64);

describe('splitAmount', () => {
  it('should split into full parts of the maximum and the rest', () => {
    expect(splitAmount(new Big('0.12'), new Big('0.05')).map((part) => part.toFixed())).toEqual([
      '0.05',
      '0.05',
      '0.02',
    ]);
    expect(splitAmount(new Big('0.1'), new Big('0.05')).map((part) => part.toFixed())).toEqual([
      '0.05',
      '0.05',
    ]);
    expect(splitAmount(new Big('0.01'), new Big('0.05')).map((part) => part.toFixed())).toEqual([
      '0.01',
    ]);
  });
});

describe.each(testDrivers)('withdrawals on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let identity: AppContext;
  const clock = createManualClock(Date.UTC(2026, 4, 1, 8));
  let demo: ChainAdapter;
  /** When set, the app's chain sends the payment and then throws, as a crash would. */
  let crashAfterBroadcast = false;
  const chain: ChainAdapter = {
    name: 'demo',
    async broadcast(payment, nowMs) {
      const sent = await demo.broadcast(payment, nowMs);
      if (crashAfterBroadcast) throw new Error('crashed after the broadcast');
      return sent;
    },
    status: (txId, nowMs) => demo.status(txId, nowMs),
  };
  let alice = '';
  let bob = '';
  let staff = '';
  const ids = new Map<string, string>();
  let btcAddressId = '';
  let failingAddressId = '';

  async function userId(name: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = ${name}`,
    );
    if (row === undefined) throw new Error(`no user ${name}`);
    return row.id;
  }

  async function validation(user: string, scene: string): Promise<string> {
    return (await createTicket(identity, 'validation', ids.get(user) ?? '', scene, 3_600_000))
      .token;
  }

  async function fund(account: string, coin: string, amount: string): Promise<void> {
    await creditTestIncome(database, account, coin, amount, clock.now());
  }

  async function balances(token: string, coin = 'btc') {
    const answer = await callApi(app, 'GET', '/wallets/balances', { token });
    return answer.data.list.find((row: { coin: string }) => row.coin === coin);
  }

  async function systemBalance(name: string, coin = 'btc'): Promise<string> {
    const [row] = await queryRows<{ balance: string }>(
      database.db,
      sql`SELECT COALESCE(sum(balance), 0)::text AS balance FROM ledger_accounts
          WHERE system_name = ${name} AND coin = ${coin}`,
    );
    return new Big(row?.balance ?? '0').toFixed();
  }

  async function withdrawBody(
    fields: Record<string, string>,
    options: { user?: string; password?: string; validationToken?: string } = {},
  ) {
    const secret = await encrypted(app, options.password ?? PAY_PASSWORD);
    return {
      coin: 'btc',
      address_id: btcAddressId,
      amount: '0.01',
      pay_password: secret.password,
      key_id: secret.key_id,
      validation_token:
        options.validationToken ?? (await validation(options.user ?? 'alice01', 'withdraw')),
      idempotency_key: randomUUID(),
      ...fields,
    };
  }

  async function expectSoundLedger(): Promise<void> {
    const report = await reconcileLedger(database);
    expect(report.mismatchedBalances).toEqual([]);
    expect(report.unbalancedRecords).toEqual([]);
    expect(report.overdrawnBalances).toEqual([]);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    demo = createDemoChain(database, { fails: (payment) => payment.address === FAILING_ADDRESS });
    app = await buildApp({ config: testConfig(), db: database, clock, chain });
    identity = createAppContext({
      database,
      clock,
      config: testConfig(),
      mailer: { send: async () => {} },
    });
    alice = (await registerByEmail(app, 'alice01', 'alice@example.com', 'Secret123', '10.6.0.1'))
      .token;
    bob = (await registerByEmail(app, 'bob00001', 'bob@example.com', 'Secret123', '10.6.0.2'))
      .token;
    staff = (await registerByEmail(app, 'staff001', 'staff@example.com', 'Secret123', '10.6.0.3'))
      .token;
    for (const name of ['alice01', 'bob00001', 'staff001']) ids.set(name, await userId(name));
    await grantOperator(database.db, ids.get('staff001') ?? '', null, clock.now());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should check saved addresses per coin and need a withdraw_address validation', async () => {
    const empty = await callApi(app, 'GET', '/wallets/withdraw-addresses', { token: alice });
    expect(empty.data).toEqual({ list: [] });
    const save = async (fields: Record<string, string>, validationToken?: string) =>
      callApi(app, 'POST', '/wallets/withdraw-addresses', {
        token: alice,
        body: {
          coin: 'btc',
          alias: 'Cold wallet',
          address: BTC_ADDRESS,
          validation_token: validationToken ?? (await validation('alice01', 'withdraw_address')),
          ...fields,
        },
      });
    // An Ethereum address is no Bitcoin address.
    const wrong = await save({ address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect([wrong.status, wrong.code, wrong.fields?.[0]]).toEqual([
      400,
      40005,
      { field: 'address', message: 'The address is wrong' },
    ]);
    const kdaWrongKey = await save({
      coin: 'kda',
      address: `k:${'b'.repeat(64)}`,
      public_key: KDA_KEY,
    });
    expect([kdaWrongKey.status, kdaWrongKey.fields?.[0]]).toEqual([
      400,
      { field: 'public_key', message: 'The publicKey is wrong' },
    ]);
    const keyForBtc = await save({ public_key: KDA_KEY });
    expect([keyForBtc.status, keyForBtc.fields?.[0]?.field]).toEqual([400, 'public_key']);
    const otherScene = await save({}, await validation('alice01', 'transfer'));
    expect([otherScene.status, otherScene.code, otherScene.fields?.[0]?.field]).toEqual([
      400,
      40002,
      'validation_token',
    ]);

    const saved = await save({});
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ coin: 'btc', alias: 'Cold wallet', address: BTC_ADDRESS });
    btcAddressId = saved.data.id;
    // The first address is no change of an address: nothing pauses.
    const rules = await callApi(app, 'GET', '/wallets/withdraw-rules', {
      token: alice,
      query: { coin: 'btc' },
    });
    expect(rules.data).toEqual({
      coin: 'btc',
      min_amount: '0.001',
      fee: '0.0002',
      manual_audit_above: '0.1',
      max_single: '0.05',
      paused_until: null,
      enabled: true,
    });
    const twice = await save({});
    expect([twice.status, twice.code, twice.msg, twice.fields?.[0]?.field]).toEqual([
      409,
      40900,
      'This address is saved already',
      'address',
    ]);

    const kda = await save({ coin: 'kda', address: `k:${KDA_KEY}`, public_key: KDA_KEY });
    expect(kda.status).toBe(200);
    expect(kda.data.public_key).toBe(KDA_KEY);
    const renamed = await callApi(app, 'PUT', `/wallets/withdraw-addresses/${kda.data.id}`, {
      token: alice,
      body: { alias: 'Kadena' },
    });
    expect(renamed.data.alias).toBe('Kadena');
    const foreign = await callApi(app, 'DELETE', `/wallets/withdraw-addresses/${kda.data.id}`, {
      token: bob,
    });
    expect([foreign.status, foreign.code, foreign.msg, foreign.fields]).toEqual([
      404,
      40400,
      'No such withdraw address',
      [{ field: 'id', message: 'No such withdraw address' }],
    ]);
    const deleted = await callApi(app, 'DELETE', `/wallets/withdraw-addresses/${kda.data.id}`, {
      token: alice,
    });
    expect(deleted.status).toBe(200);
    const btcOnly = await callApi(app, 'GET', '/wallets/withdraw-addresses', { token: alice });
    expect(btcOnly.data.list.map((row: { id: string }) => row.id)).toEqual([btcAddressId]);

    // The second address paused withdrawals; this suite starts after the pause.
    clock.advance(24 * 3_600_000);
    alice = (await loginByEmail(app, 'alice@example.com', 'Secret123', '10.6.0.1')).data.token;
    bob = (await loginByEmail(app, 'bob@example.com', 'Secret123', '10.6.0.2')).data.token;
    staff = (await loginByEmail(app, 'staff@example.com', 'Secret123', '10.6.0.3')).data.token;
    await database.db.execute(
      sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, created_at)
          VALUES (${ids.get('alice01')}::bigint, 'btc', 'Broken', ${FAILING_ADDRESS}, now())`,
    );
    const [failing] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM withdraw_addresses WHERE address = ${FAILING_ADDRESS}`,
    );
    failingAddressId = failing?.id ?? '';
  });

  it('should refuse a withdrawal without a pay password, below the minimum or unvalidated', async () => {
    await fund('alice01', 'btc', '1');
    const without = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({}),
    });
    expect([without.status, without.code, without.fields?.[0]]).toEqual([
      400,
      40008,
      { field: 'pay_password', message: 'Please set a pay password first' },
    ]);
    const secret = await encrypted(app, PAY_PASSWORD);
    const set = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: alice,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await validation('alice01', 'pay_password'),
      },
    });
    expect(set.status).toBe(200);

    const send = async (fields: Record<string, string>, password?: string) =>
      callApi(app, 'POST', '/wallets/withdrawals', {
        token: alice,
        body: await withdrawBody(fields, password === undefined ? {} : { password }),
      });
    const small = await send({ amount: '0.0009' });
    expect([small.status, small.fields?.[0]]).toEqual([
      400,
      { field: 'amount', message: 'Amount must be at least 0.001' },
    ]);
    const precise = await send({ amount: '0.001000001' });
    expect([precise.status, precise.fields?.[0]?.field]).toEqual([400, 'amount']);
    const wrong = await send({}, 'Wrong1234');
    expect([wrong.status, wrong.code, wrong.fields?.[0]?.field]).toEqual([
      400,
      40009,
      'pay_password',
    ]);
    const transferToken = await send({ validation_token: await validation('alice01', 'transfer') });
    expect([transferToken.status, transferToken.code]).toEqual([400, 40002]);
    const bobsAddress = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: bob,
      body: await withdrawBody({}, { user: 'bob00001' }),
    });
    expect(bobsAddress.status).toBe(400);
    const overdraft = await send({ amount: '0.9999' });
    expect([overdraft.status, overdraft.code, overdraft.fields?.[0]?.field]).toEqual([
      400,
      40007,
      'amount',
    ]);
    expect(await balances(alice)).toMatchObject({ available: '1', frozen: '0' });
  });

  it('should freeze amount and fee once per idempotency key, split it and pay it on the chain', async () => {
    const body = await withdrawBody({ amount: '0.08' });
    const first = await callApi(app, 'POST', '/wallets/withdrawals', { token: alice, body });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      coin: 'btc',
      amount: '0.08',
      fee: '0.0002',
      status: 'pending',
      manual_audit: false,
      parts: 2,
      account: 'alice01',
      address: BTC_ADDRESS,
    });
    const again = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: { ...body, pay_password: (await encrypted(app, PAY_PASSWORD)).password },
    });
    expect(again.data).toEqual(first.data);
    const other = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: { ...body, amount: '0.07' },
    });
    expect([other.status, other.fields?.[0]?.field]).toEqual([409, 'idempotency_key']);
    expect(await balances(alice)).toMatchObject({ available: '0.9198', frozen: '0.0802' });

    const lines = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { type: 'withdraw' },
    });
    expect(lines.data.list).toEqual([
      expect.objectContaining({
        id: first.data.id,
        amount: '-0.0802',
        fee: '0.0002',
        counterparty: BTC_ADDRESS,
        status: 'pending',
        tx_id: expect.stringMatching(/^demo/),
      }),
    ]);

    // Both parts were sent at once; the demo chain confirms them a few minutes later.
    expect(await processWithdrawals(database, chain, clock.now())).toEqual({
      broadcast: 0,
      confirmed: 0,
      failed: 0,
    });
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    // The app's own job may settle them first (it runs on the same clock); either way, once.
    await processWithdrawals(database, chain, clock.now());
    expect(await balances(alice)).toMatchObject({ available: '0.9198', frozen: '0' });
    expect(await systemBalance('withdrawals_paid')).toBe('0.08');
    expect(await systemBalance('withdraw_fees')).toBe('0.0002');
    const detail = await callApi(app, 'GET', `/wallets/transactions/${first.data.id}`, {
      token: alice,
    });
    expect(detail.data.status).toBe('successful');
    expect(detail.data.entries).toEqual([
      expect.objectContaining({ holder: 'own', bucket: 'available', amount: '-0.0802' }),
      expect.objectContaining({ holder: 'own', bucket: 'frozen', amount: '0.0802' }),
      expect.objectContaining({ holder: 'own', bucket: 'frozen', amount: '-0.0502' }),
      expect.objectContaining({ holder: 'pool', name: 'withdrawals_paid', amount: '0.05' }),
      expect.objectContaining({ holder: 'pool', name: 'withdraw_fees', amount: '0.0002' }),
      expect.objectContaining({ holder: 'own', bucket: 'frozen', amount: '-0.03' }),
      expect.objectContaining({ holder: 'pool', name: 'withdrawals_paid', amount: '0.03' }),
    ]);
    // The payouts move only frozen coins: no lines of their own.
    const all = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { type: 'withdraw' },
    });
    expect(all.data.total).toBe(1);
    // The export says the same as the API: the amount is what left the wallet, the fee is the
    // part of it charged as a fee (its column says it is included), never to be added again.
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/wallets/exports/transactions?start_date=${today}&end_date=${today}&type=withdraw`,
      headers: { authorization: `Bearer ${alice}` },
    });
    const [header, row] = csv.body.trim().split('\n');
    expect(header).toBe('id,time,account,coin,type,amount,fee_included,counterparty,status,note');
    const cells = (row ?? '').split(',');
    expect([cells[0], cells[4], cells[5], cells[6]]).toEqual([
      first.data.id,
      'withdraw',
      '-0.0802',
      '0.0002',
    ]);
    await expectSoundLedger();
  });

  it('should refund a withdrawal the chain fails, with a refund line', async () => {
    const sent = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({ address_id: failingAddressId, amount: '0.01' }),
    });
    expect(sent.status).toBe(200);
    expect(await balances(alice)).toMatchObject({ available: '0.9096', frozen: '0.0102' });
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    await processWithdrawals(database, chain, clock.now());
    expect(await balances(alice)).toMatchObject({ available: '0.9198', frozen: '0' });
    const lines = await callApi(app, 'GET', '/wallets/transactions', { token: alice });
    // The refund is a line of its own kind, not a second "withdrawal" with a plus sign.
    expect(lines.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'withdraw_refund',
        amount: '0.0102',
        status: 'successful',
        note: 'refund',
      }),
      expect.objectContaining({
        id: sent.data.id,
        type: 'withdraw',
        amount: '-0.0102',
        status: 'failed',
      }),
    ]);
    const refunds = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { type: 'withdraw_refund' },
    });
    expect(refunds.data.list[0]).toMatchObject({ type: 'withdraw_refund', amount: '0.0102' });
    await expectSoundLedger();
  });

  it('should pay once when it crashes between the broadcast and its record, and retries', async () => {
    const paidBefore = await systemBalance('withdrawals_paid');
    crashAfterBroadcast = true;
    const sent = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({ amount: '0.02' }),
    });
    // The answer stands: the money is held, the part waits for the job.
    expect(sent.status).toBe(200);
    await expect(processWithdrawals(database, chain, clock.now())).rejects.toThrow('crashed');
    const [part] = await queryRows<{ id: string; state: string; tx_id: string | null }>(
      database.db,
      sql`SELECT p.id::text AS id, p.state, p.tx_id FROM withdrawal_parts p
          JOIN withdrawals w ON w.id = p.withdrawal_id
          WHERE w.hold_transaction_id = ${sent.data.id}::bigint`,
    );
    expect(part).toMatchObject({ state: 'queued', tx_id: null });
    crashAfterBroadcast = false;
    await processWithdrawals(database, chain, clock.now());
    const onChain = await queryRows<{ tx_id: string }>(
      database.db,
      sql`SELECT tx_id FROM chain_broadcasts WHERE idempotency_key = ${partIdempotencyKey(part?.id ?? '')}`,
    );
    expect(onChain).toHaveLength(1);
    const [recorded] = await queryRows<{ tx_id: string }>(
      database.db,
      sql`SELECT tx_id FROM withdrawal_parts WHERE id = ${part?.id ?? '0'}::bigint`,
    );
    expect(recorded?.tx_id).toBe(onChain[0]?.tx_id);
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    await processWithdrawals(database, chain, clock.now());
    expect(await systemBalance('withdrawals_paid')).toBe(
      new Big(paidBefore).plus('0.02').toFixed(),
    );
    await expectSoundLedger();
  });

  it('should hold a withdrawal above the audit limit for an operator, who approves or rejects it', async () => {
    const big = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({ amount: '0.2' }),
    });
    expect(big.data).toMatchObject({ manual_audit: true, parts: 4, status: 'pending' });
    const other = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({ amount: '0.15' }),
    });
    expect(other.data.manual_audit).toBe(true);
    // Nothing is sent before the audit.
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    expect((await processWithdrawals(database, chain, clock.now())).broadcast).toBe(0);

    const refused = await callApi(app, 'GET', '/admin/withdrawals', { token: alice });
    expect(refused.status).toBe(403);
    const queue = await callApi(app, 'GET', '/admin/withdrawals', { token: staff });
    expect(queue.data.total).toBe(2);
    expect(queue.data.list[0]).toMatchObject({
      id: big.data.id,
      user: 'alice01',
      account: 'alice01',
      amount: '0.2',
      fee: '0.0002',
      address: BTC_ADDRESS,
      parts: 4,
      state: 'manual',
      reviewed_by: null,
    });
    expect(Date.parse(queue.data.list[0].audit_due_at)).toBe(
      Date.parse(queue.data.list[0].created_at) + 24 * 3_600_000,
    );
    const byUser = await callApi(app, 'POST', `/admin/withdrawals/${big.data.id}/approve`, {
      token: alice,
      body: {},
    });
    expect(byUser.status).toBe(403);

    const approved = await callApi(app, 'POST', `/admin/withdrawals/${big.data.id}/approve`, {
      token: staff,
      body: {},
    });
    expect(approved.data).toMatchObject({ state: 'processing', reviewed_by: 'staff001' });
    const twice = await callApi(app, 'POST', `/admin/withdrawals/${big.data.id}/approve`, {
      token: staff,
      body: {},
    });
    expect(twice.status).toBe(409);
    const [sentParts] = await queryRows<{ sent: number }>(
      database.db,
      sql`SELECT count(*)::int AS sent FROM withdrawal_parts p JOIN withdrawals w
            ON w.id = p.withdrawal_id
          WHERE w.hold_transaction_id = ${big.data.id}::bigint AND p.state = 'broadcast'`,
    );
    expect(sentParts?.sent).toBe(4);

    const before = await balances(alice);
    const noReason = await callApi(app, 'POST', `/admin/withdrawals/${other.data.id}/reject`, {
      token: staff,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const rejected = await callApi(app, 'POST', `/admin/withdrawals/${other.data.id}/reject`, {
      token: staff,
      body: { reason: 'The address belongs to a sanctioned service' },
    });
    expect(rejected.data).toMatchObject({
      state: 'rejected',
      reject_reason: 'The address belongs to a sanctioned service',
    });
    const after = await balances(alice);
    expect(new Big(after.available).minus(before.available).toFixed()).toBe('0.1502');
    expect(new Big(before.frozen).minus(after.frozen).toFixed()).toBe('0.1502');
    const line = await callApi(app, 'GET', `/wallets/transactions/${other.data.id}`, {
      token: alice,
    });
    expect(line.data.status).toBe('failed');
    expect(line.data.lines[0].note).toBe('The address belongs to a sanctioned service');
    // Issue 27: the user is told at once, with the reason, in the message center and by email;
    // the refund line reads as a refund, not as a second withdrawal.
    const inbox = await callApi(app, 'GET', '/messages', { token: alice });
    const notice = (inbox.data.list as { title: string; content: string }[]).find((message) =>
      message.title.startsWith('Withdrawal rejected'),
    );
    expect(notice?.title).toBe('Withdrawal rejected: 0.15 BTC');
    expect(notice?.content).toContain('The address belongs to a sanctioned service');
    expect(notice?.content).toContain(BTC_ADDRESS);
    expect(notice?.content).toContain('0.1502 BTC');
    const [mail] = await queryRows<{ subject: string; body: string }>(
      database.db,
      sql`SELECT subject, body FROM email_deliveries WHERE recipient = 'alice@example.com'
          AND subject LIKE 'Withdrawal rejected%' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail?.subject).toBe('Withdrawal rejected: 0.15 BTC');
    expect(mail?.body).toContain('The address belongs to a sanctioned service');
    expect(mail?.body).toContain('/asset/transaction');
    const newest = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { page_size: '1' },
    });
    expect(newest.data.list[0]).toMatchObject({
      type: 'withdraw_refund',
      amount: '0.1502',
      fee: '0',
      status: 'successful',
    });
    const late = await callApi(app, 'POST', `/admin/withdrawals/${other.data.id}/approve`, {
      token: staff,
      body: {},
    });
    expect(late.status).toBe(409);

    const log = await callApi(app, 'GET', '/admin/audit-log', { token: staff });
    expect(
      log.data.list.map((entry: { action: string; target_id: string }) => [
        entry.action,
        entry.target_id,
      ]),
    ).toEqual([
      ['withdrawals.reject', other.data.id],
      ['withdrawals.approve', big.data.id],
    ]);
    expect(log.data.list[0].details.reason).toBe('The address belongs to a sanctioned service');
    const empty = await callApi(app, 'GET', '/admin/withdrawals', { token: staff });
    expect(empty.data.total).toBe(0);
    await expectSoundLedger();
  });

  it('should pause withdrawals for 24 hours after a new address, then open again', async () => {
    const saved = await callApi(app, 'POST', '/wallets/withdraw-addresses', {
      token: alice,
      body: {
        coin: 'btc',
        alias: 'New one',
        address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
        validation_token: await validation('alice01', 'withdraw_address'),
      },
    });
    expect(saved.status).toBe(200);
    const rules = await callApi(app, 'GET', '/wallets/withdraw-rules', {
      token: alice,
      query: { coin: 'btc' },
    });
    expect(Date.parse(rules.data.paused_until)).toBe(
      Math.floor((clock.now() + 24 * 3_600_000) / 1000) * 1000,
    );
    const paused = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({}),
    });
    expect([paused.status, paused.code]).toEqual([403, 40302]);
    expect(paused.msg).toContain('paused for 24 hours after a security change');
    clock.advance(24 * 3_600_000);
    alice = (await loginByEmail(app, 'alice@example.com', 'Secret123', '10.6.0.1')).data.token;
    const open = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({ address_id: saved.data.id }),
    });
    expect(open.status).toBe(200);
    expect(open.data.address).toBe('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');

    // A new pay password pauses them again.
    const secret = await encrypted(app, 'NewPay1234');
    const changed = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: alice,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await validation('alice01', 'pay_password'),
      },
    });
    expect(changed.status).toBe(200);
    const again = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await withdrawBody({}, { password: 'NewPay1234' }),
    });
    expect([again.status, again.code]).toEqual([403, 40302]);
    clock.advance(24 * 3_600_000);
  });

  it('should seed the demo withdrawals waiting for audit once', async () => {
    expect(await seedDemoWithdrawals(identity)).toBe(true);
    expect(await seedDemoWithdrawals(identity)).toBe(false);
    staff = (await loginByEmail(app, 'staff@example.com', 'Secret123', '10.6.0.3')).data.token;
    const queue = await callApi(app, 'GET', '/admin/withdrawals', { token: staff });
    expect(queue.data.list.map((row: { user: string; amount: string }) => row.amount)).toEqual([
      ...DEMO_WITHDRAWER.withdrawals,
    ]);
    expect(queue.data.list[0].user).toBe(DEMO_WITHDRAWER.username);
    await expectSoundLedger();
  });
});
