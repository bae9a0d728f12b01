/**
 * Read-only API keys: a user's bearer credential for family-B reads of chosen mining accounts
 * (pool statistics, workers, profits), with the permission strings of spec section 6 as scopes.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  entityIdSchema,
  isoDateTimeSchema,
  nicknameSchema,
  validationTokenSchema,
} from './common';

/**
 * The scopes a key (or a third-party app's token) may hold: the permission strings of spec
 * section 6, never the operators' `admin.view`.
 */
export const DELEGABLE_PERMISSIONS = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
] as const;

/** A scope of an API key, e.g. `miner.view`. */
export const delegableScopeSchema = z.enum(DELEGABLE_PERMISSIONS);
/** A scope of an API key. */
export type DelegableScope = z.infer<typeof delegableScopeSchema>;

/** The message of a malformed IP allow-list entry. */
export const CIDR_MESSAGE = 'Enter an IP address or a CIDR block, e.g. 203.0.113.0/24';

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)
  );
}

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return false;
  try {
    // The URL parser knows IPv6 (zero compression, embedded IPv4); it runs in browsers and Node.
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/**
 * True for an IPv4 or IPv6 address, alone or as a CIDR block (`203.0.113.0/24`, `2001:db8::/32`).
 *
 * @example isCidr('10.0.0.0/8') // true
 */
export function isCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const v4 = isIpv4(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** One IP allow-list entry: an address or a CIDR block. */
export const cidrSchema = z.string().trim().max(64).refine(isCidr, CIDR_MESSAGE);

/** How long a key works: a month, three months, a year, or until revoked. */
export const apiKeyExpirySchema = z.enum(['one_month', 'three_months', 'one_year', 'forever']);
/** An API key lifetime. */
export type ApiKeyExpiry = z.infer<typeof apiKeyExpirySchema>;

/**
 * Body of `POST /users/api-keys`. A key outlives the session that made it (a password reset
 * is what ends it), so creating one takes a fresh second validation of scene `api_key`, not
 * only a session.
 */
export const createApiKeyBodySchema = z
  .object({
    /** What the key is for, as the user names it. */
    name: nicknameSchema,
    /** Permission strings the key reads with; at least one. */
    scopes: z.array(delegableScopeSchema).min(1, 'Select at least one permission').max(7),
    /** Mining accounts the key may read; at least one. */
    accounts: z.array(accountNameSchema).min(1, 'Select at least one account').max(100),
    expiry: apiKeyExpirySchema,
    /** Addresses or CIDR blocks the key may be used from; empty or absent: anywhere. */
    ip_allow: z.array(cidrSchema).max(20).default([]),
    /**
     * A live token of `POST /users/second-validation` (or its passkey form) for scene
     * `api_key`, of this user; spent by the key it creates.
     */
    validation_token: validationTokenSchema,
  })
  .strict();
/** Create-API-key body. */
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** An API key as listed (never its secret). */
export const apiKeySchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  /** The public start of the key (`pk_…`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(delegableScopeSchema),
  accounts: z.array(accountNameSchema),
  ip_allow: z.array(z.string()),
  expiry: apiKeyExpirySchema,
  /** When the key stops working; `null` for `forever`. */
  expires_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  /** When and from where the key was last used; `null` before its first use. */
  last_used_at: isoDateTimeSchema.nullable(),
  last_used_ip: z.string().nullable(),
});
/** An API key. */
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Answer of `GET /users/api-keys`: the user's live keys, newest first. */
export const apiKeyListSchema = z.object({ list: z.array(apiKeySchema) });
/** API keys. */
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** Answer of `POST /users/api-keys`: the key and, this once, its secret. */
export const createdApiKeySchema = z.object({
  key: apiKeySchema,
  /** The whole key, sent as `Authorization: Bearer <secret>`; shown once, never stored. */
  secret: z.string(),
});
/** A new API key with its secret. */
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Path parameters `{id}` of `/users/api-keys/{id}`. */
export const apiKeyParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type ApiKeyParams = z.input<typeof apiKeyParamsSchema>;
