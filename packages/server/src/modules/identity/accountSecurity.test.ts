import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { testDrivers } from '../../testing/testDatabase';
import { finaliseCancellations, pruneIdentityData } from './cancellation';
import { startSession } from './sessions';
import {
  callApi,
  encrypted,
  loginByEmail,
  outboxCode,
  registerByEmail,
  registerByPhone,
  sendBindCode,
  solvedCaptcha,
  useTestApp,
} from './testHelpers';
import { base32Decode, totpCode } from './totp';
import { createUser } from './users';

describe.each(testDrivers)('account security and settings on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 0, 1));
  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  it('should enrol the authenticator, ask for it at login, accept a code once, and turn it off', async () => {
    const ip = '10.0.1.7';
    const { token } = await registerByEmail(app, 'erin0001', 'erin@example.com', 'Secret123', ip);
    const secret = await callApi(app, 'POST', '/auth/totp/secret', { token });
    expect(secret.status).toBe(200);
    expect(secret.data.otpauth_url).toContain(`secret=${secret.data.secret}`);
    const key = base32Decode(secret.data.secret);

    expect(
      (
        await callApi(app, 'POST', '/auth/validation/verified-email', {
          token,
          body: { scene: 'totp' },
          ip,
        })
      ).status,
    ).toBe(200);
    const validation = await callApi(app, 'POST', '/users/second-validation', {
      token,
      body: {
        verify_type: 'email',
        code: await outboxCode(app, 'erin@example.com'),
        scene: 'totp',
      },
    });
    expect(validation.status).toBe(200);
    const wrong = await callApi(app, 'POST', '/auth/totp/validation', {
      token,
      body: {
        code: totpCode(key, clock.now() + 300_000),
        validation_token: validation.data.validation_token,
      },
    });
    expect(wrong.code).toBe(40002);
    const enabled = await callApi(app, 'POST', '/auth/totp/validation', {
      token,
      body: {
        code: totpCode(key, clock.now()),
        validation_token: validation.data.validation_token,
      },
    });
    expect(enabled.status).toBe(200);
    expect((await callApi(app, 'GET', '/users/info', { token })).data.totp_enabled).toBe(true);

    clock.advance(30_000);
    const password = await loginByEmail(app, 'erin@example.com', 'Secret123', ip);
    expect(password.data.status).toBe('totp_required');
    const code = totpCode(key, clock.now());
    const finished = await callApi(app, 'POST', '/auth/totp/login', {
      body: { login_ticket: password.data.login_ticket, code },
      ip,
    });
    expect(finished.status).toBe(200);
    expect(finished.data.token).toBeTypeOf('string');
    // The same code again (new ticket): refused, a code is single use.
    const again = await loginByEmail(app, 'erin@example.com', 'Secret123', ip);
    const replay = await callApi(app, 'POST', '/auth/totp/login', {
      body: { login_ticket: again.data.login_ticket, code },
      ip,
    });
    expect(replay.code).toBe(40002);

    clock.advance(30_000);
    const disableValidation = await callApi(app, 'POST', '/users/second-validation', {
      token: finished.data.token,
      body: { verify_type: 'totp', code: totpCode(key, clock.now()), scene: 'totp' },
    });
    expect(disableValidation.status).toBe(200);
    const disabled = await callApi(app, 'DELETE', '/auth/totp', {
      token: finished.data.token,
      body: { validation_token: disableValidation.data.validation_token },
    });
    expect(disabled.status).toBe(200);
    expect((await loginByEmail(app, 'erin@example.com', 'Secret123', ip)).data.status).toBe('ok');
    const security = await callApi(app, 'GET', '/users/logs', {
      token: finished.data.token,
      query: { type: 'security' },
    });
    expect(security.data.list.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['totp_enabled', 'totp_disabled']),
    );
  });

  it('should revoke a cancellation by logging in within 30 days and finalise it after', async () => {
    const ip = '10.0.1.8';
    const ask = async (token: string) => {
      clock.advance(61_000);
      await callApi(app, 'POST', '/auth/validation/verified-email', {
        token,
        body: { scene: 'cancellation' },
        ip,
      });
      const validation = await callApi(app, 'POST', '/users/second-validation', {
        token,
        body: {
          verify_type: 'email',
          code: await outboxCode(app, 'frank@example.com'),
          scene: 'cancellation',
        },
      });
      return callApi(app, 'POST', '/users/cancellation', {
        token,
        body: { validation_token: validation.data.validation_token },
      });
    };
    const { token } = await registerByEmail(app, 'frank001', 'frank@example.com', 'Secret123', ip);
    const asked = await ask(token);
    expect(asked.status).toBe(200);
    expect(Date.parse(asked.data.final_at) - Date.parse(asked.data.requested_at)).toBe(
      30 * 86_400_000,
    );
    expect((await callApi(app, 'GET', '/users/info', { token })).status).toBe(401);

    clock.advance(10 * 86_400_000);
    const back = await loginByEmail(app, 'frank@example.com', 'Secret123', ip);
    expect(back.status).toBe(200);
    expect(back.data.cancellation_revoked).toBe(true);
    expect(
      (await callApi(app, 'GET', '/users/info', { token: back.data.token })).data.cancellation,
    ).toBeNull();

    expect((await ask(back.data.token)).status).toBe(200);
    clock.advance(29 * 86_400_000);
    expect(await finaliseCancellations(database, clock.now())).toBe(0);
    clock.advance(2 * 86_400_000);
    expect(await finaliseCancellations(database, clock.now())).toBe(1);
    const gone = await loginByEmail(app, 'frank@example.com', 'Secret123', ip);
    expect(gone.code).toBe(40102);
    expect(await finaliseCancellations(database, clock.now())).toBe(0);

    const count = async (table: string) =>
      (
        (await database.db.execute(`SELECT count(*)::int AS n FROM ${table}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    expect(await count('verification_codes')).toBeGreaterThan(0);
    await pruneIdentityData(database, clock.now() + 600_000);
    expect(await count('verification_codes')).toBe(0);
    expect(await count('captcha_used_lots')).toBe(0);
  });

  it('should update settings partially and switch the current account only to own accounts', async () => {
    const ip = '10.0.1.9';
    const { token } = await registerByEmail(app, 'gina0001', 'gina@example.com', 'Secret123', ip);
    const settings = await callApi(app, 'PUT', '/users/settings', {
      token,
      body: { timezone: 'UTC+08:00' },
    });
    expect(settings.data).toEqual({
      timezone: 'UTC+08:00',
      language: 'en',
      currency: 'CNY',
      hide_wallet: false,
      hide_amount: false,
    });
    const badZone = await callApi(app, 'PUT', '/users/settings', {
      token,
      body: { timezone: 'UTC+8' },
    });
    expect(badZone.status).toBe(400);
    expect(badZone.fields?.[0]?.field).toBe('timezone');
    expect((await callApi(app, 'PUT', '/users/settings', { token, body: {} })).status).toBe(400);
    const other = await callApi(app, 'PUT', '/users/accounts', {
      token,
      body: { account: 'alice01' },
    });
    expect(other.status).toBe(404);
    const own = await callApi(app, 'PUT', '/users/accounts', {
      token,
      body: { account: 'gina0001' },
    });
    expect(own.data).toMatchObject({ name: 'gina0001', main: true, current: true });
    expect((await callApi(app, 'GET', '/users/mine', { token })).data).toEqual({ list: [] });
  });

  it('should change the password and the email after a second validation', async () => {
    const ip = '10.0.1.10';
    const { token } = await registerByEmail(app, 'ivan0001', 'ivan@example.com', 'Secret123', ip);
    const validate = async (scene: string) => {
      clock.advance(61_000);
      const sent = await callApi(app, 'POST', '/auth/validation/verified-email', {
        token,
        body: { scene },
        ip,
      });
      expect(sent.status).toBe(200);
      const answer = await callApi(app, 'POST', '/users/second-validation', {
        token,
        body: { verify_type: 'email', code: await outboxCode(app, 'ivan@example.com'), scene },
      });
      expect(answer.data.scene).toBe(scene);
      return answer.data.validation_token as string;
    };
    const passwordToken = await validate('change_password');
    const wrongScene = await callApi(app, 'PUT', '/users/email', {
      token,
      body: { email: 'ivan2@example.com', code: '123456', validation_token: passwordToken },
    });
    expect(wrongScene.code).toBe(40002);
    const changed = await callApi(app, 'PUT', '/users/password', {
      token,
      body: { ...(await encrypted(app, 'Changed99')), validation_token: passwordToken },
    });
    expect(changed.status).toBe(200);
    const reused = await callApi(app, 'PUT', '/users/password', {
      token,
      body: { ...(await encrypted(app, 'Changed98')), validation_token: passwordToken },
    });
    expect(reused.code).toBe(40002);
    expect((await loginByEmail(app, 'ivan@example.com', 'Changed99', ip)).status).toBe(200);

    const anonymousBind = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app),
      body: { channel: 'email', email: 'ivan2@example.com', scene: 'bind_email' },
      ip,
    });
    expect(anonymousBind.status).toBe(401);
    const emailToken = await validate('change_email');
    await sendBindCode(
      app,
      token,
      { channel: 'email', email: 'ivan2@example.com', scene: 'bind_email' },
      ip,
    );
    const moved = await callApi(app, 'PUT', '/users/email', {
      token,
      body: {
        email: 'ivan2@example.com',
        code: await outboxCode(app, 'ivan2@example.com'),
        validation_token: emailToken,
      },
    });
    expect(moved.status).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token });
    expect(info.data.email).toBe('i***@example.com');
    expect(Date.parse(info.data.withdraw_paused_until)).toBe(clock.now() + 86_400_000);
    expect((await loginByEmail(app, 'ivan2@example.com', 'Changed99', ip)).status).toBe(200);
    expect((await loginByEmail(app, 'ivan@example.com', 'Changed99', ip)).code).toBe(40102);
    const security = await callApi(app, 'GET', '/users/logs', {
      token,
      query: { type: 'security', page_size: '2' },
    });
    expect(security.data.list.map((entry: { action: string }) => entry.action)).toEqual([
      'email_changed',
      'password_changed',
    ]);
  });

  it('should answer a bogus validation token alike for a taken and a free email', async () => {
    const ip = '10.0.2.1';
    await registerByEmail(app, 'oracle01', 'taken@example.com', 'Secret123', ip);
    const { token } = await registerByEmail(
      app,
      'oracle02',
      'oracle2@example.com',
      'Secret123',
      ip,
    );
    const change = (email: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/email',
        headers: { authorization: `Bearer ${token}` },
        payload: { email, code: '123456', validation_token: 'vt_bogus' },
      });
    const taken = await change('taken@example.com');
    const free = await change('free@example.com');
    expect(taken.statusCode).toBe(400);
    expect(free.statusCode).toBe(taken.statusCode);
    expect(free.body).toBe(taken.body);
    expect(taken.json().fields).toEqual([
      { field: 'validation_token', message: expect.any(String) },
    ]);
  });

  it('should answer a bogus validation token alike for a taken and a free phone', async () => {
    const ip = '10.0.2.2';
    const registered = await registerByPhone(app, 'oracle03', '86', '13900139018', 'Secret123', ip);
    expect(registered.status).toBe(200);
    const { token } = await registerByEmail(
      app,
      'oracle04',
      'oracle4@example.com',
      'Secret123',
      ip,
    );
    const change = (phone: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/phone',
        headers: { authorization: `Bearer ${token}` },
        payload: { country_code: '86', phone, code: '123456', validation_token: 'vt_bogus' },
      });
    const taken = await change('13900139018');
    const free = await change('13900139020');
    expect(taken.statusCode).toBe(400);
    expect(free.statusCode).toBe(taken.statusCode);
    expect(free.body).toBe(taken.body);
  });

  /** A signed-in user with no email, no phone, no authenticator and no passkey. */
  async function userWithoutFactor(username: string): Promise<{ id: string; token: string }> {
    const context = createAppContext({
      database,
      clock,
      config: app.platform.config,
      mailer: { send: async () => {} },
    });
    // As a user of a provider not marked trusted starts: no password, no address.
    const id = await createUser(context, { username, passwordHash: '!' });
    const { token } = await startSession(context, id);
    return { id, token };
  }

  it('should let a user with no second factor bind a first email with its code alone, then ask for a validation', async () => {
    const ip = '10.0.2.3';
    const { token } = await userWithoutFactor('bare0001');
    const before = await callApi(app, 'GET', '/users/info', { token });
    expect(before.data).toMatchObject({ email: null, phone: null, totp_enabled: false });

    await sendBindCode(
      app,
      token,
      { channel: 'email', email: 'bare@example.com', scene: 'bind_email' },
      ip,
    );
    const wrongCode = await callApi(app, 'PUT', '/users/email', {
      token,
      body: { email: 'bare@example.com', code: '000000' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.fields?.map((item) => item.field)).toEqual(['code']);
    const bound = await callApi(app, 'PUT', '/users/email', {
      token,
      body: { email: 'Bare@example.com', code: await outboxCode(app, 'bare@example.com') },
    });
    expect(bound.status, bound.msg).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token });
    expect(info.data).toMatchObject({ email: 'b***@example.com', verify_type: 'email' });
    expect(Date.parse(info.data.withdraw_paused_until)).toBe(clock.now() + 86_400_000);
    const security = await callApi(app, 'GET', '/users/logs', {
      token,
      query: { type: 'security', page_size: '1' },
    });
    expect(security.data.list.map((entry: { action: string }) => entry.action)).toEqual([
      'email_changed',
    ]);

    // Now the user holds a factor: the phone (and any other change) takes a validation.
    await sendBindCode(
      app,
      token,
      { channel: 'sms', country_code: '86', phone: '13900139031', scene: 'bind_phone' },
      ip,
    );
    const phone = await callApi(app, 'PUT', '/users/phone', {
      token,
      body: {
        country_code: '86',
        phone: '13900139031',
        code: await outboxCode(app, '+86 13900139031'),
      },
    });
    expect(phone.status).toBe(400);
    expect(phone.code).toBe(40002);
    expect(phone.fields?.map((item) => item.field)).toEqual(['validation_token']);
    expect((await callApi(app, 'GET', '/users/info', { token })).data.phone).toBeNull();
  });

  it('should let a user with no second factor bind a first phone by SMS code, and count a passkey as a factor', async () => {
    const ip = '10.0.2.4';
    const { token } = await userWithoutFactor('bare0002');
    await sendBindCode(
      app,
      token,
      { channel: 'sms', country_code: '86', phone: '13900139032', scene: 'bind_phone' },
      ip,
    );
    const bound = await callApi(app, 'PUT', '/users/phone', {
      token,
      body: {
        country_code: '86',
        phone: '13900139032',
        code: await outboxCode(app, '+86 13900139032'),
      },
    });
    expect(bound.status, bound.msg).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token });
    // The only channel it has: later validations go by SMS.
    expect(info.data).toMatchObject({ phone: '139****9032', verify_type: 'sms' });

    // A user whose only factor is a passkey validates with it: no bind without a validation.
    const withPasskey = await userWithoutFactor('bare0003');
    await database.db.execute(
      sql`INSERT INTO passkeys (user_id, credential_id, public_key, device_type, backed_up, nickname, created_at)
          VALUES (${withPasskey.id}::bigint, 'bare-3-credential', 'key', 'multiDevice', true, 'Laptop', now())`,
    );
    await sendBindCode(
      app,
      withPasskey.token,
      { channel: 'email', email: 'bare3@example.com', scene: 'bind_email' },
      ip,
    );
    const refused = await callApi(app, 'PUT', '/users/email', {
      token: withPasskey.token,
      body: { email: 'bare3@example.com', code: await outboxCode(app, 'bare3@example.com') },
    });
    expect(refused.status).toBe(400);
    expect(refused.fields?.map((item) => item.field)).toEqual(['validation_token']);
    expect(
      (await callApi(app, 'GET', '/users/info', { token: withPasskey.token })).data.email,
    ).toBeNull();
  });

  it('should refuse to change a bound email without a validation token, even with the new code', async () => {
    const ip = '10.0.2.5';
    const { token } = await registerByEmail(app, 'keeper01', 'keeper@example.com', 'Secret123', ip);
    await sendBindCode(
      app,
      token,
      { channel: 'email', email: 'thief@example.com', scene: 'bind_email' },
      ip,
    );
    const refused = await callApi(app, 'PUT', '/users/email', {
      token,
      body: { email: 'thief@example.com', code: await outboxCode(app, 'thief@example.com') },
    });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(40002);
    expect(refused.fields).toEqual([
      { field: 'validation_token', message: 'A second validation is required for this change' },
    ]);
    const info = await callApi(app, 'GET', '/users/info', { token });
    expect(info.data.email).toBe('k***@example.com');
    expect(info.data.withdraw_paused_until).toBeNull();
    expect((await loginByEmail(app, 'keeper@example.com', 'Secret123', ip)).status).toBe(200);
  });
});
