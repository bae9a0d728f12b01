import { describe, expect, it, vi } from 'vitest';
import { testDrivers } from '../../testing/testDatabase';
import { callApi } from '../identity/testHelpers';
import { advanceCoupons } from './service';
import { couponsTestApp, DAY, HOUR, T0 } from './testSetup';

describe.each(testDrivers)('redeeming and starting coupons on %s', (driver) => {
  const t = couponsTestApp(driver);

  describe('redeeming and starting (users)', () => {
    async function freshCode(terms: Record<string, unknown> = {}): Promise<string> {
      const answer = await t.issue({
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
      const redeemed = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.alice001,
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
      const again = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.bobby001,
        body: { code },
      });
      expect([again.status, again.code, again.fields?.[0]?.field]).toEqual([409, 40900, 'code']);
      const mine = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.alice001,
        body: { code },
      });
      expect(mine.status).toBe(409);
      const one = await callApi(t.app, 'GET', `/coupons/${redeemed.data.id}`, {
        token: t.tokens.alice001,
      });
      expect(one.data).toEqual(redeemed.data);
      const foreign = await callApi(t.app, 'GET', `/coupons/${redeemed.data.id}`, {
        token: t.tokens.bobby001,
      });
      expect([foreign.status, foreign.fields?.[0]?.field]).toEqual([404, 'coupon_id']);
    });

    it('should refuse a missing, unknown or expired code on the code field', async () => {
      const empty = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.bobby001,
        body: { code: '' },
      });
      expect([empty.status, empty.fields?.[0]?.field]).toEqual([400, 'code']);
      const unknown = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.bobby001,
        body: { code: 'ZZZZ-ZZZZ-ZZZZ' },
      });
      expect([unknown.status, unknown.code, unknown.fields?.[0]?.field]).toEqual([
        404,
        40400,
        'code',
      ]);
      const code = await freshCode({ use_before: new Date(T0 + HOUR).toISOString() });
      t.clock.set(T0 + HOUR);
      const late = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.bobby001,
        body: { code },
      });
      t.clock.set(T0);
      expect([late.status, late.code, late.fields?.[0]?.field]).toEqual([400, 40000, 'code']);
    });

    it('should start a coupon on an account and coin: unused → in use for whole UTC days', async () => {
      const code = await freshCode({ coin: 'btc' });
      const coupon = (
        await callApi(t.app, 'POST', '/coupons/redeem', {
          token: t.tokens.bobby001,
          body: { code },
        })
      ).data;
      const path = `/coupons/${coupon.id}/use`;
      const wrongCoin = await callApi(t.app, 'POST', path, {
        token: t.tokens.bobby001,
        body: { account: 'bobby001', coin: 'ltc' },
      });
      expect([wrongCoin.status, wrongCoin.fields?.[0]?.field]).toEqual([400, 'coin']);
      const foreignAccount = await callApi(t.app, 'POST', path, {
        token: t.tokens.bobby001,
        body: { account: 'alice001', coin: 'btc' },
      });
      expect([foreignAccount.status, foreignAccount.fields?.[0]?.field]).toEqual([404, 'account']);
      const foreignCoupon = await callApi(t.app, 'POST', path, {
        token: t.tokens.alice001,
        body: { account: 'alice001', coin: 'btc' },
      });
      expect([foreignCoupon.status, foreignCoupon.fields?.[0]?.field]).toEqual([404, 'coupon_id']);

      const started = await callApi(t.app, 'POST', path, {
        token: t.tokens.bobby001,
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
      const twice = await callApi(t.app, 'POST', path, {
        token: t.tokens.bobby001,
        body: { account: 'bobby001', coin: 'btc' },
      });
      expect([twice.status, twice.fields?.[0]?.field]).toEqual([409, 'coupon_id']);

      const anyCoin = (
        await callApi(t.app, 'POST', '/coupons/redeem', {
          token: t.tokens.bobby001,
          body: { code: await freshCode() },
        })
      ).data;
      expect(anyCoin.coin).toBeNull();
      const busy = await callApi(t.app, 'POST', `/coupons/${anyCoin.id}/use`, {
        token: t.tokens.bobby001,
        body: { account: 'bobby001', coin: 'btc' },
      });
      expect([busy.status, busy.code, busy.fields?.[0]?.field]).toEqual([409, 40900, 'account']);
      const addressCoin = await callApi(t.app, 'POST', `/coupons/${anyCoin.id}/use`, {
        token: t.tokens.bobby001,
        body: { account: 'bobby001', coin: 'kas' },
      });
      expect([addressCoin.status, addressCoin.fields?.[0]?.field]).toEqual([400, 'coin']);
      const otherCoin = await callApi(t.app, 'POST', `/coupons/${anyCoin.id}/use`, {
        token: t.tokens.bobby001,
        body: { account: 'bobby001', coin: 'ltc' },
      });
      expect(otherCoin.data).toMatchObject({ status: 'in_use', coin: 'ltc' });

      const inUse = await callApi(t.app, 'GET', '/coupons', {
        token: t.tokens.bobby001,
        query: { status: 'in_use' },
      });
      expect(inUse.data.total).toBe(2);
      const unused = await callApi(t.app, 'GET', '/coupons', {
        token: t.tokens.bobby001,
        query: { status: 'unused' },
      });
      expect(unused.data.total).toBe(0);
    });

    it('should move coupons on off the clock: in use → used, unused → expired, once', async () => {
      const code = await freshCode({ use_before: new Date(T0 + 3 * DAY).toISOString() });
      const waiting = (
        await callApi(t.app, 'POST', '/coupons/redeem', {
          token: t.tokens.alice001,
          body: { code },
        })
      ).data;
      const nobodys = await t.issue({
        fee_reduction_percent: '20',
        validity_days: 2,
        use_before: new Date(T0 + 3 * DAY).toISOString(),
        count: 1,
      });
      const nobody: string = nobodys.data.codes[0];

      // The 12th at 00:00: bobby's two-day coupons end (earlier tests' codes expire meanwhile).
      expect((await advanceCoupons(t.database.db, Date.UTC(2026, 2, 12) - 1)).used).toBe(0);
      expect((await advanceCoupons(t.database.db, Date.UTC(2026, 2, 12))).used).toBe(2);
      const stillWaiting = await callApi(t.app, 'GET', `/coupons/${waiting.id}`, {
        token: t.tokens.alice001,
      });
      expect(stillWaiting.data.status).toBe('unused');
      const used = await callApi(t.app, 'GET', '/coupons', {
        token: t.tokens.bobby001,
        query: { status: 'used' },
      });
      expect(used.data.total).toBe(2);

      expect(await advanceCoupons(t.database.db, T0 + 3 * DAY)).toEqual({ expired: 2, used: 0 });
      expect(await advanceCoupons(t.database.db, T0 + 3 * DAY)).toEqual({ expired: 0, used: 0 });
      const expired = await callApi(t.app, 'GET', `/coupons/${waiting.id}`, {
        token: t.tokens.alice001,
      });
      expect(expired.data.status).toBe('expired');
      const start = await callApi(t.app, 'POST', `/coupons/${waiting.id}/use`, {
        token: t.tokens.alice001,
        body: { account: 'alice001', coin: 'btc' },
      });
      expect([start.status, start.fields?.[0]?.field]).toEqual([409, 'coupon_id']);
      const redeemLate = await callApi(t.app, 'POST', '/coupons/redeem', {
        token: t.tokens.bobby001,
        body: { code: nobody },
      });
      expect(redeemLate.status).toBe(400);
      const codes = await callApi(t.app, 'GET', `/admin/coupons/batches/${nobodys.data.id}/codes`, {
        token: t.tokens.staff001,
      });
      expect(codes.data.list[0]).toMatchObject({ code: nobody, status: 'expired' });
    });

    it("should run the state job on the app's clock", async () => {
      const code = await freshCode({ use_before: new Date(T0 + HOUR).toISOString() });
      const coupon = (
        await callApi(t.app, 'POST', '/coupons/redeem', {
          token: t.tokens.dave0001,
          body: { code },
        })
      ).data;
      // The scheduler reads the clock every second and runs at each new minute of it.
      t.clock.set(T0 + HOUR + 60_000);
      try {
        await vi.waitFor(
          async () => {
            const answer = await callApi(t.app, 'GET', `/coupons/${coupon.id}`, {
              token: t.tokens.dave0001,
            });
            expect(answer.data.status).toBe('expired');
          },
          { timeout: 5_000, interval: 200 },
        );
      } finally {
        t.clock.set(T0);
      }
    });

    it('should start one of six coupons raced onto one account and coin and refuse the others with 409, never a 500', async () => {
      await t.register('erin0001', '10.8.0.6');
      const ids: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const code = await freshCode({ coin: 'btc' });
        const redeemed = await callApi(t.app, 'POST', '/coupons/redeem', {
          token: t.tokens.erin0001,
          body: { code },
        });
        ids.push(redeemed.data.id);
      }
      const starts = await Promise.all(
        ids.map((id) =>
          callApi(t.app, 'POST', `/coupons/${id}/use`, {
            token: t.tokens.erin0001,
            body: { account: 'erin0001', coin: 'btc' },
          }),
        ),
      );
      // Whichever loses, on the check or on the unique index, gets the documented answer.
      expect(starts.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const refused of starts.filter((answer) => answer.status === 409)) {
        expect([refused.code, refused.fields?.[0]?.field]).toEqual([40900, 'account']);
      }
      const inUse = await callApi(t.app, 'GET', '/coupons', {
        token: t.tokens.erin0001,
        query: { status: 'in_use' },
      });
      expect(inUse.data.total).toBe(1);
    });
  });
});
