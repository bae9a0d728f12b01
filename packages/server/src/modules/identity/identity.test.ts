import { createHash } from 'node:crypto';
import { encryptPassword, solveCaptcha } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { finaliseCancellations, pruneIdentityData } from './cancellation';
import { DEMO_USER, seedDemoUser } from './demo';
import { startSession } from './sessions';
import {
  callApi,
  encrypted,
  loginByEmail,
  outboxCode,
  registerByEmail,
  sendEmailCode,
  solvedCaptcha,
} from './testHelpers';
import { base32Decode, totpCode } from './totp';
import { createUser } from './users';

describe.each(testDrivers)('identity on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 0, 1));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should register by email, log in with a captcha and an encrypted password, refresh and log out', async () => {
    const ip = '10.0.1.1';
    const sent = await sendEmailCode(app, 'alice@example.com', 'register', ip);
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ resend_after_s: 60, expires_in_s: 600 });
    const code = await outboxCode(app, 'alice@example.com');
    const registered = await callApi(app, 'POST', '/users/register/email', {
      body: {
        username: 'alice01',
        email: 'alice@example.com',
        code,
        ...(await encrypted(app, 'Secret123')),
        terms_accepted: true,
      },
      ip,
    });
    expect(registered.status).toBe(200);
    expect(registered.data.token.split('.')).toHaveLength(3);

    const login = await loginByEmail(app, 'alice@example.com', 'Secret123', ip);
    expect(login.status).toBe(200);
    expect(login.data.status).toBe('ok');
    const { token, refresh_token: firstRefresh } = login.data;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'sid', 'sub']);
    expect(claims.exp - claims.iat).toBe(7200);

    const info = await callApi(app, 'GET', '/users/info', { token });
    expect(info.status).toBe(200);
    expect(info.data).toMatchObject({
      username: 'alice01',
      email: 'a***@example.com',
      current_account: 'alice01',
      totp_enabled: false,
      cancellation: null,
      settings: { timezone: 'UTC+00:00', language: 'en', currency: 'CNY' },
    });
    const accounts = await callApi(app, 'GET', '/accounts', { token });
    expect(accounts.data.list).toEqual([
      expect.objectContaining({ name: 'alice01', main: true, current: true, status: 'normal' }),
    ]);
    const permissions = await callApi(app, 'GET', '/permissions/current', { token });
    expect(permissions.data.permissions.sort()).toEqual([
      'account.view',
      'contract.view',
      'miner.view',
      'pool.view',
      'recommend.view',
      'user.view',
      'wallet.view',
    ]);

    const refreshed = await callApi(app, 'POST', '/users/refresh/login', {
      body: { refresh_token: firstRefresh },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.data.refresh_token).not.toBe(firstRefresh);
    expect((await callApi(app, 'GET', '/users/info', { token: refreshed.data.token })).status).toBe(
      200,
    );

    // The old refresh token again: the whole family is revoked.
    const reused = await callApi(app, 'POST', '/users/refresh/login', {
      body: { refresh_token: firstRefresh },
    });
    expect(reused.status).toBe(401);
    const afterReuse = await callApi(app, 'POST', '/users/refresh/login', {
      body: { refresh_token: refreshed.data.refresh_token },
    });
    expect(afterReuse.status).toBe(401);
    expect((await callApi(app, 'GET', '/users/info', { token: refreshed.data.token })).status).toBe(
      401,
    );

    // A fresh session: expiry after 2 h answers 400/40001, refresh still works, logout ends it.
    const second = await loginByEmail(app, 'alice@example.com', 'Secret123', ip);
    clock.advance(7_200_000 + 1_000);
    const expired = await callApi(app, 'GET', '/users/info', { token: second.data.token });
    expect(expired.status).toBe(400);
    expect(expired.code).toBe(40001);
    const renewed = await callApi(app, 'POST', '/users/refresh/login', {
      body: { refresh_token: second.data.refresh_token },
    });
    expect(renewed.status).toBe(200);
    const logout = await callApi(app, 'POST', '/users/logout', {
      body: { refresh_token: renewed.data.refresh_token },
      token: renewed.data.token,
    });
    expect(logout.status).toBe(200);
    expect((await callApi(app, 'GET', '/users/info', { token: renewed.data.token })).status).toBe(
      401,
    );
    expect(
      (
        await callApi(app, 'POST', '/users/refresh/login', {
          body: { refresh_token: renewed.data.refresh_token },
        })
      ).status,
    ).toBe(401);

    const logs = await callApi(app, 'GET', '/users/logs', {
      token: (await loginByEmail(app, 'alice@example.com', 'Secret123', ip)).data.token,
      query: { type: 'login' },
    });
    expect(logs.status).toBe(200);
    expect(logs.data.total).toBeGreaterThanOrEqual(3);
    expect(logs.data.list[0]).toMatchObject({ type: 'login', action: 'login', ip });
  });

  it('should refuse unknown accounts, wrong passwords, forged tokens and a stale key id', async () => {
    const ip = '10.0.1.2';
    await registerByEmail(app, 'bob0001', 'bob@example.com', 'Secret123', ip);
    const unknown = await loginByEmail(app, 'nobody@example.com', 'Secret123', ip);
    expect(unknown.status).toBe(401);
    expect(unknown.code).toBe(40102);
    expect(unknown.msg).toBe('This account has not been registered.');
    const wrong = await loginByEmail(app, 'bob@example.com', 'Wrong1234', ip);
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe(40101);
    const staleKey = await callApi(app, 'POST', '/v2/users/encrypt/login', {
      query: await solvedCaptcha(app),
      body: {
        type: 'email',
        email: 'bob@example.com',
        ...(await encrypted(app, 'Secret123')),
        key_id: 'old',
      },
      ip,
    });
    expect(staleKey.status).toBe(400);
    expect(staleKey.code).toBe(40004);
    const forged = await callApi(app, 'GET', '/users/info', {
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad',
    });
    expect(forged.status).toBe(401);
    const taken = await sendEmailCode(app, 'bob@example.com', 'register', ip);
    expect(taken.status).toBe(409);
    expect(taken.code).toBe(40900);
  });

  it('should refuse a reused, wrong, forged or expired captcha, and a concurrent double use once', async () => {
    const ip = '10.0.1.3';
    const body = {
      type: 'email',
      email: 'bob@example.com',
      ...(await encrypted(app, 'Secret123')),
    };
    const captcha = await solvedCaptcha(app);
    expect(
      (await callApi(app, 'POST', '/v2/users/encrypt/login', { query: captcha, body, ip })).status,
    ).toBe(200);
    const reused = await callApi(app, 'POST', '/v2/users/encrypt/login', {
      query: captcha,
      body,
      ip,
    });
    expect(reused.status).toBe(400);
    expect(reused.code).toBe(40003);

    const challenge = (await callApi(app, 'GET', '/captcha/challenge')).data;
    expect(challenge.difficulty_bits).toBe(8);
    let wrongOutput = 0;
    while (
      createHash('sha256').update(`${challenge.lot_number}:${wrongOutput}`).digest()[0] === 0
    ) {
      wrongOutput += 1;
    }
    const wrong = await callApi(app, 'POST', '/v2/users/encrypt/login', {
      query: { ...(await solveCaptcha(challenge)), captcha_output: String(wrongOutput) },
      body,
      ip,
    });
    expect(wrong.code).toBe(40003);
    const forged = await callApi(app, 'POST', '/v2/users/encrypt/login', {
      query: { ...(await solveCaptcha(challenge)), pass_token: 'forged' },
      body,
      ip,
    });
    expect(forged.code).toBe(40003);

    const old = await solvedCaptcha(app);
    clock.advance(5 * 60_000 + 10_000);
    const expired = await callApi(app, 'POST', '/v2/users/encrypt/login', { query: old, body, ip });
    expect(expired.code).toBe(40003);

    const twice = await solvedCaptcha(app);
    const answers = await Promise.all([
      callApi(app, 'POST', '/v2/users/encrypt/login', { query: twice, body, ip }),
      callApi(app, 'POST', '/v2/users/encrypt/login', { query: twice, body, ip }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('should wait 60 s between codes and void a code after 5 wrong tries', async () => {
    const ip = '10.0.1.4';
    expect((await sendEmailCode(app, 'carol@example.com', 'register', ip)).status).toBe(200);
    const again = await sendEmailCode(app, 'carol@example.com', 'register', ip);
    expect(again.status).toBe(429);
    expect(again.code).toBe(42900);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const code = await outboxCode(app, 'carol@example.com');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const register = async (value: string) =>
      callApi(app, 'POST', '/users/register/email', {
        body: {
          username: 'carol01',
          email: 'carol@example.com',
          code: value,
          ...(await encrypted(app, 'Secret123')),
          terms_accepted: true,
        },
        ip,
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await register(wrongCode);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe(40002);
    }
    expect((await register(code)).code).toBe(40002);
    clock.advance(61_000);
    expect((await sendEmailCode(app, 'carol@example.com', 'register', ip)).status).toBe(200);
    const fresh = await register(await outboxCode(app, 'carol@example.com'));
    expect(fresh.status).toBe(200);
    clock.advance(61_000);
  });

  it('should register and log in by phone, with the mainland rule for 86', async () => {
    const ip = '10.0.1.5';
    const badPhone = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app),
      body: { channel: 'sms', country_code: '86', phone: '12345678901', scene: 'register' },
      ip,
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.fields?.[0]?.field).toBe('phone');
    const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app),
      body: { channel: 'sms', country_code: '86', phone: '13800138000', scene: 'register' },
      ip,
    });
    expect(sent.status).toBe(200);
    const registered = await callApi(app, 'POST', '/users/register/phone', {
      body: {
        username: 'dave0001',
        country_code: '86',
        phone: '13800138000',
        code: await outboxCode(app, '+86 13800138000'),
        ...(await encrypted(app, 'Secret123')),
        terms_accepted: true,
      },
      ip,
    });
    expect(registered.status).toBe(200);
    const login = await callApi(app, 'POST', '/v2/users/encrypt/login', {
      query: await solvedCaptcha(app),
      body: {
        type: 'phone',
        country_code: '86',
        phone: '13800138000',
        ...(await encrypted(app, 'Secret123')),
      },
      ip,
    });
    expect(login.status).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token: login.data.token });
    expect(info.data).toMatchObject({ phone: '138****8000', email: null, verify_type: 'sms' });
    expect((await sendEmailCode(app, 'dave@example.com', 'register', ip)).status).toBe(200);
    const taken = await callApi(app, 'POST', '/users/register/email', {
      body: {
        username: 'DAVE0001',
        email: 'dave@example.com',
        code: await outboxCode(app, 'dave@example.com'),
        ...(await encrypted(app, 'Secret123')),
        terms_accepted: true,
      },
      ip,
    });
    expect(taken.status).toBe(409);
    expect(taken.fields?.[0]?.field).toBe('username');
  });

  it('should reset a password by email and by phone', async () => {
    const ip = '10.0.1.6';
    expect((await sendEmailCode(app, 'bob@example.com', 'reset_password', ip)).status).toBe(200);
    const reset = await callApi(app, 'POST', '/users/password/reset/email', {
      body: {
        email: 'bob@example.com',
        code: await outboxCode(app, 'bob@example.com'),
        ...(await encrypted(app, 'NewSecret9')),
      },
      ip,
    });
    expect(reset.status).toBe(200);
    expect((await loginByEmail(app, 'bob@example.com', 'Secret123', ip)).code).toBe(40101);
    expect((await loginByEmail(app, 'bob@example.com', 'NewSecret9', ip)).status).toBe(200);
    const unknown = await sendEmailCode(app, 'ghost@example.com', 'reset_password', ip);
    expect(unknown.code).toBe(40102);

    const sms = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app),
      body: { channel: 'sms', country_code: '86', phone: '13800138000', scene: 'reset_password' },
      ip,
    });
    expect(sms.status).toBe(200);
    const byPhone = await callApi(app, 'POST', '/users/password/reset/phone', {
      body: {
        country_code: '86',
        phone: '13800138000',
        code: await outboxCode(app, '+86 13800138000'),
        ...(await encrypted(app, 'Phone1234')),
      },
      ip,
    });
    expect(byPhone.status).toBe(200);
  });

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
    const bindCode = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app),
      body: { channel: 'email', email: 'ivan2@example.com', scene: 'bind_email' },
      token,
      ip,
    });
    expect(bindCode.status).toBe(200);
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
    const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app, ip),
      body: { channel: 'sms', country_code: '86', phone: '13900139018', scene: 'register' },
      ip,
    });
    expect(sent.status).toBe(200);
    const registered = await callApi(app, 'POST', '/users/register/phone', {
      body: {
        username: 'oracle03',
        country_code: '86',
        phone: '13900139018',
        code: await outboxCode(app, '+86 13900139018'),
        ...(await encrypted(app, 'Secret123')),
        terms_accepted: true,
      },
      ip,
    });
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

  async function sendBindCode(token: string, body: Record<string, string>, ip: string) {
    const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: await solvedCaptcha(app, ip),
      body,
      token,
      ip,
    });
    expect(sent.status, sent.msg).toBe(200);
  }

  it('should let a user with no second factor bind a first email with its code alone, then ask for a validation', async () => {
    const ip = '10.0.2.3';
    const { token } = await userWithoutFactor('bare0001');
    const before = await callApi(app, 'GET', '/users/info', { token });
    expect(before.data).toMatchObject({ email: null, phone: null, totp_enabled: false });

    await sendBindCode(
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

  it('should rate-limit logins per client address', async () => {
    const ip = '10.0.9.9';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push(
        (await callApi(app, 'POST', '/v2/users/encrypt/login', { body: {}, ip })).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('should rate-limit code sending and registration per client address', async () => {
    const codeStatuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      codeStatuses.push(
        (await callApi(app, 'POST', '/v3/auth/validation/code', { body: {}, ip: '10.0.9.10' }))
          .status,
      );
    }
    expect(codeStatuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(codeStatuses[20]).toBe(429);
    const registerStatuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      registerStatuses.push(
        (await callApi(app, 'POST', '/users/register/email', { body: {}, ip: '10.0.9.11' })).status,
      );
    }
    expect(registerStatuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const limited = await callApi(app, 'POST', '/users/register/phone', {
      body: {},
      ip: '10.0.9.11',
    });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(42900);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should answer 4xx naming the field for bad input on every identity route', async () => {
    const ip = '10.0.2.1';
    const { token } = await registerByEmail(app, 'hank0001', 'hank@example.com', 'Secret123', ip);
    const cases: [
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      body: unknown,
      field: string,
      auth: boolean,
    ][] = [
      [
        'POST',
        '/v2/users/encrypt/login',
        { type: 'email', email: 'x', password: 'AAAAAAAAAAAAAAAAAAAA', key_id: 'k' },
        'lot_number',
        false,
      ],
      ['POST', '/auth/totp/login', { login_ticket: 'x', code: '12' }, 'code', false],
      ['POST', '/auth/totp/validation', { code: '123456' }, 'validation_token', true],
      ['DELETE', '/auth/totp', {}, 'validation_token', true],
      [
        'POST',
        '/users/second-validation',
        { verify_type: 'fax', code: '123456', scene: 'totp' },
        'verify_type',
        true,
      ],
      ['POST', '/users/refresh/login', {}, 'refresh_token', false],
      ['POST', '/users/logout', { refresh_token: '' }, 'refresh_token', false],
      [
        'POST',
        '/users/register/email',
        {
          username: 'ab',
          email: 'a@b.co',
          code: '123456',
          password: 'AAAAAAAAAAAAAAAAAAAA',
          key_id: 'k',
          terms_accepted: true,
        },
        'username',
        false,
      ],
      [
        'POST',
        '/users/register/phone',
        {
          username: 'abcd',
          country_code: '86',
          phone: '1',
          code: '123456',
          password: 'AAAAAAAAAAAAAAAAAAAA',
          key_id: 'k',
          terms_accepted: true,
        },
        'phone',
        false,
      ],
      [
        'POST',
        '/users/password/reset/email',
        { email: 'nope', code: '123456', password: 'AAAAAAAAAAAAAAAAAAAA', key_id: 'k' },
        'email',
        false,
      ],
      [
        'POST',
        '/users/password/reset/phone',
        {
          country_code: 'x',
          phone: '13800138000',
          code: '123456',
          password: 'AAAAAAAAAAAAAAAAAAAA',
          key_id: 'k',
        },
        'country_code',
        false,
      ],
      [
        'PUT',
        '/users/password',
        { password: 'AAAAAAAAAAAAAAAAAAAA', key_id: 'k' },
        'validation_token',
        true,
      ],
      [
        'PUT',
        '/users/email',
        { email: 'bad', code: '123456', validation_token: 'v' },
        'email',
        true,
      ],
      [
        'PUT',
        '/users/phone',
        { country_code: '86', phone: '1380013800', code: '123456', validation_token: 'v' },
        'phone',
        true,
      ],
      ['POST', '/auth/validation/sms', { scene: 'nope' }, 'scene', true],
      ['POST', '/auth/validation/verified-email', {}, 'scene', true],
      ['PUT', '/users/accounts', { account: 'a!' }, 'account', true],
      ['PUT', '/users/settings', { language: 'xx' }, 'language', true],
      ['POST', '/users/cancellation', {}, 'validation_token', true],
    ];
    for (const [method, path, body, field, auth] of cases) {
      const answer = await callApi(app, method, path, { body, ...(auth ? { token } : {}), ip });
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(
        answer.fields?.map((entry) => entry.field),
        `${method} ${path}`,
      ).toContain(field);
    }
    const logsQuery = await callApi(app, 'GET', '/users/logs', { token, query: { page: '0' } });
    expect(logsQuery.fields?.[0]?.field).toBe('page');
    const captchaBody = await callApi(app, 'POST', '/v3/auth/validation/code', {
      query: { lot_number: 'x' },
      body: {},
      ip,
    });
    expect(captchaBody.status).toBe(400);
    expect(captchaBody.fields?.map((entry) => entry.field)).toContain('gen_time');
    const weak = await callApi(app, 'POST', '/users/password/reset/email', {
      body: { email: 'hank@example.com', code: '123456', ...(await encrypted(app, 'short')) },
      ip,
    });
    expect(weak.status).toBe(400);
    expect(weak.fields?.[0]?.field).toBe('password');
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(200);
  });

  it('should seed the demo user once, who can log in with the published password', async () => {
    const context = createAppContext({
      database,
      clock,
      config: testConfig(),
      mailer: { send: async () => {} },
    });
    expect(await seedDemoUser(context)).toBe(true);
    expect(await seedDemoUser(context)).toBe(false);
    const login = await loginByEmail(app, DEMO_USER.email, DEMO_USER.password, '10.0.2.2');
    expect(login.status).toBe(200);
    const accounts = await callApi(app, 'GET', '/accounts', { token: login.data.token });
    expect(accounts.data.list.map((account: { name: string }) => account.name)).toEqual([
      'demo',
      'demorig2',
    ]);
    expect(typeof encryptPassword).toBe('function');
  });

  it('should keep the authenticate buildApp was given', async () => {
    const injected = await buildApp({
      config: testConfig(),
      db: database,
      authenticate: async () => ({ kind: 'user', userId: '999', permissions: ['pool.view'] }),
    });
    try {
      const answer = await callApi(injected, 'GET', '/permissions/current');
      expect(answer.status).toBe(200);
      expect(answer.data.permissions).toEqual(['pool.view']);
    } finally {
      await injected.close();
    }
  });
});
