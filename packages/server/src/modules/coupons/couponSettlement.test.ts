import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createIngest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { settleDay } from '../../engine/settlement';
import { queryRows, toDecimalString } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { callApi } from '../identity/testHelpers';
import { couponsTestApp, DAY, HOUR, T0 } from './testSetup';

describe.each(testDrivers)('coupon fee reductions in settlement on %s', (driver) => {
  const t = couponsTestApp(driver);

  describe('settlement', () => {
    it('should charge the reduced PPS+ fee on the days a coupon covers and list the savings', async () => {
      const issued = await t.issue({
        fee_reduction_percent: '20',
        coin: 'btc',
        validity_days: 1,
        use_before: new Date(T0 + 5 * DAY).toISOString(),
        count: 1,
      });
      const coupon = (
        await callApi(t.app, 'POST', '/coupons/redeem', {
          token: t.tokens.carl0001,
          body: { code: issued.data.codes[0] },
        })
      ).data;
      const started = await callApi(t.app, 'POST', `/coupons/${coupon.id}/use`, {
        token: t.tokens.carl0001,
        body: { account: 'carl0001', coin: 'btc' },
      });
      expect(started.data.ends_at).toBe('2026-03-11T00:00:00Z');

      const ingest = createIngest(t.database);
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
      await runRollup(t.database, day + 2 * DAY + 60_000);
      expect(await settleDay(t.database, 'btc', '2026-03-10', day + DAY + HOUR)).toBe(true);
      expect(await settleDay(t.database, 'btc', '2026-03-11', day + 2 * DAY + HOUR)).toBe(true);

      const rows = await queryRows<Record<string, unknown>>(
        t.database.db,
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

      const items = await callApi(t.app, 'GET', `/coupons/${coupon.id}/items`, {
        token: t.tokens.carl0001,
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
      const foreign = await callApi(t.app, 'GET', `/coupons/${coupon.id}/items`, {
        token: t.tokens.dave0001,
      });
      expect(foreign.status).toBe(404);

      const rates = await callApi(t.app, 'GET', '/pools/btc/accounts/carl0001/rates', {
        token: t.tokens.carl0001,
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
