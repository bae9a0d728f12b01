import { createHash } from 'node:crypto';
import { encryptPassword, solveCaptcha } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { testDrivers } from '../../testing/testDatabase';
import { DEMO_USER, seedDemoUser } from './demo';
import {
  callApi,
  encrypted,
  loginByEmail,
  outboxCode,
  registerByEmail,
  registerByPhone,
  sendEmailCode,
  sendSmsCode,
  solvedCaptcha,
  useTestApp,
} from './testHelpers';

describe.each(testDrivers)('identity on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 0, 1));
  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

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
    const badPhone = await sendSmsCode(app, '86', '12345678901', 'register', ip);
    expect(badPhone.status).toBe(400);
    expect(badPhone.fields?.[0]?.field).toBe('phone');
    const registered = await registerByPhone(app, 'dave0001', '86', '13800138000', 'Secret123', ip);
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

    const sms = await sendSmsCode(app, '86', '13800138000', 'reset_password', ip);
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
