import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { settleDay } from '../../engine/settlement';
import { queryRows, toDecimalString } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { grantOperator } from '../admin/operators';
import { callApi, registerByEmail } from '../identity/testHelpers';
import { newCouponCode, normaliseCouponCode } from './codes';
import { advanceCoupons } from './service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-03-10 09:00 UTC: the tests' "now" until a test moves the clock. */
const T0 = Date.UTC(2026, 2, 10, 9);

describe('coupon codes', () => {
  it('should draw XXXX-XXXX-XXXX codes without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCouponCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){2}$/);
  });

  it('should read a typed code in any case and without surrounding spaces', () => {
    expect(normaliseCouponCode('  abcd-efgh-jk23 ')).toBe('ABCD-EFGH-JK23');
  });
});

describe.each(testDrivers)('coupons on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};

  async function register(username: string, ip: string): Promise<string> {
    const { token } = await registerByEmail(
      app,
      username,
      `${username}@example.com`,
      'Secret123',
      ip,
    );
    tokens[username] = token;
    return token;
  }

  async function issue(body: Record<string, unknown>, token = tokens.staff001) {
    return callApi(app, 'POST', '/admin/coupons/batches', { token, body });
  }

  async function auditEntries(): Promise<Record<string, unknown>[]> {
    return (
      await callApi(app, 'GET', '/admin/audit-log', {
        token: tokens.staff001,
        query: { page_size: '100' },
      })
    ).data.list;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    await register('staff001', '10.8.0.1');
    await register('alice001', '10.8.0.2');
    await register('bobby001', '10.8.0.3');
    await register('carl0001', '10.8.0.4');
    await register('dave0001', '10.8.0.5');
    const [staff] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'staff001'`,
    );
    if (staff === undefined) throw new Error('no operator');
    await grantOperator(database.db, staff.id, null, T0);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('issuing (operators)', () => {
    it('should issue a batch of unique codes and audit it with its terms, not its codes', async () => {
      const answer = await issue({
        fee_reduction_percent: '20',
        coin: 'btc',
        validity_days: 3,
        use_before: new Date(T0 + 5 * DAY).toISOString(),
        count: 4,
        note: 'spring promotion',
      });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({
        fee_reduction_percent: '20',
        coin: 'btc',
        validity_days: 3,
        use_before: '2026-03-15T09:00:00Z',
        count: 4,
        redeemed: 0,
        note: 'spring promotion',
        created_by: 'staff001',
        created_at: '2026-03-10T09:00:00Z',
      });
      expect(new Set(answer.data.codes).size).toBe(4);
      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        actor: 'staff001',
        action: 'coupons.issue',
        target_type: 'coupon_batch',
        target_id: answer.data.id,
        ip: '127.0.0.1',
        details: {
          count: 4,
          fee_reduction_percent: '20',
          coin: 'btc',
          validity_days: 3,
          use_before: '2026-03-15T09:00:00Z',
          note: 'spring promotion',
        },
      });
      expect(JSON.stringify(entry)).not.toContain(answer.data.codes[0]);
      const codes = await callApi(app, 'GET', `/admin/coupons/batches/${answer.data.id}/codes`, {
        token: tokens.staff001,
      });
      expect(codes.data.total).toBe(4);
      expect(codes.data.list.map((row: { code: string }) => row.code)).toEqual(answer.data.codes);
      expect(codes.data.list[0]).toEqual({
        code: answer.data.codes[0],
        status: 'available',
        redeemed_by: null,
        redeemed_at: null,
        account: null,
      });
    });

    it('should refuse bad terms naming the field, and audit nothing for them', async () => {
      const before = (await auditEntries()).length;
      const base = {
        fee_reduction_percent: '20',
        validity_days: 3,
        use_before: new Date(T0 + DAY).toISOString(),
        count: 1,
      };
      const refusals = await Promise.all([
        issue({ ...base, use_before: new Date(T0).toISOString() }),
        issue({ ...base, coin: 'kas' }),
        issue({ ...base, fee_reduction_percent: '0' }),
        issue({ ...base, fee_reduction_percent: '100.5' }),
        issue({ ...base, fee_reduction_percent: '12.345' }),
        issue({ ...base, count: 501 }),
        issue({ ...base, validity_days: 0 }),
      ]);
      expect(refusals.map((answer) => [answer.status, answer.fields?.[0]?.field])).toEqual([
        [400, 'use_before'],
        [400, 'coin'],
        [400, 'fee_reduction_percent'],
        [400, 'fee_reduction_percent'],
        [400, 'fee_reduction_percent'],
        [400, 'count'],
        [400, 'validity_days'],
      ]);
      expect(await auditEntries()).toHaveLength(before);
    });

    it('should keep the coupon calls of operators from everyone else', async () => {
      const body = {
        fee_reduction_percent: '20',
        validity_days: 3,
        use_before: new Date(T0 + DAY).toISOString(),
        count: 1,
      };
      expect((await issue(body, tokens.alice001)).status).toBe(403);
      expect(
        (await callApi(app, 'GET', '/admin/coupons/batches', { token: tokens.alice001 })).status,
      ).toBe(403);
      expect(
        (await callApi(app, 'GET', '/admin/coupons/batches/1/codes', { token: tokens.alice001 }))
          .status,
      ).toBe(403);
      const missing = await callApi(app, 'GET', '/admin/coupons/batches/999999/codes', {
        token: tokens.staff001,
      });
      expect([missing.status, missing.fields?.[0]?.field]).toEqual([404, 'batch_id']);
      const odd = await callApi(app, 'GET', '/admin/coupons/batches/abc/codes', {
        token: tokens.staff001,
      });
      expect(odd.status).toBe(404);
    });

    it('should let an operator acting on a read-only sub-account issue codes', async () => {
      await callApi(app, 'POST', '/accounts', {
        token: tokens.staff001,
        body: { name: 'staffro1', permission: 'read_only' },
      });
      await callApi(app, 'PUT', '/users/accounts', {
        token: tokens.staff001,
        body: { account: 'staffro1' },
      });
      try {
        const answer = await issue({
          fee_reduction_percent: '10',
          validity_days: 1,
          use_before: new Date(T0 + DAY).toISOString(),
          count: 1,
        });
        expect(answer.status).toBe(200);
        const refused = await callApi(app, 'POST', '/accounts', {
          token: tokens.staff001,
          body: { name: 'staffro2', permission: 'read_only' },
        });
        expect(refused.status).toBe(403);
      } finally {
        await callApi(app, 'PUT', '/users/accounts', {
          token: tokens.staff001,
          body: { account: 'staff001' },
        });
      }
    });

    it('should list the batches newest first with their redemptions', async () => {
      clock.set(T0 + 60_000);
      await issue({
        fee_reduction_percent: '50',
        validity_days: 1,
        use_before: new Date(T0 + DAY).toISOString(),
        count: 2,
      });
      clock.set(T0);
      const batches = await callApi(app, 'GET', '/admin/coupons/batches', {
        token: tokens.staff001,
      });
      expect(batches.data.total).toBe(3);
      expect(
        batches.data.list.map((batch: { fee_reduction_percent: string; coin: string | null }) => [
          batch.fee_reduction_percent,
          batch.coin,
        ]),
      ).toEqual([
        ['50', null],
        ['10', null],
        ['20', 'btc'],
      ]);
    });
  });

  describe('redeeming and starting (users)', () => {
    async function freshCode(terms: Record<string, unknown> = {}): Promise<string> {
      const answer = await issue({
        fee_reduction_percent: '20',
        validity_days: 2,
        use_before: new Date(T0 + 5 * DAY).toISOString(),
        count: 1,
        ...terms,
      });
      expect(answer.status).toBe(200);
      return answer.data.codes[0];
    }

    it('should redeem a code once (typed in any case) as an unused coupon of its batch', async () => {
      const code = await freshCode({ coin: 'btc' });
      const redeemed = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.alice001,
        body: { code: `  ${code.toLowerCase()} ` },
      });
      expect(redeemed.status).toBe(200);
      expect(redeemed.data).toMatchObject({
        code,
        fee_reduction_percent: '20',
        coin: 'btc',
        account: null,
        validity_days: 2,
        use_before: '2026-03-15T09:00:00Z',
        started_at: null,
        ends_at: null,
        status: 'unused',
        redeemed_at: '2026-03-10T09:00:00Z',
      });
      const again = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.bobby001,
        body: { code },
      });
      expect([again.status, again.code, again.fields?.[0]?.field]).toEqual([409, 40900, 'code']);
      const mine = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.alice001,
        body: { code },
      });
      expect(mine.status).toBe(409);
      const one = await callApi(app, 'GET', `/coupons/${redeemed.data.id}`, {
        token: tokens.alice001,
      });
      expect(one.data).toEqual(redeemed.data);
      const foreign = await callApi(app, 'GET', `/coupons/${redeemed.data.id}`, {
        token: tokens.bobby001,
      });
      expect([foreign.status, foreign.fields?.[0]?.field]).toEqual([404, 'coupon_id']);
    });

    it('should refuse a missing, unknown or expired code on the code field', async () => {
      const empty = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.bobby001,
        body: { code: '' },
      });
      expect([empty.status, empty.fields?.[0]?.field]).toEqual([400, 'code']);
      const unknown = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.bobby001,
        body: { code: 'ZZZZ-ZZZZ-ZZZZ' },
      });
      expect([unknown.status, unknown.code, unknown.fields?.[0]?.field]).toEqual([
        404,
        40400,
        'code',
      ]);
      const code = await freshCode({ use_before: new Date(T0 + HOUR).toISOString() });
      clock.set(T0 + HOUR);
      const late = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.bobby001,
        body: { code },
      });
      clock.set(T0);
      expect([late.status, late.code, late.fields?.[0]?.field]).toEqual([400, 40000, 'code']);
    });

    it('should start a coupon on an account and coin: unused → in use for whole UTC days', async () => {
      const code = await freshCode({ coin: 'btc' });
      const coupon = (
        await callApi(app, 'POST', '/coupons/redeem', { token: tokens.bobby001, body: { code } })
      ).data;
      const path = `/coupons/${coupon.id}/use`;
      const wrongCoin = await callApi(app, 'POST', path, {
        token: tokens.bobby001,
        body: { account: 'bobby001', coin: 'ltc' },
      });
      expect([wrongCoin.status, wrongCoin.fields?.[0]?.field]).toEqual([400, 'coin']);
      const foreignAccount = await callApi(app, 'POST', path, {
        token: tokens.bobby001,
        body: { account: 'alice001', coin: 'btc' },
      });
      expect([foreignAccount.status, foreignAccount.fields?.[0]?.field]).toEqual([404, 'account']);
      const foreignCoupon = await callApi(app, 'POST', path, {
        token: tokens.alice001,
        body: { account: 'alice001', coin: 'btc' },
      });
      expect([foreignCoupon.status, foreignCoupon.fields?.[0]?.field]).toEqual([404, 'coupon_id']);

      const started = await callApi(app, 'POST', path, {
        token: tokens.bobby001,
        body: { account: 'bobby001', coin: 'btc' },
      });
      expect(started.status).toBe(200);
      expect(started.data).toMatchObject({
        status: 'in_use',
        account: 'bobby001',
        coin: 'btc',
        started_at: '2026-03-10T09:00:00Z',
        // Two days counting the day of the start: the 10th and the 11th.
        ends_at: '2026-03-12T00:00:00Z',
      });
      const twice = await callApi(app, 'POST', path, {
        token: tokens.bobby001,
        body: { account: 'bobby001', coin: 'btc' },
      });
      expect([twice.status, twice.fields?.[0]?.field]).toEqual([409, 'coupon_id']);

      const anyCoin = (
        await callApi(app, 'POST', '/coupons/redeem', {
          token: tokens.bobby001,
          body: { code: await freshCode() },
        })
      ).data;
      expect(anyCoin.coin).toBeNull();
      const busy = await callApi(app, 'POST', `/coupons/${anyCoin.id}/use`, {
        token: tokens.bobby001,
        body: { account: 'bobby001', coin: 'btc' },
      });
      expect([busy.status, busy.code, busy.fields?.[0]?.field]).toEqual([409, 40900, 'account']);
      const addressCoin = await callApi(app, 'POST', `/coupons/${anyCoin.id}/use`, {
        token: tokens.bobby001,
        body: { account: 'bobby001', coin: 'kas' },
      });
      expect([addressCoin.status, addressCoin.fields?.[0]?.field]).toEqual([400, 'coin']);
      const otherCoin = await callApi(app, 'POST', `/coupons/${anyCoin.id}/use`, {
        token: tokens.bobby001,
        body: { account: 'bobby001', coin: 'ltc' },
      });
      expect(otherCoin.data).toMatchObject({ status: 'in_use', coin: 'ltc' });

      const inUse = await callApi(app, 'GET', '/coupons', {
        token: tokens.bobby001,
        query: { status: 'in_use' },
      });
      expect(inUse.data.total).toBe(2);
      const unused = await callApi(app, 'GET', '/coupons', {
        token: tokens.bobby001,
        query: { status: 'unused' },
      });
      expect(unused.data.total).toBe(0);
    });

    it('should move coupons on off the clock: in use → used, unused → expired, once', async () => {
      const code = await freshCode({ use_before: new Date(T0 + 3 * DAY).toISOString() });
      const waiting = (
        await callApi(app, 'POST', '/coupons/redeem', { token: tokens.alice001, body: { code } })
      ).data;
      const nobodys = await issue({
        fee_reduction_percent: '20',
        validity_days: 2,
        use_before: new Date(T0 + 3 * DAY).toISOString(),
        count: 1,
      });
      const nobody: string = nobodys.data.codes[0];

      // The 12th at 00:00: bobby's two-day coupons end (earlier tests' codes expire meanwhile).
      expect((await advanceCoupons(database.db, Date.UTC(2026, 2, 12) - 1)).used).toBe(0);
      expect((await advanceCoupons(database.db, Date.UTC(2026, 2, 12))).used).toBe(2);
      const stillWaiting = await callApi(app, 'GET', `/coupons/${waiting.id}`, {
        token: tokens.alice001,
      });
      expect(stillWaiting.data.status).toBe('unused');
      const used = await callApi(app, 'GET', '/coupons', {
        token: tokens.bobby001,
        query: { status: 'used' },
      });
      expect(used.data.total).toBe(2);

      expect(await advanceCoupons(database.db, T0 + 3 * DAY)).toEqual({ expired: 2, used: 0 });
      expect(await advanceCoupons(database.db, T0 + 3 * DAY)).toEqual({ expired: 0, used: 0 });
      const expired = await callApi(app, 'GET', `/coupons/${waiting.id}`, {
        token: tokens.alice001,
      });
      expect(expired.data.status).toBe('expired');
      const start = await callApi(app, 'POST', `/coupons/${waiting.id}/use`, {
        token: tokens.alice001,
        body: { account: 'alice001', coin: 'btc' },
      });
      expect([start.status, start.fields?.[0]?.field]).toEqual([409, 'coupon_id']);
      const redeemLate = await callApi(app, 'POST', '/coupons/redeem', {
        token: tokens.bobby001,
        body: { code: nobody },
      });
      expect(redeemLate.status).toBe(400);
      const codes = await callApi(app, 'GET', `/admin/coupons/batches/${nobodys.data.id}/codes`, {
        token: tokens.staff001,
      });
      expect(codes.data.list[0]).toMatchObject({ code: nobody, status: 'expired' });
    });

    it("should run the state job on the app's clock", async () => {
      const code = await freshCode({ use_before: new Date(T0 + HOUR).toISOString() });
      const coupon = (
        await callApi(app, 'POST', '/coupons/redeem', { token: tokens.dave0001, body: { code } })
      ).data;
      // The scheduler reads the clock every second and runs at each new minute of it.
      clock.set(T0 + HOUR + 60_000);
      try {
        await vi.waitFor(
          async () => {
            const answer = await callApi(app, 'GET', `/coupons/${coupon.id}`, {
              token: tokens.dave0001,
            });
            expect(answer.data.status).toBe('expired');
          },
          { timeout: 5_000, interval: 200 },
        );
      } finally {
        clock.set(T0);
      }
    });

    it('should start one of six coupons raced onto one account and coin and refuse the others with 409, never a 500', async () => {
      await register('erin0001', '10.8.0.6');
      const ids: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const code = await freshCode({ coin: 'btc' });
        const redeemed = await callApi(app, 'POST', '/coupons/redeem', {
          token: tokens.erin0001,
          body: { code },
        });
        ids.push(redeemed.data.id);
      }
      const starts = await Promise.all(
        ids.map((id) =>
          callApi(app, 'POST', `/coupons/${id}/use`, {
            token: tokens.erin0001,
            body: { account: 'erin0001', coin: 'btc' },
          }),
        ),
      );
      // Whichever loses, on the check or on the unique index, gets the documented answer.
      expect(starts.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const refused of starts.filter((answer) => answer.status === 409)) {
        expect([refused.code, refused.fields?.[0]?.field]).toEqual([40900, 'account']);
      }
      const inUse = await callApi(app, 'GET', '/coupons', {
        token: tokens.erin0001,
        query: { status: 'in_use' },
      });
      expect(inUse.data.total).toBe(1);
    });
  });

  describe('settlement', () => {
    it('should charge the reduced PPS+ fee on the days a coupon covers and list the savings', async () => {
      const issued = await issue({
        fee_reduction_percent: '20',
        coin: 'btc',
        validity_days: 1,
        use_before: new Date(T0 + 5 * DAY).toISOString(),
        count: 1,
      });
      const coupon = (
        await callApi(app, 'POST', '/coupons/redeem', {
          token: tokens.carl0001,
          body: { code: issued.data.codes[0] },
        })
      ).data;
      const started = await callApi(app, 'POST', `/coupons/${coupon.id}/use`, {
        token: tokens.carl0001,
        body: { account: 'carl0001', coin: 'btc' },
      });
      expect(started.data.ends_at).toBe('2026-03-11T00:00:00Z');

      const ingest = createIngest(database);
      const day = Date.UTC(2026, 2, 10);
      await ingest.recordNetwork([
        { coin: 'btc', height: 900_000, difficulty: 1e6, at: day },
        { coin: 'btc', height: 900_100, difficulty: 1e6, at: day + DAY },
      ]);
      const share = (account: string, at: number) => ({
        account,
        coin: 'btc',
        worker: 'w1',
        difficulty: 2_000,
        accepted: true,
        at,
      });
      await ingest.recordShares([
        share('carl0001', day + 10 * 60_000),
        share('dave0001', day + 10 * 60_000),
        share('carl0001', day + DAY + 10 * 60_000),
      ]);
      await runRollup(database, day + 2 * DAY + 60_000);
      expect(await settleDay(database, 'btc', '2026-03-10', day + DAY + HOUR)).toBe(true);
      expect(await settleDay(database, 'btc', '2026-03-11', day + 2 * DAY + HOUR)).toBe(true);

      const rows = await queryRows<Record<string, unknown>>(
        database.db,
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, miner, pps_amount, fee, amount, fee_percent,
              coupon_id::text AS coupon_id, fee_saved
            FROM profit_days WHERE pool = 'btc' AND miner IN ('carl0001', 'dave0001')
            ORDER BY day, miner`,
      );
      // 2000 / 1e6 × 3.125 = 0.00625 BTC a day. Fee 2.5 %: 0.00015625; with 20 % off it is
      // 2 %: 0.000125, so the coupon saves 0.00003125 on the 10th and nothing on the 11th.
      expect(
        rows.map((row) => ({
          day: row.day,
          miner: row.miner,
          pps: toDecimalString(row.pps_amount),
          fee: toDecimalString(row.fee),
          amount: toDecimalString(row.amount),
          percent: toDecimalString(row.fee_percent),
          coupon: row.coupon_id,
          saved: toDecimalString(row.fee_saved),
        })),
      ).toEqual([
        {
          day: '2026-03-10',
          miner: 'carl0001',
          pps: '0.00625',
          fee: '0.000125',
          amount: '0.006125',
          percent: '2',
          coupon: coupon.id,
          saved: '0.00003125',
        },
        {
          day: '2026-03-10',
          miner: 'dave0001',
          pps: '0.00625',
          fee: '0.00015625',
          amount: '0.00609375',
          percent: '2.5',
          coupon: null,
          saved: '0',
        },
        {
          day: '2026-03-11',
          miner: 'carl0001',
          pps: '0.00625',
          fee: '0.00015625',
          amount: '0.00609375',
          percent: '2.5',
          coupon: null,
          saved: '0',
        },
      ]);

      const items = await callApi(app, 'GET', `/coupons/${coupon.id}/items`, {
        token: tokens.carl0001,
      });
      expect(items.data).toEqual({
        list: [
          {
            id: '2026-03-10',
            date: '2026-03-10',
            coin: 'btc',
            account: 'carl0001',
            fee_before: '0.00015625',
            fee_saved: '0.00003125',
          },
        ],
        total: 1,
        page: 1,
        page_size: 10,
      });
      const foreign = await callApi(app, 'GET', `/coupons/${coupon.id}/items`, {
        token: tokens.dave0001,
      });
      expect(foreign.status).toBe(404);

      const rates = await callApi(app, 'GET', '/pools/btc/accounts/carl0001/rates', {
        token: tokens.carl0001,
        query: { range: '7d' },
      });
      expect(rates.data.list[0]).toEqual({
        date: '2026-03-10',
        pay_method: 'PPS+',
        base_fee_percent: '2.5',
        coupon_reduction_percent: '0.5',
        fee_percent: '2',
      });
      expect(rates.data.list[1]).toMatchObject({
        coupon_reduction_percent: '0',
        fee_percent: '2.5',
      });
    });
  });
});
