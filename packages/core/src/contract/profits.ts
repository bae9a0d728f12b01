/**
 * Profits, payments and the settlement (pay) method of an account or an address.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  DATE_RANGE_ORDER_MESSAGE,
  daysInRange,
  entityIdSchema,
  epochMsSchema,
  hashrateSchema,
  isDateRangeInOrder,
  isoDateSchema,
  isoDateTimeSchema,
  MAX_DATE_RANGE_DAYS,
  moneySchema,
  paginatedSchema,
  payoutModelSchema,
  percentSchema,
  poolNameSchema,
} from './common';
import { blockStatusSchema } from './pools';

/** A profit row's state: `pending` (estimated, the day is not settled yet) or `settled`. */
export const profitStatusSchema = z.enum(['pending', 'settled']);
/** A profit row state. */
export type ProfitStatus = z.infer<typeof profitStatusSchema>;

/**
 * One day of mining income (spec: fields not shown). Under PPS+ the block subsidy is paid by
 * PPS and the transaction fees by PPLNS; `amount = pps_amount + pplns_amount - fee`.
 */
export const profitRowSchema = z.object({
  /** The UTC day the income belongs to. */
  date: isoDateSchema,
  /** Mean accepted hashrate of the day, H/s. */
  hashrate: hashrateSchema,
  /** Net income of the day, in the coin. */
  amount: moneySchema,
  /** Block-subsidy income under PPS. */
  pps_amount: moneySchema,
  /** Transaction-fee income under PPLNS. */
  pplns_amount: moneySchema,
  /** Pool fee taken (after any coupon reduction). */
  fee: moneySchema,
  /** Settlement model of the day. */
  pay_method: payoutModelSchema,
  status: profitStatusSchema,
});
/** A profit row. */
export type ProfitRow = z.infer<typeof profitRowSchema>;

/** A page of profit rows, newest day first. */
export const profitListSchema = paginatedSchema(profitRowSchema);
/** A page of profit rows. */
export type ProfitList = z.infer<typeof profitListSchema>;

/** Income totals of an account (spec: fields not shown). Amounts in the coin. */
export const profitStatsSchema = z.object({
  /** Settled but not yet paid out. */
  balance: moneySchema,
  /** Estimated income of today so far. */
  today_estimated: moneySchema,
  yesterday_profit: moneySchema,
  /** Income of the last 30 days. */
  last_30d_profit: moneySchema,
  /** Income since the account started mining. */
  total_profit: moneySchema,
  /** Paid out to the wallet or address. */
  total_paid: moneySchema,
  /** Current settlement model. */
  pay_method: payoutModelSchema,
  /** Smallest automatic payout. */
  min_payout: moneySchema,
});
/** Profit totals. */
export type ProfitStats = z.infer<typeof profitStatsSchema>;

/** One SOLO income row: a block the account found itself, minus the SOLO fee (0.5 %). */
export const soloProfitRowSchema = z.object({
  height: z.number().int().nonnegative(),
  block_hash: z.string().min(1).max(128),
  time: isoDateTimeSchema,
  /** Full block reward. */
  reward: moneySchema,
  /** SOLO fee taken. */
  fee: moneySchema,
  /** Credited to the account: `reward - fee`. */
  amount: moneySchema,
  status: blockStatusSchema,
});
/** A SOLO income row. */
export type SoloProfitRow = z.infer<typeof soloProfitRowSchema>;

/** A page of SOLO income rows, newest first. */
export const soloProfitListSchema = paginatedSchema(soloProfitRowSchema);
/** A page of SOLO income rows. */
export type SoloProfitList = z.infer<typeof soloProfitListSchema>;

/** Daily hashrates that the income was settled on: one point per UTC day. */
export const profitHashrateSeriesSchema = z.object({
  points: z.array(z.object({ time: epochMsSchema, hashrate: hashrateSchema })),
});
/** Daily settled hashrates. */
export type ProfitHashrateSeries = z.infer<typeof profitHashrateSeriesSchema>;

/** Daily income per unit of hashrate (`unit_hashrate` H/s, e.g. 1e12 for 1 TH/s). */
export const unitProfitSeriesSchema = z.object({
  unit_hashrate: hashrateSchema,
  points: z.array(z.object({ time: epochMsSchema, amount: moneySchema })),
});
/** Daily unit income. */
export type UnitProfitSeries = z.infer<typeof unitProfitSeriesSchema>;

