import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { testDrivers } from '../../testing/testDatabase';
import { PASSKEY_ORIGIN, passkeySteps } from './passkeyTesting';
import { SoftAuthenticator } from './softAuthenticator';
import {
  callApi,
  outboxCode,
  registerByEmail,
  secondValidation,
  securityActions,
  sendBindCode,
  settingUpdates,
  useTestApp,
} from './testHelpers';

describe.each(testDrivers)('passkey sign-in and validation on %s', (driver) => {
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 2, 1));
  useTestApp(driver, clock, (opened) => ({ app } = opened), {
    WEBAUTHN_ORIGINS: PASSKEY_ORIGIN,
  });
  const { register, signIn, validationOptions, answerValidation, validateWithPasskey } =
    passkeySteps(() => app, clock);

  it('should sign in with a discoverable passkey, once per challenge, and refuse what does not verify', async () => {
    const ip = '10.0.7.2';
    const { token } = await registerByEmail(app, 'pkuser03', 'pk3@example.com', 'Secret123', ip);
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
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
    const careless = new SoftAuthenticator({ origin: PASSKEY_ORIGIN, userVerified: false });
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

  it('should pass a second validation with a passkey, and revoke a cancellation by signing in with it', async () => {
    const ip = '10.0.7.4';
    const { token } = await registerByEmail(app, 'pkuser05', 'pk5@example.com', 'Secret123', ip);
    const none = await validationOptions(token, 'cancellation');
    expect(none.status).toBe(400);
    expect(none.fields?.[0]?.field).toBe('scene');

    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN, counting: false });
    expect((await register(token, 'pk5@example.com', ip, authenticator, 'Phone')).status).toBe(200);

    const options = await validationOptions(token, 'cancellation');
    expect(options.data.publicKey.allowCredentials).toHaveLength(1);
    // A challenge for one scene does not validate another.
    const otherScene = await answerValidation(
      token,
      options.data.challenge_id,
      'withdraw',
      authenticator.get(options.data.publicKey),
    );
    expect(otherScene.status).toBe(400);
    expect(otherScene.msg).toBe('Verification Failed');
    // Someone else's passkey does not validate this user.
    const stranger = await registerByEmail(app, 'pkuser06', 'pk6@example.com', 'Secret123', ip);
    const strangerKey = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await register(stranger.token, 'pk6@example.com', ip, strangerKey);
    const own = await validationOptions(token, 'cancellation');
    const foreign = await answerValidation(
      token,
      own.data.challenge_id,
      'cancellation',
      strangerKey.get({ ...own.data.publicKey, allowCredentials: [] }),
    );
    expect(foreign.status).toBe(400);

    const validated = await validateWithPasskey(token, 'cancellation', authenticator);
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
    const authenticator = new SoftAuthenticator({ origin: PASSKEY_ORIGIN });
    expect((await register(token, 'pk8@example.com', ip, authenticator, 'Phone')).status).toBe(200);
    const validated = await validateWithPasskey(token, 'change_phone', authenticator);
    expect(validated.status).toBe(200);
    await sendBindCode(
      app,
      token,
      { channel: 'sms', country_code: '86', phone: '13800138008', scene: 'bind_phone' },
      ip,
    );
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
    expect(await securityActions(app, token)).toContain('phone_changed');
    expect(await settingUpdates(app, token)).toHaveLength(2);
  });
});
