import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type AnswerOf, ERROR_CODES } from '../../contract';
import { iso, queryRow, queryRows } from '../../db/sql';
import { queryRows as queryRowsIn, type SqlExecutor } from '../../engine/sql';
import type { Principal, TokenVerifier } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { API_KEY_PREFIX, verifyApiKey } from './apiKeys';
import { randomToken, sha256Hex, signJwt, verifyJwt } from './crypto';
import { OAUTH_ACCESS_PREFIX, verifyOauthToken } from './oauthTokens';
import { OBSERVER_PERMISSIONS, permissionLevel, userPermissions } from './permissions';

/** An access token and its refresh token. */
export type TokenPairAnswer = AnswerOf<'refreshToken'>;

/** Prefix of observer-link tokens (user access tokens are JWTs). */
export const OBSERVER_TOKEN_PREFIX = 'obs_';
const refreshPrefix = 'rt_';

async function issueRefreshToken(context: AppContext, familyId: string, nowMs: number) {
  const refreshToken = randomToken(refreshPrefix);
  await context.database.db.execute(
    sql`INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at)
        VALUES (${sha256Hex(refreshToken)}, ${familyId}, ${iso(nowMs)}::timestamptz,
                ${iso(nowMs + context.config.jwt.refreshTtlSeconds * 1000)}::timestamptz)`,
  );
  return refreshToken;
}

async function accessToken(context: AppContext, userId: string, familyId: string, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return signJwt(await context.secret(), {
    sub: userId,
    iat,
    exp: iat + context.config.jwt.accessTtlSeconds,
    jti: randomToken('', 12),
    sid: familyId,
  });
}

/** Starts a session (a refresh-token family) for a user and answers its first token pair. */
export async function startSession(context: AppContext, userId: string): Promise<TokenPairAnswer> {
  const now = context.clock.now();
  const familyId = randomToken('', 18);
  await context.database.db.execute(
    sql`INSERT INTO token_families (id, user_id, created_at)
        VALUES (${familyId}, ${userId}::bigint, ${iso(now)}::timestamptz)`,
  );
  return {
    token: await accessToken(context, userId, familyId, now),
    refresh_token: await issueRefreshToken(context, familyId, now),
  };
}

function refreshRefused(): never {
  throw new HttpError(401, ERROR_CODES.unauthorized, 'The refresh token is not valid');
}

/** Ends one session: its refresh tokens and access tokens stop working. */
export async function revokeFamily(context: AppContext, familyId: string): Promise<void> {
  await context.database.db.execute(
    sql`UPDATE token_families SET revoked_at = ${iso(context.clock.now())}::timestamptz
        WHERE id = ${familyId} AND revoked_at IS NULL`,
  );
}

/** Ends every session of a user (password reset, cancellation). */
export async function revokeAllSessions(context: AppContext, userId: string): Promise<void> {
  await revokeUserSessions(context.database.db, userId, context.clock.now());
}

/**
 * Ends the sessions of a user, in the caller's transaction when it passes one: every one, or
 * every one but `keepFamilyId` (a password change keeps the session that made it). Their
 * refresh tokens are refused from then on and so are their access tokens, which the verifier
 * checks against their session on every call. Resolves how many sessions ended.
 */
