import { createdOauthAppSchema, ERROR_CODES, oauthGrantListSchema } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testDrivers } from '../../testing/testDatabase';
import {
  callApi,
  mineRecently,
  registerByEmail,
  registerOperator,
  secondValidation,
  useTestApp,
} from './testHelpers';

const T0 = Date.UTC(2026, 3, 1, 8);
const REDIRECT = 'https://rigwatch.example/callback';

describe.each(testDrivers)('PoolKit as an OAuth 2 provider on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let userToken = '';
  let operatorToken = '';
  let issuer = '';
  let client: oauth.Client;
  let clientAuth: oauth.ClientAuth;
  let as: oauth.AuthorizationServer;
  const clock = createManualClock(T0);

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  beforeAll(async () => {
    ({ token: userToken } = await registerByEmail(
      app,
      'oauthu01',
      'oauthu01@example.com',
      'Secret123',
      '10.8.0.1',
    ));
    operatorToken = await registerOperator({ app, database }, 'oauthop1', '10.8.0.2', clock.now());
    expect(
      (
        await callApi(app, 'POST', '/accounts', {
          token: userToken,
          body: { name: 'oauthu02', permission: 'read_only' },
        })
      ).status,
    ).toBe(200);
    await mineRecently(database, ['oauthu01', 'oauthu02'], 2, T0);
    issuer = await app.listen({ port: 0, host: '127.0.0.1' });
    as = {
      issuer,
      authorization_endpoint: `${issuer}/login/oauth/authorize`,
      token_endpoint: `${issuer}/api/oauth/token`,
    };

    const created = await callApi(app, 'POST', '/admin/oauth/apps', {
      token: operatorToken,
      body: {
        name: 'RigWatch',
        logo_url: 'https://rigwatch.example/logo.png',
        redirect_uris: [REDIRECT],
        scopes: ['miner.view', 'pool.view'],
      },
    });
    expect(created.status, created.msg).toBe(200);
    const registered = createdOauthAppSchema.parse(created.data);
    client = { client_id: registered.app.client_id };
    clientAuth = oauth.ClientSecretBasic(registered.client_secret);
  });

  const options = { [oauth.allowInsecureRequests]: true };

  /**
   * A fresh `authorize_app` second validation of the user. Its email takes a new code of a
   * scene once a minute, so the clock moves on first.
   */
  async function consentValidation(): Promise<string> {
    clock.advance(61_000);
    return secondValidation(app, userToken, 'oauthu01@example.com', 'authorize_app', '10.8.0.1');
  }

  /** The authorisation request of the app for `scope`, as the address bar carries it. */
  function requestOf(challenge: string, state: string, scope = 'miner.view') {
    return {
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
  }

  /**
   * What the consent page does: reads the request, then grants it for `accounts` with a fresh
   * second validation.
   */
  async function consent(
    challenge: string,
    state: string,
    accounts: string[],
    scope = 'miner.view',
  ) {
    const query = requestOf(challenge, state, scope);
    const described = await callApi(app, 'GET', '/oauth/authorize', { token: userToken, query });
    expect(described.status, described.msg).toBe(200);
    const { response_type: _type, ...body } = query;
    return callApi(app, 'POST', '/oauth/authorize', {
      token: userToken,
      body: { ...body, accounts, validation_token: await consentValidation() },
    });
  }

  /** The HTTP status of an app's read of an account's `miners` or `stats` with `token`. */
  async function readStatus(account: string, what: 'miners' | 'stats', token: string) {
    return (await callApi(app, 'GET', `/pools/btc/accounts/${account}/${what}`, { token })).status;
  }

  /** The app's token request for the code in `params`, proving `verifier`. */
  function exchange(params: URLSearchParams, verifier: string, auth = clientAuth) {
    return oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      REDIRECT,
      verifier,
      options,
    );
  }

  /** A consent for `accounts` and the exchange of its code by the oauth4webapi client. */
  async function grantedTokens(state: string, accounts: string[], scope = 'miner.view') {
    const verifier = oauth.generateRandomCodeVerifier();
    const granted = await consent(
      await oauth.calculatePKCECodeChallenge(verifier),
      state,
      accounts,
      scope,
    );
    expect(granted.status, granted.msg).toBe(200);
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URL(granted.data.redirect_url),
      state,
    );
    return oauth.processAuthorizationCodeResponse(as, client, await exchange(params, verifier));
  }

  it('should let an operator list the app and record it in the audit log, never its secret', async () => {
    const list = await callApi(app, 'GET', '/admin/oauth/apps', { token: operatorToken });
    expect(list.data.list.map((item: { name: string }) => item.name)).toEqual(['RigWatch']);
    expect(JSON.stringify(list.data)).not.toContain('pcs_');
    const audit = await callApi(app, 'GET', '/admin/audit-log', { token: operatorToken });
    expect(audit.data.list[0]).toMatchObject({
      action: 'oauth_apps.create',
      target_id: client.client_id,
    });
    const refused = await callApi(app, 'GET', '/admin/oauth/apps', { token: userToken });
    expect(refused.status).toBe(403);
  });

  it('should run the code flow with PKCE for an oauth4webapi client and read only the chosen account', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const granted = await consent(await oauth.calculatePKCECodeChallenge(verifier), state, [
      'oauthu01',
    ]);
    expect(granted.status, granted.msg).toBe(200);
    const callback = new URL(granted.data.redirect_url);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await exchange(params, verifier);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('miner.view');
    expect(tokens.accounts).toBe('oauthu01');

    const workers = await callApi(app, 'GET', '/pools/btc/accounts/oauthu01/miners', {
      token: tokens.access_token,
    });
    expect(workers.status, workers.msg).toBe(200);
    expect(workers.data.list).toHaveLength(1);
    const other = await callApi(app, 'GET', '/pools/btc/accounts/oauthu02/miners', {
      token: tokens.access_token,
    });
    expect(other.status).toBe(403);
    expect(other.fields).toEqual([
      { field: 'account', message: 'This app authorisation does not cover this account' },
    ]);
    const scope = await callApi(app, 'GET', '/pools/btc/accounts/oauthu01/stats', {
      token: tokens.access_token,
    });
    expect(scope.status).toBe(403);
    const write = await callApi(app, 'DELETE', '/pools/btc/accounts/oauthu01/miners', {
      token: tokens.access_token,
      body: { workers: ['rig1'] },
    });
    expect(write.status).toBe(403);
    expect(write.code).toBe(ERROR_CODES.observerReadOnly);

    // The code works once; a second exchange ends the grant.
    const replay = await exchange(params, verifier);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    const afterReplay = await callApi(app, 'GET', '/pools/btc/accounts/oauthu01/miners', {
      token: tokens.access_token,
    });
    expect(afterReplay.status).toBe(401);
  });

  it('should rotate refresh tokens, end the grant when one is reused, and let the user revoke an app', async () => {
    const first = await grantedTokens('s1', ['oauthu01', 'oauthu02'], 'miner.view pool.view');
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        clientAuth,
        first.refresh_token ?? '',
        options,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    const stats = await callApi(app, 'GET', '/pools/btc/accounts/oauthu02/stats', {
      token: refreshed.access_token,
    });
    expect(stats.status, stats.msg).toBe(200);

    const grants = oauthGrantListSchema.parse(
      (await callApi(app, 'GET', '/users/oauth/grants', { token: userToken })).data,
    );
    const grant = grants.list[0];
    expect(grant).toMatchObject({
      name: 'RigWatch',
      accounts: ['oauthu01', 'oauthu02'],
      scopes: ['miner.view', 'pool.view'],
    });
    expect(grant?.last_used_at).not.toBeNull();

    const reused = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      first.refresh_token ?? '',
      options,
    );
    expect(reused.status).toBe(400);
    expect(await readStatus('oauthu02', 'stats', refreshed.access_token)).toBe(401);

    // A fresh grant, revoked by the user in the settings.
    const tokens = await grantedTokens('s2', ['oauthu01']);
    const live = oauthGrantListSchema.parse(
      (await callApi(app, 'GET', '/users/oauth/grants', { token: userToken })).data,
    );
    expect(live.list).toHaveLength(1);
    const revoke = await callApi(app, 'DELETE', `/users/oauth/grants/${live.list[0]?.id}`, {
      token: userToken,
    });
    expect(revoke.status).toBe(200);
    expect(await readStatus('oauthu01', 'miners', tokens.access_token)).toBe(401);
    const refreshAfter = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      tokens.refresh_token ?? '',
      options,
    );
    expect(refreshAfter.status).toBe(400);
  });

  it('should refuse a wrong verifier, a wrong client secret and a foreign redirect URI', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const granted = await consent(await oauth.calculatePKCECodeChallenge(verifier), 's3', [
      'oauthu01',
    ]);
    const params = oauth.validateAuthResponse(as, client, new URL(granted.data.redirect_url), 's3');
    const badSecret = await exchange(params, verifier, oauth.ClientSecretBasic('pcs_wrong'));
    expect(badSecret.status).toBe(401);
    expect(((await badSecret.json()) as { error: string }).error).toBe('invalid_client');
    const badVerifier = await exchange(params, oauth.generateRandomCodeVerifier());
    expect(badVerifier.status).toBe(400);
    expect(((await badVerifier.json()) as { error_description: string }).error_description).toBe(
      'code_verifier does not match the code challenge',
    );

    const query = {
      client_id: client.client_id,
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    const foreign = await callApi(app, 'GET', '/oauth/authorize', { token: userToken, query });
    expect(foreign.status).toBe(400);
    expect(foreign.fields?.[0]?.field).toBe('redirect_uri');
    const prefix = await callApi(app, 'GET', '/oauth/authorize', {
      token: userToken,
      query: { ...query, redirect_uri: `${REDIRECT}/more` },
    });
    expect(prefix.status).toBe(400);
    const scope = await callApi(app, 'GET', '/oauth/authorize', {
      token: userToken,
      query: { ...query, redirect_uri: REDIRECT, scope: 'wallet.view' },
    });
    expect(scope.status).toBe(400);
    expect(scope.fields?.[0]?.field).toBe('scope');
    const noPkce = await callApi(app, 'GET', '/oauth/authorize', {
      token: userToken,
      query: { client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code' },
    });
    expect(noPkce.status).toBe(400);
  });

  it('should log an authorisation and its revocation in the security log and tell the user each time', async () => {
    const settingMessages = async () =>
      (
        (
          await callApi(app, 'GET', '/messages', {
            token: userToken,
            query: { type: 'setting_update', page: '1', page_size: '50' },
          })
        ).data.list as { content: string }[]
      ).filter((message) => message.content.includes('third-party app authorisations'));
    const securityLog = async () =>
      (
        await callApi(app, 'GET', '/users/logs', {
          token: userToken,
          query: { type: 'security', page: '1', page_size: '2' },
        })
      ).data.list.map((entry: { action: string }) => entry.action);
    const before = (await settingMessages()).length;

    const granted = await consent(
      await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      's5',
      ['oauthu01'],
    );
    expect(granted.status, granted.msg).toBe(200);
    expect((await securityLog())[0]).toBe('oauth_app_authorised');
    const afterGrant = await settingMessages();
    expect(afterGrant).toHaveLength(before + 1);
    expect(afterGrant[0]?.content).toContain(
      'A change was made to your third-party app authorisations',
    );

    const live = oauthGrantListSchema.parse(
      (await callApi(app, 'GET', '/users/oauth/grants', { token: userToken })).data,
    );
    const id = live.list[0]?.id;
    const revoke = await callApi(app, 'DELETE', `/users/oauth/grants/${id}`, { token: userToken });
    expect(revoke.status).toBe(200);
    expect(await securityLog()).toEqual(['oauth_app_revoked', 'oauth_app_authorised']);
    expect(await settingMessages()).toHaveLength(before + 2);

    // A refused authorisation (no account) and a second revocation change nothing: no message.
    await consent(
      await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      's6',
      [],
    );
    const again = await callApi(app, 'DELETE', `/users/oauth/grants/${id}`, { token: userToken });
    expect(again.status).toBe(404);
    expect(await securityLog()).toEqual(['oauth_app_revoked', 'oauth_app_authorised']);
    expect(await settingMessages()).toHaveLength(before + 2);
  });

  it('should refuse a consent without a fresh authorize_app validation of the user, and take a token once', async () => {
    const { response_type: _type, ...request } = requestOf(
      await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      's7',
    );
    const body = { ...request, accounts: ['oauthu01'] };
    const liveGrants = async () =>
      oauthGrantListSchema.parse(
        (await callApi(app, 'GET', '/users/oauth/grants', { token: userToken })).data,
      ).list.length;
    const before = await liveGrants();
    const grant = (validationToken?: string) =>
      callApi(app, 'POST', '/oauth/authorize', {
        token: userToken,
        body: validationToken === undefined ? body : { ...body, validation_token: validationToken },
      });
    const expectRefused = (answer: Awaited<ReturnType<typeof callApi>>) => {
      expect(answer.status).toBe(400);
      expect(answer.fields?.map((item) => item.field)).toEqual(['validation_token']);
    };

    // A session alone: no validation at all, or a made-up one.
    expectRefused(await grant());
    const madeUp = await grant('vt_made_up');
    expectRefused(madeUp);
    expect(madeUp.code).toBe(ERROR_CODES.codeInvalid);
    expect(madeUp.msg).toBe('The validation is not valid or has expired');

    // A validation of another scene, and another user's of this scene.
    clock.advance(61_000);
    const otherScene = await secondValidation(
      app,
      userToken,
      'oauthu01@example.com',
      'api_key',
      '10.8.0.1',
    );
    expectRefused(await grant(otherScene));
    const otherUser = await secondValidation(
      app,
      operatorToken,
      'oauthop1@example.com',
      'authorize_app',
      '10.8.0.2',
    );
    expectRefused(await grant(otherUser));
    expect(await liveGrants()).toBe(before);

    // The user's own: one grant, then the token is spent.
    const own = await consentValidation();
    const granted = await grant(own);
    expect(granted.status, granted.msg).toBe(200);
    expect(new URL(granted.data.redirect_url).searchParams.get('code')).toMatch(/^pac_/);
    const again = await grant(own);
    expectRefused(again);
    expect(again.code).toBe(ERROR_CODES.codeInvalid);
    expect(await liveGrants()).toBe(before + 1);
  });

  it('should ask for at least one account', async () => {
    const answer = await consent(
      await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      's4',
      [],
    );
    expect(answer.status).toBe(400);
    expect(answer.fields).toEqual([{ field: 'accounts', message: 'Select at least one account' }]);
  });

  it('should stop the tokens of an app the operator removes', async () => {
    const tokens = await grantedTokens('s5', ['oauthu01']);
    const removed = await callApi(app, 'DELETE', `/admin/oauth/apps/${client.client_id}`, {
      token: operatorToken,
    });
    expect(removed.status).toBe(200);
    expect(await readStatus('oauthu01', 'miners', tokens.access_token)).toBe(401);
    const audit = await callApi(app, 'GET', '/admin/audit-log', { token: operatorToken });
    expect(audit.data.list[0]).toMatchObject({
      action: 'oauth_apps.delete',
      target_id: client.client_id,
    });
  });
});
