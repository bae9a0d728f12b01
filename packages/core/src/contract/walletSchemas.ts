/**
 * The wallet's money calls: withdraw addresses, withdrawals, deposits, auto-withdraw,
 * internal transfers, exchange and the pay password (balances and transactions are in
 * `walletTransactions.ts`). Every amount is a decimal string. Money-moving calls carry the pay
 * password, encrypted like the login password, and an idempotency key.
 *
 * Money belongs to mining accounts: each of a user's mining accounts (the main account and its
 * sub-accounts) holds its own balance per coin, credited with that account's mining income; the
 * wallet sums them. Transfers name the account they leave and the account they reach.
 *
 * The schemas and types; the endpoints that use them are in `groups/walletEndpoints.ts`.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  coinIdSchema,
  encryptedSecretSchema,
  entityIdSchema,
  idempotencyKeySchema,
  isoDateSchema,
  isoDateTimeSchema,
  keyIdSchema,
  miningAddressSchema,
  moneySchema,
  nicknameSchema,
  positiveMoneySchema,
  validationTokenSchema,
} from './common';
import { transactionStatusSchema } from './walletTransactions';

/** A public key for KDA withdraw addresses (`k:` accounts): 64 hex characters. */
export const kdaPublicKeySchema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'The publicKey is wrong');

/** A saved withdraw address (spec section 3). */
export const withdrawAddressSchema = z.object({
  id: entityIdSchema,
  coin: coinIdSchema,
  alias: z.string(),
  address: miningAddressSchema,
  /** KDA only: the public key guarding the account; `null` otherwise. */
  public_key: kdaPublicKeySchema.nullable(),
  created_at: isoDateTimeSchema,
});
/** A withdraw address. */
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;

/** Query of `GET /wallets/withdraw-addresses`: optionally one coin. */
export const withdrawAddressQuerySchema = z.object({ coin: coinIdSchema.optional() }).strict();
/** Withdraw-address query as a caller sends it. */
export type WithdrawAddressQuery = z.input<typeof withdrawAddressQuerySchema>;

/** Answer of `GET /wallets/withdraw-addresses`. */
export const withdrawAddressListSchema = z.object({ list: z.array(withdrawAddressSchema) });
/** Withdraw addresses. */
export type WithdrawAddressList = z.infer<typeof withdrawAddressListSchema>;

/**
 * Body of `POST /wallets/withdraw-addresses`. `public_key` is for KDA only. Adding an address
 * needs a second validation (scene `withdraw_address`).
 */
export const createWithdrawAddressBodySchema = z
  .object({
    coin: coinIdSchema,
    alias: nicknameSchema,
    address: miningAddressSchema,
    public_key: kdaPublicKeySchema.optional(),
    validation_token: validationTokenSchema,
  })
  .strict()
  .refine((value) => value.public_key === undefined || value.coin === 'kda', {
    message: 'A public key is only taken for KDA',
    path: ['public_key'],
  });
/** Create-withdraw-address body. */
export type CreateWithdrawAddressBody = z.input<typeof createWithdrawAddressBodySchema>;

/** Body of `PUT /wallets/withdraw-addresses/{id}`: renames the address (alias only). */
export const updateWithdrawAddressBodySchema = z.object({ alias: nicknameSchema }).strict();
/** Update-withdraw-address body. */
export type UpdateWithdrawAddressBody = z.input<typeof updateWithdrawAddressBodySchema>;

/** Path parameters `{id}` of wallet items. */
export const walletItemParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type WalletItemParams = z.input<typeof walletItemParamsSchema>;

/** Query naming one coin. */
export const coinQuerySchema = z.object({ coin: coinIdSchema }).strict();
/** Coin query as a caller sends it. */
export type CoinQuery = z.input<typeof coinQuerySchema>;

