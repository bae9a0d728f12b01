/**
 * The wallet's balances and transactions: what each mining account holds per coin, the
 * transaction list, its export and one transaction's ledger entries. Every amount is a decimal
 * string; the endpoints that use them are in `groups/walletEndpoints.ts`.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  coinIdSchema,
  DATE_RANGE_ORDER_MESSAGE,
  daysInRange,
  entityIdSchema,
  isDateRangeInOrder,
  isoDateSchema,
  isoDateTimeSchema,
  MAX_DATE_RANGE_DAYS,
  moneySchema,
  optionalDateRangeShape,
  paginatedSchema,
  paginationQueryShape,
} from './common';

/** One coin's balance. */
export const walletBalanceSchema = z.object({
  coin: coinIdSchema,
  /** Free to withdraw, transfer or exchange. */
  available: moneySchema,
  /** Held: withdrawals in progress, audits, a 24-hour security pause. */
  frozen: moneySchema,
  /** `available + frozen`. */
  total: moneySchema,
  /** Value of `total` in CNY; `null` without a price. */
  value_cny: moneySchema.nullable(),
});
/** A coin balance. */
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** One mining account's balance of one coin. */
export const accountBalanceSchema = z.object({
  account: accountNameSchema,
  coin: coinIdSchema,
  available: moneySchema,
  frozen: moneySchema,
  total: moneySchema,
});
/** An account's coin balance. */
export type AccountBalance = z.infer<typeof accountBalanceSchema>;

/** Answer of `GET /wallets/balances`. */
export const walletBalancesSchema = z.object({
  /** Per coin, summed over the user's mining accounts; coins never held are left out. */
  list: z.array(walletBalanceSchema),
  /** Sum of the values in CNY (the session's wallet amount), two decimals. */
  total_value_cny: moneySchema,
  /** Per mining account and coin, by account name then coin. */
  accounts: z.array(accountBalanceSchema),
});
/** All balances. */
export type WalletBalances = z.infer<typeof walletBalancesSchema>;

/**
 * Kinds of wallet transactions. `withdraw_refund` is the line of a withdrawal given back (an
 * operator rejected it, or its chain transaction failed): coins returning to the wallet, not a
 * second withdrawal.
 */
export const transactionTypeSchema = z.enum([
  'mining',
  'deposit',
  'withdraw',
  'withdraw_refund',
  'auto_withdraw',
  'transfer_in',
  'transfer_out',
  'exchange_in',
  'exchange_out',
  'contract',
  'red_packet',
  'invite_reward',
]);
/** A transaction kind. */
export type TransactionType = z.infer<typeof transactionTypeSchema>;

/** A transaction's outcome (spec section 4): successful, failed or pending. */
export const transactionStatusSchema = z.enum(['successful', 'failed', 'pending']);
/** A transaction outcome. */
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** The filters of the transaction list and its export. */
const transactionFilterShape = {
  coin: coinIdSchema.optional(),
  type: transactionTypeSchema.optional(),
  status: transactionStatusSchema.optional(),
  /** One of the user's mining accounts; all of them when absent. */
  account: accountNameSchema.optional(),
};

/**
 * Query of `GET /wallets/transactions`: filters by coin, type, status, account and UTC days
 * (`start_date` to `end_date`, both included).
 */
export const transactionListQuerySchema = z
  .object({
    ...paginationQueryShape,
    ...optionalDateRangeShape,
    ...transactionFilterShape,
  })
  .strict()
  .refine(isDateRangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['end_date'] });
/** Transaction query as a caller sends it. */
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

/**
 * Query of `GET /wallets/exports/transactions`: the list's filters with a date range that is
 * required (spec section 5, "Export requires a date range"), at most 366 days.
 */
export const transactionExportQuerySchema = z
  .object({
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    ...transactionFilterShape,
  })
  .strict()
  .refine(isDateRangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['end_date'] })
  .refine((value) => daysInRange(value.start_date, value.end_date) <= MAX_DATE_RANGE_DAYS, {
    message: `An export covers at most ${MAX_DATE_RANGE_DAYS} days`,
    path: ['start_date'],
  });
/** Export query as a caller sends it. */
export type TransactionExportQuery = z.input<typeof transactionExportQuerySchema>;

/**
 * The export answer: CSV text (UTF-8, comma-separated, header row first), not an envelope.
 * Columns: id, time, account, coin, type, amount, fee, counterparty, status, note.
 */
