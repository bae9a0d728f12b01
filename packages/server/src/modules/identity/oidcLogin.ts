import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as oauth from 'oauth4webapi';
import type { OidcProviderConfig } from '../../config';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { isUniqueViolation } from '../../db/errors';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { notFound, refuseField } from '../../domain/errors';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notifySettingUpdate } from '../notifications/messages';
import { safeEqual, sha256Hex } from './crypto';
import { finishLogin, LOGIN_TICKET_TTL_MS } from './login';
import { conflict, signInRequired } from './refusals';
import {
  addUserLog,
  createTicket,
  createUser,
  type ExpectedValidation,
  findUserByEmail,
  findUserById,
  requireLiveValidation,
  spendValidationIn,
} from './users';

/** A pending third-party sign-in works 10 minutes. */
const FLOW_TTL_MS = 10 * 60_000;
/** Stored in place of a password hash for users who registered through a provider. */
const NO_PASSWORD = '!';

function signedIn(principal: Principal | null): string {
  if (principal === null || principal.kind !== 'user') signInRequired();
  return principal.userId;
}

/** Options of every oauth4webapi request to a provider: `http://` issuers (local ones) allowed. */
function requestOptions(provider: OidcProviderConfig) {
  return { [oauth.allowInsecureRequests]: provider.issuer.startsWith('http:') };
}

/**
 * The relying party: the configured providers and their discovered metadata. Discovery is
 * cached per provider once it succeeds; a failure is retried on the next sign-in.
 */
function createRelyingParty(providers: () => readonly OidcProviderConfig[]) {
  const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();
  function provider(id: string): OidcProviderConfig | undefined {
    return providers().find((item) => item.id === id);
  }
  async function metadata(config: OidcProviderConfig): Promise<oauth.AuthorizationServer> {
    let pending = discovered.get(config.id);
    if (pending === undefined) {
      const issuer = new URL(config.issuer);
      pending = oauth
        .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(config) })
        .then((response) => oauth.processDiscoveryResponse(issuer, response));
      discovered.set(config.id, pending);
      pending.catch(() => discovered.delete(config.id));
    }
    try {
      return await pending;
    } catch {
      throw new HttpError(
        503,
        ERROR_CODES.unavailable,
        `${config.name} cannot be reached right now, please try again later`,
      );
    }
  }
  return { provider, metadata };
}

/** Where the provider sends the browser back: the site's redirect page on the caller's origin. */
function redirectUriOf(request: FastifyRequest, purpose: 'login' | 'link'): string {
  const path = purpose === 'login' ? '/authredirect' : '/user/authredirect';
  return `${request.protocol}://${request.host}${path}`;
}

/** A user name for a new user from the provider's claims: letters and digits, 4-30, free. */
function userNameCandidates(claims: { email?: string; name?: string }): string[] {
  const base = (claims.email?.split('@')[0] ?? claims.name ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 20);
  const stem = base.length >= 4 ? base : `${base}user`.slice(0, 20);
  return [stem, ...Array.from({ length: 4 }, () => `${stem}${randomInt(1000, 1_000_000)}`)];
}

type FlowRow = {
  provider: string;
  purpose: 'login' | 'link';
  user_id: string | null;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  browser_binding_hash: string | null;
};

/**
 * The message of every refused link by email: the user's way on is the one of any identity
 * not linked yet (sign in with the password, then link the provider in settings). One message
 * for every reason, so it tells nothing about the account (an operator's, say).
 */
function linkByEmailRefused(providerName: string): never {
  conflict(
    'email',
    `An account with this email already exists. Sign in with your password, then link ${providerName} in settings`,
  );
}

/** What the provider vouched for. */
interface ProviderClaims {
  readonly sub: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly name: string | undefined;
}

/**
 * Third-party login (OpenID Connect relying party, with oauth4webapi): authorisation code with
 * PKCE S256, `state` and `nonce`, kept server-side single use for 10 minutes and bound to the
 * browser that started the sign-in (`browser_binding`); the ID token's issuer, audience,
 * expiry, nonce and signature are checked. Registers, links by verified email (trusted
 * providers only, never to an operator), or signs in; lists and unlinks identities (never the
 * last way to sign in).
 *
 * Decision, the browser binding: `POST /oidc/start` answers a random secret that the site keeps
 * in `sessionStorage` and sends back with the finish; the flow keeps its SHA-256. We chose that
 * over an HttpOnly cookie: the API authenticates by bearer token and sets no cookie anywhere
 * (no cookie parsing, CSRF or cache rules to add for one), a sibling subdomain cannot plant it
 * the way it can toss a cookie (and a cookie on plain-HTTP deployments could not be `Secure`),
 * each tab keeps its own so two sign-ins in two tabs do not overwrite each other, and a client
 * that is not a browser keeps it the same way. What it costs: the provider must send the user
 * back to the same tab (the redirect does), and a script running in the site could read it,
 * but such a script could already act as the user.
 */
