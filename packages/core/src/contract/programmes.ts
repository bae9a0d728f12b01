/**
 * Programmes: fee coupons, hashrate red packets and the invitation (referral) programme.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  coinIdSchema,
  emailSchema,
  entityIdSchema,
  hashrateSchema,
  isoDateSchema,
  isoDateTimeSchema,
  moneySchema,
  paginatedSchema,
  percentSchema,
  urlSchema,
} from './common';
import { profitRowSchema } from './profits';
import { statusPageQuerySchema } from './statusPageQuery';

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** A coupon's state (spec section 4): unused → in use (after start) → used or expired. */
export const couponStatusSchema = z.enum(['unused', 'in_use', 'used', 'expired']);
/** A coupon state. */
export type ApiCouponStatus = z.infer<typeof couponStatusSchema>;

/** A coupon code as typed: trimmed, 4-64 letters, digits or `-`. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the coupon code')
  .max(64)
  .regex(/^[A-Za-z0-9-]{4,64}$/, 'Invalid coupon code');

/**
 * A fee coupon (spec section 3). Decision: the fee reduction is a share of the pool fee, not
 * percent points off it, so one coupon means the same under every pay method (20: a 2.5 % PPS+
 * fee becomes 2 %, a 0.5 % SOLO fee 0.4 %; 100: no fee). It reduces the fee of whole UTC
 * settlement days: the day it is started on and the days after, `validity_days` in all, so
 * `ends_at` is the end of the last one (00:00 UTC).
 */
export const couponSchema = z.object({
  id: entityIdSchema,
  /**
   * The batch the operator issued it in: coupons of one batch share percent, coin, validity and
   * use-before date (the `:couponId` of `/user/coupon/:couponId/:itemId`, whose `:itemId` is `id`).
   */
  batch_id: entityIdSchema,
  code: z.string(),
  /** Percent of the pool fee taken off while in use (a share of the fee, above 0, at most 100). */
  fee_reduction_percent: percentSchema,
  /**
   * Coin whose fee it reduces (the fee-deduction target): the batch's coin, `null` for any coin
   * until started, then the coin it was started for.
   */
  coin: coinIdSchema.nullable(),
  /** Account it was started on; `null` before start. */
  account: accountNameSchema.nullable(),
  /** How many UTC days it reduces fees once started, the day of the start included. */
  validity_days: z.number().int().positive(),
  /** Must be started before this time, or it expires. */
  use_before: isoDateTimeSchema,
  /** Start and end of the reduction; `null` before start. */
  started_at: isoDateTimeSchema.nullable(),
  ends_at: isoDateTimeSchema.nullable(),
  status: couponStatusSchema,
  redeemed_at: isoDateTimeSchema,
});
/** A coupon. */
export type Coupon = z.infer<typeof couponSchema>;

/** Query of `GET /coupons`. */
export const couponListQuerySchema = statusPageQuerySchema(couponStatusSchema);
/** Coupon query as a caller sends it. */
export type CouponListQuery = z.input<typeof couponListQuerySchema>;

/** A page of coupons. */
export const couponListSchema = paginatedSchema(couponSchema);
/** A page of coupons. */
export type CouponList = z.infer<typeof couponListSchema>;

/**
 * Body of `POST /coupons/redeem`: one code redeems one coupon (codes are read in any case).
 * Answer: the coupon. Refused on `code`: 404 for a code that does not exist, 409 for one
 * already redeemed (by anyone), 400 for one past its use-before date.
 */
export const redeemCouponBodySchema = z.object({ code: couponCodeSchema }).strict();
/** Redeem-coupon body. */
export type RedeemCouponBody = z.input<typeof redeemCouponBodySchema>;

/** Path parameters `{coupon_id}`. */
export const couponParamsSchema = z.object({ coupon_id: entityIdSchema }).strict();
/** `{coupon_id}` as a caller sends it. */
export type CouponParams = z.input<typeof couponParamsSchema>;

