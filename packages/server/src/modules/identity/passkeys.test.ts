import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { pruneIdentityData } from './cancellation';
import { SoftAuthenticator } from './softAuthenticator';
import {
  type ApiAnswer,
  callApi,
  outboxCode,
  registerByEmail,
  secondValidation,
  solvedCaptcha,
} from './testHelpers';

const ORIGIN = 'https://pool.example.com';

describe.each(testDrivers)('passkeys on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 2, 1));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({
      config: testConfig({ WEBAUTHN_ORIGINS: ORIGIN }),
      db: database,
      clock,
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function register(
    token: string,
    authenticator: SoftAuthenticator,
    nickname = 'Laptop',
  ): Promise<ApiAnswer> {
    const options = await callApi(app, 'POST', '/passkeys/registration/options', { token });
    expect(options.status).toBe(200);
    return callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname,
        credential: authenticator.create(options.data.publicKey),
      },
    });
  }

  async function signIn(authenticator: SoftAuthenticator, ip: string): Promise<ApiAnswer> {
    const options = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    expect(options.status).toBe(200);
    return callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: options.data.challenge_id,
        credential: authenticator.get(options.data.publicKey),
      },
      ip,
    });
  }

  async function count(statement: string): Promise<number> {
    const result = (await database.db.execute(statement)) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n ?? 0;
  }

  it('should register, list, rename and delete a passkey, logging each change and telling the user', async () => {
    const ip = '10.0.7.1';
    const { token } = await registerByEmail(app, 'pkuser01', 'pk1@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });

    const options = await callApi(app, 'POST', '/passkeys/registration/options', { token });
    expect(options.data.publicKey).toMatchObject({
      rp: { id: 'pool.example.com', name: 'PoolKit' },
      user: { name: 'pk1@example.com', displayName: 'pkuser01' },
      authenticatorSelection: { residentKey: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    // The user handle is random, never the user id.
    expect(Buffer.from(options.data.publicKey.user.id, 'base64url')).toHaveLength(32);

    const blank = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname: '   ',
        credential: authenticator.create(options.data.publicKey),
      },
    });
    expect(blank.status).toBe(400);
    expect(blank.fields?.[0]?.field).toBe('nickname');

    const added = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname: '  Laptop  ',
        credential: authenticator.create(options.data.publicKey),
      },
    });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ nickname: 'Laptop', last_used_at: null });

    // The challenge is spent: the same ceremony cannot add a second passkey.
    const again = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname: 'Phone',
        credential: authenticator.create(options.data.publicKey),
      },
    });
    expect(again.status).toBe(400);
    expect(again.msg).toBe('Passkey registration failed');

    const next = await callApi(app, 'POST', '/passkeys/registration/options', { token });
    expect(next.data.publicKey.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentials[1]?.id.toString('base64url') }),
    ]);

    const list = await callApi(app, 'GET', '/passkeys', { token });
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: added.data.id, nickname: 'Laptop' }),
    ]);

    const spaces = await callApi(app, 'PUT', `/passkeys/${added.data.id}`, {
      token,
      body: { nickname: '  ' },
    });
    expect(spaces.status).toBe(400);
    expect(spaces.fields?.[0]?.field).toBe('nickname');
    const renamed = await callApi(app, 'PUT', `/passkeys/${added.data.id}`, {
      token,
      body: { nickname: 'Work laptop' },
    });
    expect(renamed.data.nickname).toBe('Work laptop');

    const other = await registerByEmail(app, 'pkuser02', 'pk2@example.com', 'Secret123', ip);
    expect(
      (
        await callApi(app, 'PUT', `/passkeys/${added.data.id}`, {
          token: other.token,
          body: { nickname: 'Mine' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callApi(app, 'DELETE', `/passkeys/${added.data.id}`, { token: other.token })).status,
    ).toBe(404);

    expect((await callApi(app, 'DELETE', `/passkeys/${added.data.id}`, { token })).status).toBe(
      200,
    );
    expect((await callApi(app, 'GET', '/passkeys', { token })).data.list).toEqual([]);
    expect((await callApi(app, 'DELETE', `/passkeys/${added.data.id}`, { token })).status).toBe(
      404,
    );

    const logs = await callApi(app, 'GET', '/users/logs', {
      token,
      query: { type: 'security', page: '1', page_size: '10' },
    });
    expect(logs.data.list.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_deleted']),
    );
    const messages = await callApi(app, 'GET', '/messages', {
      token,
      query: { page: '1', page_size: '10' },
    });
    expect(
      messages.data.list.filter((message: { type: string }) => message.type === 'setting_update'),
    ).toHaveLength(3);
  });

  it('should sign in with a discoverable passkey, once per challenge, and refuse what does not verify', async () => {
    const ip = '10.0.7.2';
    const { token } = await registerByEmail(app, 'pkuser03', 'pk3@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const added = await register(token, authenticator);
    expect(added.status).toBe(200);

    const options = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    expect(options.data.publicKey).toMatchObject({
      rpId: 'pool.example.com',
      allowCredentials: [],
      userVerification: 'required',
    });
    const assertion = authenticator.get(options.data.publicKey);
    const signedIn = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: { challenge_id: options.data.challenge_id, credential: assertion },
      ip,
    });
    expect(signedIn.status).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token: signedIn.data.token });
    expect(info.data.username).toBe('pkuser03');
    const listed = await callApi(app, 'GET', '/passkeys', { token });
    expect(listed.data.list[0].last_used_at).toBe('2026-03-01T00:00:00Z');

    // The same answer again: the challenge is spent.
    const replay = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: { challenge_id: options.data.challenge_id, credential: assertion },
      ip,
    });
    expect(replay.status).toBe(401);
    expect(replay.msg).toBe('Passkey login failed');

    // Another site's origin.
    const phishing = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    const wrongOrigin = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: phishing.data.challenge_id,
        credential: authenticator.get(phishing.data.publicKey, {
          origin: 'https://pool.example.net',
        }),
      },
      ip,
    });
    expect(wrongOrigin.status).toBe(401);
    expect(wrongOrigin.msg).toBe('Passkey login failed');

    // An answer signed for another challenge.
    const first = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    const second = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    const swapped = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: second.data.challenge_id,
        credential: authenticator.get(first.data.publicKey),
      },
      ip,
    });
    expect(swapped.status).toBe(401);

    // A signature counter that goes back (a cloned authenticator).
    const credential = authenticator.credentials[0];
    if (credential === undefined) throw new Error('no credential');
    credential.counter = 0;
    const cloned = await signIn(authenticator, ip);
    expect(cloned.status).toBe(401);
    credential.counter = 100;
    expect((await signIn(authenticator, ip)).status).toBe(200);

    // Sign-in asks for user verification.
    const careless = new SoftAuthenticator({ origin: ORIGIN, userVerified: false });
    careless.credentials.push(credential);
    expect((await signIn(careless, ip)).msg).toBe('Passkey login failed');

    // A challenge lives 5 minutes.
    const late = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    clock.advance(5 * 60_000 + 1);
    const expired = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: late.data.challenge_id,
        credential: authenticator.get(late.data.publicKey),
      },
      ip,
    });
    expect(expired.msg).toBe('Passkey login failed');

    // Deleted on the site, still on the device.
    await callApi(app, 'DELETE', `/passkeys/${added.data.id}`, { token });
    const gone = await signIn(authenticator, ip);
    expect(gone.status).toBe(401);
    expect(gone.msg).toBe(
      'Unable to sign in with your passkey. Please sign in with your password.',
    );

    const junk = await callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: { challenge_id: 'not-a-number', credential: assertion },
      ip,
    });
    expect(junk.status).toBe(401);
  });

  it('should refuse a passkey bound twice, and a registration answered for another origin', async () => {
    const ip = '10.0.7.3';
    const { token } = await registerByEmail(app, 'pkuser04', 'pk4@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    expect((await register(token, authenticator)).status).toBe(200);

    // An authenticator answering with a credential id this site already holds.
    const firstId = authenticator.credentials[0]?.id;
    if (firstId === undefined) throw new Error('no credential');
    const options = await callApi(app, 'POST', '/passkeys/registration/options', { token });
    const bound = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname: 'Again',
        credential: authenticator.create(options.data.publicKey, { id: firstId }),
      },
    });
    expect(bound.status).toBe(409);
    expect(bound.msg).toBe('The passkey has been bound');
    expect(
      await count(
        `SELECT count(*)::int AS n FROM passkeys WHERE credential_id = '${firstId.toString('base64url')}'`,
      ),
    ).toBe(1);

    const elsewhere = await callApi(app, 'POST', '/passkeys/registration/options', { token });
    const phished = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: elsewhere.data.challenge_id,
        nickname: 'Phished',
        credential: authenticator.create(elsewhere.data.publicKey, {
          origin: 'https://evil.example.com',
        }),
      },
    });
    expect(phished.status).toBe(400);
    expect(phished.msg).toBe('Passkey registration failed');
    expect(phished.fields?.[0]?.field).toBe('credential');
  });

  it('should pass a second validation with a passkey, and revoke a cancellation by signing in with it', async () => {
    const ip = '10.0.7.4';
    const { token } = await registerByEmail(app, 'pkuser05', 'pk5@example.com', 'Secret123', ip);
    const none = await callApi(app, 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene: 'cancellation' },
    });
    expect(none.status).toBe(400);
    expect(none.fields?.[0]?.field).toBe('scene');

    const authenticator = new SoftAuthenticator({ origin: ORIGIN, counting: false });
    expect((await register(token, authenticator, 'Phone')).status).toBe(200);

    const options = await callApi(app, 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene: 'cancellation' },
    });
    expect(options.data.publicKey.allowCredentials).toHaveLength(1);
    // A challenge for one scene does not validate another.
    const otherScene = await callApi(app, 'POST', '/users/second-validation/passkey', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        scene: 'withdraw',
        credential: authenticator.get(options.data.publicKey),
      },
    });
    expect(otherScene.status).toBe(400);
    expect(otherScene.msg).toBe('Verification Failed');
    // Someone else's passkey does not validate this user.
    const stranger = await registerByEmail(app, 'pkuser06', 'pk6@example.com', 'Secret123', ip);
    const strangerKey = new SoftAuthenticator({ origin: ORIGIN });
    await register(stranger.token, strangerKey);
    const own = await callApi(app, 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene: 'cancellation' },
    });
    const foreign = await callApi(app, 'POST', '/users/second-validation/passkey', {
      token,
      body: {
        challenge_id: own.data.challenge_id,
        scene: 'cancellation',
        credential: strangerKey.get({ ...own.data.publicKey, allowCredentials: [] }),
      },
    });
    expect(foreign.status).toBe(400);

    const fresh = await callApi(app, 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene: 'cancellation' },
    });
    const validated = await callApi(app, 'POST', '/users/second-validation/passkey', {
      token,
      body: {
        challenge_id: fresh.data.challenge_id,
        scene: 'cancellation',
        credential: authenticator.get(fresh.data.publicKey),
      },
    });
    expect(validated.status).toBe(200);
    expect(validated.data.scene).toBe('cancellation');
    const cancelled = await callApi(app, 'POST', '/users/cancellation', {
      token,
      body: { validation_token: validated.data.validation_token },
    });
    expect(cancelled.status).toBe(200);
    expect((await callApi(app, 'GET', '/users/info', { token })).status).toBe(401);

    clock.advance(3 * 86_400_000);
    const back = await signIn(authenticator, ip);
    expect(back.status).toBe(200);
    expect(back.data.cancellation_revoked).toBe(true);
    const info = await callApi(app, 'GET', '/users/info', { token: back.data.token });
    expect(info.data.cancellation).toBeNull();

    // The validation token of a passkey works where a code's does (pay password).
    const email = await secondValidation(app, back.data.token, 'pk5@example.com', 'change_email');
    expect(email).toMatch(/^vt_/);
  });

  it('should bind a phone through the SMS outbox after a passkey validation, logging it and telling the user', async () => {
    const ip = '10.0.7.6';
    const { token } = await registerByEmail(app, 'pkuser08', 'pk8@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    expect((await register(token, authenticator, 'Phone')).status).toBe(200);
    const options = await callApi(app, 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene: 'change_phone' },
    });
    const validated = await callApi(app, 'POST', '/users/second-validation/passkey', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        scene: 'change_phone',
        credential: authenticator.get(options.data.publicKey),
      },
    });
    expect(validated.status).toBe(200);
    const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app, ip),
      body: { channel: 'sms', country_code: '86', phone: '13800138008', scene: 'bind_phone' },
      token,
      ip,
    });
    expect(sent.status).toBe(200);
    const bound = await callApi(app, 'PUT', '/users/phone', {
      token,
      body: {
        country_code: '86',
        phone: '13800138008',
        code: await outboxCode(app, '+86 13800138008'),
        validation_token: validated.data.validation_token,
      },
    });
    expect(bound.status).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token });
    expect(info.data.phone).toBe('138****8008');
    const logs = await callApi(app, 'GET', '/users/logs', {
      token,
      query: { type: 'security', page: '1', page_size: '10' },
    });
    expect(logs.data.list.map((entry: { action: string }) => entry.action)).toContain(
      'phone_changed',
    );
    const messages = await callApi(app, 'GET', '/messages', {
      token,
      query: { page: '1', page_size: '10' },
    });
    expect(
      messages.data.list.filter((message: { type: string }) => message.type === 'setting_update'),
    ).toHaveLength(2);
  });

  it('should take its relying party from the request when none is configured, and prune old challenges', async () => {
    const plain = await buildApp({ config: testConfig(), db: database, clock });
    try {
      const ip = '10.0.7.5';
      const { token } = await registerByEmail(
        plain,
        'pkuser07',
        'pk7@example.com',
        'Secret123',
        ip,
      );
      const options = await callApi(plain, 'POST', '/passkeys/registration/options', { token });
      expect(options.data.publicKey.rp.id).toBe('localhost');
      const authenticator = new SoftAuthenticator({ origin: 'http://localhost:80' });
      const added = await callApi(plain, 'POST', '/passkeys/registration/verify', {
        token,
        body: {
          challenge_id: options.data.challenge_id,
          nickname: 'Dev',
          credential: authenticator.create(options.data.publicKey),
        },
      });
      expect(added.status).toBe(200);
    } finally {
      await plain.close();
    }
    expect(await count('SELECT count(*)::int AS n FROM passkey_challenges')).toBeGreaterThan(0);
    await pruneIdentityData(database, clock.now() + 2 * 86_400_000);
    expect(await count('SELECT count(*)::int AS n FROM passkey_challenges')).toBe(0);
  });
});
