/**
 * The OAuth 2 side an app talks to: the token endpoint (`POST /api/oauth/token`, RFC 6749,
 * form-encoded: the authorisation code with PKCE S256 and refresh-token rotation, client
 * authentication by HTTP Basic or the form) and the check of the access tokens it hands out.
 * Every code and token is stored as its SHA-256 and is good only while its grant stands.
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { iso, queryRow, queryRows } from '../../db/sql';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { randomToken, safeEqual, sha256Hex } from './crypto';
import { namesOf, scopesOf } from './delegation';
import { type AppRow, findApp } from './oauthApps';

/** Prefix of the access tokens apps get (opaque; the verifier tells them by it). */
export const OAUTH_ACCESS_PREFIX = 'pat_';
const refreshPrefix = 'prt_';

/** Lifetimes: access tokens 1 hour, refresh tokens 30 days. */
const ACCESS_TTL_MS = 3_600_000;
const REFRESH_TTL_MS = 30 * 24 * 3_600_000;
const LAST_USE_RESOLUTION_MS = 60_000;

const CODE_REUSED = 'The authorisation code has already been used';
const REFRESH_REUSED = 'The refresh token has already been used';

/**
 * Checks an app's access token (`pat_…`): live, of a grant that is not revoked, of an app that
 * is not removed, of an active user. Resolves a `delegate` principal with the grant's scopes and
 * accounts; 401 code 40100 otherwise (an expired token too: the app refreshes by itself).
 */
export async function verifyOauthToken(context: AppContext, token: string): Promise<Principal> {
  const now = context.clock.now();
  const row = await queryRow<{
    grant_id: string;
    user_id: string;
    scopes: string;
    accounts: string | null;
    last_used_ms: number | null;
  }>(
    context.database,
    sql`SELECT g.id::text AS grant_id, g.user_id::text AS user_id, g.scopes,
          (SELECT string_agg(a.name, ',') FROM oauth_grant_accounts ga
             JOIN mining_accounts a ON a.id = ga.account_id
             WHERE ga.grant_id = g.id AND a.user_id = g.user_id) AS accounts,
          (extract(epoch from g.last_used_at) * 1000)::float8 AS last_used_ms
        FROM oauth_tokens t
        JOIN oauth_grants g ON g.id = t.grant_id
        JOIN oauth_apps p ON p.client_id = g.client_id
        JOIN users u ON u.id = g.user_id
        WHERE t.token_hash = ${sha256Hex(token)} AND t.kind = 'access'
          AND t.expires_at > ${iso(now)}::timestamptz AND g.revoked_at IS NULL
          AND p.deleted_at IS NULL AND u.status = 'active'`,
  );
  if (row === undefined) {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'The app token is not valid or has expired');
  }
  if (row.last_used_ms === null || now - row.last_used_ms >= LAST_USE_RESOLUTION_MS) {
    await context.database.db.execute(
      sql`UPDATE oauth_grants SET last_used_at = ${iso(now)}::timestamptz WHERE id = ${row.grant_id}::bigint`,
    );
  }
  return {
    kind: 'delegate',
    userId: row.user_id,
    permissions: scopesOf(row.scopes),
    delegation: { via: 'oauth_app', id: row.grant_id, accounts: namesOf(row.accounts) },
    credential: { type: 'oauth_token', id: sha256Hex(token) },
  };
}

/** An OAuth 2 error answer of the token endpoint (RFC 6749 section 5.2). */
class TokenError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** The client of a token request: HTTP Basic (RFC 6749 2.3.1) or `client_id`/`client_secret` in the form. */
async function authenticateClient(
  context: AppContext,
  request: FastifyRequest,
  form: Record<string, string>,
): Promise<AppRow> {
  let clientId = form.client_id;
  let secret = form.client_secret;
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic !== undefined) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      } catch {
        throw new TokenError(401, 'invalid_client', 'Malformed client credentials');
      }
    }
  }
  if (clientId === undefined || secret === undefined) {
    throw new TokenError(401, 'invalid_client', 'Client authentication is required');
  }
  const app = await findApp(context, clientId);
  if (app === undefined || !safeEqual(app.secret_hash, sha256Hex(secret))) {
    throw new TokenError(401, 'invalid_client', 'Unknown client or wrong secret');
  }
  return app;
}

/** A code or refresh token as the exchange reads it, with its grant. */
type Spendable = {
  grant_id: string;
  client_id: string;
  expired: boolean;
  used: boolean;
  revoked: boolean;
  scopes: string;
};

/**
 * A code or refresh token presented a second time may have been stolen, and which of the two
 * callers is the thief cannot be told: the whole grant ends (RFC 6749 4.1.2 and 10.4), and the
 * call is refused with `message`.
 */
async function endReusedGrant(
  context: AppContext,
  grantId: string,
  message: string,
): Promise<never> {
  await context.database.db.execute(
    sql`UPDATE oauth_grants SET revoked_at = ${iso(context.clock.now())}::timestamptz
        WHERE id = ${grantId}::bigint AND revoked_at IS NULL`,
  );
  throw new TokenError(400, 'invalid_grant', message);
}

/**
 * Marks a code or refresh token used with one conditional UPDATE (`claim`, which returns a row
 * only when it was not used yet), so of two requests racing with it one wins; the other ends the
 * grant as a reuse would.
 */
async function spendOnce(
  context: AppContext,
  grantId: string,
  claim: SQL,
  reusedMessage: string,
): Promise<void> {
  const claimed = await queryRows<{ grant_id: string }>(context.database, claim);
  if (claimed.length === 0) await endReusedGrant(context, grantId, reusedMessage);
}