/**
 * Body of `POST /coupons/{coupon_id}/use`: starts the reduction on one of the user's accounts
 * and a coin that has a pool (the coin must match the coupon's when it names one). Answer: the
 * coupon, now `in_use`. 409 when the coupon is not `unused`, or when another coupon is in use on
 * the same account and coin (one at a time).
 */
export const useCouponBodySchema = z
  .object({
    account: accountNameSchema,
    // A missing or unknown coin names what to do, not zod's "Invalid value".
    coin: z.enum(coinIdSchema.options, { error: 'Choose a coin' }),
  })
  .strict();
/** Use-coupon body. */
export type UseCouponBody = z.input<typeof useCouponBodySchema>;

/**
 * One settled day of fee saved by a coupon, shown on its page (`/user/coupon/:couponId/:itemId`).
 */
export const couponItemSchema = z.object({
  /** The day, `YYYY-MM-DD`. */
  id: entityIdSchema,
  date: isoDateSchema,
  coin: coinIdSchema,
  account: accountNameSchema,
  /** Fee that would have been charged. */
  fee_before: moneySchema,
  /** Fee saved by the coupon. */
  fee_saved: moneySchema,
});
/** A coupon item. */
export type CouponItem = z.infer<typeof couponItemSchema>;

/** A page of coupon items, newest first. */
export const couponItemListSchema = paginatedSchema(couponItemSchema);
/** A page of coupon items. */
export type CouponItemList = z.infer<typeof couponItemListSchema>;

// ---------------------------------------------------------------------------------------------
// Red packets
// ---------------------------------------------------------------------------------------------

/**
 * A red packet's state (spec section 4): `inactive` after receipt, `activated` (income runs),
 * then `expired` at the end of its duration; one not activated by its deadline (or whose
 * campaign the operator disabled first) is `invalid`.
 */
export const redPacketStatusSchema = z.enum(['inactive', 'activated', 'expired', 'invalid']);
/** A red packet state. */
export type ApiRedPacketStatus = z.infer<typeof redPacketStatusSchema>;

/** The id in `/activity/red_packet/:packet_id`. */
export const redPacketIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid red packet');

/** Path parameters `{packet_id}` of a campaign. */
export const redPacketParamsSchema = z.object({ packet_id: redPacketIdSchema }).strict();
/** `{packet_id}` as a caller sends it. */
export type RedPacketParams = z.input<typeof redPacketParamsSchema>;

/** A red-packet campaign as the public page shows it (`GET /red-packets/{packet_id}`). */
export const redPacketCampaignSchema = z.object({
  packet_id: redPacketIdSchema,
  name: z.string(),
  coin: coinIdSchema,
  /** Hashrate each packet gives, H/s. */
  hashrate: hashrateSchema,
  /** Days the hashrate runs once activated. */
  duration_days: z.number().int().positive(),
  /** Packets left to receive. */
  remaining: z.number().int().nonnegative(),
  /** Receiving closes then. */
  ends_at: isoDateTimeSchema,
  /** Whether the caller already received one; `false` when not signed in. */
  received: z.boolean(),
  /**
   * Whether it can be received now: the campaign is running, its deadline has not passed and a
   * packet is left (for a packet link: this packet is not taken).
   */
  open: z.boolean(),
  /** A packet link reserved for one receiving email (the email itself is not shown). */
  reserved: z.boolean(),
});
/** A red-packet campaign. */
export type RedPacketCampaign = z.infer<typeof redPacketCampaignSchema>;

/** Body of `POST /red-packets/{packet_id}/receive`: the email bound to the account. */
export const receiveRedPacketBodySchema = z.object({ email: emailSchema }).strict();
/** Receive body. */
export type ReceiveRedPacketBody = z.input<typeof receiveRedPacketBodySchema>;