/** The fee rates in effect on one day (the `/rates` call). */
export const feeRateRowSchema = z.object({
  date: isoDateSchema,
  pay_method: payoutModelSchema,
  /** The pool's fee before reductions, in percent. */
  base_fee_percent: percentSchema,
  /** Reduction from a coupon in use, in percent points; `"0"` without one. */
  coupon_reduction_percent: percentSchema,
  /** Fee actually charged, in percent. */
  fee_percent: percentSchema,
});
/** A day's fee rates. */
export type FeeRateRow = z.infer<typeof feeRateRowSchema>;

/** Answer of `GET /pools/{pool}/accounts/{account}/rates`, newest day first. */
export const feeRateListSchema = z.object({ list: z.array(feeRateRowSchema) });
/** Fee rates by day. */
export type FeeRateList = z.infer<typeof feeRateListSchema>;

/**
 * Query of the profit export: a required date range (spec section 5, "Export requires a date
 * range") of at most 366 days, and which statement to export (default `profits`).
 */
export const profitExportQuerySchema = z
  .object({
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    kind: z.enum(['profits', 'solo']).default('profits'),
  })
  .strict()
  .refine(isDateRangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['end_date'] })
  .refine((value) => daysInRange(value.start_date, value.end_date) <= MAX_DATE_RANGE_DAYS, {
    message: `An export covers at most ${MAX_DATE_RANGE_DAYS} days`,
    path: ['start_date'],
  });
/** Export query as a caller sends it. */
export type ProfitExportQuery = z.input<typeof profitExportQuerySchema>;

/**
 * The export answer: CSV text (UTF-8, comma-separated, header row first), not an envelope.
 * Columns of `profits`: date, hashrate_hs, pps_amount, pplns_amount, fee, amount, status.
 */
export const profitExportSchema = z.string();
/** CSV text. */
export type ProfitExport = z.infer<typeof profitExportSchema>;

/** A payment's state (spec section 4): `pending`, then `confirmed` on chain. */
export const paymentStatusSchema = z.enum(['pending', 'confirmed']);
/** A payment state. */
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** One payout to an address (spec: fields not shown). */
export const paymentSchema = z.object({
  id: entityIdSchema,
  /** Time the payout was created. */
  time: isoDateTimeSchema,
  /** Amount sent, in the coin, after the network fee. */
  amount: moneySchema,
  /** Network fee paid by the miner; `"0"` when the pool pays it. */
  fee: moneySchema,
  /** Transaction id on chain; `null` until broadcast. */
  tx_id: z.string().min(1).max(128).nullable(),
  status: paymentStatusSchema,
});
/** A payment. */
export type Payment = z.infer<typeof paymentSchema>;

/** A page of payments, newest first. */
export const paymentListSchema = paginatedSchema(paymentSchema);
/** A page of payments. */
export type PaymentList = z.infer<typeof paymentListSchema>;

/** Path parameters `{account}/{pool}` of `PUT /accounts/{account}/pools/{pool}/pay-method`. */
export const accountPoolParamsSchema = z
  .object({ account: accountNameSchema, pool: poolNameSchema })
  .strict();
/** `{account}/{pool}` as a caller sends them. */
export type AccountPoolParams = z.input<typeof accountPoolParamsSchema>;

/** Query of `GET /accounts/{account}/pay-method`: optionally one pool only. */
export const payMethodQuerySchema = z.object({ pool: poolNameSchema.optional() }).strict();
/** Pay-method query as a caller sends it. */
export type PayMethodQuery = z.input<typeof payMethodQuerySchema>;

/** An account's settlement method on one pool. It cannot change again within 24 hours. */
export const payMethodSchema = z.object({
  pool: poolNameSchema,
  pay_method: payoutModelSchema,
  /** Methods the pool offers. */
  available: z.array(payoutModelSchema).min(1),
  /** Last change; `null` if never changed. */
  changed_at: isoDateTimeSchema.nullable(),
  /** Until when another change is refused; `null` when a change is allowed now. */
  locked_until: isoDateTimeSchema.nullable(),
});
/** A settlement method. */
export type PayMethod = z.infer<typeof payMethodSchema>;

/** Answer of `GET /accounts/{account}/pay-method`. */
export const payMethodListSchema = z.object({ list: z.array(payMethodSchema) });
/** Settlement methods by pool. */
export type PayMethodList = z.infer<typeof payMethodListSchema>;

/** Body of `PUT /accounts/{account}/pools/{pool}/pay-method`. */
export const updatePayMethodBodySchema = z.object({ pay_method: payoutModelSchema }).strict();
/** Update-pay-method body. */
export type UpdatePayMethodBody = z.input<typeof updatePayMethodBodySchema>;
