/**
 * Coupons, red packets and invitations (not shown).
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { paginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  activateRedPacketBodySchema,
  adminRedPacketCampaignListSchema,
  adminRedPacketCampaignSchema,
  adminRedPacketListSchema,
  couponItemListSchema,
  couponListQuerySchema,
  couponListSchema,
  couponParamsSchema,
  couponSchema,
  createRedPacketCampaignBodySchema,
  invitationSummarySchema,
  inviteeListSchema,
  inviteRewardListSchema,
  receivedRedPacketParamsSchema,
  receiveRedPacketBodySchema,
  redeemCouponBodySchema,
  redPacketCampaignParamsSchema,
  redPacketCampaignSchema,
  redPacketListQuerySchema,
  redPacketListSchema,
  redPacketParamsSchema,
  redPacketProfitListSchema,
  redPacketSchema,
  useCouponBodySchema,
} from '../programmes';

/** The coupons, red packets, invitations (not shown) calls. */
export const programmesEndpoints = {
  /** Not shown: the user's coupons. */
  coupons: defineEndpoint({
    id: 'coupons',
    family: 'B',
    method: 'GET',
    path: '/coupons',
    auth: 'user-only',
    permission: 'user.view',
    query: couponListQuerySchema,
    response: couponListSchema,
    summary: 'Fee coupons of the user',
  }),
  /** Not shown: redeems a coupon code. */
  redeemCoupon: defineEndpoint({
    id: 'redeemCoupon',
    family: 'B',
    method: 'POST',
    path: '/coupons/redeem',
    auth: 'user-only',
    permission: 'user.view',
    body: redeemCouponBodySchema,
    response: couponSchema,
    errors: [404, 409, 429],
    summary: 'Redeem a coupon code',
  }),
  /** Not shown: one of the user's coupons. */
  coupon: defineEndpoint({
    id: 'coupon',
    family: 'B',
    method: 'GET',
    path: '/coupons/{coupon_id}',
    auth: 'user-only',
    permission: 'user.view',
    params: couponParamsSchema,
    response: couponSchema,
    summary: 'One coupon of the user',
  }),
  /** Not shown: starts using a coupon on an account. */
  useCoupon: defineEndpoint({
    id: 'useCoupon',
    family: 'B',
    method: 'POST',
    path: '/coupons/{coupon_id}/use',
    auth: 'user-only',
    permission: 'user.view',
    params: couponParamsSchema,
    body: useCouponBodySchema,
    response: couponSchema,
    errors: [409],
    summary: 'Start using a coupon',
  }),
  /** Not shown: daily fee savings of a coupon, settled days only, newest first. */
  couponItems: defineEndpoint({
    id: 'couponItems',
    family: 'B',
    method: 'GET',
    path: '/coupons/{coupon_id}/items',
    auth: 'user-only',
    permission: 'user.view',
    params: couponParamsSchema,
    query: paginationQuerySchema,
    response: couponItemListSchema,
    summary: 'Daily fee savings of a coupon',
  }),
  /**
   * Not shown: a red-packet campaign for its public page. HTTP 429 (code 42900, `Retry-After`)
   * past 60 views a minute from one client address: the view tells whether a code exists, so
   * codes cannot be tried in bulk.
   */
  redPacketCampaign: defineEndpoint({
    id: 'redPacketCampaign',
    family: 'B',
    method: 'GET',
    path: '/red-packets/{packet_id}',
    auth: 'optional',
    params: redPacketParamsSchema,
    response: redPacketCampaignSchema,
    errors: [429],
    summary: 'A red-packet campaign',
  }),
  /** Not shown: receives a red packet; the email must be the one bound to the account. */
  receiveRedPacket: defineEndpoint({
    id: 'receiveRedPacket',
    family: 'B',
    method: 'POST',
    path: '/red-packets/{packet_id}/receive',
    auth: 'user-only',
    params: redPacketParamsSchema,
    body: receiveRedPacketBodySchema,
    response: redPacketSchema,
    errors: [404, 409, 429],
    summary: 'Receive a red packet',
  }),
  /** Not shown: red packets the user received. */
  redPackets: defineEndpoint({
    id: 'redPackets',
    family: 'B',
    method: 'GET',
    path: '/users/red-packets',
    auth: 'user-only',
    permission: 'user.view',
    query: redPacketListQuerySchema,
    response: redPacketListSchema,
    summary: 'Red packets received',
  }),
  /** Not shown: one received red packet. */
  redPacket: defineEndpoint({
    id: 'redPacket',
    family: 'B',
    method: 'GET',
    path: '/users/red-packets/{id}',
    auth: 'user-only',
    permission: 'user.view',
    params: receivedRedPacketParamsSchema,
    response: redPacketSchema,
    summary: 'One received red packet',
  }),
  /** Not shown: activates a received red packet on an account. */
  activateRedPacket: defineEndpoint({
    id: 'activateRedPacket',
    family: 'B',
    method: 'POST',
    path: '/users/red-packets/{id}/activate',
    auth: 'user-only',
    permission: 'user.view',
    params: receivedRedPacketParamsSchema,
    body: activateRedPacketBodySchema,
    response: redPacketSchema,
    errors: [404, 409],
    summary: 'Activate a red packet',
  }),
  /** Not shown: daily income of a red packet. */
  redPacketProfits: defineEndpoint({
    id: 'redPacketProfits',
    family: 'B',
    method: 'GET',
    path: '/users/red-packets/{id}/profits',
    auth: 'user-only',
    permission: 'user.view',
    params: receivedRedPacketParamsSchema,
    query: paginationQuerySchema,
    response: redPacketProfitListSchema,
    summary: 'Daily income of a red packet',
  }),
  /** Not shown: the user's invitation code, link and totals. */
  invitation: defineEndpoint({
    id: 'invitation',
    family: 'B',
    method: 'GET',
    path: '/invitations',
    auth: 'user-only',
    permission: 'recommend.view',
    response: invitationSummarySchema,
    summary: 'Invitation code, link and totals',
  }),
  /** Not shown: users the caller invited. */
  invitees: defineEndpoint({
    id: 'invitees',
    family: 'B',
    method: 'GET',
    path: '/invitations/invitees',
    auth: 'user-only',
    permission: 'recommend.view',
    query: paginationQuerySchema,
    response: inviteeListSchema,
    summary: 'Invited users',
  }),
  /** Not shown: daily invitation rewards. */
  inviteRewards: defineEndpoint({
    id: 'inviteRewards',
    family: 'B',
    method: 'GET',
    path: '/invitations/rewards',
    auth: 'user-only',
    permission: 'recommend.view',
    query: paginationQuerySchema,
    response: inviteRewardListSchema,
    summary: 'Invitation rewards',
  }),
  /** Not shown: the red-packet campaigns operators created, newest first. */
  adminRedPacketCampaigns: defineEndpoint({
    id: 'adminRedPacketCampaigns',
    family: 'B',
    method: 'GET',
    path: '/admin/red-packets',
    auth: 'user-only',
    permission: 'admin.view',
    query: paginationQuerySchema,
    response: adminRedPacketCampaignListSchema,
    summary: 'Red-packet campaigns',
  }),
  /** Not shown: creates a red-packet campaign (audited as `red_packets.create`). */
  createRedPacketCampaign: defineEndpoint({
    id: 'createRedPacketCampaign',
    family: 'B',
    method: 'POST',
    path: '/admin/red-packets',
    auth: 'user-only',
    permission: 'admin.view',
    body: createRedPacketCampaignBodySchema,
    response: adminRedPacketCampaignSchema,
    summary: 'Create a red-packet campaign',
  }),
  /** Not shown: the packets of a campaign, with their links' ids and who received them. */
  adminRedPackets: defineEndpoint({
    id: 'adminRedPackets',
    family: 'B',
    method: 'GET',
    path: '/admin/red-packets/{campaign_id}/packets',
    auth: 'user-only',
    permission: 'admin.view',
    params: redPacketCampaignParamsSchema,
    query: paginationQuerySchema,
    response: adminRedPacketListSchema,
    summary: 'Packets of a red-packet campaign',
  }),
  /**
   * Not shown: disables a campaign (audited as `red_packets.disable`): no more receipts, and
   * packets not yet activated become invalid; activated ones keep earning.
   */
  disableRedPacketCampaign: defineEndpoint({
    id: 'disableRedPacketCampaign',
    family: 'B',
    method: 'POST',
    path: '/admin/red-packets/{campaign_id}/disable',
    auth: 'user-only',
    permission: 'admin.view',
    params: redPacketCampaignParamsSchema,
    response: adminRedPacketCampaignSchema,
    errors: [404],
    summary: 'Disable a red-packet campaign',
  }),
} as const;