/** A red packet the user received (spec section 3). */
export const redPacketSchema = z.object({
  id: entityIdSchema,
  packet_id: redPacketIdSchema,
  name: z.string(),
  coin: coinIdSchema,
  hashrate: hashrateSchema,
  duration_days: z.number().int().positive(),
  /** Must be activated before this time. */
  activation_deadline: isoDateTimeSchema,
  status: redPacketStatusSchema,
  /** Account income goes to; `null` before activation. */
  account: accountNameSchema.nullable(),
  activated_at: isoDateTimeSchema.nullable(),
  /** Income ends then; `null` before activation. */
  ends_at: isoDateTimeSchema.nullable(),
  /** Income so far, in the coin. */
  total_profit: moneySchema,
  received_at: isoDateTimeSchema,
});
/** A received red packet. */
export type RedPacket = z.infer<typeof redPacketSchema>;

/** Query of `GET /users/red-packets`. */
export const redPacketListQuerySchema = statusPageQuerySchema(redPacketStatusSchema);
/** Red-packet query as a caller sends it. */
export type RedPacketListQuery = z.input<typeof redPacketListQuerySchema>;

/** A page of received red packets. */
export const redPacketListSchema = paginatedSchema(redPacketSchema);
/** A page of received red packets. */
export type RedPacketList = z.infer<typeof redPacketListSchema>;

/** Path parameters `{id}` of a received red packet. */
export const receivedRedPacketParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type ReceivedRedPacketParams = z.input<typeof receivedRedPacketParamsSchema>;

/**
 * Body of `POST /users/red-packets/{id}/activate`: the account the income goes to (the main
 * account can be switched to). Answer: the packet, now `activated`.
 */
export const activateRedPacketBodySchema = z.object({ account: accountNameSchema }).strict();
/** Activate body. */
export type ActivateRedPacketBody = z.input<typeof activateRedPacketBodySchema>;

/** One day of a red packet's income: the day, its hashrate and its net income of a profit row. */
export const redPacketProfitSchema = profitRowSchema.pick({
  date: true,
  hashrate: true,
  amount: true,
});
/** A red packet income row. */
export type RedPacketProfit = z.infer<typeof redPacketProfitSchema>;

/** A page of a red packet's income, newest first. */
export const redPacketProfitListSchema = paginatedSchema(redPacketProfitSchema);
/** A page of red packet income. */
export type RedPacketProfitList = z.infer<typeof redPacketProfitListSchema>;

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------

/** Answer of `GET /invitations`: the user's code, link and totals. */
export const invitationSummarySchema = z.object({
  code: z.string(),
  /** Registration link carrying the code. */
  link: urlSchema,
  /** Reward in percent of each invitee's mining revenue (spec: 0.2). */
  reward_percent: percentSchema,
  invitee_count: z.number().int().nonnegative(),
  /** Rewards paid so far, per coin. */
  rewards: z.array(z.object({ coin: coinIdSchema, amount: moneySchema })),
});
/** An invitation summary. */
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** One invited user. */
export const inviteeSchema = z.object({
  /** Masked user name, e.g. `al***01`. */
  username: z.string(),
  registered_at: isoDateTimeSchema,
  /** Has mined in the last 24 hours. */
  mining: z.boolean(),
  /**
   * Per coin, the invitee's revenue that rewards were paid on and the rewards the caller earned
   * from them, summed over every settled day; empty before the first settlement.
   */
  earnings: z.array(z.object({ coin: coinIdSchema, revenue: moneySchema, reward: moneySchema })),
});
/** An invitee. */
export type Invitee = z.infer<typeof inviteeSchema>;

/** A page of invitees, newest first. */
export const inviteeListSchema = paginatedSchema(inviteeSchema);
/** A page of invitees. */
export type InviteeList = z.infer<typeof inviteeListSchema>;

/**
 * One daily reward: 0.2 % of an invitee's revenue of `date`, settled the next day (statistics
 * at 09:50 UTC+8).
 */
