import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { findPool } from '../../engine/poolCatalog';
import { runRollup } from '../../engine/rollup';
import { settleDay } from '../../engine/settlement';
import { queryRows } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { makeOperator } from '../../testing/operators';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import {
  type ApiAnswer,
  callApi,
  encrypted,
  outboxCode,
  registerByEmail,
  sendEmailCode,
} from '../identity/testHelpers';
import { settleInviteRewards } from './invitations';
import { EMAIL_MISMATCH_MESSAGE } from './redPacketClaims';
import { advanceRedPackets } from './redPacketJob';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-05-10 06:00 UTC. */
const T0 = Date.UTC(2026, 4, 10, 6);

describe.each(testDrivers)('red packets and invitations on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};
  const ips: Record<string, string> = {};
  let ipCounter = 10;

  async function register(
    username: string,
    inviteCode?: string,
  ): Promise<Pick<ApiAnswer, 'status' | 'fields'>> {
    const email = `${username}@example.com`;
    const ip = `10.13.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`;
    ipCounter += 1;
    ips[username] = ip;
    if (inviteCode === undefined) {
      const { token } = await registerByEmail(app, username, email, 'Secret123', ip);
      tokens[username] = token;
      return { status: 200, fields: undefined };
    }
    await sendEmailCode(app, email, 'register', ip);
    const answer = await callApi(app, 'POST', '/users/register/email', {
      body: {
        username,
        email,
        code: await outboxCode(app, email),
        ...(await encrypted(app, 'Secret123')),
        terms_accepted: true,
        invite_code: inviteCode,
      },
      ip,
    });
    if (answer.status === 200) tokens[username] = answer.data.token;
    return answer;
  }

  async function createCampaign(body: Record<string, unknown>) {
    return callApi(app, 'POST', '/admin/red-packets', {
      token: tokens.staff013,
      body: {
        name: 'Spring hashrate',
        coin: 'btc',
        hashrate: 1e12,
        duration_days: 2,
        count: 3,
        activation_deadline: new Date(clock.now() + 3 * DAY).toISOString(),
        ...body,
      },
    });
  }

  async function packetsOf(campaignId: string) {
    return (
      await callApi(app, 'GET', `/admin/red-packets/${campaignId}/packets`, {
        token: tokens.staff013,
        query: { page_size: '100' },
      })
    ).data.list as { packet_id: string; status: string; receiving_email: string | null }[];
  }

  async function receive(user: string, code: string, email = `${user}@example.com`) {
    return callApi(app, 'POST', `/red-packets/${code}/receive`, {
      token: tokens[user],
      body: { email },
      ...(ips[user] === undefined ? {} : { ip: ips[user] }),
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    for (const name of ['staff013', 'alice013', 'bobby013', 'carol013']) await register(name);
    await makeOperator(database, 'staff013', T0);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('campaigns', () => {
    it('should create a campaign with its packets and audit it', async () => {
      const created = await createCampaign({ receiving_emails: ['Carol013@example.com'] });
      expect(created.status).toBe(200);
      expect(created.data).toMatchObject({
        name: 'Spring hashrate',
        coin: 'btc',
        hashrate: 1e12,
        duration_days: 2,
        count: 3,
        received: 0,
        status: 'active',
        created_by: 'staff013',
      });
      const packets = await packetsOf(created.data.id);
      expect(packets).toHaveLength(3);
      expect(packets[0]?.receiving_email).toBe('carol013@example.com');
      expect(packets.every((packet) => packet.status === 'unclaimed')).toBe(true);
      const audit = await callApi(app, 'GET', '/admin/audit-log', { token: tokens.staff013 });
      expect(audit.data.list[0]).toMatchObject({
        action: 'red_packets.create',
        target_id: created.data.id,
      });
    });

    it('should refuse a deadline in the past, naming the field, and non-operators', async () => {
      const past = await createCampaign({ activation_deadline: new Date(T0 - HOUR).toISOString() });
      expect(past.status).toBe(400);
      expect(past.fields?.[0]?.field).toBe('activation_deadline');
      const tooMany = await createCampaign({ count: 1, receiving_emails: ['a@b.co', 'c@d.co'] });
      expect(tooMany.status).toBe(400);
      expect(tooMany.fields?.[0]?.field).toBe('receiving_emails');
      const denied = await callApi(app, 'POST', '/admin/red-packets', {
        token: tokens.alice013,
        body: {},
      });
      expect(denied.status).toBe(403);
    });
  });

  describe('receiving', () => {
    it('should show a link to visitors, and answer each refusal with its own code', async () => {
      const created = await createCampaign({ count: 2 });
      const code = created.data.packet_id as string;
      const visitor = await callApi(app, 'GET', `/red-packets/${code}`);
      expect(visitor.data).toMatchObject({ remaining: 2, received: false, open: true });

      const mismatch = await receive('alice013', code, 'someone@example.com');
      expect(mismatch.status).toBe(400);
      expect(mismatch.msg).toBe(EMAIL_MISMATCH_MESSAGE);
      expect(mismatch.fields?.[0]?.field).toBe('email');

      const first = await receive('alice013', code);
      expect(first.status).toBe(200);
      expect(first.data).toMatchObject({ status: 'inactive', account: null, total_profit: '0' });

      const second = await receive('alice013', code);
      expect(second.status).toBe(409);
      expect(second.code).toBe(40910);

      expect((await receive('bobby013', code)).status).toBe(200);
      const gone = await receive('carol013', code);
      expect(gone.status).toBe(409);
      expect(gone.code).toBe(40911);

      const seen = await callApi(app, 'GET', `/red-packets/${code}`, { token: tokens.alice013 });
      expect(seen.data).toMatchObject({ remaining: 0, received: true, open: false });
    });

    it('should give a reserved packet to its receiving email only', async () => {
      const created = await createCampaign({
        count: 2,
        receiving_emails: ['carol013@example.com'],
      });
      const [reserved] = await packetsOf(created.data.id);
      if (reserved === undefined) throw new Error('no packet');
      const wrong = await receive('alice013', reserved.packet_id);
      expect(wrong.status).toBe(400);
      expect(wrong.msg).toBe(EMAIL_MISMATCH_MESSAGE);
      const view = await callApi(app, 'GET', `/red-packets/${reserved.packet_id}`);
      expect(view.data).toMatchObject({ remaining: 1, reserved: true });
      expect((await receive('carol013', reserved.packet_id)).status).toBe(200);
      // The campaign link never hands out the reserved packet.
      expect((await receive('bobby013', created.data.packet_id)).status).toBe(200);
      expect((await receive('alice013', created.data.packet_id)).code).toBe(40911);
    });

    it('should refuse claims of a disabled campaign and invalidate its inactive packets', async () => {
      const created = await createCampaign({ count: 3 });
      expect((await receive('alice013', created.data.packet_id)).status).toBe(200);
      const disabled = await callApi(app, 'POST', `/admin/red-packets/${created.data.id}/disable`, {
        token: tokens.staff013,
      });
      expect(disabled.data).toMatchObject({ status: 'disabled', received: 1 });
      const closed = await receive('bobby013', created.data.packet_id);
      expect(closed.status).toBe(409);
      expect(closed.code).toBe(40912);
      const statuses = (await packetsOf(created.data.id)).map((packet) => packet.status);
      expect(statuses).toEqual(['invalid', 'unclaimed', 'unclaimed']);
    });

    it('should give exactly 10 packets to 50 concurrent claims', async () => {
      const created = await createCampaign({ count: 10 });
      const users = Array.from(
        { length: 50 },
        (_, index) => `race${String(index).padStart(4, '0')}`,
      );
      for (const user of users) await register(user);
      const answers = await Promise.all(users.map((user) => receive(user, created.data.packet_id)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
      expect(answers.filter((answer) => answer.code === 40911)).toHaveLength(40);
      const [counted] = await queryRows<{ taken: number; users: number }>(
        database.db,
        sql`SELECT count(*)::int AS taken, count(DISTINCT user_id)::int AS users FROM red_packets
            WHERE campaign_id = ${created.data.id}::bigint AND user_id IS NOT NULL`,
      );
      expect(counted).toEqual({ taken: 10, users: 10 });
    });

    it('should give one user racing 20 claims of a campaign one packet and 409 for the rest, never a 500', async () => {
      const created = await createCampaign({ count: 10 });
      await register('racer013');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => receive('racer013', created.data.packet_id)),
      );
      // The first claim's packet, once taken, is the answer of a later claim too (idempotent);
      // a claim that loses the race on the unique index gets the documented 409 (40910). The
      // per-account brake on code guessing counts each claim before it looks the code up, so
      // claims beyond its free attempts that are in flight together get its documented 429.
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(
        answers.filter(
          (answer) => answer.status !== 200 && answer.code !== 40910 && answer.code !== 42900,
        ),
      ).toEqual([]);
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      const [counted] = await queryRows<{ taken: number }>(
        database.db,
        sql`SELECT count(*)::int AS taken FROM red_packets
            WHERE campaign_id = ${created.data.id}::bigint AND user_id IS NOT NULL`,
      );
      expect(counted).toEqual({ taken: 1 });
    });
  });

  describe('activation and income', () => {
    it('should activate, credit each settled day pro rata through the ledger once, then expire', async () => {
      const created = await createCampaign({ count: 1, duration_days: 1, hashrate: 2e12 });
      const received = await receive('alice013', created.data.packet_id);
      const id = received.data.id as string;
      const notMine = await callApi(app, 'POST', `/users/red-packets/${id}/activate`, {
        token: tokens.alice013,
        body: { account: 'bobby013' },
      });
      expect(notMine.status).toBe(400);
      expect(notMine.fields?.[0]?.field).toBe('account');
      // 06:00 UTC: 18 hours of the 10th, 6 hours of the 11th.
      const activated = await callApi(app, 'POST', `/users/red-packets/${id}/activate`, {
        token: tokens.alice013,
        body: { account: 'alice013' },
      });
      expect(activated.data).toMatchObject({
        status: 'activated',
        account: 'alice013',
        activated_at: '2026-05-10T06:00:00Z',
        ends_at: '2026-05-11T06:00:00Z',
      });

      const ingest = createIngest(database);
      const day = Date.UTC(2026, 4, 10);
      await ingest.recordNetwork([
        { coin: 'btc', height: 900_000, difficulty: 5e13, at: day },
        { coin: 'btc', height: 900_100, difficulty: 5e13, at: day + DAY },
      ]);
      await ingest.recordShares([
        {
          account: 'bobby013',
          coin: 'btc',
          worker: 'w1',
          difficulty: 2e6,
          accepted: true,
          at: day + 600_000,
        },
        {
          account: 'bobby013',
          coin: 'btc',
          worker: 'w1',
          difficulty: 2e6,
          accepted: true,
          at: day + DAY + 600_000,
        },
      ]);
      await runRollup(database, day + 2 * DAY + 60_000);
      // Nothing before the day is settled.
      await advanceRedPackets(database, day + DAY + 10 * 60_000);
      expect(
        (await callApi(app, 'GET', `/users/red-packets/${id}/profits`, { token: tokens.alice013 }))
          .data.total,
      ).toBe(0);
      expect(await settleDay(database, 'btc', '2026-05-10', day + DAY + HOUR)).toBe(true);
      await advanceRedPackets(database, day + DAY + 2 * HOUR);
      await advanceRedPackets(database, day + DAY + 2 * HOUR);

      const pool = findPool('btc');
      if (pool === undefined) throw new Error('no btc');
      const unit = await ppsUnitOutput(database.db, pool, '2026-05-10');
      const expected = new Big(unit).times(2).times(0.75).round(8, Big.roundDown).toFixed();
      expect(new Big(expected).gt(0)).toBe(true);
      const income = await callApi(app, 'GET', `/users/red-packets/${id}/profits`, {
        token: tokens.alice013,
      });
      expect(income.data.list).toEqual([
        { date: '2026-05-10', hashrate: 1.5e12, amount: expected },
      ]);

      expect(await settleDay(database, 'btc', '2026-05-11', day + 2 * DAY + HOUR)).toBe(true);
      await advanceRedPackets(database, day + 2 * DAY + 2 * HOUR);
      const unit11 = await ppsUnitOutput(database.db, pool, '2026-05-11');
      const expected11 = new Big(unit11).times(2).times(0.25).round(8, Big.roundDown);
      const packet = await callApi(app, 'GET', `/users/red-packets/${id}`, {
        token: tokens.alice013,
      });
      expect(packet.data.status).toBe('expired');
      expect(packet.data.total_profit).toBe(new Big(expected).plus(expected11).toFixed());
      const ledger = await queryRows<{ reference: string; type: string; amount: string }>(
        database.db,
        sql`SELECT t.reference, t.type, e.amount::text AS amount FROM ledger_transactions t
            JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount > 0
            WHERE t.reference LIKE ${`red_packet:${id}:%`} ORDER BY t.reference`,
      );
      expect(ledger.map((row) => [row.reference, row.type, new Big(row.amount).toFixed()])).toEqual(
        [
          [`red_packet:${id}:2026-05-10`, 'red_packet', expected],
          [`red_packet:${id}:2026-05-11`, 'red_packet', expected11.toFixed()],
        ],
      );
    });

    it('should make a packet not activated by its deadline invalid', async () => {
      const created = await createCampaign({
        count: 1,
        activation_deadline: new Date(T0 + HOUR).toISOString(),
      });
      const received = await receive('bobby013', created.data.packet_id);
      await advanceRedPackets(database, T0 + 2 * HOUR);
      const packet = await callApi(app, 'GET', `/users/red-packets/${received.data.id}`, {
        token: tokens.bobby013,
      });
      expect(packet.data.status).toBe('invalid');
      const late = await callApi(app, 'POST', `/users/red-packets/${received.data.id}/activate`, {
        token: tokens.bobby013,
        body: { account: 'bobby013' },
      });
      expect(late.status).toBe(409);
      expect(late.code).toBe(40912);
    });
  });

  describe('invitations', () => {
    it('should give every user a code and link, and take the code at registration', async () => {
      const summary = await callApi(app, 'GET', '/invitations', { token: tokens.carol013 });
      expect(summary.data).toMatchObject({ reward_percent: '0.2', invitee_count: 0, rewards: [] });
      expect(summary.data.link).toContain(`/register/email?invite_code=${summary.data.code}`);
      const again = await callApi(app, 'GET', '/invitations', { token: tokens.carol013 });
      expect(again.data.code).toBe(summary.data.code);

      const unknown = await register('dave0013', 'ZZZZZZZZ');
      expect(unknown.status).toBe(400);
      expect(unknown.fields?.[0]?.field).toBe('invite_code');
      expect((await register('dave0013', summary.data.code.toLowerCase())).status).toBe(200);

      const invitees = await callApi(app, 'GET', '/invitations/invitees', {
        token: tokens.carol013,
      });
      expect(invitees.data.total).toBe(1);
      expect(invitees.data.list[0]).toMatchObject({
        username: 'da***13',
        mining: false,
        earnings: [],
      });
    });

    it('should pay exactly 0.2 % of the day revenue the next day at 01:50 UTC, once', async () => {
      // A worked example: dave0013 earned 0.12345678 BTC on 2026-05-10.
      await database.db.execute(
        sql`INSERT INTO pool_miners (pool, miner, kind, account_id)
            SELECT 'btc', 'dave0013', 'account', id FROM mining_accounts WHERE name = 'dave0013'
            ON CONFLICT DO NOTHING`,
      );
      await database.db.execute(
        sql`INSERT INTO profit_days (pool, miner, day, diff, pps_amount, pplns_amount, fee, amount,
              pay_method, fee_percent, status)
            VALUES ('btc', 'dave0013', '2026-05-10', 1, 0.12345678, 0, 0, 0.12345678, 'PPS+', 2.5, 'settled')
            ON CONFLICT (pool, miner, day) DO UPDATE SET amount = EXCLUDED.amount, status = 'settled'`,
      );
      const day11 = Date.UTC(2026, 4, 11);
      expect(await settleInviteRewards(database, day11 + HOUR + 49 * 60_000)).toBe(0);
      const runs = await Promise.all([
        settleInviteRewards(database, day11 + HOUR + 50 * 60_000),
        settleInviteRewards(database, day11 + HOUR + 50 * 60_000),
      ]);
      expect(runs[0] + runs[1]).toBe(1);
      const rewards = await callApi(app, 'GET', '/invitations/rewards', { token: tokens.carol013 });
      // 0.12345678 × 0.2 % = 0.00024691356 → 0.00024691 (8 decimals, truncated).
      expect(rewards.data.list).toEqual([
        {
          date: '2026-05-10',
          coin: 'btc',
          invitee: 'da***13',
          revenue: '0.12345678',
          amount: '0.00024691',
          status: 'settled',
        },
      ]);
      const summary = await callApi(app, 'GET', '/invitations', { token: tokens.carol013 });
      expect(summary.data.rewards).toEqual([{ coin: 'btc', amount: '0.00024691' }]);
      // The invitee list sums, per invitee and coin, the revenue rewarded and the rewards paid.
      const invitees = await callApi(app, 'GET', '/invitations/invitees', {
        token: tokens.carol013,
      });
      expect(invitees.data.list[0].earnings).toEqual([
        { coin: 'btc', revenue: '0.12345678', reward: '0.00024691' },
      ]);
      const balances = await callApi(app, 'GET', '/wallets/balances', { token: tokens.carol013 });
      expect(JSON.stringify(balances.data)).toContain('0.00024691');
    });
  });
});
