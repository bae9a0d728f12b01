/**
 * Profits and settlement: profit statistics, lists, export and payments.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { accountParamsSchema } from '../accounts';
import { dailySeriesQuerySchema, pagedDateRangeQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { accountPathParamsSchema } from '../miners';
import {
  accountPoolParamsSchema,
  feeRateListSchema,
  payMethodListSchema,
  payMethodQuerySchema,
  payMethodSchema,
  profitExportQuerySchema,
  profitExportSchema,
  profitHashrateSeriesSchema,
  profitListSchema,
  profitStatsSchema,
  soloProfitListSchema,
  unitProfitSeriesSchema,
  updatePayMethodBodySchema,
} from '../profits';

/** The profits and settlement calls. */
export const profitsEndpoints = {
  /** Income totals of an account. Takes no query parameters. */
  profitStats: defineEndpoint({
    id: 'profitStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/stats',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    response: profitStatsSchema,
    summary: 'Income totals of an account',
  }),
  /** Daily income of an account, newest first. */
  profits: defineEndpoint({
    id: 'profits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: pagedDateRangeQuerySchema,
    response: profitListSchema,
    summary: 'Daily income of an account',
  }),
  /** SOLO income of an account (blocks it found), newest first. */
  soloProfits: defineEndpoint({
    id: 'soloProfits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/solo',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: pagedDateRangeQuerySchema,
    response: soloProfitListSchema,
    summary: 'SOLO income of an account',
  }),
  /** Daily hashrates the income was settled on. */
  profitHashrates: defineEndpoint({
    id: 'profitHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/hashrates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: dailySeriesQuerySchema,
    response: profitHashrateSeriesSchema,
    summary: 'Daily settled hashrates of an account',
  }),
  /** Daily income per unit of hashrate. */
  unitProfits: defineEndpoint({
    id: 'unitProfits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/unit/hashrates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: dailySeriesQuerySchema,
    response: unitProfitSeriesSchema,
    summary: 'Daily income per unit of hashrate',
  }),
  /** CSV export of an account's income over a required date range. */
  exportProfits: defineEndpoint({
    id: 'exportProfits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/export',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: profitExportQuerySchema,
    response: profitExportSchema,
    responseKind: 'text',
    mediaType: 'text/csv',
    summary: 'Export income as CSV (date range required)',
  }),
  /** Fee rates in effect per day (decision: `/rates` is the account's daily fee rates). */
  feeRates: defineEndpoint({
    id: 'feeRates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/rates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: dailySeriesQuerySchema,
    response: feeRateListSchema,
    summary: 'Daily fee rates of an account',
  }),
  /** Settlement methods of an account, per pool. */
  payMethods: defineEndpoint({
    id: 'payMethods',
    family: 'B',
    method: 'GET',
    path: '/accounts/{account}/pay-method',
    auth: 'user',
    permission: 'account.view',
    params: accountParamsSchema,
    query: payMethodQuerySchema,
    response: payMethodListSchema,
    summary: 'Settlement methods of an account',
  }),
  /** Changes the settlement method of an account on a pool (locked 24 h after a change). */
  updatePayMethod: defineEndpoint({
    id: 'updatePayMethod',
    family: 'B',
    method: 'PUT',
    path: '/accounts/{account}/pools/{pool}/pay-method',
    auth: 'user',
    permission: 'account.view',
    params: accountPoolParamsSchema,
    body: updatePayMethodBodySchema,
    response: payMethodSchema,
    summary: 'Change the settlement method (PPS+ or SOLO)',
  }),
} as const;