export const inviteRewardSchema = z.object({
  date: isoDateSchema,
  coin: coinIdSchema,
  /** Masked invitee name. */
  invitee: z.string(),
  /** The invitee's revenue the reward is computed on. */
  revenue: moneySchema,
  amount: moneySchema,
  status: z.enum(['pending', 'settled']),
});
/** An invitation reward. */
export type InviteReward = z.infer<typeof inviteRewardSchema>;

/** A page of rewards, newest first. */
export const inviteRewardListSchema = paginatedSchema(inviteRewardSchema);
/** A page of rewards. */
export type InviteRewardList = z.infer<typeof inviteRewardListSchema>;

// ---------------------------------------------------------------------------------------------
// Red-packet campaigns (operators)
// ---------------------------------------------------------------------------------------------

/** Most packets one campaign gives out. */
export const MAX_RED_PACKET_COUNT = 1000;

/**
 * Body of `POST /admin/red-packets`: a campaign of `count` packets of `hashrate` (H/s) of one
 * coin for `duration_days` once activated, received and activated before
 * `activation_deadline`. `receiving_emails[i]`, when given, reserves packet `i` for the user
 * whose bound email it is.
 */
export const createRedPacketCampaignBodySchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    coin: coinIdSchema,
    hashrate: z.number().finite().positive(),
    duration_days: z.number().int().min(1).max(365),
    count: z.number().int().min(1).max(MAX_RED_PACKET_COUNT),
    activation_deadline: isoDateTimeSchema,
    receiving_emails: z.array(emailSchema).max(MAX_RED_PACKET_COUNT).optional(),
  })
  .strict();
/** Create-campaign body as a caller sends it. */
export type CreateRedPacketCampaignBody = z.input<typeof createRedPacketCampaignBodySchema>;

/** A red-packet campaign as operators see it. */
export const adminRedPacketCampaignSchema = z.object({
  id: entityIdSchema,
  /** The campaign link's id: `/activity/red_packet/{packet_id}` gives any packet left. */
  packet_id: redPacketIdSchema,
  name: z.string(),
  coin: coinIdSchema,
  hashrate: hashrateSchema,
  duration_days: z.number().int().positive(),
  count: z.number().int().positive(),
  received: z.number().int().nonnegative(),
  activated: z.number().int().nonnegative(),
  activation_deadline: isoDateTimeSchema,
  status: z.enum(['active', 'disabled']),
  created_by: z.string(),
  created_at: isoDateTimeSchema,
  disabled_at: isoDateTimeSchema.nullable(),
});
/** A campaign as operators see it. */
export type AdminRedPacketCampaign = z.infer<typeof adminRedPacketCampaignSchema>;

/** A page of campaigns, newest first. */
export const adminRedPacketCampaignListSchema = paginatedSchema(adminRedPacketCampaignSchema);
/** A page of campaigns. */
export type AdminRedPacketCampaignList = z.infer<typeof adminRedPacketCampaignListSchema>;

/** Path parameters `{campaign_id}`. */
export const redPacketCampaignParamsSchema = z.object({ campaign_id: entityIdSchema }).strict();
/** `{campaign_id}` as a caller sends it. */
export type RedPacketCampaignParams = z.input<typeof redPacketCampaignParamsSchema>;

/** One packet of a campaign as operators see it. */
export const adminRedPacketSchema = z.object({
  /** The packet link's id: `/activity/red_packet/{packet_id}`. */
  packet_id: redPacketIdSchema,
  receiving_email: z.string().nullable(),
  status: z.enum(['unclaimed', ...redPacketStatusSchema.options]),
  received_by: z.string().nullable(),
  received_at: isoDateTimeSchema.nullable(),
  account: z.string().nullable(),
  total_profit: moneySchema,
});
/** A packet as operators see it. */
export type AdminRedPacket = z.infer<typeof adminRedPacketSchema>;

/** A page of a campaign's packets, in the order they were made. */
export const adminRedPacketListSchema = paginatedSchema(adminRedPacketSchema);
/** A page of packets. */
export type AdminRedPacketList = z.infer<typeof adminRedPacketListSchema>;
