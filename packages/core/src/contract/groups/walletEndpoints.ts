/**
 * The wallet's endpoints (not shown; all user-only); their schemas are in `../walletSchemas.ts`.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { emptyResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  autoWithdrawListSchema,
  autoWithdrawSchema,
  coinQuerySchema,
  createWithdrawAddressBodySchema,
  depositAddressQuerySchema,
  depositAddressSchema,
  depositListQuerySchema,
  depositListSchema,
  exchangeBodySchema,
  exchangeQuoteQuerySchema,
  exchangeQuoteSchema,
  exchangeSchema,
  setPayPasswordBodySchema,
  transferBodySchema,
  transferSchema,
  updateAutoWithdrawBodySchema,
  updateWithdrawAddressBodySchema,
  walletItemParamsSchema,
  withdrawAddressListSchema,
  withdrawAddressQuerySchema,
  withdrawAddressSchema,
  withdrawalSchema,
  withdrawBodySchema,
  withdrawRulesSchema,
} from '../walletSchemas';
import {
  transactionExportQuerySchema,
  transactionExportSchema,
  transactionListQuerySchema,
  walletBalancesSchema,
  walletTransactionDetailSchema,
  walletTransactionListSchema,
} from '../walletTransactions';

/** The wallet (not shown; all user-only) calls. */
export const walletEndpoints = {
  /** Not shown: balances per coin. */
  walletBalances: defineEndpoint({
    id: 'walletBalances',
    family: 'B',
    method: 'GET',
    path: '/wallets/balances',
    auth: 'user-only',
    permission: 'wallet.view',
    response: walletBalancesSchema,
    summary: 'Wallet balances',
  }),
  /** Not shown: wallet transactions, newest first, filtered and paged. */
  walletTransactions: defineEndpoint({
    id: 'walletTransactions',
    family: 'B',
    method: 'GET',
    path: '/wallets/transactions',
    auth: 'user-only',
    permission: 'wallet.view',
    query: transactionListQuerySchema,
    response: walletTransactionListSchema,
    summary: 'Wallet transactions',
  }),
  /** Not shown: the transactions of a date range as CSV (spec: export requires a date range). */
  walletTransactionsExport: defineEndpoint({
    id: 'walletTransactionsExport',
    family: 'B',
    method: 'GET',
    path: '/wallets/exports/transactions',
    auth: 'user-only',
    permission: 'wallet.view',
    query: transactionExportQuerySchema,
    response: transactionExportSchema,
    responseKind: 'text',
    mediaType: 'text/csv',
    summary: 'Export wallet transactions as CSV',
  }),
  /** Not shown: one transaction with its ledger entries (the `/fund/:id` page). */
  walletTransaction: defineEndpoint({
    id: 'walletTransaction',
    family: 'B',
    method: 'GET',
    path: '/wallets/transactions/{id}',
    auth: 'user-only',
    permission: 'wallet.view',
    params: walletItemParamsSchema,
    response: walletTransactionDetailSchema,
    summary: 'One wallet transaction with its entries',
  }),
  /** Not shown: saved withdraw addresses. */
  withdrawAddresses: defineEndpoint({
    id: 'withdrawAddresses',
    family: 'B',
    method: 'GET',
    path: '/wallets/withdraw-addresses',
    auth: 'user-only',
    permission: 'wallet.view',
    query: withdrawAddressQuerySchema,
    response: withdrawAddressListSchema,
    summary: 'Saved withdraw addresses',
  }),
  /** Not shown: saves a withdraw address (with public key for KDA). */
  createWithdrawAddress: defineEndpoint({
    id: 'createWithdrawAddress',
    family: 'B',
    method: 'POST',
    path: '/wallets/withdraw-addresses',
    auth: 'user-only',
    permission: 'wallet.view',
    body: createWithdrawAddressBodySchema,
    response: withdrawAddressSchema,
    // 409: the address is saved for the coin already.
    errors: [409],
    summary: 'Save a withdraw address',
  }),
  /** Not shown: renames a withdraw address. */
  updateWithdrawAddress: defineEndpoint({
    id: 'updateWithdrawAddress',
    family: 'B',
    method: 'PUT',
    path: '/wallets/withdraw-addresses/{id}',
    auth: 'user-only',
    permission: 'wallet.view',
    params: walletItemParamsSchema,
    body: updateWithdrawAddressBodySchema,
    response: withdrawAddressSchema,
    summary: 'Rename a withdraw address',
  }),
  /** Not shown: deletes a withdraw address. */
  deleteWithdrawAddress: defineEndpoint({
    id: 'deleteWithdrawAddress',
    family: 'B',
    method: 'DELETE',
    path: '/wallets/withdraw-addresses/{id}',
    auth: 'user-only',
    permission: 'wallet.view',
    params: walletItemParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete a withdraw address',
  }),
  /** Not shown: a coin's withdrawal limits (minimum, fee, audit threshold, split size). */
  withdrawRules: defineEndpoint({
    id: 'withdrawRules',
    family: 'B',
    method: 'GET',
    path: '/wallets/withdraw-rules',
    auth: 'user-only',
    permission: 'wallet.view',
    query: coinQuerySchema,
    response: withdrawRulesSchema,
    summary: 'Withdrawal limits of a coin',
  }),
  /** Not shown: withdraws to a saved address. */
  withdraw: defineEndpoint({
    id: 'withdraw',
    family: 'B',
    method: 'POST',
    path: '/wallets/withdrawals',
    auth: 'user-only',
    permission: 'wallet.view',
    body: withdrawBodySchema,
    response: withdrawalSchema,
    // 409: the idempotency key was used before for a different withdrawal.
    errors: [409],
    summary: 'Withdraw to a saved address',
  }),
  /** Not shown: the deposit address of a coin for one of the caller's mining accounts. */
  depositAddress: defineEndpoint({
    id: 'depositAddress',
    family: 'B',
    method: 'GET',
    path: '/wallets/deposit-address',
    auth: 'user-only',
    permission: 'wallet.view',
    query: depositAddressQuerySchema,
    response: depositAddressSchema,
    summary: 'Deposit address of a coin',
  }),
  /** Not shown: the newest deposits to the caller's addresses, pending ones included. */
  deposits: defineEndpoint({
    id: 'deposits',
    family: 'B',
    method: 'GET',
    path: '/wallets/deposits',
    auth: 'user-only',
    permission: 'wallet.view',
    query: depositListQuerySchema,
    response: depositListSchema,
    summary: 'Recent deposits and their confirmations',
  }),
  /** Not shown: auto-withdraw settings per coin. */
  autoWithdrawSettings: defineEndpoint({
    id: 'autoWithdrawSettings',
    family: 'B',
    method: 'GET',
    path: '/wallets/auto-withdraw',
    auth: 'user-only',
    permission: 'wallet.view',
    response: autoWithdrawListSchema,
    summary: 'Auto-withdraw settings',
  }),
  /** Not shown: sets one coin's auto-withdraw. */
  updateAutoWithdraw: defineEndpoint({
    id: 'updateAutoWithdraw',
    family: 'B',
    method: 'PUT',
    path: '/wallets/auto-withdraw',
    auth: 'user-only',
    permission: 'wallet.view',
    body: updateAutoWithdrawBodySchema,
    response: autoWithdrawSchema,
    summary: 'Set auto-withdraw of a coin',
  }),
  /** Not shown: internal transfer to another account. */
  transfer: defineEndpoint({
    id: 'transfer',
    family: 'B',
    method: 'POST',
    path: '/wallets/transfers',
    auth: 'user-only',
    permission: 'wallet.view',
    body: transferBodySchema,
    response: transferSchema,
    // 409: the idempotency key was used before for a different transfer.
    errors: [409],
    summary: 'Transfer to another account',
  }),
  /** Not shown: a firm exchange quote. */
  exchangeQuote: defineEndpoint({
    id: 'exchangeQuote',
    family: 'B',
    method: 'GET',
    path: '/wallets/exchanges/quote',
    auth: 'user-only',
    permission: 'wallet.view',
    query: exchangeQuoteQuerySchema,
    response: exchangeQuoteSchema,
    // 503: no price is known for one of the coins, or the prices are too old to quote.
    errors: [503],
    summary: 'Quote an exchange between coins',
  }),
  /** Not shown: carries out a quoted exchange. */
  exchange: defineEndpoint({
    id: 'exchange',
    family: 'B',
    method: 'POST',
    path: '/wallets/exchanges',
    auth: 'user-only',
    permission: 'wallet.view',
    body: exchangeBodySchema,
    response: exchangeSchema,
    // 409: the quote was used already, or the idempotency key was used for another exchange.
    errors: [409],
    summary: 'Exchange coins at a quote',
  }),
  /** Not shown: sets or changes the pay password. */
  setPayPassword: defineEndpoint({
    id: 'setPayPassword',
    family: 'B',
    method: 'PUT',
    path: '/wallets/pay-password',
    auth: 'user-only',
    permission: 'wallet.view',
    body: setPayPasswordBodySchema,
    response: emptyResponseSchema,
    summary: 'Set the pay password',
  }),
} as const;
