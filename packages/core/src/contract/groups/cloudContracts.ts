/**
 * Cloud-mining contracts' endpoints (not shown); their schemas are in `../cloudMining.ts`.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */

import {
  adminContractOrderListSchema,
  adminContractOrderQuerySchema,
  adminContractOrderSchema,
  adminContractProductListSchema,
  adminContractProductSchema,
  contractDashboardSchema,
  contractOrderListSchema,
  contractOrderParamsSchema,
  contractOrderQuerySchema,
  contractOrderSchema,
  contractProductInputSchema,
  contractProductListSchema,
  contractProductParamsSchema,
  contractProductQuerySchema,
  contractProductSchema,
  createContractOrderBodySchema,
  orderProfitListSchema,
  orderProfitQuerySchema,
  payContractOrderBodySchema,
  reviewContractOrderBodySchema,
  uploadCertificateBodySchema,
} from '../cloudMining';
import { paginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** The cloud-mining contracts (not shown) calls. */
export const cloudContractsEndpoints = {
  /** Not shown: contract products on sale. */
  contractProducts: defineEndpoint({
    id: 'contractProducts',
    family: 'B',
    method: 'GET',
    path: '/contracts/products',
    auth: 'user-only',
    permission: 'contract.view',
    query: contractProductQuerySchema,
    response: contractProductListSchema,
    summary: 'Cloud-mining products',
  }),
  /**
   * Not shown: the contract products on sale for anyone (the Sales page), the same answer as
   * `contractProducts` without signing in.
   */
  saleContractProducts: defineEndpoint({
    id: 'saleContractProducts',
    family: 'A',
    method: 'GET',
    path: '/sales/contracts',
    auth: 'public',
    query: contractProductQuerySchema,
    response: contractProductListSchema,
    summary: 'Cloud-mining products on sale (public)',
  }),
  /** Not shown: one contract product. */
  contractProduct: defineEndpoint({
    id: 'contractProduct',
    family: 'B',
    method: 'GET',
    path: '/contracts/products/{id}',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractProductParamsSchema,
    response: contractProductSchema,
    summary: 'One cloud-mining product',
  }),
  /** Not shown: places an order (status `unpaid`, cancelled after 2 h unpaid). */
  createContractOrder: defineEndpoint({
    id: 'createContractOrder',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders',
    auth: 'user-only',
    permission: 'contract.view',
    body: createContractOrderBodySchema,
    response: contractOrderSchema,
    summary: 'Order a cloud-mining product',
  }),
  /** Not shown: the user's orders. */
  contractOrders: defineEndpoint({
    id: 'contractOrders',
    family: 'B',
    method: 'GET',
    path: '/contracts/orders',
    auth: 'user-only',
    permission: 'contract.view',
    query: contractOrderQuerySchema,
    response: contractOrderListSchema,
    summary: 'Cloud-mining orders',
  }),
  /** Not shown: one order. */
  contractOrder: defineEndpoint({
    id: 'contractOrder',
    family: 'B',
    method: 'GET',
    path: '/contracts/orders/{order_id}',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    response: contractOrderSchema,
    summary: 'One cloud-mining order',
  }),
  /** Not shown: uploads payment certificates (base64 JSON); the order goes to review. */
  uploadPaymentCertificate: defineEndpoint({
    id: 'uploadPaymentCertificate',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders/{order_id}/certificates',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    body: uploadCertificateBodySchema,
    response: contractOrderSchema,
    summary: 'Upload payment certificates of an order',
  }),
  /** Not shown: the user cancels an unpaid order; its units go back on sale. */
  cancelContractOrder: defineEndpoint({
    id: 'cancelContractOrder',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders/{order_id}/cancel',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    response: contractOrderSchema,
    summary: 'Cancel an order',
  }),
  /** Not shown: daily income of an order. */
  contractOrderProfits: defineEndpoint({
    id: 'contractOrderProfits',
    family: 'B',
    method: 'GET',
    path: '/contracts/orders/{order_id}/profits',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    query: orderProfitQuerySchema,
    response: orderProfitListSchema,
    summary: 'Daily income of an order',
  }),
  /** Not shown: the contract dashboard. */
  contractDashboard: defineEndpoint({
    id: 'contractDashboard',
    family: 'B',
    method: 'GET',
    path: '/contracts/dashboard',
    auth: 'user-only',
    permission: 'contract.view',
    response: contractDashboardSchema,
    summary: 'Contracts at a glance',
  }),
  /** Pays an unpaid order from its account's wallet (pay password); the order goes `pending`. */
  payContractOrder: defineEndpoint({
    id: 'payContractOrder',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders/{order_id}/pay',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    body: payContractOrderBodySchema,
    response: contractOrderSchema,
    summary: 'Pay an order from the wallet',
  }),
  /** Operators: every product, on sale or not. */
  adminContractProducts: defineEndpoint({
    id: 'adminContractProducts',
    family: 'B',
    method: 'GET',
    path: '/admin/contracts/products',
    auth: 'user-only',
    permission: 'admin.view',
    query: paginationQuerySchema,
    response: adminContractProductListSchema,
    summary: 'Contract products (operators)',
  }),
  /** Operators: adds a product (audited as `contracts.product_create`). */
  createContractProduct: defineEndpoint({
    id: 'createContractProduct',
    family: 'B',
    method: 'POST',
    path: '/admin/contracts/products',
    auth: 'user-only',
    permission: 'admin.view',
    body: contractProductInputSchema,
    response: adminContractProductSchema,
    summary: 'Add a contract product',
  }),
  /** Operators: changes a product (audited as `contracts.product_update`). */
  updateContractProduct: defineEndpoint({
    id: 'updateContractProduct',
    family: 'B',
    method: 'PUT',
    path: '/admin/contracts/products/{id}',
    auth: 'user-only',
    permission: 'admin.view',
    params: contractProductParamsSchema,
    body: contractProductInputSchema,
    response: adminContractProductSchema,
    summary: 'Change a contract product',
  }),
  /** Operators: orders by state, the review queue (`review`) by default, oldest first. */
  adminContractOrders: defineEndpoint({
    id: 'adminContractOrders',
    family: 'B',
    method: 'GET',
    path: '/admin/contracts/orders',
    auth: 'user-only',
    permission: 'admin.view',
    query: adminContractOrderQuerySchema,
    response: adminContractOrderListSchema,
    summary: 'Contract orders (operators)',
  }),
  /** Operators: approves (→ `pending`) or rejects (→ `reject`) an order's evidence; audited. */
  reviewContractOrder: defineEndpoint({
    id: 'reviewContractOrder',
    family: 'B',
    method: 'POST',
    path: '/admin/contracts/orders/{order_id}/review',
    auth: 'user-only',
    permission: 'admin.view',
    params: contractOrderParamsSchema,
    body: reviewContractOrderBodySchema,
    response: adminContractOrderSchema,
    summary: 'Review an order payment',
  }),
} as const;