export async function revokeUserSessions(
  executor: SqlExecutor,
  userId: string,
  nowMs: number,
  keepFamilyId?: string,
): Promise<number> {
  const rows = await queryRowsIn<{ id: string }>(
    executor,
    sql`UPDATE token_families SET revoked_at = ${iso(nowMs)}::timestamptz
        WHERE user_id = ${userId}::bigint AND revoked_at IS NULL
          ${keepFamilyId === undefined ? sql`` : sql`AND id <> ${keepFamilyId}`}
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Exchanges a refresh token for a new pair (rotation). A token used a second time is a theft
 * signal: the whole family is revoked. HTTP 401 code 40100 when the token is unknown, used,
 * expired or its session revoked.
 */
export async function refreshSession(
  context: AppContext,
  refreshToken: string,
): Promise<TokenPairAnswer> {
  const now = context.clock.now();
  const hash = sha256Hex(refreshToken);
  const row = await queryRow<{
    family_id: string;
    user_id: string;
    expires_ms: number;
    used: boolean;
    revoked: boolean;
    status: string;
  }>(
    context.database,
    sql`SELECT r.family_id, f.user_id::text AS user_id,
               (extract(epoch from r.expires_at) * 1000)::float8 AS expires_ms,
               r.used_at IS NOT NULL AS used, f.revoked_at IS NOT NULL AS revoked, u.status
        FROM refresh_tokens r
        JOIN token_families f ON f.id = r.family_id
        JOIN users u ON u.id = f.user_id
        WHERE r.token_hash = ${hash}`,
  );
  if (row === undefined || row.revoked || row.status !== 'active') refreshRefused();
  if (row.used) {
    await revokeFamily(context, row.family_id);
    refreshRefused();
  }
  if (row.expires_ms <= now) refreshRefused();
  const claimed = await queryRows<{ family_id: string }>(
    context.database,
    sql`UPDATE refresh_tokens SET used_at = ${iso(now)}::timestamptz
        WHERE token_hash = ${hash} AND used_at IS NULL RETURNING family_id`,
  );
  if (claimed.length === 0) {
    // Another request exchanged it at the same moment: a reuse as well.
    await revokeFamily(context, row.family_id);
    refreshRefused();
  }
  return {
    token: await accessToken(context, row.user_id, row.family_id, now),
    refresh_token: await issueRefreshToken(context, row.family_id, now),
  };
}

/** Revokes the session of a refresh token (logout); unknown tokens are ignored. */
export async function logoutSession(context: AppContext, refreshToken: string): Promise<void> {
  const row = await queryRow<{ family_id: string }>(
    context.database,
    sql`SELECT family_id FROM refresh_tokens WHERE token_hash = ${sha256Hex(refreshToken)}`,
  );
  if (row !== undefined) await revokeFamily(context, row.family_id);
}

/** The session id (`sid`) of a valid access token, or `undefined`. */
export async function sessionOfAccessToken(
  context: AppContext,
  token: string,
): Promise<string | undefined> {
  const check = verifyJwt(await context.secret(), token, context.clock.now());
  return check.status === 'valid' ? check.claims.sid : undefined;
}

/**
 * Calls a user acting on a read-only sub-account may still make although they write: choosing
 * another account, display settings, logging out.
 */
const readOnlyAllowedWrites = new Set([
  'PUT /api/users/accounts',
  'PUT /api/users/settings',
  'POST /api/users/logout',
  'POST /api/users/refresh/login',
]);

function unauthorized(message: string): never {
  throw new HttpError(401, ERROR_CODES.unauthorized, message);
}

/** The pools of an observer link (`observer_links.pools`, a JSON array of pool names). */
function observerPoolsOf(stored: string): string[] {
  const pools: unknown = JSON.parse(stored);
  if (!Array.isArray(pools) || !pools.every((pool) => typeof pool === 'string')) {
    throw new Error('observer_links.pools is not a JSON array of pool names');
  }
  return pools;
}

async function verifyObserverToken(context: AppContext, token: string): Promise<Principal> {
  const row = await queryRow<{ user_id: string; name: string; pools: string }>(
    context.database,
    sql`SELECT a.user_id::text AS user_id, a.name, o.pools
        FROM observer_links o
        JOIN mining_accounts a ON a.id = o.account_id
        JOIN users u ON u.id = a.user_id
        WHERE o.token_hash = ${sha256Hex(token)} AND o.deleted_at IS NULL
          AND (o.expires_at IS NULL OR o.expires_at > ${iso(context.clock.now())}::timestamptz)
          AND u.status = 'active'`,
  );
  if (row === undefined) unauthorized('The observer link is not valid or has expired');
  return {
    kind: 'observer',
    userId: row.user_id,
    permissions: OBSERVER_PERMISSIONS,
    observerAccount: row.name,
    observerPools: observerPoolsOf(row.pools),
    credential: { type: 'observer_link', id: sha256Hex(token) },
  };
}

/**
 * The identity module's {@link TokenVerifier}: HS256 access tokens of live sessions (HTTP 400
 * code 40001 once expired, 401 when forged or revoked) and observer-link tokens (kind
 * `observer`, read-only, 401 once expired or deleted), and read-only API keys (kind `delegate`,
 * `apiKeys.ts`) and third-party apps' access tokens (kind `delegate`, `oauthTokens.ts`).
 */
export function createTokenVerifier(context: AppContext): TokenVerifier {
  return async (token: string, request: FastifyRequest) => {
    if (token.startsWith(OBSERVER_TOKEN_PREFIX)) return verifyObserverToken(context, token);
    if (token.startsWith(API_KEY_PREFIX)) return verifyApiKey(context, token, request);
    if (token.startsWith(OAUTH_ACCESS_PREFIX)) return verifyOauthToken(context, token);
    const check = verifyJwt(await context.secret(), token, context.clock.now());
    if (check.status === 'expired') {
      throw new HttpError(400, ERROR_CODES.tokenExpired, 'The token has expired');
    }
    if (check.status === 'invalid') unauthorized('Invalid or unknown token');
    const row = await queryRow<{
      is_main: boolean | null;
      permission: string | null;
      operator: boolean;
    }>(
      context.database,
      sql`SELECT a.is_main, a.permission,
            EXISTS (SELECT 1 FROM operators o WHERE o.user_id = u.id) AS operator
          FROM token_families f
          JOIN users u ON u.id = f.user_id
          LEFT JOIN mining_accounts a ON a.id = u.current_account_id
          WHERE f.id = ${check.claims.sid} AND f.user_id = ${check.claims.sub}::bigint
            AND f.revoked_at IS NULL AND u.status = 'active'`,
    );
    if (row === undefined) unauthorized('The session has ended; sign in again');
    const account =
      row.is_main === null || row.permission === null
        ? null
        : { isMain: row.is_main, permission: row.permission };
    const path = request.url.split('?')[0] ?? '';
    if (
      account !== null &&
      !account.isMain &&
      permissionLevel(account.permission) === 'read_only' &&
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      !readOnlyAllowedWrites.has(`${request.method} ${path}`) &&
      // An operator's console actions act on no mining account, so the one they act on
      // does not make them read-only.
      !(row.operator && path.startsWith('/api/admin/'))
    ) {
      throw new HttpError(403, ERROR_CODES.forbidden, 'The current account is read-only');
    }
    return {
      kind: 'user',
      userId: check.claims.sub,
      permissions: userPermissions(account, row.operator),
      credential: { type: 'session', id: check.claims.sid, expiresAt: check.claims.exp * 1000 },
    };
  };
}
