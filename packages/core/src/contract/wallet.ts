/**
 * The wallet: balances, transactions, withdraw addresses, withdrawals, deposits,
 * auto-withdraw, internal transfers, exchange and the pay password. Every amount is a decimal
 * string. Money-moving calls carry the pay password, encrypted like the login password.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  coinIdSchema,
  DATE_RANGE_ORDER_MESSAGE,
  encryptedSecretSchema,
  entityIdSchema,
  isDateRangeInOrder,
  isoDateTimeSchema,
  keyIdSchema,
  miningAddressSchema,
  moneySchema,
  nicknameSchema,
  optionalDateRangeShape,
  paginatedSchema,
  paginationQueryShape,
  positiveMoneySchema,
  validationTokenSchema,
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

/** Answer of `GET /wallets/balances`. */
export const walletBalancesSchema = z.object({
  list: z.array(walletBalanceSchema),
  /** Sum of the values in CNY (the session's wallet amount). */
  total_value_cny: moneySchema,
});
/** All balances. */
export type WalletBalances = z.infer<typeof walletBalancesSchema>;

/** Kinds of wallet transactions. */
export const transactionTypeSchema = z.enum([
  'mining',
  'deposit',
  'withdraw',
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

/** Query of `GET /wallets/transactions`. */
export const transactionListQuerySchema = z
  .object({
    ...paginationQueryShape,
    ...optionalDateRangeShape,
    coin: coinIdSchema.optional(),
    type: transactionTypeSchema.optional(),
    status: transactionStatusSchema.optional(),
  })
  .strict()
  .refine(isDateRangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['end_date'] });
/** Transaction query as a caller sends it. */
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

/** One wallet transaction. */
export const walletTransactionSchema = z.object({
  id: entityIdSchema,
  time: isoDateTimeSchema,
  coin: coinIdSchema,
  type: transactionTypeSchema,
  /** Signed: credits positive, debits negative. */
  amount: moneySchema,
  /** Fee charged, `"0"` when none. */
  fee: moneySchema,
  /** Chain address for deposits and withdrawals, account name for transfers; else `null`. */
  counterparty: z.string().max(128).nullable(),
  /** Chain transaction id; `null` until broadcast or for internal moves. */
  tx_id: z.string().max(128).nullable(),
  status: transactionStatusSchema,
  /** Why a transaction failed or waits (e.g. `manual_audit`); `null` otherwise. */
  note: z.string().max(256).nullable(),
});
/** A wallet transaction. */
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** A page of transactions, newest first. */
export const walletTransactionListSchema = paginatedSchema(walletTransactionSchema);
/** A page of transactions. */
export type WalletTransactionList = z.infer<typeof walletTransactionListSchema>;

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
});
/** Withdrawal rules. */
export type WithdrawRules = z.infer<typeof withdrawRulesSchema>;

/**
 * Body of `POST /wallets/withdrawals`: to a saved address, at or above the minimum, with the
 * pay password and a second validation (scene `withdraw`).
 */
export const withdrawBodySchema = z
  .object({
    coin: coinIdSchema,
    address_id: entityIdSchema,
    amount: positiveMoneySchema,
    pay_password: encryptedSecretSchema,
    key_id: keyIdSchema,
    validation_token: validationTokenSchema,
  })
  .strict();
/** Withdraw body. */
export type WithdrawBody = z.input<typeof withdrawBodySchema>;

/** Answer of `POST /wallets/withdrawals`. */
export const withdrawalSchema = z.object({
  id: entityIdSchema,
  coin: coinIdSchema,
  amount: moneySchema,
  fee: moneySchema,
  status: transactionStatusSchema,
  /** True when the amount waits for manual audit. */
  manual_audit: z.boolean(),
  /** Chain transactions it is split into. */
  parts: z.number().int().positive(),
  created_at: isoDateTimeSchema,
});
/** A withdrawal. */
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** Answer of `GET /wallets/deposit-address`. */
export const depositAddressSchema = z.object({
  coin: coinIdSchema,
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

/** One coin's auto-withdraw setting. */
export const autoWithdrawSchema = z.object({
  coin: coinIdSchema,
  enabled: z.boolean(),
  /** Saved address paid to; `null` when off. */
  address_id: entityIdSchema.nullable(),
  /** Pays out when the available balance reaches this. */
  threshold: moneySchema.nullable(),
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
      enabled: z.literal(false),
      pay_password: encryptedSecretSchema,
      key_id: keyIdSchema,
      validation_token: validationTokenSchema,
    })
    .strict(),
]);
/** Update-auto-withdraw body. */
export type UpdateAutoWithdrawBody = z.input<typeof updateAutoWithdrawBodySchema>;

/** Body of `POST /wallets/transfers`: to another user's account, by account name. */
export const transferBodySchema = z
  .object({
    coin: coinIdSchema,
    /** Receiving account (not empty). */
    to_account: accountNameSchema,
    amount: positiveMoneySchema,
    pay_password: encryptedSecretSchema,
    key_id: keyIdSchema,
  })
  .strict();
/** Transfer body. */
export type TransferBody = z.input<typeof transferBodySchema>;

/** Answer of `POST /wallets/transfers`. */
export const transferSchema = z.object({
  id: entityIdSchema,
  coin: coinIdSchema,
  to_account: z.string(),
  amount: moneySchema,
  status: transactionStatusSchema,
  created_at: isoDateTimeSchema,
});
/** A transfer. */
export type Transfer = z.infer<typeof transferSchema>;

/** Query of `GET /wallets/exchanges/quote`: how much of `from` to sell for `to`. */
export const exchangeQuoteQuerySchema = z
  .object({ from: coinIdSchema, to: coinIdSchema, amount: positiveMoneySchema })
  .strict()
  .refine((value) => value.from !== value.to, {
    message: 'Pick two different coins',
    path: ['to'],
  });
/** Exchange-quote query as a caller sends it. */
export type ExchangeQuoteQuery = z.input<typeof exchangeQuoteQuerySchema>;

/** Answer of `GET /wallets/exchanges/quote`: a firm price for a short while. */
export const exchangeQuoteSchema = z.object({
  quote_id: entityIdSchema,
  from: coinIdSchema,
  to: coinIdSchema,
  amount_in: moneySchema,
  amount_out: moneySchema,
  /** Units of `to` for one unit of `from`. */
  rate: moneySchema,
  fee: moneySchema,
  expires_at: isoDateTimeSchema,
});
/** An exchange quote. */
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;

/** Body of `POST /wallets/exchanges`: accepts a quote. */
export const exchangeBodySchema = z
  .object({ quote_id: entityIdSchema, pay_password: encryptedSecretSchema, key_id: keyIdSchema })
  .strict();
/** Exchange body. */
export type ExchangeBody = z.input<typeof exchangeBodySchema>;

/** Answer of `POST /wallets/exchanges`. */
export const exchangeSchema = z.object({
  id: entityIdSchema,
  from: coinIdSchema,
  to: coinIdSchema,
  amount_in: moneySchema,
  amount_out: moneySchema,
  rate: moneySchema,
  fee: moneySchema,
  status: transactionStatusSchema,
  created_at: isoDateTimeSchema,
});
/** An exchange. */
export type Exchange = z.infer<typeof exchangeSchema>;

/**
 * Body of `PUT /wallets/pay-password`: sets or changes the pay password after a second
 * validation (scene `pay_password`); withdrawals pause for 24 hours after a change. The
 * "two inputs match" check is the form's.
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
