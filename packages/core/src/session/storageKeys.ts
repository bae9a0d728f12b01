/**
 * The browser storage keys of spec section 3, exactly as the product names them. The camelCase
 * property is how PoolKit's code refers to a key; the value is what lands in storage.
 */
export const STORAGE_KEYS = {
  /** Persistent: the bearer access token (a JWT). */
  accessToken: 'access_token',
  /** Persistent: the refresh token sent to `POST /users/refresh/login`. */
  refreshToken: 'refresh_token',
  /** Persistent: the access token's expiry in epoch milliseconds (the JWT `exp` claim × 1000). */
  tokenExpiry: 'token_exp',
  /** Persistent: the hash of a red packet opened before logging in. */
  redpacketHash: 'redpacket_hash',
  /** Persistent: the interface language; `en` when unset. */
  language: 'language',
  /** Persistent: hide the wallet amounts (`true`/`false`). */
  hideWallet: 'hide_wallet',
  /** Persistent: hide amounts behind the eye toggle (`true`/`false`). */
  hideEye: 'hide_eye',
  /** Persistent: JSON list of recent address searches, at most 10. */
  searchList: 'search_list',
  /** Persistent: JSON list of default mining addresses. */
  defaultAddrList: 'default_addr_list',
  /** Persistent: the mining pool address last shown to the user. */
  miningPoolAddress: 'mining_pool_address',
  /** Per session: the permission pool name picked in the logged-in area. */
  poolName: 'pool_name',
  /** Per session: the electricity fee used by the profit calculator (a decimal string). */
  electricityFee: 'electricity_fee',
  /** Per session: the display currency code. */
  currency: 'currency',
} as const;

/** One storage key of {@link STORAGE_KEYS}. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The keys kept in `localStorage` (they survive closing the browser). */
export const PERSISTENT_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.tokenExpiry,
  STORAGE_KEYS.redpacketHash,
  STORAGE_KEYS.language,
  STORAGE_KEYS.hideWallet,
  STORAGE_KEYS.hideEye,
  STORAGE_KEYS.searchList,
  STORAGE_KEYS.defaultAddrList,
  STORAGE_KEYS.miningPoolAddress,
] as const;

/** The keys kept in `sessionStorage` (one browser tab's lifetime). */
export const PER_SESSION_KEYS = [
  STORAGE_KEYS.poolName,
  STORAGE_KEYS.electricityFee,
  STORAGE_KEYS.currency,
] as const;

/** The cookie that holds the signed-in user's id (spec section 3). */
export const USER_ID_COOKIE = 'userID';

/** The BroadcastChannel name on which tabs share refreshed tokens. */
export const SESSION_CHANNEL_NAME = 'poolkit-session';