export function registerOidcLoginRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;
  const relyingParty = createRelyingParty(() => context.config.oidc.providers);

  function providerOf(id: string): OidcProviderConfig {
    const config = relyingParty.provider(id);
    if (config === undefined) {
      notFound(
        'provider',
        id === 'wechat'
          ? 'WeChat sign-in is not configured on this pool'
          : 'Unknown sign-in provider',
      );
    }
    return config;
  }

  async function exchange(
    config: OidcProviderConfig,
    flow: FlowRow,
    body: { code: string; state: string; iss?: string | undefined },
  ): Promise<ProviderClaims> {
    const server = await relyingParty.metadata(config);
    const client: oauth.Client = { client_id: config.clientId };
    const options = requestOptions(config);
    let claims: oauth.IDToken | undefined;
    try {
      const parameters = oauth.validateAuthResponse(
        server,
        client,
        new URLSearchParams({
          code: body.code,
          state: body.state,
          ...(body.iss === undefined ? {} : { iss: body.iss }),
        }),
        body.state,
      );
      const response = await oauth.authorizationCodeGrantRequest(
        server,
        client,
        oauth.ClientSecretBasic(config.clientSecret),
        parameters,
        flow.redirect_uri,
        flow.code_verifier,
        options,
      );
      const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
        expectedNonce: flow.nonce,
        requireIdToken: true,
      });
      // Over plain HTTP (a local provider) TLS does not vouch for the issuer: check the signature.
      await oauth.validateApplicationLevelSignature(server, response, options);
      claims = oauth.getValidatedIdTokenClaims(result);
    } catch (error) {
      if (error instanceof TypeError) {
        throw new HttpError(
          503,
          ERROR_CODES.unavailable,
          `${config.name} cannot be reached right now, please try again later`,
        );
      }
      const reason = error instanceof Error ? error.message : 'invalid answer';
      refuseField('code', `${config.name} sign-in was refused: ${reason}`);
    }
    if (claims === undefined) refuseField('code', `${config.name} sent no ID token`);
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }

  async function linkIdentity(
    userId: string,
    provider: string,
    claims: ProviderClaims,
    request: FastifyRequest,
  ): Promise<void> {
    const now = context.clock.now();
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO user_identities (user_id, provider, subject, email, created_at)
              VALUES (${userId}::bigint, ${provider}, ${claims.sub}, ${claims.email ?? null},
                      ${iso(now)}::timestamptz)`,
        );
        await notifySettingUpdate(tx, userId, 'thirdPartyLogin', now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        conflict('provider', 'This sign-in is already linked to another account');
      }
      throw error;
    }
    await addUserLog(context, userId, 'security', 'identity_linked', request);
  }

  async function signIn(
    userId: string,
    request: FastifyRequest,
    extra: { registered: boolean; linked: boolean },
  ) {
    const user = await findUserById(context, userId);
    if (user === undefined || user.status === 'cancelled') {
      throw new HttpError(401, ERROR_CODES.notRegistered, 'This account has not been registered.');
    }
    if (user.totp_secret !== null) {
      const ticket = await createTicket(context, 'login', user.id, null, LOGIN_TICKET_TTL_MS);
      return {
        status: 'totp_required' as const,
        login_ticket: ticket.token,
        expires_at: isoSeconds(ticket.expiresMs),
      };
    }
    const { cancellation_revoked: _revoked, ...answer } = await finishLogin(context, user, request);
    return { ...answer, ...extra };
  }

  /** Whether the user holds the operator role (a row in `operators`). */
  async function isOperator(userId: string): Promise<boolean> {
    const row = await queryRow<{ operator: boolean }>(
      database,
      sql`SELECT EXISTS (SELECT 1 FROM operators WHERE user_id = ${userId}::bigint) AS operator`,
    );
    return row?.operator === true;
  }

  /**
   * Registers a new user for the identity. Decision: the provider's email becomes the user's
   * (verified) email only when a trusted provider verified it; an untrusted one's claim proves
   * nothing, so its users start without email (they bind one by code later), and nobody can
   * hold an address at the pool that they never received a code at.
   */
  async function register(
    config: OidcProviderConfig,
    claims: ProviderClaims,
    request: FastifyRequest,
  ): Promise<string> {
    const provider = config.id;
    const email =
      config.trusted && claims.email !== undefined && claims.emailVerified
        ? claims.email
        : undefined;
    let lastError: unknown;
    for (const username of userNameCandidates(claims)) {
      try {
        const userId = await createUser(context, {
          username,
          ...(email === undefined ? {} : { email }),
          passwordHash: NO_PASSWORD,
        });
        await database.db.execute(
          sql`UPDATE users SET password_set = false WHERE id = ${userId}::bigint`,
        );
        await addUserLog(context, userId, 'security', 'registered_with_provider', request);
        await linkIdentity(userId, provider, claims, request);
        return userId;
      } catch (error) {
        lastError = error;
        const field = (error as { details?: { fields?: { field: string }[] } }).details?.fields?.[0]
          ?.field;
        if (!(error instanceof HttpError) || error.status !== 409 || field !== 'username') {
          throw error;
        }
      }
    }
    throw lastError;
  }

  registerEndpoint(app, endpoints.oidcProviders, async () => ({
    list: context.config.oidc.providers.map((provider) => ({
      id: provider.id,
      name: provider.name,
    })),
  }));

  /**
   * A link takes a fresh second validation of scene `link_identity` (a linked identity signs in
   * on its own and a password reset leaves it, so a stolen session alone must not plant one).
   * The token is checked before anything else and spent in the transaction that stores the
   * flow: a provider that cannot be reached leaves it good for another try, and each started
   * link costs one token.
   */
  registerEndpoint(app, endpoints.oidcStart, async ({ body }, { principal, request }) => {
    let userId: string | null = null;
    let validation: { token: string; expected: ExpectedValidation } | null = null;
    if (body.purpose === 'link') {
      userId = signedIn(principal);
      validation = {
        token: body.validation_token,
        expected: { userId, scene: 'link_identity', field: 'validation_token' },
      };
      await requireLiveValidation(context, validation.token, validation.expected);
    }
    const config = providerOf(body.provider);
    const server = await relyingParty.metadata(config);
    if (server.authorization_endpoint === undefined) {
      throw new HttpError(503, ERROR_CODES.unavailable, `${config.name} has no sign-in address`);
    }
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const browserBinding = randomBytes(32).toString('base64url');
    const redirectUri = redirectUriOf(request, body.purpose);
    const now = context.clock.now();
    await database.db.transaction(async (tx) => {
      if (validation !== null) {
        await spendValidationIn(tx, validation.token, validation.expected, now);
      }
      await tx.execute(
        sql`INSERT INTO oidc_flows (state_hash, provider, purpose, user_id, code_verifier, nonce,
              redirect_uri, expires_at, browser_binding_hash)
            VALUES (${sha256Hex(state)}, ${config.id}, ${body.purpose}, ${userId}::bigint,
                    ${verifier}, ${nonce}, ${redirectUri},
                    ${iso(now + FLOW_TTL_MS)}::timestamptz,
                    ${sha256Hex(browserBinding)})`,
      );
    });
    const target = new URL(server.authorization_endpoint);
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('client_id', config.clientId);
    target.searchParams.set('redirect_uri', redirectUri);
    target.searchParams.set('scope', 'openid email profile');
    target.searchParams.set('state', state);
    target.searchParams.set('nonce', nonce);
    target.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    target.searchParams.set('code_challenge_method', 'S256');
    return { authorization_url: target.toString(), browser_binding: browserBinding };
  });

  registerEndpoint(app, endpoints.oidcFinish, async ({ body }, { principal, request }) => {
    const now = context.clock.now();
    // Single use: the first finish claims the flow; a replayed or forged state finds none.
    const flow = await queryRow<FlowRow>(
      database,
      sql`UPDATE oidc_flows SET used_at = ${iso(now)}::timestamptz
          WHERE state_hash = ${sha256Hex(body.state)} AND used_at IS NULL
            AND expires_at > ${iso(now)}::timestamptz
          RETURNING provider, purpose, user_id::text AS user_id, code_verifier, nonce, redirect_uri,
            browser_binding_hash`,
    );
    if (flow === undefined) {
      refuseField('state', 'This sign-in link is not valid or has expired, please start again');
    }
    // The state must come back to the browser that started it; a mismatch still spends the flow
    // (a victim who opened someone else's sign-in link leaves nothing to retry).
    if (
      flow.browser_binding_hash === null ||
      !safeEqual(flow.browser_binding_hash, sha256Hex(body.browser_binding))
    ) {
      refuseField(
        'browser_binding',
        'This sign-in was started in another browser or tab, please start again here',
      );
    }
    if (flow.purpose === 'link') {
      const userId = signedIn(principal);
      if (userId !== flow.user_id) refuseField('state', 'This sign-in was started by another user');
    }
    const config = providerOf(flow.provider);
    const claims = await exchange(config, flow, body);
    const existing = await queryRow<{ user_id: string }>(
      database,
      sql`SELECT user_id::text AS user_id FROM user_identities
          WHERE provider = ${config.id} AND subject = ${claims.sub}`,
    );

    if (flow.purpose === 'link' && flow.user_id !== null) {
      if (existing !== undefined) {
        if (existing.user_id !== flow.user_id) {
          conflict('provider', 'This sign-in is already linked to another account');
        }
        return { status: 'linked' as const, provider: config.id };
      }
      const other = await queryRow<{ id: string }>(
        database,
        sql`SELECT id::text AS id FROM user_identities
            WHERE user_id = ${flow.user_id}::bigint AND provider = ${config.id}`,
      );
      if (other !== undefined) {
        conflict('provider', `Another ${config.name} sign-in is already linked, unlink it first`);
      }
      await linkIdentity(flow.user_id, config.id, claims, request);
      return { status: 'linked' as const, provider: config.id };
    }

    if (existing !== undefined) {
      return signIn(existing.user_id, request, { registered: false, linked: false });
    }
    const byEmail =
      claims.email === undefined ? undefined : await findUserByEmail(context, claims.email);
    if (byEmail !== undefined) {
      // Linking by email hands the account to whoever the provider says owns the address: only
      // a provider marked trusted is believed (never Demo ID, which asks no password), only for
      // a verified email, and never for an operator's account, whose owner links from settings.
      if (!config.trusted || !claims.emailVerified || (await isOperator(byEmail.id))) {
        linkByEmailRefused(config.name);
      }
      await linkIdentity(byEmail.id, config.id, claims, request);
      return signIn(byEmail.id, request, { registered: false, linked: true });
    }
    const userId = await register(config, claims, request);
    return signIn(userId, request, { registered: true, linked: false });
  });

  registerEndpoint(app, endpoints.linkedIdentities, async (_input, { principal }) => {
    const userId = signedIn(principal);
    const rows = await queryRows<{
      id: string;
      provider: string;
      email: string | null;
      created_ms: number;
    }>(
      database,
      sql`SELECT id::text AS id, provider, email,
            (extract(epoch from created_at) * 1000)::float8 AS created_ms
          FROM user_identities WHERE user_id = ${userId}::bigint ORDER BY id`,
    );
    const user = await queryRow<{ password_set: boolean }>(
      database,
      sql`SELECT password_set FROM users WHERE id = ${userId}::bigint`,
    );
    return {
      list: rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        provider_name: relyingParty.provider(row.provider)?.name ?? row.provider,
        email: row.email,
        created_at: isoSeconds(row.created_ms),
      })),
      password_set: user?.password_set ?? true,
    };
  });

  registerEndpoint(app, endpoints.unlinkIdentity, async ({ params }, { principal, request }) => {
    const userId = signedIn(principal);
    const now = context.clock.now();
    await database.transaction(async (session) => {
      // The user row's lock serialises unlinks, so two at once cannot both pass the last-way check.
      const [user] = await session.query<{ password_set: boolean }>(
        'SELECT password_set FROM users WHERE id = $1::bigint FOR UPDATE',
        [userId],
      );
      const identities = await session.query<{ id: string }>(
        'SELECT id::text AS id FROM user_identities WHERE user_id = $1::bigint',
        [userId],
      );
      if (!identities.some((row) => row.id === params.id)) {
        notFound('id', 'No such linked sign-in');
      }
      // A passkey signs in on its own (discoverable credentials), so it counts as a way in.
      const [passkeys] = await session.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM passkeys WHERE user_id = $1::bigint',
        [userId],
      );
      const otherWays = (user?.password_set === true ? 1 : 0) + (passkeys?.count ?? 0);
      if (otherWays === 0 && identities.length <= 1) {
        conflict(
          'id',
          'This is your only way to sign in. Set a password or link another sign-in first',
        );
      }
      await session.query(
        'DELETE FROM user_identities WHERE id::text = $1 AND user_id = $2::bigint',
        [params.id, userId],
      );
    });
    await notifySettingUpdate(database.db, userId, 'thirdPartyLogin', now);
    await addUserLog(context, userId, 'security', 'identity_unlinked', request);
    return null;
  });
}
