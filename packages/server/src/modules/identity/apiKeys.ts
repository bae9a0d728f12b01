import { randomBytes } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { DomainError } from '../../domain/errors';
import { queryRows as queryInTransaction } from '../../engine/sql';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { randomToken, safeEqual, sha256Hex } from './crypto';
import { jsonList, namesOf, ownedAccounts, revokeOwnDelegation, scopesOf } from './delegation';
import { securityChangeIn } from './securityChange';
import { requireLiveValidation, spendValidationIn } from './users';

/** Every API key starts with this, so the verifier tells it from a session or observer token. */
export const API_KEY_PREFIX = 'pk_';

/** How long each API key expiry lasts; `null` is until revoked. */
const API_KEY_EXPIRY_MS = {
  one_month: 30 * 24 * 3_600_000,
  three_months: 90 * 24 * 3_600_000,
  one_year: 365 * 24 * 3_600_000,
  forever: null,
} as const;

type ApiKeyExpiry = keyof typeof API_KEY_EXPIRY_MS;

/** A use within this long of the recorded one (from the same address) is not written again. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** The largest number of live keys a user may hold. */
const MAX_KEYS_PER_USER = 20;

type ApiKeyRow = {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly scopes: string;
  readonly ip_allow: string;
  readonly expiry: string;
  readonly accounts: string | null;
  readonly expires_ms: number | null;
  readonly created_ms: number;
  readonly last_used_ms: number | null;
  readonly last_used_ip: string | null;
};

const keyColumns = sql`k.id::text AS id, k.name, k.prefix, k.scopes, k.ip_allow, k.expiry,
  (SELECT string_agg(a.name, ',' ORDER BY a.is_main DESC, a.name)
     FROM api_key_accounts ka JOIN mining_accounts a ON a.id = ka.account_id
     WHERE ka.key_id = k.id) AS accounts,
  (extract(epoch from k.expires_at) * 1000)::float8 AS expires_ms,
  (extract(epoch from k.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from k.last_used_at) * 1000)::float8 AS last_used_ms,
  k.last_used_ip`;

function narrowExpiry(value: string): ApiKeyExpiry {
  return value in API_KEY_EXPIRY_MS ? (value as ApiKeyExpiry) : 'one_month';
}

