import { createHash, randomBytes } from 'node:crypto';
import { createdOauthAppSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testDrivers } from '../../testing/testDatabase';
import { SoftAuthenticator } from './softAuthenticator';
import {
  type ApiAnswer,
  callApi,
  encrypted,
  loginByEmail,
  outboxCode,
  registerByEmail,
  registerOperator,
  secondValidation,
  sendEmailCode,
  useTestApp,
} from './testHelpers';

const ORIGIN = 'https://pool.example.com';
const REDIRECT = 'https://rigwatch.example/callback';

describe.each(testDrivers)('the "I lost control" path on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 4, 1, 8));
  let clientId = '';
  let clientSecret = '';

  useTestApp(driver, clock, (opened) => ({ app, database } = opened), { WEBAUTHN_ORIGINS: ORIGIN });

  beforeAll(async () => {
    const operator = await registerOperator({ app, database }, 'rcvop001', '10.9.0.1', clock.now());
    const created = await callApi(app, 'POST', '/admin/oauth/apps', {
      token: operator,
      body: { name: 'RigWatch', redirect_uris: [REDIRECT], scopes: ['miner.view', 'pool.view'] },
    });
    expect(created.status, created.msg).toBe(200);
    const registered = createdOauthAppSchema.parse(created.data);
    clientId = registered.app.client_id;
    clientSecret = registered.client_secret;
  });

  /**
   * A fresh second validation of `scene` by an email code. An address takes a new code of a
   * scene once a minute, so the clock moves on first.
   */
  async function validation(token: string, email: string, scene: string, ip: string) {
    clock.advance(61_000);
    return secondValidation(app, token, email, scene, ip);
  }

  /** Resets the password by an email code; resolves the answer. */
  async function reset(email: string, password: string, ip: string): Promise<ApiAnswer> {
    clock.advance(61_000);
    expect((await sendEmailCode(app, email, 'reset_password', ip)).status).toBe(200);
    return callApi(app, 'POST', '/users/password/reset/email', {
      body: { email, code: await outboxCode(app, email), ...(await encrypted(app, password)) },
      ip,
    });
  }

  /** Registers a passkey after a `passkey` validation by an email code. */
  async function addPasskey(token: string, email: string, nickname: string, ip: string) {
    const options = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: await validation(token, email, 'passkey', ip) },
      ip,
    });
    expect(options.status, options.msg).toBe(200);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const added = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname,
        credential: authenticator.create(options.data.publicKey),
      },
      ip,
    });
    expect(added.status, added.msg).toBe(200);
    return { id: added.data.id as string, authenticator };
  }

  /** What a thief does with a session: an API key and a third-party app's tokens. */
  async function plant(token: string, email: string, account: string, ip: string) {
    const key = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: {
        name: 'monitor',
        scopes: ['miner.view'],
        accounts: [account],
        expiry: 'forever',
        validation_token: await validation(token, email, 'api_key', ip),
      },
      ip,
    });
    expect(key.status, key.msg).toBe(200);
    const verifier = randomBytes(32).toString('base64url');
    const consent = await callApi(app, 'POST', '/oauth/authorize', {
      token,
      body: {
        client_id: clientId,
        redirect_uri: REDIRECT,
        scope: 'miner.view',
        state: 'xyz',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        accounts: [account],
        validation_token: await validation(token, email, 'authorize_app', ip),
      },
      ip,
    });
    expect(consent.status, consent.msg).toBe(200);
    const code = new URL(consent.data.redirect_url).searchParams.get('code') ?? '';
    const tokens = await tokenEndpoint({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(tokens.statusCode).toBe(200);
    const { access_token: appToken, refresh_token: appRefresh } = tokens.json() as {
      access_token: string;
      refresh_token: string;
    };
    return { apiKey: key.data.secret as string, appToken, appRefresh };
  }

  function tokenEndpoint(form: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      payload: new URLSearchParams(form).toString(),
    });
  }

  it('should end every session, refresh token, API key and app token of the account on a reset, without signing the user in', async () => {
    const ip = '10.9.1.1';
    const email = 'rcv00001@example.com';
    const first = await registerByEmail(app, 'rcv00001', email, 'Secret123', ip);
    const second = await loginByEmail(app, email, 'Secret123', ip);
    expect(second.status).toBe(200);
    const { apiKey, appToken, appRefresh } = await plant(first.token, email, 'rcv00001', ip);
    const miners = '/pools/btc/accounts/rcv00001/miners';
    expect((await callApi(app, 'GET', miners, { token: apiKey, ip })).status).toBe(200);
    expect((await callApi(app, 'GET', miners, { token: appToken, ip })).status).toBe(200);
    // A ceremony started before the reset, and a validation won before it.
    const pendingTicket = await validation(first.token, email, 'passkey', ip);

    const answer = await reset(email, 'NewSecret9', ip);
    expect(answer.status, answer.msg).toBe(200);
    // A recovery token for the screen after it, and no session.
    expect(Object.keys(answer.data).sort()).toEqual(['expires_at', 'recovery_token']);
    expect(answer.data.recovery_token).toMatch(/^rk_/);
    expect(answer.data.expires_at).toBe(
      new Date(clock.now() + 15 * 60_000).toISOString().replace('.000', ''),
    );

    for (const token of [first.token, second.data.token]) {
      expect((await callApi(app, 'GET', '/users/info', { token, ip })).status).toBe(401);
    }
    for (const refreshToken of [first.refresh_token, second.data.refresh_token]) {
      const refreshed = await callApi(app, 'POST', '/users/refresh/login', {
        body: { refresh_token: refreshToken },
        ip,
      });
      expect(refreshed.status).toBe(401);
    }
    expect((await callApi(app, 'GET', miners, { token: apiKey, ip })).status).toBe(401);
    expect((await callApi(app, 'GET', miners, { token: appToken, ip })).status).toBe(401);
    const appRefreshed = await tokenEndpoint({
      grant_type: 'refresh_token',
      refresh_token: appRefresh,
    });
    expect(appRefreshed.statusCode).toBe(400);
    expect(appRefreshed.json()).toMatchObject({ error: 'invalid_grant' });

    // The new password signs in, and the session it starts does not revive the old tickets.
    const fresh = await loginByEmail(app, email, 'NewSecret9', ip);
    expect(fresh.status).toBe(200);
    const late = await callApi(app, 'POST', '/passkeys/registration/options', {
      token: fresh.data.token,
      body: { validation_token: pendingTicket },
      ip,
    });
    expect(late.status).toBe(400);
    expect(late.fields?.map((item) => item.field)).toEqual(['validation_token']);
    const keys = await callApi(app, 'GET', '/users/api-keys', { token: fresh.data.token, ip });
    expect(keys.data.list).toEqual([]);
    const apps = await callApi(app, 'GET', '/users/oauth/grants', { token: fresh.data.token, ip });
    expect(apps.status, apps.msg).toBe(200);
    expect(apps.data.list).toEqual([]);
  });

  it('should still ask an authenticator-protected account for its code at login after a reset', async () => {
    const ip = '10.9.1.2';
    const email = 'rcv00002@example.com';
    const { token } = await registerByEmail(app, 'rcv00002', email, 'Secret123', ip);
    const secret = await callApi(app, 'POST', '/auth/totp/secret', { token, ip });
    expect(secret.status).toBe(200);
    await database.db.execute(
      sql`UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
            verify_type = 'totp' WHERE username = 'rcv00002'`,
    );
    const answer = await reset(email, 'NewSecret9', ip);
    expect(answer.status).toBe(200);
    expect(answer.data.token).toBeUndefined();
    const login = await loginByEmail(app, email, 'NewSecret9', ip);
    expect(login.data.status).toBe('totp_required');
    expect(login.data.token).toBeUndefined();
  });

  it('should list and remove the passkeys with the recovery token, and nothing else, until it expires', async () => {
    const ip = '10.9.1.3';
    const email = 'rcv00003@example.com';
    const { token } = await registerByEmail(app, 'rcv00003', email, 'Secret123', ip);
    const own = await addPasskey(token, email, 'My phone', ip);
    const planted = await addPasskey(token, email, 'Planted', ip);
    const signIn = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    const used = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: signIn.data.challenge_id,
        credential: own.authenticator.get(signIn.data.publicKey),
      },
      ip,
    });
    expect(used.status).toBe(200);
    const usedAt = new Date(clock.now()).toISOString().replace('.000', '');
    const other = await registerByEmail(app, 'rcv00004', 'rcv00004@example.com', 'Secret123', ip);
    const foreign = await addPasskey(other.token, 'rcv00004@example.com', 'Theirs', ip);

    const { recovery_token: recoveryToken } = (await reset(email, 'NewSecret9', ip)).data;
    const list = await callApi(app, 'POST', '/users/password/reset/passkeys', {
      body: { recovery_token: recoveryToken },
      ip,
    });
    expect(list.status, list.msg).toBe(200);
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: own.id, nickname: 'My phone', last_used_at: usedAt }),
      expect.objectContaining({ id: planted.id, nickname: 'Planted', last_used_at: null }),
    ]);
    expect(list.data.list[0].created_at).toMatch(/^2026-05-01T/);

    // Only these two calls take it: not as a bearer token, not for another account's passkey.
    for (const [method, path] of [
      ['GET', '/users/info'],
      ['GET', '/passkeys'],
      ['DELETE', `/passkeys/${planted.id}`],
    ] as const) {
      expect((await callApi(app, method, path, { token: recoveryToken, ip })).status).toBe(401);
    }
    const theirs = await callApi(app, 'DELETE', `/users/password/reset/passkeys/${foreign.id}`, {
      body: { recovery_token: recoveryToken },
      ip,
    });
    expect(theirs.status).toBe(404);
    // A validation token is not a recovery token.
    const signedIn = await loginByEmail(app, email, 'NewSecret9', ip);
    const notRecovery = await callApi(app, 'POST', '/users/password/reset/passkeys', {
      body: { recovery_token: await validation(signedIn.data.token, email, 'passkey', ip) },
      ip,
    });
    expect(notRecovery.status).toBe(401);
    expect(notRecovery.fields?.map((item) => item.field)).toEqual(['recovery_token']);

    const removed = await callApi(app, 'DELETE', `/users/password/reset/passkeys/${planted.id}`, {
      body: { recovery_token: recoveryToken },
      ip,
    });
    expect(removed.status, removed.msg).toBe(200);
    const after = await callApi(app, 'POST', '/users/password/reset/passkeys', {
      body: { recovery_token: recoveryToken },
      ip,
    });
    expect(after.data.list.map((item: { nickname: string }) => item.nickname)).toEqual([
      'My phone',
    ]);
    // The planted passkey no longer signs in.
    const retry = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    const refused = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: retry.data.challenge_id,
        credential: planted.authenticator.get(retry.data.publicKey),
      },
      ip,
    });
    expect(refused.status).toBe(401);
    const logs = await callApi(app, 'GET', '/users/logs', {
      token: signedIn.data.token,
      query: { type: 'security', page: '1', page_size: '20' },
      ip,
    });
    expect(logs.data.list.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['password_reset', 'passkey_deleted']),
    );

    // 15 minutes on, it is worth nothing.
    clock.advance(15 * 60_000 + 1_000);
    const expired = await callApi(app, 'POST', '/users/password/reset/passkeys', {
      body: { recovery_token: recoveryToken },
      ip,
    });
    expect(expired.status).toBe(401);
    expect(expired.fields?.map((item) => item.field)).toEqual(['recovery_token']);
    const lateRemoval = await callApi(app, 'DELETE', `/users/password/reset/passkeys/${own.id}`, {
      body: { recovery_token: recoveryToken },
      ip,
    });
    expect(lateRemoval.status).toBe(401);
  });

  it('should spend an older recovery token when the password is reset again', async () => {
    const ip = '10.9.1.5';
    const email = 'rcv00005@example.com';
    await registerByEmail(app, 'rcv00005', email, 'Secret123', ip);
    const older = (await reset(email, 'NewSecret9', ip)).data.recovery_token;
    const newer = (await reset(email, 'NewSecret8', ip)).data.recovery_token;
    const list = (recoveryToken: string) =>
      callApi(app, 'POST', '/users/password/reset/passkeys', {
        body: { recovery_token: recoveryToken },
        ip,
      });
    expect((await list(older)).status).toBe(401);
    expect((await list(newer)).status).toBe(200);
  });

  it('should end the other sessions on a password change and keep the one that made it', async () => {
    const ip = '10.9.1.6';
    const email = 'rcv00006@example.com';
    const current = await registerByEmail(app, 'rcv00006', email, 'Secret123', ip);
    const other = await loginByEmail(app, email, 'Secret123', ip);
    expect(other.status).toBe(200);
    const changed = await callApi(app, 'PUT', '/users/password', {
      token: current.token,
      body: {
        ...(await encrypted(app, 'Changed123')),
        validation_token: await validation(current.token, email, 'change_password', ip),
      },
      ip,
    });
    expect(changed.status, changed.msg).toBe(200);

    expect((await callApi(app, 'GET', '/users/info', { token: other.data.token, ip })).status).toBe(
      401,
    );
    const otherRefresh = await callApi(app, 'POST', '/users/refresh/login', {
      body: { refresh_token: other.data.refresh_token },
      ip,
    });
    expect(otherRefresh.status).toBe(401);

    expect((await callApi(app, 'GET', '/users/info', { token: current.token, ip })).status).toBe(
      200,
    );
    const refreshed = await callApi(app, 'POST', '/users/refresh/login', {
      body: { refresh_token: current.refresh_token },
      ip,
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await callApi(app, 'GET', '/users/info', { token: refreshed.data.token, ip })).status,
    ).toBe(200);
  });
});