/** Answer of `GET /wallets/withdraw-rules`: the limits of one coin (spec: values not shown). */
export const withdrawRulesSchema = z.object({
  coin: coinIdSchema,
  /** Smallest withdrawal. */
  min_amount: moneySchema,
  /** Network fee charged per withdrawal. */
  fee: moneySchema,
  /** Above this, a withdrawal waits for manual audit (within 24 h). */
  manual_audit_above: moneySchema,
  /** Larger withdrawals are split into transactions of at most this. */
  max_single: moneySchema,
  /** Withdrawals paused until then (security change in the last 24 h); `null` otherwise. */
  paused_until: isoDateTimeSchema.nullable(),
  /** Withdrawals of the coin are open at all. */
  enabled: z.boolean(),
  /**
   * Who judges a new withdraw address: `node` when the coin's node checks it (the server's
   * answer decides, so a client skips core's address shape), `shape` when core's address shape
   * does. Optional so answers of servers that predate it still parse: absent reads as `shape`.
   */
  address_check: z.enum(['node', 'shape']).optional(),
});
/** Withdrawal rules. */
export type WithdrawRules = z.infer<typeof withdrawRulesSchema>;

/**
 * Body of `POST /wallets/withdrawals`: to a saved address, at or above the minimum, with the
 * pay password and a second validation (scene `withdraw`). The coins leave `from_account`
 * (one of the caller's mining accounts; default the main account); the balance pays `amount`
 * plus the rules' `fee`, and the address receives `amount`.
 */
export const withdrawBodySchema = z
  .object({
    coin: coinIdSchema,
    /** The caller's mining account the coins leave; the main account when absent. */
    from_account: accountNameSchema.optional(),
    address_id: entityIdSchema,
    amount: positiveMoneySchema,
    pay_password: encryptedSecretSchema,
    key_id: keyIdSchema,
    validation_token: validationTokenSchema,
    idempotency_key: idempotencyKeySchema,
  })
  .strict();
/** Withdraw body. */
export type WithdrawBody = z.input<typeof withdrawBodySchema>;

/**
 * Answer of `POST /wallets/withdrawals`. `id` is the withdrawal's ledger record
 * (`GET /wallets/transactions/{id}`), whose status follows the withdrawal: `pending` until every
 * part is settled on the chain, then `successful` (when a part failed, its share is refunded by
 * a record of its own), or `failed` when nothing was paid (every part failed, or an operator
 * rejected it).
 */
export const withdrawalSchema = z.object({
  id: entityIdSchema,
  coin: coinIdSchema,
  /** What the address receives. */
  amount: moneySchema,
  /** Charged on top of `amount`, once per withdrawal. */
  fee: moneySchema,
  status: transactionStatusSchema,
  /** True when the amount waits for manual audit (an operator, within 24 hours). */
  manual_audit: z.boolean(),
  /** Chain transactions it is split into. */
  parts: z.number().int().positive(),
  /** The mining account the coins left. */
  account: accountNameSchema,
  /** The address paid to. */
  address: miningAddressSchema,
  created_at: isoDateTimeSchema,
});
/** A withdrawal. */
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * Query of `GET /wallets/deposit-address`: a coin, and which of the caller's mining accounts
 * the deposits credit (every account has its own address per coin, as it has its own
 * balance); the user's main account when absent.
 */
export const depositAddressQuerySchema = z
  .object({ coin: coinIdSchema, account: accountNameSchema.optional() })
  .strict();
/** Deposit-address query as a caller sends it. */
export type DepositAddressQuery = z.input<typeof depositAddressQuerySchema>;

/** Answer of `GET /wallets/deposit-address`. */
export const depositAddressSchema = z.object({
  coin: coinIdSchema,
  /** The mining account whose balance deposits to this address credit. */
  account: accountNameSchema,
  address: miningAddressSchema,
  /** Chain number (KDA: 0); `null` for single-chain coins. */
  chain: z.number().int().nonnegative().nullable(),
  /** Confirmations before a deposit is credited (spec: 1). */
  confirmations: z.number().int().positive(),
  /** Smallest amount credited. */
  min_amount: moneySchema,
});
/** A deposit address. */
export type DepositAddress = z.infer<typeof depositAddressSchema>;

/** Query of `GET /wallets/deposits`: optionally one coin and one of the caller's accounts. */
export const depositListQuerySchema = z
  .object({ coin: coinIdSchema.optional(), account: accountNameSchema.optional() })
  .strict();
/** Deposit-list query as a caller sends it. */
export type DepositListQuery = z.input<typeof depositListQuerySchema>;