export const transactionExportSchema = z.string();
/** CSV text. */
export type TransactionExport = z.infer<typeof transactionExportSchema>;

/**
 * One wallet transaction as one of the user's mining accounts saw it. `id` is the record
 * (`GET /wallets/transactions/{id}`); a transfer between two of the user's own accounts is one
 * record listed twice, once per account.
 */
export const walletTransactionSchema = z.object({
  id: entityIdSchema,
  time: isoDateTimeSchema,
  /** The user's mining account this line is about. */
  account: accountNameSchema,
  coin: coinIdSchema,
  type: transactionTypeSchema,
  /**
   * Signed: credits positive, debits negative. What the line moved on the account's available
   * balance, everything included: a withdrawal's amount is what left the wallet, i.e. what the
   * address receives plus the fee (`-0.250200` for 0.25 sent with a 0.0002 fee). The wallet
   * page, the CSV export and this API show this same number; summing the amounts of all lines
   * gives the change of the balance.
   */
  amount: moneySchema,
  /**
   * The part of `amount` charged as a fee, unsigned, `"0"` when none. Already included in
   * `amount`: never add it again (the address received `|amount| - fee`). The CSV export's
   * column says so: `fee_included`.
   */
  fee: moneySchema,
  /** Chain address for deposits and withdrawals, account name for transfers; else `null`. */
  counterparty: z.string().max(128).nullable(),
  /** Chain transaction id; `null` until broadcast or for internal moves. */
  tx_id: z.string().max(128).nullable(),
  status: transactionStatusSchema,
  /** Why a transaction failed or waits (e.g. `manual_audit`); `null` otherwise. */
  note: z.string().max(256).nullable(),
  /**
   * A deposit seen on the chain that waits for its confirmations (status `pending`, type
   * `deposit`): how many it has and how many it needs before it is credited. Such a line has
   * no ledger record yet: its id is `deposit-<n>` and it has no page of its own; once credited,
   * the `deposit` record's line takes its place. Absent on every other line.
   */
  confirmations: z
    .object({
      count: z.number().int().nonnegative(),
      needed: z.number().int().positive(),
    })
    .optional(),
});
/** A wallet transaction. */
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** A page of transactions, newest first. */
export const walletTransactionListSchema = paginatedSchema(walletTransactionSchema);
/** A page of transactions. */
export type WalletTransactionList = z.infer<typeof walletTransactionListSchema>;

/** Which ledger balance an entry moved: the free one or the held one. */
export const ledgerBucketSchema = z.enum(['available', 'frozen']);
/** A ledger bucket. */
export type LedgerBucket = z.infer<typeof ledgerBucketSchema>;

/**
 * One entry of a record: an amount added to (positive) or taken from (negative) one balance.
 * The entries of a record sum to zero per coin.
 */
export const ledgerEntrySchema = z.object({
  id: entityIdSchema,
  /**
   * Whose balance: `own` (one of the caller's accounts), `account` (another user's mining
   * account: the other side of a transfer) or `pool` (the pool's own side: mining payouts).
   */
  holder: z.enum(['own', 'account', 'pool']),
  /**
   * The mining account's name, or the pool's ledger account (`mining_payouts`,
   * `withdrawals_paid`, `withdraw_fees`).
   */
  name: z.string().min(1).max(64),
  coin: coinIdSchema,
  bucket: ledgerBucketSchema,
  /** Signed decimal string. */
  amount: moneySchema,
});
/** A ledger entry. */
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** Answer of `GET /wallets/transactions/{id}`: one record, the caller's lines and its entries. */
export const walletTransactionDetailSchema = z.object({
  id: entityIdSchema,
  time: isoDateTimeSchema,
  coin: coinIdSchema,
  status: transactionStatusSchema,
  /** The caller's lines of the record, as the list shows them (two for an own-account transfer). */
  lines: z.array(walletTransactionSchema).min(1),
  /**
   * Every entry of the record, oldest first; they sum to zero. A withdrawal's record also lists
   * the entries of its settlements (payouts to the pool's `withdrawals_paid` and
   * `withdraw_fees`, refunds), each of which sums to zero too.
   */
  entries: z.array(ledgerEntrySchema).min(2),
  /** Mining income: the UTC day it was earned; `null` for other kinds. */
  mining_day: isoDateSchema.nullable(),
});
/** A wallet transaction with its entries. */
export type WalletTransactionDetail = z.infer<typeof walletTransactionDetailSchema>;
