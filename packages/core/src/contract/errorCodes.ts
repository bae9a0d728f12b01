/**
 * Error codes of the API. The spec fixes only 40001 (token expired, with HTTP 400); the rest
 * are PoolKit's own, grouped by HTTP status (the first three digits).
 */
export const ERROR_CODES = {
  /** HTTP 400: the access token has expired; refresh once and retry. */
  tokenExpired: 40001,
  /** HTTP 400: a request field is missing or malformed; `fields` names it. */
  validation: 40000,
  /** HTTP 400: a verification code (email, SMS, TOTP) is wrong or expired. */
  codeInvalid: 40002,
  /** HTTP 400: the captcha result is missing, wrong or already used. */
  captchaInvalid: 40003,
  /** HTTP 400: the password could not be decrypted with the public key. */
  publicKeyWrong: 40004,
  /** HTTP 400: a mining address does not match the coin's format. */
  addressWrong: 40005,
  /** HTTP 400: the settlement method was changed less than 24 hours ago. */
  payMethodLocked: 40006,
  /** HTTP 400: not enough balance for the operation. */
  insufficientBalance: 40007,
  /** HTTP 400: a money-moving call needs a pay password, and none is set yet. */
  payPasswordNotSet: 40008,
  /** HTTP 400: the pay password is wrong (five wrong ones in a row lock it for an hour). */
  payPasswordWrong: 40009,
  /** HTTP 400: the exchange quote has expired; ask for a new one. */
  quoteExpired: 40010,
  /** HTTP 401: no valid credentials. */
  unauthorized: 40100,
  /** HTTP 401: wrong account or password. */
  badCredentials: 40101,
  /** HTTP 401: the account has not been registered. */
  notRegistered: 40102,
  /** HTTP 401: a second factor (TOTP) is required to finish logging in. */
  secondFactorRequired: 40103,
  /** HTTP 403: the user lacks the permission for this call. */
  forbidden: 40300,
  /** HTTP 403: observer tokens are read-only. */
  observerReadOnly: 40301,
  /** HTTP 403: the account is locked (cancellation pending, or frozen for 24 h). */
  accountLocked: 40302,
  /** HTTP 404: the thing asked for does not exist. */
  notFound: 40400,
  /** HTTP 405: the path exists, but not for this method (`Allow` lists the ones it takes). */
  methodNotAllowed: 40500,
  /** HTTP 409: the thing already exists (user name, email, passkey, group name). */
  conflict: 40900,
  /** HTTP 409: the caller already received a packet of this red-packet campaign. */
  redPacketAlreadyReceived: 40910,
  /** HTTP 409: every packet of the campaign (or this packet) has been received. */
  redPacketsGone: 40911,
  /** HTTP 409: the campaign was disabled or its activation deadline has passed. */
  redPacketClosed: 40912,
  /** HTTP 413: the request body is too large. */
  payloadTooLarge: 41300,
  /** HTTP 414: the request URL is too long. */
  uriTooLong: 41400,
  /** HTTP 415: the body's content type is not accepted (JSON only). */
  unsupportedMediaType: 41500,
  /** HTTP 429: too many requests (login, code sending, registration). */
  rateLimited: 42900,
  /** HTTP 431: the request line and headers together are larger than the server reads. */
  headersTooLarge: 43100,
  /** HTTP 500: an unexpected server error. */
  internal: 50000,
  /** HTTP 503: the service (or its database) is not available right now. */
  unavailable: 50300,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