/** Where a deposit stands (spec section 4: a payment record is pending, then confirmed). */
export const depositStatusSchema = z.enum(['pending', 'credited', 'below_minimum']);
/** A deposit's state. */
export type DepositStatus = z.infer<typeof depositStatusSchema>;

/** A transfer seen on chain paying one of the caller's deposit addresses. */
export const depositSchema = z.object({
  /** The chain transaction. */
  tx_id: z.string().min(1).max(128),
  coin: coinIdSchema,
  /** The mining account it credits. */
  account: accountNameSchema,
  address: miningAddressSchema,
  amount: moneySchema,
  /** Confirmations seen so far. */
  confirmations: z.number().int().nonnegative(),
  /** Confirmations it needs before it is credited (spec: 1). */
  confirmations_needed: z.number().int().positive(),
  /** `pending` until confirmed, then `credited`; below the minimum it is never credited. */
  status: depositStatusSchema,
  seen_at: isoDateTimeSchema,
  credited_at: isoDateTimeSchema.nullable(),
  /** The wallet record of the credit (`GET /wallets/transactions/{id}`); `null` until then. */
  transaction_id: entityIdSchema.nullable(),
});
/** A deposit. */
export type Deposit = z.infer<typeof depositSchema>;

/** Answer of `GET /wallets/deposits`: the 20 newest, newest first. */
export const depositListSchema = z.object({ list: z.array(depositSchema) });
/** Recent deposits. */
export type DepositList = z.infer<typeof depositListSchema>;

/**
 * One mining account's auto-withdraw of a coin (not shown; as ViaBTC keeps it per sub-account):
 * once a day, from 02:00 UTC, the account's available balance is paid to the address as an
 * ordinary withdrawal (fee on top, audit limit and split alike) when it has reached the
 * threshold.
 */
export const autoWithdrawSchema = z.object({
  coin: coinIdSchema,
  /** The mining account it pays from. */
  account: accountNameSchema,
  enabled: z.boolean(),
  /** Saved address paid to (kept when switched off). */
  address_id: entityIdSchema.nullable(),
  /** Pays out when the available balance reaches this (at least the minimum plus the fee). */
  threshold: moneySchema.nullable(),
  updated_at: isoDateTimeSchema,
  /** The last UTC day it paid out (`YYYY-MM-DD`); `null` before the first payout. */
  last_paid_day: isoDateSchema.nullable(),
});
/** An auto-withdraw setting. */
export type AutoWithdraw = z.infer<typeof autoWithdrawSchema>;

/** Answer of `GET /wallets/auto-withdraw`. */
export const autoWithdrawListSchema = z.object({ list: z.array(autoWithdrawSchema) });
/** Auto-withdraw settings. */
export type AutoWithdrawList = z.infer<typeof autoWithdrawListSchema>;

/**
 * Body of `PUT /wallets/auto-withdraw`: one coin's setting. Changing the address pauses
 * withdrawals for 24 hours. Needs the pay password and a second validation (`auto_withdraw`).
 */
export const updateAutoWithdrawBodySchema = z.discriminatedUnion('enabled', [
  z
    .object({
      coin: coinIdSchema,
      /** The mining account; default the user's main account. */
      account: accountNameSchema.optional(),
      enabled: z.literal(true),
      address_id: entityIdSchema,
      threshold: positiveMoneySchema,
      pay_password: encryptedSecretSchema,
      key_id: keyIdSchema,
      validation_token: validationTokenSchema,
    })
    .strict(),
  z
    .object({
      coin: coinIdSchema,
      account: accountNameSchema.optional(),
      enabled: z.literal(false),
      pay_password: encryptedSecretSchema,
      key_id: keyIdSchema,
      validation_token: validationTokenSchema,
    })
    .strict(),
]);
/** Update-auto-withdraw body. */
export type UpdateAutoWithdrawBody = z.input<typeof updateAutoWithdrawBodySchema>;

/**
 * Body of `POST /wallets/transfers`: from one of the caller's mining accounts to any other
 * mining account (another user's, or another of the caller's), by name. Needs the pay password
 * and a second validation (scene `transfer`); `idempotency_key` makes a retry safe.
 */
