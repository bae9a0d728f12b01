import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { testDrivers } from '../../testing/testDatabase';
import { pruneIdentityData } from './cancellation';
import { PASSKEY_ORIGIN, passkeySteps } from './passkeyTesting';
import { SoftAuthenticator } from './softAuthenticator';
import {
  callApi,
  countOf,
  registerByEmail,
  secondValidation,
  securityActions,
  settingUpdates,
  useTestApp,
} from './testHelpers';

describe.each(testDrivers)('passkeys on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 2, 1));
  useTestApp(driver, clock, (opened) => ({ app, database } = opened), {
    WEBAUTHN_ORIGINS: PASSKEY_ORIGIN,
  });
  const { passkeyTicket, registrationOptions, register, validateWithPasskey } = passkeySteps(
    () => app,
    clock,
  );
  const count = (statement: string) => countOf(database, statement);

  it('should register, list, rename and delete a passkey, logging each change and telling the user', async () => {
    const ip = '10.0.7.1';
    const { token } = await registerByEmail(app, 'pkuser01', 'pk1@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });

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

    expect(await securityActions(app, token)).toEqual(
      expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_deleted']),
    );
    expect(await settingUpdates(app, token)).toHaveLength(3);
  });

  it('should refuse a passkey bound twice, and a registration answered for another origin', async () => {
    const ip = '10.0.7.3';
    const { token } = await registerByEmail(app, 'pkuser04', 'pk4@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
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
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
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
    const validated = await validateWithPasskey(token, 'passkey', authenticator, ip);
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
      origin: PASSKEY_ORIGIN,
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
    const plain = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
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
