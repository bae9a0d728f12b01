/**
 * The one place the server imports the API contract from `@poolkit/core`, so that the rest of
 * the server depends on this module only.
 */
import type { Endpoint, errorEnvelopeSchema } from '@poolkit/core';
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
