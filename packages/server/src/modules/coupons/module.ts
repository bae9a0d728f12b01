import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { createGuessBrake, describeWait, wrongWhenStatus } from '../../http/guessBrake';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { requireOperator } from '../admin/operators';
import { issueCoupons, readCouponBatches, readCouponCodes } from './adminService';
import {
  advanceCoupons,
  readCouponItems,
  readUserCoupon,
  readUserCoupons,
  redeemCoupon,
  startCoupon,
} from './service';

/** Redemptions per client address and window: codes cannot be guessed, nor tried in bulk. */
const redeemLimit = { key: 'coupon-redeem', limit: 20, windowMs: 10 * 60_000 } as const;

/**
 * Fee coupons (spec sections 3 and 4): operators issue batches of codes (`/admin/coupons/…`,
 * audited), users redeem a code, list their coupons, start one on an account and coin and read
 * what it saved. A job on the app's clock moves the states once a minute (unused → expired
 * after the use-before date, in use → used after the period); settlement charges the reduced
 * fee (`engine/settlement.ts`).
 */
export function registerCouponModule(app: FastifyInstance): void {
  const { database, clock } = app.platform;

  registerEndpoint(app, endpoints.coupons, async ({ query }, { principal }) =>
    readUserCoupons(database.db, userOf(principal), query),
  );
  const codeBrake = createGuessBrake(database, clock, {
    scope: 'coupon-code',
    message: (seconds) => `Too many wrong coupon codes: try again in ${describeWait(seconds)}`,
  });
  registerEndpoint(
    app,
    endpoints.redeemCoupon,
    async ({ body }, { principal }) => {
      const userId = userOf(principal);
      // Per user, whatever the address: 5 unknown codes run freely, then each further try
      // waits 1, 2, 4 … minutes (429 naming `code`, with Retry-After), a right code included.
      // A redeemed or expired code is no wrong guess (the code exists): it is not counted.
      return codeBrake.attempt(
        userId,
        'code',
        () => redeemCoupon(database, userId, body.code, clock.now()),
        wrongWhenStatus(404),
      );
    },
    { rateLimit: redeemLimit },
  );
  registerEndpoint(app, endpoints.coupon, async ({ params }, { principal }) =>
    readUserCoupon(database.db, userOf(principal), params.coupon_id),
  );
  registerEndpoint(app, endpoints.useCoupon, async ({ params, body }, { principal }) =>
    startCoupon(database, {
      userId: userOf(principal),
      couponId: params.coupon_id,
      account: body.account,
      coin: body.coin,
      nowMs: clock.now(),
    }),
  );
  registerEndpoint(app, endpoints.couponItems, async ({ params, query }, { principal }) =>
    readCouponItems(database.db, userOf(principal), params.coupon_id, query),
  );

  registerEndpoint(app, endpoints.adminCouponBatches, async ({ query }, { principal }) => {
    requireOperator(principal);
    return readCouponBatches(database.db, query);
  });
  registerEndpoint(app, endpoints.issueCoupons, async ({ body }, { principal, request }) =>
    issueCoupons(database, {
      operatorId: requireOperator(principal),
      issue: body,
      ip: request.ip,
      nowMs: clock.now(),
    }),
  );
  registerEndpoint(app, endpoints.adminCouponCodes, async ({ params, query }, { principal }) => {
    requireOperator(principal);
    return readCouponCodes(database.db, params.batch_id, query);
  });

  app.jobs.declare({
    name: 'coupons',
    cadence: 'minute',
    exclusive: true,
    run: async (nowMs) => {
      const moved = await advanceCoupons(database.db, nowMs);
      if (moved.expired + moved.used > 0) app.log.info(moved, 'coupons moved on');
    },
  });
}
