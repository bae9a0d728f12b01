import { describe, expect, it } from 'vitest';
import { testDrivers } from '../../testing/testDatabase';
import { callApi } from '../identity/testHelpers';
import { cancelExpiredOrders } from './orders';
import { contractsTestApp, HOUR, PNG } from './testSetup';

describe.each(testDrivers)('cancelling cloud-mining contracts on %s', (driver) => {
  const t = contractsTestApp(driver);

  describe('cancelling', () => {
    it('should let the user cancel an unpaid order and give its units back', async () => {
      const id = await t.newProduct({ inventory: 3 });
      const order = await t.buy('alice001', id, 2);
      expect(await t.inventory(id)).toBe(1);
      const cancelled = await callApi(t.app, 'POST', `/contracts/orders/${order.data.id}/cancel`, {
        token: t.tokens.alice001,
      });
      expect(cancelled.data.status).toBe('cancelled');
      expect(await t.inventory(id)).toBe(3);
      const twice = await callApi(t.app, 'POST', `/contracts/orders/${order.data.id}/cancel`, {
        token: t.tokens.alice001,
      });
      expect(twice.status).toBe(400);
      expect(await t.inventory(id)).toBe(3);
    });

    it('should cancel an order unpaid for 2 hours, once, and give its units back', async () => {
      const id = await t.newProduct({ inventory: 3 });
      const order = await t.buy('alice001', id, 3);
      t.clock.advance(2 * HOUR - 60_000);
      await t.relogin();
      await cancelExpiredOrders(t.database, t.clock.now());
      const waiting = await callApi(t.app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: t.tokens.alice001,
      });
      expect(waiting.data.status).toBe('unpaid');
      t.clock.advance(60_000);
      await t.relogin();
      await Promise.all([
        cancelExpiredOrders(t.database, t.clock.now()),
        cancelExpiredOrders(t.database, t.clock.now()),
      ]);
      const gone = await callApi(t.app, 'GET', `/contracts/orders/${order.data.id}`, {
        token: t.tokens.alice001,
      });
      expect(gone.data.status).toBe('cancelled');
      expect(await t.inventory(id)).toBe(3);
      const late = await callApi(t.app, 'POST', `/contracts/orders/${order.data.id}/certificates`, {
        token: t.tokens.alice001,
        body: {
          files: [{ file_name: 'r.png', content_type: 'image/png', data: PNG.toString('base64') }],
        },
      });
      expect(late.status).toBe(400);
    });
  });
});
