import { describe, expect, it } from 'vitest';
import { testDrivers } from '../../testing/testDatabase';
import { callApi } from '../identity/testHelpers';
import { couponsTestApp, DAY, T0 } from './testSetup';

describe.each(testDrivers)('issuing coupons on %s', (driver) => {
  const t = couponsTestApp(driver);

  describe('issuing (operators)', () => {
    it('should issue a batch of unique codes and audit it with its terms, not its codes', async () => {
      const answer = await t.issue({
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
      const [entry] = await t.auditEntries();
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
      const codes = await callApi(t.app, 'GET', `/admin/coupons/batches/${answer.data.id}/codes`, {
        token: t.tokens.staff001,
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
      const before = (await t.auditEntries()).length;
      const base = {
        fee_reduction_percent: '20',
        validity_days: 3,
        use_before: new Date(T0 + DAY).toISOString(),
        count: 1,
      };
      const refusals = await Promise.all([
        t.issue({ ...base, use_before: new Date(T0).toISOString() }),
        t.issue({ ...base, coin: 'kas' }),
        t.issue({ ...base, fee_reduction_percent: '0' }),
        t.issue({ ...base, fee_reduction_percent: '100.5' }),
        t.issue({ ...base, fee_reduction_percent: '12.345' }),
        t.issue({ ...base, count: 501 }),
        t.issue({ ...base, validity_days: 0 }),
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
      expect(await t.auditEntries()).toHaveLength(before);
    });

    it('should keep the coupon calls of operators from everyone else', async () => {
      const body = {
        fee_reduction_percent: '20',
        validity_days: 3,
        use_before: new Date(T0 + DAY).toISOString(),
        count: 1,
      };
      expect((await t.issue(body, t.tokens.alice001)).status).toBe(403);
      expect(
        (await callApi(t.app, 'GET', '/admin/coupons/batches', { token: t.tokens.alice001 }))
          .status,
      ).toBe(403);
      expect(
        (
          await callApi(t.app, 'GET', '/admin/coupons/batches/1/codes', {
            token: t.tokens.alice001,
          })
        ).status,
      ).toBe(403);
      const missing = await callApi(t.app, 'GET', '/admin/coupons/batches/999999/codes', {
        token: t.tokens.staff001,
      });
      expect([missing.status, missing.fields?.[0]?.field]).toEqual([404, 'batch_id']);
      const odd = await callApi(t.app, 'GET', '/admin/coupons/batches/abc/codes', {
        token: t.tokens.staff001,
      });
      expect(odd.status).toBe(404);
    });

    it('should let an operator acting on a read-only sub-account issue codes', async () => {
      await callApi(t.app, 'POST', '/accounts', {
        token: t.tokens.staff001,
        body: { name: 'staffro1', permission: 'read_only' },
      });
      await callApi(t.app, 'PUT', '/users/accounts', {
        token: t.tokens.staff001,
        body: { account: 'staffro1' },
      });
      try {
        const answer = await t.issue({
          fee_reduction_percent: '10',
          validity_days: 1,
          use_before: new Date(T0 + DAY).toISOString(),
          count: 1,
        });
        expect(answer.status).toBe(200);
        const refused = await callApi(t.app, 'POST', '/accounts', {
          token: t.tokens.staff001,
          body: { name: 'staffro2', permission: 'read_only' },
        });
        expect(refused.status).toBe(403);
      } finally {
        await callApi(t.app, 'PUT', '/users/accounts', {
          token: t.tokens.staff001,
          body: { account: 'staff001' },
        });
      }
    });

    it('should list the batches newest first with their redemptions', async () => {
      t.clock.set(T0 + 60_000);
      await t.issue({
        fee_reduction_percent: '50',
        validity_days: 1,
        use_before: new Date(T0 + DAY).toISOString(),
        count: 2,
      });
      t.clock.set(T0);
      const batches = await callApi(t.app, 'GET', '/admin/coupons/batches', {
        token: t.tokens.staff001,
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
});
