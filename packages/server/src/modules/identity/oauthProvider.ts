/**
 * PoolKit as an OAuth 2 provider: an operator registers an app (`oauthApps.ts`); the site's
 * consent page asks `GET /oauth/authorize` what the app wants and `POST /oauth/authorize` for the
 * code after a fresh second validation (here); the app exchanges the code at the token endpoint
 * and refreshes there (`oauthTokens.ts`); the user lists and revokes their authorisations
 * (`oauthGrants.ts`), and a password reset revokes them all (`recovery.ts`).
 *
 * Decision: this code, not a maintained authorisation-server library, for now.
 *
 * What it does: one narrow profile of OAuth 2. Confidential clients only; the authorisation code
 * grant with PKCE S256 required; refresh tokens rotated on use, where a reused code or refresh
 * token ends the whole grant; opaque access tokens checked against their grant on every call;
 * scopes limited to what the operator allowed the app. And PoolKit's own parts: the consent is a
 * contract endpoint behind a second validation (not a server-rendered page), a grant names the
 * mining accounts the app may read (`accounts` in the token answer), revoking a grant ends its
 * tokens at once, and every grant change is told to the user.
 *
 * What a library would change. Both candidates install on Node 20 (MIT).
 * - `oidc-provider` (9.x, built on Koa) is a complete, certified OpenID provider. It brings its
 *   own sign-in and consent steps with its own session cookie, and stores grants, codes and
 *   tokens as JSON documents through a key-value adapter. Today's tables (`oauth_grants` with
 *   `oauth_grant_accounts`, all revoked by one UPDATE at a password reset) would become a
 *   second store beside it, and the second validation would have to be rebuilt as one of its
 *   consent prompts.
 * - `@node-oauth/oauth2-server` (5.x, framework-agnostic) fits the tables better. Its model
 *   (`getClient`, `saveAuthorizationCode`, `getAuthorizationCode`, `revokeAuthorizationCode`,
 *   `saveToken`, `getRefreshToken`, `revokeToken`) maps one to one onto `oauth_apps`,
 *   `oauth_codes` and `oauth_tokens`, and it would take over the token endpoint's parsing,
 *   client authentication and error answers. It would not take over the parts that carry the
 *   risk. PKCE applies there only when a challenge was sent, and `plain` is accepted, so we
 *   would still have to require S256. Ending a grant on a reused code or refresh token would
 *   move into the model's callbacks. The consent, the accounts and the messages stay ours.
 *
 * The choice: keep this code. It is about 600 lines over four files, tested end to end with an
 * independent client (`oauth4webapi`), and its security rules are written out here. Move the
 * token endpoint onto `@node-oauth/oauth2-server` when a second grant type (client credentials,
 * device code) or the revocation and introspection endpoints (RFC 7009, RFC 7662) are wanted.
 * Take `oidc-provider` only if PoolKit is to sign ID tokens for other sites (OpenID Connect,
 * discovery, JWKS), where its certification is worth running its own store.
 */
import type { DelegableScope } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { iso } from '../../db/sql';
import { badField } from '../../domain/errors';
import { queryRows as queryInTransaction } from '../../engine/sql';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { randomToken, sha256Hex } from './crypto';
import { jsonList, ownedAccounts, scopesOf } from './delegation';
import { type AppRow, findApp, registerOauthAppRoutes } from './oauthApps';
import { registerOauthGrantRoutes } from './oauthGrants';
import { registerOauthTokenRoute } from './oauthTokens';
import { securityChangeIn } from './securityChange';
import { requireLiveValidation, spendValidationIn } from './users';

// The app's token router tells app tokens from sessions by this prefix.
export { OAUTH_ACCESS_PREFIX } from './oauthTokens';

const codePrefix = 'pac_';
/** An authorisation code is good for 5 minutes. */
const CODE_TTL_MS = 5 * 60_000;

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
  if (app === undefined) badField('client_id', 'Unknown app');
  if (!jsonList(app.redirect_uris).includes(request.redirect_uri)) {
    badField('redirect_uri', 'This redirect URI is not registered for the app');
  }
  const allowed = scopesOf(app.scopes);
  const asked = (request.scope ?? '').split(' ').filter((scope) => scope !== '');
  if (asked.length === 0) return { app, scopes: allowed };
  const scopes: DelegableScope[] = [];
  for (const scope of asked) {
    const known = allowed.find((item) => item === scope);
    if (known === undefined) badField('scope', `The app may not ask for ${scope}`);
    if (!scopes.includes(known)) scopes.push(known);
  }
  return { app, scopes };
}

/**
 * Registers the provider's endpoints: the consent page's two calls (here), the token endpoint,
 * the user's app authorisations and the operators' app register.
 */
export function registerOauthProviderRoutes(app: FastifyInstance, context: AppContext): void {
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
   * (`oauthTokens.ts`), and there is no short-lived-only grant to exempt. A stolen session alone
   * cannot hand an app lasting access. The token is checked before the request, and spent in
   * the transaction that makes the grant.
   */
  registerEndpoint(app, endpoints.oauthAuthorize, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const validation = { userId, scene: 'authorize_app', field: 'validation_token' } as const;
    await requireLiveValidation(context, body.validation_token, validation);
    const { app: client, scopes } = await checkRequest(context, body);
    const { owned, missing } = await ownedAccounts(context, userId, body.accounts);
    if (missing !== undefined) badField('accounts', 'No such mining account', ERROR_CODES.notFound);
    const code = randomToken(codePrefix);
    const change = {
      userId,
      setting: 'oauthApp',
      action: 'oauth_app_authorised',
      request,
    } as const;
    await securityChangeIn(context, change, async (tx, now) => {
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
      return grantId;
    });
    const target = new URL(body.redirect_uri);
    target.searchParams.set('code', code);
    if (body.state !== undefined) target.searchParams.set('state', body.state);
    return { redirect_url: target.toString() };
  });

  registerOauthTokenRoute(app, context);
  registerOauthGrantRoutes(app, context);
  registerOauthAppRoutes(app, context);
}
