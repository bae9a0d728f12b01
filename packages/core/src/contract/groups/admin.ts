/**
 * The operator console (not shown in the spec): every call is under `/admin`, for operators
 * only (permission `admin.view`; anyone else is answered 403), never for observers.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import {
  adminWithdrawalListSchema,
  adminWithdrawalParamsSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  approveWithdrawalBodySchema,
  auditLogQuerySchema,
  auditLogSchema,
  couponBatchListSchema,
  couponBatchParamsSchema,
  couponCodeListSchema,
  issueCouponsBodySchema,
  issuedCouponBatchSchema,
  reconciliationSchema,
  rejectWithdrawalBodySchema,
} from '../admin';
import {
  adminSellerListSchema,
  adminSellerQuerySchema,
  adminSellerSchema,
  deletedSellerSchema,
  sellerBodySchema,
  sellerParamsSchema,
} from '../catalogue';
import { emptyResponseSchema, paginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  createdOauthAppSchema,
  createOauthAppBodySchema,
  oauthAppListSchema,
  oauthAppParamsSchema,
} from '../oauthApps';
import {
  adminContentItemSchema,
  adminContentListSchema,
  contentItemBodySchema,
  contentItemParamsSchema,
  contentKindParamsSchema,
  deletedContentItemSchema,
  editableSiteParametersSchema,
} from '../siteContentAdmin';
import {
  adminReplyTicketBodySchema,
  adminTicketDetailSchema,
  adminTicketListQuerySchema,
  adminTicketListSchema,
  ticketParamsSchema,
} from '../tickets';

/** The operator console's calls. */
export const adminEndpoints = {
  /** Not shown: the audit log of operator actions, newest first. */
  adminAuditLog: defineEndpoint({
    id: 'adminAuditLog',
    family: 'B',
    method: 'GET',
    path: '/admin/audit-log',
    auth: 'user-only',
    permission: 'admin.view',
    query: auditLogQuerySchema,
    response: auditLogSchema,
    summary: 'Audit log of operator actions',
  }),
  /** Not shown: the coupon batches operators issued, newest first. */
  adminCouponBatches: defineEndpoint({
    id: 'adminCouponBatches',
    family: 'B',
    method: 'GET',
    path: '/admin/coupons/batches',
    auth: 'user-only',
    permission: 'admin.view',
    query: paginationQuerySchema,
    response: couponBatchListSchema,
    summary: 'Coupon batches',
  }),
  /** Not shown: issues a batch of coupon codes (audited as `coupons.issue`). */
  issueCoupons: defineEndpoint({
    id: 'issueCoupons',
    family: 'B',
    method: 'POST',
    path: '/admin/coupons/batches',
    auth: 'user-only',
    permission: 'admin.view',
    body: issueCouponsBodySchema,
    response: issuedCouponBatchSchema,
    summary: 'Issue coupon codes',
  }),
  /** Not shown: the codes of a batch and who redeemed them. */
  adminCouponCodes: defineEndpoint({
    id: 'adminCouponCodes',
    family: 'B',
    method: 'GET',
    path: '/admin/coupons/batches/{batch_id}/codes',
    auth: 'user-only',
    permission: 'admin.view',
    params: couponBatchParamsSchema,
    query: paginationQuerySchema,
    response: couponCodeListSchema,
    summary: 'Codes of a coupon batch',
  }),
  /**
   * Not shown: the ledger's reconciliation per coin (users' balances against the pool's books
   * and the entries), read in one snapshot.
   */
  adminReconciliation: defineEndpoint({
    id: 'adminReconciliation',
    family: 'B',
    method: 'GET',
    path: '/admin/reconciliation',
    auth: 'user-only',
    permission: 'admin.view',
    response: reconciliationSchema,
    summary: 'Ledger reconciliation per coin',
  }),
  /** Not shown: withdrawals by state; the audit queue (`manual`) by default, oldest first. */
  adminWithdrawals: defineEndpoint({
    id: 'adminWithdrawals',
    family: 'B',
    method: 'GET',
    path: '/admin/withdrawals',
    auth: 'user-only',
    permission: 'admin.view',
    query: adminWithdrawalQuerySchema,
    response: adminWithdrawalListSchema,
    summary: 'Withdrawals (the audit queue)',
  }),
  /** Not shown: approves a withdrawal waiting for audit; it is paid (audited as `withdrawals.approve`). */
  approveWithdrawal: defineEndpoint({
    id: 'approveWithdrawal',
    family: 'B',
    method: 'POST',
    path: '/admin/withdrawals/{id}/approve',
    auth: 'user-only',
    permission: 'admin.view',
    params: adminWithdrawalParamsSchema,
    body: approveWithdrawalBodySchema,
    response: adminWithdrawalSchema,
    // 409: it is not waiting for audit (any more).
    errors: [409],
    summary: 'Approve a withdrawal',
  }),
  /** Not shown: rejects a withdrawal waiting for audit; it is refunded (audited as `withdrawals.reject`). */
  rejectWithdrawal: defineEndpoint({
    id: 'rejectWithdrawal',
    family: 'B',
    method: 'POST',
    path: '/admin/withdrawals/{id}/reject',
    auth: 'user-only',
    permission: 'admin.view',
    params: adminWithdrawalParamsSchema,
    body: rejectWithdrawalBodySchema,
    response: adminWithdrawalSchema,
    errors: [409],
    summary: 'Reject a withdrawal',
  }),
  /** Not shown: the operators' ticket queue. */
  adminTickets: defineEndpoint({
    id: 'adminTickets',
    family: 'B',
    method: 'GET',
    path: '/admin/tickets',
    auth: 'user-only',
    permission: 'admin.view',
    query: adminTicketListQuerySchema,
    response: adminTicketListSchema,
    summary: 'Support ticket queue',
  }),
  /** Not shown: one ticket with its whole thread, internal notes included. */
  adminTicket: defineEndpoint({
    id: 'adminTicket',
    family: 'B',
    method: 'GET',
    path: '/admin/tickets/{id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: ticketParamsSchema,
    response: adminTicketDetailSchema,
    summary: 'One support ticket (operators)',
  }),
  /** Not shown: an operator answers a ticket or adds an internal note (audited). */
  adminReplyTicket: defineEndpoint({
    id: 'adminReplyTicket',
    family: 'B',
    method: 'POST',
    path: '/admin/tickets/{id}/replies',
    auth: 'user-only',
    permission: 'admin.view',
    params: ticketParamsSchema,
    body: adminReplyTicketBodySchema,
    errors: [409],
    response: adminTicketDetailSchema,
    summary: 'Answer a support ticket',
  }),
  /** Not shown: the third-party apps registered for `/login/oauth/authorize`. */
  adminOauthApps: defineEndpoint({
    id: 'adminOauthApps',
    family: 'B',
    method: 'GET',
    path: '/admin/oauth/apps',
    auth: 'user-only',
    permission: 'admin.view',
    response: oauthAppListSchema,
    summary: 'Registered third-party apps',
  }),
  /** Not shown: registers a third-party app; the answer carries its secret, this once (audited). */
  createOauthApp: defineEndpoint({
    id: 'createOauthApp',
    family: 'B',
    method: 'POST',
    path: '/admin/oauth/apps',
    auth: 'user-only',
    permission: 'admin.view',
    body: createOauthAppBodySchema,
    response: createdOauthAppSchema,
    summary: 'Register a third-party app',
  }),
  /** Not shown: removes a third-party app; its tokens stop working at once (audited). */
  deleteOauthApp: defineEndpoint({
    id: 'deleteOauthApp',
    family: 'B',
    method: 'DELETE',
    path: '/admin/oauth/apps/{client_id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: oauthAppParamsSchema,
    response: emptyResponseSchema,
    summary: 'Remove a third-party app',
  }),
  /** Not shown: the site content items of a kind, drafts included, in display order. */
  adminContentItems: defineEndpoint({
    id: 'adminContentItems',
    family: 'B',
    method: 'GET',
    path: '/admin/content/{kind}',
    auth: 'user-only',
    permission: 'admin.view',
    params: contentKindParamsSchema,
    response: adminContentListSchema,
    summary: 'Site content items of a kind',
  }),
  /** Not shown: adds a content item (audited as `content.create`). */
  createContentItem: defineEndpoint({
    id: 'createContentItem',
    family: 'B',
    method: 'POST',
    path: '/admin/content/{kind}',
    auth: 'user-only',
    permission: 'admin.view',
    params: contentKindParamsSchema,
    body: contentItemBodySchema,
    response: adminContentItemSchema,
    // 409: an event or page with this slug exists.
    errors: [409],
    summary: 'Add a site content item',
  }),
  /** Not shown: replaces a content item (audited as `content.update`). */
  updateContentItem: defineEndpoint({
    id: 'updateContentItem',
    family: 'B',
    method: 'PUT',
    path: '/admin/content/{kind}/{id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: contentItemParamsSchema,
    body: contentItemBodySchema,
    response: adminContentItemSchema,
    errors: [409],
    summary: 'Edit a site content item',
  }),
  /** Not shown: deletes a content item (audited as `content.delete`). */
  deleteContentItem: defineEndpoint({
    id: 'deleteContentItem',
    family: 'B',
    method: 'DELETE',
    path: '/admin/content/{kind}/{id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: contentItemParamsSchema,
    response: deletedContentItemSchema,
    summary: 'Delete a site content item',
  }),
  /** Not shown: the site parameters an operator edits. */
  adminSiteParameters: defineEndpoint({
    id: 'adminSiteParameters',
    family: 'B',
    method: 'GET',
    path: '/admin/site-parameters',
    auth: 'user-only',
    permission: 'admin.view',
    response: editableSiteParametersSchema,
    summary: 'Editable site parameters',
  }),
  /** Not shown: sets the site parameters (audited as `content.parameters`). */
  updateSiteParameters: defineEndpoint({
    id: 'updateSiteParameters',
    family: 'B',
    method: 'PUT',
    path: '/admin/site-parameters',
    auth: 'user-only',
    permission: 'admin.view',
    body: editableSiteParametersSchema,
    response: editableSiteParametersSchema,
    summary: 'Set the site parameters',
  }),
  /** Not shown: the Sales page's sellers, optionally of one machine, with the machines to pick. */
  adminSellers: defineEndpoint({
    id: 'adminSellers',
    family: 'B',
    method: 'GET',
    path: '/admin/sellers',
    auth: 'user-only',
    permission: 'admin.view',
    query: adminSellerQuerySchema,
    response: adminSellerListSchema,
    summary: 'Sellers of catalogue machines',
  }),
  /** Not shown: adds a seller of a machine (audited as `sellers.create`). */
  createSeller: defineEndpoint({
    id: 'createSeller',
    family: 'B',
    method: 'POST',
    path: '/admin/sellers',
    auth: 'user-only',
    permission: 'admin.view',
    body: sellerBodySchema,
    response: adminSellerSchema,
    // 409: the machine already has a seller of this store name.
    errors: [409],
    summary: 'Add a seller',
  }),
  /** Not shown: replaces a seller (audited as `sellers.update`). */
  updateSeller: defineEndpoint({
    id: 'updateSeller',
    family: 'B',
    method: 'PUT',
    path: '/admin/sellers/{id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: sellerParamsSchema,
    body: sellerBodySchema,
    response: adminSellerSchema,
    errors: [409],
    summary: 'Edit a seller',
  }),
  /** Not shown: deletes a seller (audited as `sellers.delete`). */
  deleteSeller: defineEndpoint({
    id: 'deleteSeller',
    family: 'B',
    method: 'DELETE',
    path: '/admin/sellers/{id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: sellerParamsSchema,
    response: deletedSellerSchema,
    summary: 'Delete a seller',
  }),
} as const;