async function issueTokens(context: AppContext, grantId: string, scopes: string) {
  const now = context.clock.now();
  const access = randomToken(OAUTH_ACCESS_PREFIX);
  const refresh = randomToken(refreshPrefix);
  await context.database.db.execute(
    sql`INSERT INTO oauth_tokens (token_hash, grant_id, kind, expires_at) VALUES
        (${sha256Hex(access)}, ${grantId}::bigint, 'access', ${iso(now + ACCESS_TTL_MS)}::timestamptz),
        (${sha256Hex(refresh)}, ${grantId}::bigint, 'refresh', ${iso(now + REFRESH_TTL_MS)}::timestamptz)`,
  );
  const accounts = await queryRow<{ names: string | null }>(
    context.database,
    sql`SELECT string_agg(a.name, ' ' ORDER BY a.name) AS names FROM oauth_grant_accounts ga
        JOIN mining_accounts a ON a.id = ga.account_id WHERE ga.grant_id = ${grantId}::bigint`,
  );
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TTL_MS / 1000,
    refresh_token: refresh,
    scope: scopesOf(scopes).join(' '),
    /** PoolKit's extension: the mining accounts the token reads, space-separated. */
    accounts: accounts?.names ?? '',
  };
}

function pkceOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function exchangeCode(context: AppContext, app: AppRow, form: Record<string, string>) {
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
  if (code === undefined || redirectUri === undefined || verifier === undefined) {
    throw new TokenError(
      400,
      'invalid_request',
      'code, redirect_uri and code_verifier are required',
    );
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
    throw new TokenError(
      400,
      'invalid_request',
      'code_verifier must be 43-128 characters (RFC 7636)',
    );
  }
  const now = context.clock.now();
  const row = await queryRow<Spendable & { redirect_uri: string; code_challenge: string }>(
    context.database,
    sql`SELECT c.grant_id::text AS grant_id, g.client_id, c.redirect_uri, c.code_challenge,
          c.expires_at <= ${iso(now)}::timestamptz AS expired, c.used_at IS NOT NULL AS used,
          g.revoked_at IS NOT NULL AS revoked, g.scopes
        FROM oauth_codes c JOIN oauth_grants g ON g.id = c.grant_id
        WHERE c.code_hash = ${sha256Hex(code)}`,
  );
  if (row === undefined || row.client_id !== app.client_id) {
    throw new TokenError(400, 'invalid_grant', 'Unknown authorisation code');
  }
  if (row.used) await endReusedGrant(context, row.grant_id, CODE_REUSED);
  if (row.expired || row.revoked) {
    throw new TokenError(400, 'invalid_grant', 'The authorisation code has expired');
  }
  if (row.redirect_uri !== redirectUri) {
    throw new TokenError(
      400,
      'invalid_grant',
      'redirect_uri does not match the authorisation request',
    );
  }
  if (!safeEqual(pkceOf(verifier), row.code_challenge)) {
    throw new TokenError(400, 'invalid_grant', 'code_verifier does not match the code challenge');
  }
  await spendOnce(
    context,
    row.grant_id,
    sql`UPDATE oauth_codes SET used_at = ${iso(now)}::timestamptz
        WHERE code_hash = ${sha256Hex(code)} AND used_at IS NULL RETURNING grant_id::text AS grant_id`,
    CODE_REUSED,
  );
  return issueTokens(context, row.grant_id, row.scopes);
}

async function exchangeRefresh(context: AppContext, app: AppRow, form: Record<string, string>) {
  const token = form.refresh_token;
  if (token === undefined)
    throw new TokenError(400, 'invalid_request', 'refresh_token is required');
  const now = context.clock.now();
  const hash = sha256Hex(token);
  const row = await queryRow<Spendable>(
    context.database,
    sql`SELECT t.grant_id::text AS grant_id, g.client_id,
          t.expires_at <= ${iso(now)}::timestamptz AS expired, t.used_at IS NOT NULL AS used,
          g.revoked_at IS NOT NULL AS revoked, g.scopes
        FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
        WHERE t.token_hash = ${hash} AND t.kind = 'refresh'`,
  );
  if (row === undefined || row.client_id !== app.client_id || row.revoked || row.expired) {
    throw new TokenError(400, 'invalid_grant', 'The refresh token is not valid');
  }
  // Rotation: each refresh token is used once, and a second use ends the grant.
  if (row.used) await endReusedGrant(context, row.grant_id, REFRESH_REUSED);
  await spendOnce(
    context,
    row.grant_id,
    sql`UPDATE oauth_tokens SET used_at = ${iso(now)}::timestamptz
        WHERE token_hash = ${hash} AND used_at IS NULL RETURNING grant_id::text AS grant_id`,
    REFRESH_REUSED,
  );
  return issueTokens(context, row.grant_id, row.scopes);
}

function formOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') form[key] = value;
  }
  return form;
}

async function tokenEndpoint(context: AppContext, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  try {
    const form = formOf(request.body);
    const app = await authenticateClient(context, request, form);
    const answer =
      form.grant_type === 'authorization_code'
        ? await exchangeCode(context, app, form)
        : form.grant_type === 'refresh_token'
          ? await exchangeRefresh(context, app, form)
          : undefined;
    if (answer === undefined) {
      throw new TokenError(
        400,
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token',
      );
    }
    return reply.code(200).send(answer);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    if (error.status === 401) reply.header('www-authenticate', 'Basic realm="poolkit"');
    return reply
      .code(error.status)
      .send({ error: error.error, error_description: error.description });
  }
}

/**
 * Registers the token endpoint. It speaks OAuth 2 itself (form body in, bare JSON out), so any
 * OAuth client library works with it; it is therefore not a contract endpoint with the envelope.
 */
export function registerOauthTokenRoute(app: FastifyInstance, context: AppContext): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post('/api/oauth/token', (request, reply) => tokenEndpoint(context, request, reply));
  });
}
