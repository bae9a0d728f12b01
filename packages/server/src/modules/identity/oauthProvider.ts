import { createHash, randomBytes } from 'node:crypto';
import { type DelegableScope, delegableScopeSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { queryRows as queryInTransaction, type SqlExecutor } from '../../engine/sql';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { recordAudit } from '../admin/audit';
import { requireOperator } from '../admin/operators';
import { notifySettingUpdate } from '../notifications/messages';
import { randomToken, safeEqual, sha256Hex } from './crypto';
import { addUserLog, requireLiveValidation, spendValidationIn } from './users';

/** Prefix of the access tokens apps get (opaque; the verifier tells them by it). */
export const OAUTH_ACCESS_PREFIX = 'pat_';
const refreshPrefix = 'prt_';
const codePrefix = 'pac_';

/** Lifetimes: codes 5 minutes, access tokens 1 hour, refresh tokens 30 days. */
const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TTL_MS = 3_600_000;
const REFRESH_TTL_MS = 30 * 24 * 3_600_000;
const LAST_USE_RESOLUTION_MS = 60_000;

function jsonList(stored: string): string[] {
  const value: unknown = JSON.parse(stored);
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error('An OAuth JSON column is not a list of strings');
  }
  return value;
}

function scopesOf(stored: string): DelegableScope[] {
  return jsonList(stored).flatMap((scope) => {
    const parsed = delegableScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

function badField(field: string, message: string, status: 400 | 404 = 400): HttpError {
  return new HttpError(
    status,
    status === 400 ? ERROR_CODES.validation : ERROR_CODES.notFound,
    `${field}: ${message}`,
    { fields: [{ field, message }] },
  );
}

type AppRow = {
  readonly client_id: string;
  readonly name: string;
  readonly logo_url: string | null;
  readonly redirect_uris: string;
  readonly scopes: string;
  readonly secret_hash: string;
  readonly created_ms: number;
};

const appColumns = sql`client_id, name, logo_url, redirect_uris, scopes, secret_hash,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms`;

function appAnswer(row: AppRow) {
  return {
    client_id: row.client_id,
    name: row.name,
    logo_url: row.logo_url,
    redirect_uris: jsonList(row.redirect_uris),
    scopes: scopesOf(row.scopes),
    created_at: isoSeconds(row.created_ms),
  };
}

async function findApp(context: AppContext, clientId: string): Promise<AppRow | undefined> {
  return queryRow<AppRow>(
    context.database,
    sql`SELECT ${appColumns} FROM oauth_apps WHERE client_id = ${clientId} AND deleted_at IS NULL`,
  );
}

/**
 * Checks an authorisation request against the registered app: the app exists, the redirect
 * URI is one of its own exactly, and every requested scope is one it may ask for (none asked:
 * all of them). HTTP 400 naming `client_id`, `redirect_uri` or `scope` otherwise; the browser
 * is never sent to an unchecked address.
 */
async function checkRequest(
  context: AppContext,
  request: { client_id: string; redirect_uri: string; scope?: string | undefined },
): Promise<{ app: AppRow; scopes: DelegableScope[] }> {
  const app = await findApp(context, request.client_id);
  if (app === undefined) throw badField('client_id', 'Unknown app');
  if (!jsonList(app.redirect_uris).includes(request.redirect_uri)) {
    throw badField('redirect_uri', 'This redirect URI is not registered for the app');
  }
  const allowed = scopesOf(app.scopes);
  const asked = (request.scope ?? '').split(' ').filter((scope) => scope !== '');
  if (asked.length === 0) return { app, scopes: allowed };
  const scopes: DelegableScope[] = [];
  for (const scope of asked) {
    const known = allowed.find((item) => item === scope);
    if (known === undefined) throw badField('scope', `The app may not ask for ${scope}`);
    if (!scopes.includes(known)) scopes.push(known);
  }
  return { app, scopes };
}

function userOf(principal: Principal | null): string {
  if (principal === null || principal.kind !== 'user') {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  return principal.userId;
}

function namesOf(list: string | null): string[] {
  return list === null || list === '' ? [] : list.split(',');
}

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

/**
 * Revokes every third-party app authorisation of a user (a password reset), in the caller's
 * transaction when it passes one: their access and refresh tokens and any code not yet
 * exchanged stop working at once, since each is checked against its grant. Resolves how many
 * grants it revoked.
 */
export async function revokeUserOauthGrants(
  executor: SqlExecutor,
  userId: string,
  nowMs: number,
): Promise<number> {
  const rows = await queryInTransaction<{ id: string }>(
    executor,
    sql`UPDATE oauth_grants SET revoked_at = ${iso(nowMs)}::timestamptz
        WHERE user_id = ${userId}::bigint AND revoked_at IS NULL
        RETURNING id::text AS id`,
  );
  return rows.length;
}

async function revokeGrant(context: AppContext, grantId: string): Promise<void> {
  await context.database.db.execute(
    sql`UPDATE oauth_grants SET revoked_at = ${iso(context.clock.now())}::timestamptz
        WHERE id = ${grantId}::bigint AND revoked_at IS NULL`,
  );
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
  const row = await queryRow<{
    grant_id: string;
    client_id: string;
    redirect_uri: string;
    code_challenge: string;
    expired: boolean;
    used: boolean;
    revoked: boolean;
    scopes: string;
  }>(
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
  if (row.used) {
    // A code presented twice may have been stolen: end what it gave (RFC 6749 4.1.2).
    await revokeGrant(context, row.grant_id);
    throw new TokenError(400, 'invalid_grant', 'The authorisation code has already been used');
  }
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
  const claimed = await queryRows<{ grant_id: string }>(
    context.database,
    sql`UPDATE oauth_codes SET used_at = ${iso(now)}::timestamptz
        WHERE code_hash = ${sha256Hex(code)} AND used_at IS NULL RETURNING grant_id::text AS grant_id`,
  );
  if (claimed.length === 0) {
    await revokeGrant(context, row.grant_id);
    throw new TokenError(400, 'invalid_grant', 'The authorisation code has already been used');
  }
  return issueTokens(context, row.grant_id, row.scopes);
}

async function exchangeRefresh(context: AppContext, app: AppRow, form: Record<string, string>) {
  const token = form.refresh_token;
  if (token === undefined)
    throw new TokenError(400, 'invalid_request', 'refresh_token is required');
  const now = context.clock.now();
  const hash = sha256Hex(token);
  const row = await queryRow<{
    grant_id: string;
    client_id: string;
    expired: boolean;
    used: boolean;
    revoked: boolean;
    scopes: string;
  }>(
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
  if (row.used) {
    // Rotation: a refresh token used twice is a theft signal; the whole grant ends.
    await revokeGrant(context, row.grant_id);
    throw new TokenError(400, 'invalid_grant', 'The refresh token has already been used');
  }
  const claimed = await queryRows<{ grant_id: string }>(
    context.database,
    sql`UPDATE oauth_tokens SET used_at = ${iso(now)}::timestamptz
        WHERE token_hash = ${hash} AND used_at IS NULL RETURNING grant_id::text AS grant_id`,
  );
  if (claimed.length === 0) {
    await revokeGrant(context, row.grant_id);
    throw new TokenError(400, 'invalid_grant', 'The refresh token has already been used');
  }
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
 * PoolKit as an OAuth 2 provider: `GET/POST /api/oauth/authorize` (the consent page's calls),
 * `POST /api/oauth/token` (RFC 6749, form-encoded, authorisation code with PKCE S256 and
 * refresh-token rotation), the user's app authorisations, and the operators' app register.
 */
export function registerOauthProviderRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  registerEndpoint(app, endpoints.oauthClient, async ({ query }, { principal }) => {
    userOf(principal);
    const checked = await checkRequest(context, query);
    return {
      client_id: checked.app.client_id,
      name: checked.app.name,
      logo_url: checked.app.logo_url,
      scopes: checked.scopes,
    };
  });

  /**
   * Decision: every consent takes a fresh second validation (scene `authorize_app`), since
   * every one is long-lived: its code is exchanged for a refresh token that rotates for 30 days
   * (`issueTokens`), and there is no short-lived-only grant to exempt. A stolen session alone
   * cannot hand an app lasting access. The token is checked before the request, and spent in
   * the transaction that makes the grant.
   */
  registerEndpoint(app, endpoints.oauthAuthorize, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const validation = { userId, scene: 'authorize_app', field: 'validation_token' } as const;
    await requireLiveValidation(context, body.validation_token, validation);
    const { app: client, scopes } = await checkRequest(context, body);
    const names = [...new Set(body.accounts)];
    const owned = await queryRows<{ id: string; name: string }>(
      database,
      sql`SELECT id::text AS id, name FROM mining_accounts
          WHERE user_id = ${userId}::bigint AND name IN (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    if (names.some((name) => !owned.some((row) => row.name === name))) {
      throw badField('accounts', 'No such mining account', 404);
    }
    const now = context.clock.now();
    const code = randomToken(codePrefix);
    await database.db.transaction(async (tx) => {
      await spendValidationIn(tx, body.validation_token, validation, now);
      const inserted = await queryInTransaction<{ id: string }>(
        tx,
        sql`INSERT INTO oauth_grants (user_id, client_id, scopes, created_at)
            VALUES (${userId}::bigint, ${client.client_id}, ${JSON.stringify(scopes)}, ${iso(now)}::timestamptz)
            RETURNING id::text AS id`,
      );
      const grantId = inserted[0]?.id;
      if (grantId === undefined) throw new Error('The new grant was not returned');
      for (const account of owned) {
        await tx.execute(
          sql`INSERT INTO oauth_grant_accounts (grant_id, account_id) VALUES (${grantId}::bigint, ${account.id}::bigint)`,
        );
      }
      await tx.execute(
        sql`INSERT INTO oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at)
            VALUES (${sha256Hex(code)}, ${grantId}::bigint, ${body.redirect_uri}, ${body.code_challenge},
                    ${iso(now + CODE_TTL_MS)}::timestamptz)`,
      );
      await notifySettingUpdate(tx, userId, 'oauthApp', now);
    });
    await addUserLog(context, userId, 'security', 'oauth_app_authorised', request);
    const target = new URL(body.redirect_uri);
    target.searchParams.set('code', code);
    if (body.state !== undefined) target.searchParams.set('state', body.state);
    return { redirect_url: target.toString() };
  });

  // The token endpoint speaks OAuth 2 itself (form body in, bare JSON out), so any OAuth client
  // library works with it; it is therefore not a contract endpoint with the envelope.
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

  registerEndpoint(app, endpoints.oauthGrants, async (_input, { principal }) => {
    const userId = userOf(principal);
    const rows = await queryRows<{
      id: string;
      client_id: string;
      name: string;
      logo_url: string | null;
      scopes: string;
      accounts: string | null;
      created_ms: number;
      last_used_ms: number | null;
    }>(
      database,
      sql`SELECT g.id::text AS id, g.client_id, p.name, p.logo_url, g.scopes,
            (SELECT string_agg(a.name, ',' ORDER BY a.name) FROM oauth_grant_accounts ga
               JOIN mining_accounts a ON a.id = ga.account_id WHERE ga.grant_id = g.id) AS accounts,
            (extract(epoch from g.created_at) * 1000)::float8 AS created_ms,
            (extract(epoch from g.last_used_at) * 1000)::float8 AS last_used_ms
          FROM oauth_grants g JOIN oauth_apps p ON p.client_id = g.client_id
          WHERE g.user_id = ${userId}::bigint AND g.revoked_at IS NULL AND p.deleted_at IS NULL
          ORDER BY g.created_at DESC, g.id DESC`,
    );
    return {
      list: rows.map((row) => ({
        id: row.id,
        client_id: row.client_id,
        name: row.name,
        logo_url: row.logo_url,
        scopes: scopesOf(row.scopes),
        accounts: namesOf(row.accounts),
        created_at: isoSeconds(row.created_ms),
        last_used_at: row.last_used_ms === null ? null : isoSeconds(row.last_used_ms),
      })),
    };
  });

  registerEndpoint(app, endpoints.revokeOauthGrant, async ({ params }, { principal, request }) => {
    const userId = userOf(principal);
    const now = context.clock.now();
    const revoked = await database.db.transaction(async (tx) => {
      const rows = await queryInTransaction<{ id: string }>(
        tx,
        sql`UPDATE oauth_grants SET revoked_at = ${iso(now)}::timestamptz
            WHERE user_id = ${userId}::bigint AND id::text = ${params.id} AND revoked_at IS NULL
            RETURNING id::text AS id`,
      );
      if (rows.length > 0) await notifySettingUpdate(tx, userId, 'oauthApp', now);
      return rows.length > 0;
    });
    if (!revoked) throw badField('id', 'No such app authorisation', 404);
    await addUserLog(context, userId, 'security', 'oauth_app_revoked', request);
    return null;
  });

  registerEndpoint(app, endpoints.adminOauthApps, async (_input, { principal }) => {
    requireOperator(principal);
    const rows = await queryRows<AppRow>(
      database,
      sql`SELECT ${appColumns} FROM oauth_apps WHERE deleted_at IS NULL
          ORDER BY created_at DESC, client_id`,
    );
    return { list: rows.map(appAnswer) };
  });

  registerEndpoint(app, endpoints.createOauthApp, async ({ body }, { principal, request }) => {
    const operatorId = requireOperator(principal);
    const now = context.clock.now();
    const clientId = `app_${randomBytes(8).toString('hex')}`;
    const secret = randomToken('pcs_');
    const redirectUris = [...new Set(body.redirect_uris)];
    const scopes = [...new Set(body.scopes)];
    const row = await database.db.transaction(async (tx) => {
      const inserted = await queryInTransaction<AppRow>(
        tx,
        sql`INSERT INTO oauth_apps
            (client_id, name, logo_url, redirect_uris, scopes, secret_hash, created_by, created_at)
            VALUES (${clientId}, ${body.name}, ${body.logo_url}, ${JSON.stringify(redirectUris)},
                    ${JSON.stringify(scopes)}, ${sha256Hex(secret)}, ${operatorId}::bigint,
                    ${iso(now)}::timestamptz)
            RETURNING ${appColumns}`,
      );
      await recordAudit(tx, {
        actorId: operatorId,
        action: 'oauth_apps.create',
        targetType: 'oauth_app',
        targetId: clientId,
        details: {
          name: body.name,
          redirect_uris: redirectUris.join(' '),
          scopes: scopes.join(' '),
        },
        ip: request.ip,
        nowMs: now,
      });
      return inserted[0];
    });
    if (row === undefined) throw new Error('The new app was not returned');
    return { app: appAnswer(row), client_secret: secret };
  });

  registerEndpoint(app, endpoints.deleteOauthApp, async ({ params }, { principal, request }) => {
    const operatorId = requireOperator(principal);
    const now = context.clock.now();
    await database.db.transaction(async (tx) => {
      const rows = await queryInTransaction<{ name: string }>(
        tx,
        sql`UPDATE oauth_apps SET deleted_at = ${iso(now)}::timestamptz
            WHERE client_id = ${params.client_id} AND deleted_at IS NULL RETURNING name`,
      );
      if (rows.length === 0) throw badField('client_id', 'No such app', 404);
      await recordAudit(tx, {
        actorId: operatorId,
        action: 'oauth_apps.delete',
        targetType: 'oauth_app',
        targetId: params.client_id,
        details: { name: rows[0]?.name ?? '' },
        ip: request.ip,
        nowMs: now,
      });
    });
    return null;
  });
}
