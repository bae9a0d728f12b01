/**
 * The one place the server imports the API contract from `@poolkit/core`, so that the rest of
 * the server depends on this module only.
 */
import type { Endpoint, endpoints, errorEnvelopeSchema } from '@poolkit/core';
import type { z } from 'zod';

export type {
  AccountBalance,
  CoinId,
  ContractOrderStatus,
  Endpoint,
  ErrorStatus,
  LedgerEntry,
  Reconciliation,
  ReconciliationCoin,
  TransactionStatus,
  TransactionType,
  WalletBalance,
  WalletTransaction,
} from '@poolkit/core';
export {
  buildPath,
  COINS,
  CONTROL_CHARACTER_MESSAGE,
  defineEndpoint,
  ERROR_CODES,
  endpoints,
  envelopeSchema,
  errorEnvelopeSchema,
  errorStatusesOf,
  isDelegableRead,
  MAX_CERTIFICATE_BYTES,
  noInput,
  pathParamNames,
  UNPAIRED_SURROGATE_MESSAGE,
} from '@poolkit/core';

/** Who may call an endpoint (`public`, `optional`, `user`, `user-only`). */
export type EndpointAuth = Endpoint['auth'];

/** The HTTP methods endpoints use. */
export type HttpMethod = Endpoint['method'];

/** The error envelope `{code, msg, fields?}`. */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * The answer of the endpoint `TId` as its handler resolves it (the envelope's `data`), derived
 * from the endpoint's response schema, so a module's answer type cannot drift from the contract.
 * An item of a page is `AnswerOf<'coupons'>['list'][number]`.
 */
export type AnswerOf<TId extends keyof typeof endpoints> = z.input<
  (typeof endpoints)[TId]['response']
>;
