/**
 * The operators' audit of withdrawals above the audit limit, on a real database: nothing is
 * sent before it, only operators see and decide the queue, an approval sends the parts, a
 * rejection gives the hold back and tells the user why, each decision once and in the audit
 * log; and the demo withdrawals that wait in the queue.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { DEMO_CONFIRM_AFTER_MS } from '../chain/demoChain';
import { callApi } from '../identity/testHelpers';
import { DEMO_WITHDRAWER, seedDemoWithdrawals } from './demoWithdrawals';
import { BTC_ADDRESS, expectSoundLedger } from './testFixtures';
import { processWithdrawals } from './withdrawalSending';
import { useWithdrawalTestbed } from './withdrawalTestbed';

const REASON = 'The address belongs to a sanctioned service';

describe.each(testDrivers)('reviewing withdrawals on %s', (driver) => {
  const clock = createManualClock(Date.UTC(2026, 4, 1, 8));
  const testbed = useWithdrawalTestbed(driver, clock, { ready: true });

  /** An operator's (or anyone's) decision on a withdrawal. */
  const decide = (token: string, id: string, verb: 'approve' | 'reject', body: object = {}) =>
    callApi(testbed().app, 'POST', `/admin/withdrawals/${id}/${verb}`, { token, body });

  it('should hold a withdrawal above the audit limit for an operator, who approves or rejects it', async () => {
    const bed = testbed();
    const { app, database, chain, tokens } = bed;
    const alice = tokens.alice01;
    const staff = tokens.staff001;
    const big = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await bed.withdrawBody({ amount: '0.2' }),
    });
    expect(big.data).toMatchObject({ manual_audit: true, parts: 4, status: 'pending' });
    const other = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: await bed.withdrawBody({ amount: '0.15' }),
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
    expect((await decide(alice, big.data.id, 'approve')).status).toBe(403);

    const approved = await decide(staff, big.data.id, 'approve');
    expect(approved.data).toMatchObject({ state: 'processing', reviewed_by: 'staff001' });
    const twice = await decide(staff, big.data.id, 'approve');
    expect([twice.status, twice.code, twice.fields]).toEqual([
      409,
      40900,
      [{ field: 'id', message: 'This withdrawal is not waiting for audit' }],
    ]);
    const unknown = await decide(staff, '999999', 'approve');
    expect([unknown.status, unknown.code, unknown.fields]).toEqual([
      404,
      40400,
      [{ field: 'id', message: 'No such withdrawal' }],
    ]);
    const [sentParts] = await queryRows<{ sent: number }>(
      database.db,
      sql`SELECT count(*)::int AS sent FROM withdrawal_parts p JOIN withdrawals w
            ON w.id = p.withdrawal_id
          WHERE w.hold_transaction_id = ${big.data.id}::bigint AND p.state = 'broadcast'`,
    );
    expect(sentParts?.sent).toBe(4);

    const before = await bed.balances('alice01');
    expect((await decide(staff, other.data.id, 'reject', { reason: ' ' })).status).toBe(400);
    const rejected = await decide(staff, other.data.id, 'reject', { reason: REASON });
    expect(rejected.data).toMatchObject({ state: 'rejected', reject_reason: REASON });
    const after = await bed.balances('alice01');
    expect(new Big(after.available).minus(before.available).toFixed()).toBe('0.1502');
    expect(new Big(before.frozen).minus(after.frozen).toFixed()).toBe('0.1502');
    const line = await callApi(app, 'GET', `/wallets/transactions/${other.data.id}`, {
      token: alice,
    });
    expect(line.data.status).toBe('failed');
    expect(line.data.lines[0].note).toBe(REASON);
    // The user is told at once, with the reason, in the message center and by email; the
    // refund line reads as a refund, not as a second withdrawal.
    const inbox = await callApi(app, 'GET', '/messages', { token: alice });
    const notice = (inbox.data.list as { title: string; content: string }[]).find((message) =>
      message.title.startsWith('Withdrawal rejected'),
    );
    expect(notice?.title).toBe('Withdrawal rejected: 0.15 BTC');
    expect(notice?.content).toContain(REASON);
    expect(notice?.content).toContain(BTC_ADDRESS);
    expect(notice?.content).toContain('0.1502 BTC');
    const [mail] = await queryRows<{ subject: string; body: string }>(
      database.db,
      sql`SELECT subject, body FROM email_deliveries WHERE recipient = 'alice@example.com'
          AND subject LIKE 'Withdrawal rejected%' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail?.subject).toBe('Withdrawal rejected: 0.15 BTC');
    expect(mail?.body).toContain(REASON);
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
    expect((await decide(staff, other.data.id, 'approve')).status).toBe(409);

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
    expect(log.data.list[0].details).toEqual({
      user: 'alice01',
      coin: 'btc',
      amount: '0.15',
      address: BTC_ADDRESS,
      reason: REASON,
    });
    const empty = await callApi(app, 'GET', '/admin/withdrawals', { token: staff });
    expect(empty.data.total).toBe(0);
    await expectSoundLedger(database);
  });

  it('should seed the demo withdrawals waiting for audit once', async () => {
    const bed = testbed();
    expect(await seedDemoWithdrawals(bed.identity)).toBe(true);
    expect(await seedDemoWithdrawals(bed.identity)).toBe(false);
    const queue = await callApi(bed.app, 'GET', '/admin/withdrawals', {
      token: bed.tokens.staff001,
    });
    expect(queue.data.list.map((row: { user: string; amount: string }) => row.amount)).toEqual([
      ...DEMO_WITHDRAWER.withdrawals,
    ]);
    expect(queue.data.list[0].user).toBe(DEMO_WITHDRAWER.username);
    await expectSoundLedger(bed.database);
  });
});