function keyAnswer(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}${row.prefix}`,
    scopes: scopesOf(row.scopes),
    accounts: namesOf(row.accounts),
    ip_allow: jsonList(row.ip_allow),
    expiry: narrowExpiry(row.expiry),
    expires_at: row.expires_ms === null ? null : isoSeconds(row.expires_ms),
    created_at: isoSeconds(row.created_ms),
    last_used_at: row.last_used_ms === null ? null : isoSeconds(row.last_used_ms),
    last_used_ip: row.last_used_ip,
  };
}

/** An address or CIDR block as node's `BlockList` takes it; `undefined` when malformed. */
function parseCidr(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address = '', prefixText] = text.split('/');
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (family === undefined) throw new Error(`Not an IP address: ${text}`);
  const full = family === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? full : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > full) {
    throw new Error(`Not a CIDR prefix: ${text}`);
  }
  return { address, prefix, family };
}

/**
 * True when `ip` (the request's address, as Fastify reads it) lies in one of `blocks`; an empty
 * list allows every address. An IPv4-mapped IPv6 address (`::ffff:203.0.113.5`) is checked as
 * the IPv4 address it carries.
 */
export function ipAllowed(blocks: readonly string[], ip: string): boolean {
  if (blocks.length === 0) return true;
  const list = new BlockList();
  for (const block of blocks) {
    const { address, prefix, family } = parseCidr(block);
    list.addSubnet(address, prefix, family);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped !== undefined && list.check(mapped, 'ipv4')) return true;
  if (isIPv4(ip)) return list.check(ip, 'ipv4');
  return isIPv6(ip) && list.check(ip, 'ipv6');
}

function refused(message: string): never {
  throw new HttpError(401, ERROR_CODES.unauthorized, message);
}

/**
 * Checks a read-only API key (`pk_<prefix>_<secret>`): found by its prefix, its secret's
 * SHA-256 compared in constant time; refused (HTTP 401 code 40100) when unknown, revoked,
 * expired, its owner not active, or the caller's address outside its allow-list. Records the
 * last use (at most once a minute per address). Resolves a `delegate` principal holding the
 * key's scopes and accounts.
 */
export async function verifyApiKey(
  context: AppContext,
  token: string,
  request: FastifyRequest,
): Promise<Principal> {
  const match = /^pk_([0-9a-f]{12})_([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (match === null) refused('Invalid or unknown API key');
  const [, prefix = ''] = match;
  const now = context.clock.now();
  const row = await queryRow<{
    id: string;
    user_id: string;
    secret_hash: string;
    scopes: string;
    ip_allow: string;
    accounts: string | null;
    expired: boolean;
    revoked: boolean;
    active: boolean;
    last_used_ms: number | null;
    last_used_ip: string | null;
  }>(
    context.database,
    sql`SELECT k.id::text AS id, k.user_id::text AS user_id, k.secret_hash, k.scopes, k.ip_allow,
          (SELECT string_agg(a.name, ',') FROM api_key_accounts ka
             JOIN mining_accounts a ON a.id = ka.account_id
             WHERE ka.key_id = k.id AND a.user_id = k.user_id) AS accounts,
          (k.expires_at IS NOT NULL AND k.expires_at <= ${iso(now)}::timestamptz) AS expired,
          k.revoked_at IS NOT NULL AS revoked, u.status = 'active' AS active,
          (extract(epoch from k.last_used_at) * 1000)::float8 AS last_used_ms, k.last_used_ip
        FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.prefix = ${prefix}`,
  );
  if (row === undefined || !safeEqual(row.secret_hash, sha256Hex(token))) {
    refused('Invalid or unknown API key');
  }
  if (row.revoked) refused('This API key has been revoked');
  if (row.expired) refused('This API key has expired');
  if (!row.active) refused('Invalid or unknown API key');
  if (!ipAllowed(jsonList(row.ip_allow), request.ip)) {
    refused(`This API key may not be used from ${request.ip}`);
  }
  const ip = request.ip.slice(0, 45);
  if (
    row.last_used_ms === null ||
    now - row.last_used_ms >= LAST_USE_RESOLUTION_MS ||
    row.last_used_ip !== ip
  ) {
    await context.database.db.execute(
      sql`UPDATE api_keys SET last_used_at = ${iso(now)}::timestamptz, last_used_ip = ${ip}
          WHERE id = ${row.id}::bigint`,
    );
  }
  return {
    kind: 'delegate',
    userId: row.user_id,
    permissions: scopesOf(row.scopes),
    delegation: {
      via: 'api_key',
      id: row.id,
      accounts: namesOf(row.accounts),
    },
    credential: { type: 'api_key', id: row.id },
  };
}

/** Registers `GET/POST /users/api-keys` and `DELETE /users/api-keys/{id}`. */
export function registerApiKeyRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  registerEndpoint(app, endpoints.apiKeys, async (_input, { principal }) => {
    const userId = userOf(principal);
    const rows = await queryRows<ApiKeyRow>(
      database,
      sql`SELECT ${keyColumns} FROM api_keys k
          WHERE k.user_id = ${userId}::bigint AND k.revoked_at IS NULL
          ORDER BY k.created_at DESC, k.id DESC`,
    );
    return { list: rows.map(keyAnswer) };
  });

  /**
   * A key outlives the session that creates it, so creating one takes a fresh second
   * validation (scene `api_key`): a stolen session alone cannot plant one. The token is checked
   * first, before anything about the accounts is answered, and spent in the transaction that
   * inserts the key, so a refused key (too many keys) leaves it good for another try.
   */
  registerEndpoint(app, endpoints.createApiKey, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const validation = { userId, scene: 'api_key', field: 'validation_token' } as const;
    await requireLiveValidation(context, body.validation_token, validation);
    const { owned, missing } = await ownedAccounts(context, userId, body.accounts);
    if (missing !== undefined) {
      throw new DomainError(ERROR_CODES.notFound, `accounts: No such mining account ${missing}`, [
        { field: 'accounts', message: 'No such mining account' },
      ]);
    }
    const change = { userId, setting: 'apiKey', action: 'api_key_created', request } as const;
    const lifetime = API_KEY_EXPIRY_MS[body.expiry];
    const prefix = randomBytes(6).toString('hex');
    const secret = `${API_KEY_PREFIX}${prefix}_${randomToken('', 32)}`;
    const row = await securityChangeIn(context, change, async (tx, now) => {
      const live = await queryInTransaction<{ count: number }>(
        tx,
        sql`SELECT count(*)::int AS count FROM api_keys
            WHERE user_id = ${userId}::bigint AND revoked_at IS NULL
              AND (expires_at IS NULL OR expires_at > ${iso(now)}::timestamptz)`,
      );
      if ((live[0]?.count ?? 0) >= MAX_KEYS_PER_USER) {
        throw new HttpError(
          400,
          ERROR_CODES.validation,
          `You can hold at most ${MAX_KEYS_PER_USER} API keys; revoke one first`,
        );
      }
      await spendValidationIn(tx, body.validation_token, validation, now);
      const inserted = await queryInTransaction<{ id: string }>(
        tx,
        sql`INSERT INTO api_keys
            (user_id, name, prefix, secret_hash, scopes, ip_allow, expiry, expires_at, created_at)
          VALUES (${userId}::bigint, ${body.name}, ${prefix}, ${sha256Hex(secret)},
                  ${JSON.stringify([...new Set(body.scopes)])},
                  ${JSON.stringify([...new Set(body.ip_allow)])}, ${body.expiry},
                  ${lifetime === null ? null : iso(now + lifetime)}::timestamptz, ${iso(now)}::timestamptz)
          RETURNING id::text AS id`,
      );
      const id = inserted[0]?.id;
      if (id === undefined) throw new Error('The new API key was not returned');
      for (const account of owned) {
        await tx.execute(
          sql`INSERT INTO api_key_accounts (key_id, account_id) VALUES (${id}::bigint, ${account.id}::bigint)`,
        );
      }
      const rows = await queryInTransaction<ApiKeyRow>(
        tx,
        sql`SELECT ${keyColumns} FROM api_keys k WHERE k.id = ${id}::bigint`,
      );
      return rows[0];
    });
    if (row === undefined) throw new Error('The new API key could not be read back');
    return { key: keyAnswer(row), secret };
  });

  registerEndpoint(app, endpoints.revokeApiKey, async ({ params }, { principal, request }) => {
    const userId = userOf(principal);
    const change = { userId, setting: 'apiKey', action: 'api_key_revoked', request } as const;
    await revokeOwnDelegation(context, 'api_keys', params.id, change, 'No such API key');
    return null;
  });
}