export const transferBodySchema = z
  .object({
    coin: coinIdSchema,
    /** The caller's account the coins leave. */
    from_account: accountNameSchema,
    /** Receiving account (not empty). */
    to_account: accountNameSchema,
    amount: positiveMoneySchema,
    pay_password: encryptedSecretSchema,
    key_id: keyIdSchema,
    validation_token: validationTokenSchema,
    idempotency_key: idempotencyKeySchema,
  })
  .strict()
  .refine((value) => value.from_account.toLowerCase() !== value.to_account.toLowerCase(), {
    message: 'Choose an account other than the one the coins leave',
    path: ['to_account'],
  });
/** Transfer body. */
export type TransferBody = z.input<typeof transferBodySchema>;

/** Answer of `POST /wallets/transfers`: the record (`GET /wallets/transactions/{id}`). */
export const transferSchema = z.object({
  id: entityIdSchema,
  coin: coinIdSchema,
  from_account: accountNameSchema,
  to_account: accountNameSchema,
  amount: moneySchema,
  status: transactionStatusSchema,
  created_at: isoDateTimeSchema,
});
/** A transfer. */
export type Transfer = z.infer<typeof transferSchema>;

/**
 * Query of `GET /wallets/exchanges/quote`: how much of `from` to sell for `to`, within one of
 * the caller's mining accounts (`account`: both coins stay in it).
 */
export const exchangeQuoteQuerySchema = z
  .object({
    account: accountNameSchema,
    from: coinIdSchema,
    to: coinIdSchema,
    amount: positiveMoneySchema,
  })
  .strict()
  .refine((value) => value.from !== value.to, {
    message: 'Pick two different coins',
    path: ['to'],
  });
/** Exchange-quote query as a caller sends it. */
export type ExchangeQuoteQuery = z.input<typeof exchangeQuoteQuerySchema>;

/** What a quote and the exchange that accepts it both state: the account, coins and amounts. */
const exchangeTermsShape = {
  account: accountNameSchema,
  from: coinIdSchema,
  to: coinIdSchema,
  amount_in: moneySchema,
  amount_out: moneySchema,
  /** Units of `to` for one unit of `from`. */
  rate: moneySchema,
  /** In `to`. */
  fee: moneySchema,
};

/**
 * Answer of `GET /wallets/exchanges/quote`: a firm price until `expires_at` (30 s), kept by the
 * server under `quote_id`, so the exchange runs at this price and no other. `amount_out` is
 * `amount_in × rate` (cut to the coin's decimals) less `fee` (`fee_percent` of it, in `to`).
 */
export const exchangeQuoteSchema = z.object({
  quote_id: entityIdSchema,
  ...exchangeTermsShape,
  /** The desk's fee as a percentage, e.g. `"0.5"`. */
  fee_percent: moneySchema,
  expires_at: isoDateTimeSchema,
});
/** An exchange quote. */
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;

/**
 * Body of `POST /wallets/exchanges`: accepts a quote before it expires, once. Needs the pay
 * password; `idempotency_key` makes a retry safe.
 */
export const exchangeBodySchema = z
  .object({
    quote_id: entityIdSchema,
    pay_password: encryptedSecretSchema,
    key_id: keyIdSchema,
    idempotency_key: idempotencyKeySchema,
  })
  .strict();
/** Exchange body. */
export type ExchangeBody = z.input<typeof exchangeBodySchema>;

/** Answer of `POST /wallets/exchanges`: the record (`GET /wallets/transactions/{id}`). */
export const exchangeSchema = z.object({
  id: entityIdSchema,
  ...exchangeTermsShape,
  status: transactionStatusSchema,
  created_at: isoDateTimeSchema,
});
/** An exchange. */
export type Exchange = z.infer<typeof exchangeSchema>;

/**
 * Body of `PUT /wallets/pay-password`: sets or changes the pay password after a second
 * validation (scene `pay_password`). It must differ from the login password. Withdrawals and
 * transfers pause for 24 hours after a change (not after the first setting). The "two inputs
 * match" check is the form's.
 */
export const setPayPasswordBodySchema = z
  .object({
    pay_password: encryptedSecretSchema,
    key_id: keyIdSchema,
    validation_token: validationTokenSchema,
  })
  .strict();
/** Set-pay-password body. */
export type SetPayPasswordBody = z.input<typeof setPayPasswordBodySchema>;
