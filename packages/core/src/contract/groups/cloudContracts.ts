/**
 * Cloud-mining contracts (not shown).
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import {
  contractDashboardSchema,
  contractOrderListSchema,
  contractOrderParamsSchema,
  contractOrderQuerySchema,
  contractOrderSchema,
  contractProductListSchema,
  contractProductParamsSchema,
  contractProductQuerySchema,
  contractProductSchema,
  createContractOrderBodySchema,
  orderProfitListSchema,
  orderProfitQuerySchema,
  uploadCertificateBodySchema,
} from '../contracts';
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
  /** Not shown: cancels an unpaid or in-review order. */
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
} as const;
