import { sql } from 'drizzle-orm';
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

  /**
   * A fresh second validation of scene `passkey` by an email code. An address takes a new code
   * of a scene once a minute, so the clock moves on first.
   */
  async function passkeyTicket(
    token: string,
    email: string,
    ip: string,
    on: FastifyInstance = app,
  ): Promise<string> {
    clock.advance(61_000);
    return secondValidation(on, token, email, 'passkey', ip);
  }

  /** Registration options after a fresh `passkey` validation. */
  async function registrationOptions(
    token: string,
    email: string,
    ip: string,
    on: FastifyInstance = app,
  ): Promise<ApiAnswer> {
    return callApi(on, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: await passkeyTicket(token, email, ip, on) },
      ip,
    });
  }

  async function register(
    token: string,
    email: string,
    ip: string,
    authenticator: SoftAuthenticator,
    nickname = 'Laptop',
  ): Promise<ApiAnswer> {
    const options = await registrationOptions(token, email, ip);
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

    const options = await registrationOptions(token, 'pk1@example.com', ip);
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

    const next = await registrationOptions(token, 'pk1@example.com', ip);
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
    const added = await register(token, 'pk3@example.com', ip, authenticator);
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
    expect(listed.data.list[0].last_used_at).toBe(
      new Date(clock.now()).toISOString().replace('.000', ''),
    );

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
    expect((await register(token, 'pk4@example.com', ip, authenticator)).status).toBe(200);

    // An authenticator answering with a credential id this site already holds.
    const firstId = authenticator.credentials[0]?.id;
    if (firstId === undefined) throw new Error('no credential');
    const options = await registrationOptions(token, 'pk4@example.com', ip);
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

    const elsewhere = await registrationOptions(token, 'pk4@example.com', ip);
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
    expect((await register(token, 'pk5@example.com', ip, authenticator, 'Phone')).status).toBe(200);

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
    await register(stranger.token, 'pk6@example.com', ip, strangerKey);
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
    expect((await register(token, 'pk8@example.com', ip, authenticator, 'Phone')).status).toBe(200);
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

  it('should refuse to start a registration on a session alone, spending its validation once before the challenge', async () => {
    const ip = '10.0.7.7';
    const { token } = await registerByEmail(app, 'pkuser09', 'pk9@example.com', 'Secret123', ip);
    const challenges = () =>
      count(
        `SELECT count(*)::int AS n FROM passkey_challenges c JOIN users u ON u.id = c.user_id
         WHERE u.username = 'pkuser09' AND c.purpose = 'registration'`,
      );

    // A stolen access token alone: no validation, a made-up one, one of another scene.
    const bare = await callApi(app, 'POST', '/passkeys/registration/options', { token, ip });
    expect(bare.status).toBe(400);
    const empty = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: {},
      ip,
    });
    expect(empty.status).toBe(400);
    expect(empty.fields?.map((item) => item.field)).toEqual(['validation_token']);
    const madeUp = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: 'vt_made_up' },
      ip,
    });
    expect(madeUp.status).toBe(400);
    expect(madeUp.fields?.map((item) => item.field)).toEqual(['validation_token']);
    clock.advance(61_000);
    const otherScene = await secondValidation(app, token, 'pk9@example.com', 'change_password', ip);
    const wrongScene = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: otherScene },
      ip,
    });
    expect(wrongScene.status).toBe(400);
    expect(wrongScene.fields?.map((item) => item.field)).toEqual(['validation_token']);
    // Another user's validation does not do either.
    const stranger = await registerByEmail(app, 'pkuser11', 'pk11@example.com', 'Secret123', ip);
    const theirs = await passkeyTicket(stranger.token, 'pk11@example.com', ip);
    const foreign = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: theirs },
      ip,
    });
    expect(foreign.status).toBe(400);
    expect(await challenges()).toBe(0);

    // A fresh `passkey` validation starts one ceremony, once.
    const ticket = await passkeyTicket(token, 'pk9@example.com', ip);
    const options = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: ticket },
      ip,
    });
    expect(options.status).toBe(200);
    const replayed = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: ticket },
      ip,
    });
    expect(replayed.status).toBe(400);
    expect(replayed.fields?.map((item) => item.field)).toEqual(['validation_token']);
    expect(await challenges()).toBe(1);
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const added = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname: 'Laptop',
        credential: authenticator.create(options.data.publicKey),
      },
      ip,
    });
    expect(added.status).toBe(200);

    // A registered passkey serves as the validation of the next one.
    const check = await callApi(app, 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene: 'passkey' },
      ip,
    });
    const validated = await callApi(app, 'POST', '/users/second-validation/passkey', {
      token,
      body: {
        challenge_id: check.data.challenge_id,
        scene: 'passkey',
        credential: authenticator.get(check.data.publicKey),
      },
      ip,
    });
    expect(validated.status).toBe(200);
    const next = await callApi(app, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: validated.data.validation_token },
      ip,
    });
    expect(next.status).toBe(200);
    expect(await challenges()).toBe(2);
  });

  it('should tell the user by message and email that a passkey was added, naming it, the device and the time, with the way to remove it', async () => {
    const ip = '10.0.7.9';
    const email = 'pk12@example.com';
    const { token } = await registerByEmail(app, 'pkuser12', email, 'Secret123', ip);
    const zoned = await callApi(app, 'PUT', '/users/settings', {
      token,
      body: { timezone: 'UTC+08:00' },
    });
    expect(zoned.status).toBe(200);
    const authenticator = new SoftAuthenticator({
      origin: ORIGIN,
      aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
    });
    const options = await registrationOptions(token, email, ip);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/passkeys/registration/verify',
      headers: {
        authorization: `Bearer ${token}`,
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      },
      payload: {
        challenge_id: options.data.challenge_id,
        nickname: 'Pixel',
        credential: authenticator.create(options.data.publicKey),
      },
      remoteAddress: ip,
    });
    expect(verified.statusCode).toBe(200);
    const shifted = new Date(clock.now() + 8 * 3_600_000).toISOString();
    const when = `${shifted.slice(0, 10)} ${shifted.slice(11, 16)} (UTC+08:00)`;
    const device = 'Google Password Manager · Chrome (Android)';

    const messages = await callApi(app, 'GET', '/messages', {
      token,
      query: { page: '1', page_size: '10' },
    });
    const [message] = messages.data.list;
    expect(message).toMatchObject({ type: 'setting_update', title: 'New passkey added: Pixel' });
    expect(message.content).toContain('“Pixel”');
    expect(message.content).toContain(device);
    expect(message.content).toContain(when);
    expect(message.content).toContain('/user/setting#passkeys');

    const outbox = async () => {
      const result = (await database.db.execute(
        sql`SELECT channel, subject, body FROM email_deliveries WHERE recipient = ${email}
            ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { channel: string; subject: string; body: string }[] };
      return result.rows[0];
    };
    const sent = await outbox();
    expect(sent).toMatchObject({ channel: 'email', subject: 'New passkey added: Pixel' });
    expect(sent?.body).toContain(device);
    expect(sent?.body).toContain(when);
    expect(sent?.body).toContain('/user/setting#passkeys');

    // In the user's language; a device nothing is known of is said to be unknown.
    await callApi(app, 'PUT', '/users/settings', { token, body: { language: 'zh-CN' } });
    const second = await registrationOptions(token, email, ip);
    const plain = new SoftAuthenticator({ origin: ORIGIN });
    const added = await callApi(app, 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: second.data.challenge_id,
        nickname: 'Key',
        credential: plain.create(second.data.publicKey),
      },
      ip,
    });
    expect(added.status).toBe(200);
    const chinese = await outbox();
    expect(chinese?.subject).toBe('已添加新的通行密钥：Key');
    expect(chinese?.body).toContain('未知设备');
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
      const options = await registrationOptions(token, 'pk7@example.com', ip, plain);
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
