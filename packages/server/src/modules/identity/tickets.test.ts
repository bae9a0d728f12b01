import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { testDrivers } from '../../testing/testDatabase';
import { sha256Hex } from './crypto';
import {
  type ApiAnswer,
  callApi,
  encrypted,
  loginByEmail,
  outboxCode,
  registerByEmail,
  solvedCaptcha,
  useTestApp,
} from './testHelpers';
import { base32Decode, totpCode } from './totp';

describe.each(testDrivers)('login and validation tickets on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 0, 1));

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  /** A 6-digit code the authenticator does not show now, nor one step before or after. */
  function wrongTotpCode(key: Buffer): string {
    const valid = [-30_000, 0, 30_000].map((offset) => totpCode(key, clock.now() + offset));
    return ['000000', '000001', '000002', '000003'].find((code) => !valid.includes(code)) ?? '';
  }

  /** A second validation by email code for `scene`; resolves the validation token. */
  async function validate(token: string, email: string, scene: string, ip: string) {
    clock.advance(61_000);
    const sent = await callApi(app, 'POST', '/auth/validation/verified-email', {
      token,
      body: { scene },
      ip,
    });
    expect(sent.status).toBe(200);
    const answer = await callApi(app, 'POST', '/users/second-validation', {
      token,
      body: { verify_type: 'email', code: await outboxCode(app, email), scene },
    });
    expect(answer.status).toBe(200);
    return answer.data.validation_token as string;
  }

  /** Registers a user and turns the authenticator on; resolves its token and TOTP key. */
  async function userWithTotp(username: string, email: string, ip: string) {
    const { token } = await registerByEmail(app, username, email, 'Secret123', ip);
    const secret = await callApi(app, 'POST', '/auth/totp/secret', { token });
    const key = base32Decode(secret.data.secret);
    const validationToken = await validate(token, email, 'totp', ip);
    const enabled = await callApi(app, 'POST', '/auth/totp/validation', {
      token,
      body: { code: totpCode(key, clock.now()), validation_token: validationToken },
    });
    expect(enabled.status).toBe(200);
    // The next code must come from a later step: a code works once.
    clock.advance(30_000);
    return { token, key };
  }

  async function loginTicket(email: string, ip: string): Promise<string> {
    const answer = await loginByEmail(app, email, 'Secret123', ip);
    expect(answer.data.status).toBe('totp_required');
    return answer.data.login_ticket as string;
  }

  function totpLogin(ticket: string, code: string, ip: string): Promise<ApiAnswer> {
    return callApi(app, 'POST', '/auth/totp/login', { body: { login_ticket: ticket, code }, ip });
  }

  async function ticketRow(token: string) {
    const result = (await database.db.execute(
      sql`SELECT attempts, used_at IS NOT NULL AS spent FROM identity_tickets
          WHERE token_hash = ${sha256Hex(token)}`,
    )) as unknown as { rows: { attempts: number; spent: boolean }[] };
    return result.rows[0];
  }

  function expectRefused(answer: ApiAnswer, field: string): void {
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(ERROR_CODES.codeInvalid);
    expect(answer.fields?.map((item) => item.field)).toEqual([field]);
  }

  it('should end a login ticket and brake the user at the 5th wrong authenticator code', async () => {
    const ip = '10.4.0.1';
    const { key } = await userWithTotp('tick0001', 'tick1@example.com', ip);
    const ticket = await loginTicket('tick1@example.com', ip);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectRefused(await totpLogin(ticket, wrongTotpCode(key), ip), 'code');
    }
    const fifth = await totpLogin(ticket, wrongTotpCode(key), ip);
    expectBraked(fifth);
    expect(fifth.msg).toMatch(/too many wrong authenticator codes/i);
    expectRefused(await totpLogin(ticket, totpCode(key, clock.now()), ip), 'login_ticket');
    // A new ticket does not start a new count: the brake is per user.
    expectBraked(
      await totpLogin(await loginTicket('tick1@example.com', ip), totpCode(key, clock.now()), ip),
    );
    // Once the brake has run out (15 minutes), a new ticket signs in.
    clock.advance(15 * 60_000);
    const fresh = await totpLogin(
      await loginTicket('tick1@example.com', ip),
      totpCode(key, clock.now()),
      ip,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.data.token).toBeTypeOf('string');
  });

  it('should count wrong authenticator codes at login and in second validations together, over new tickets', async () => {
    const ip = '10.4.0.7';
    const { token, key } = await userWithTotp('tick0007', 'tick7@example.com', ip);
    // Two wrong codes in second validations, then two on each new login ticket.
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expectRefused(await totpValidation(token, wrongTotpCode(key), ip), 'code');
    }
    const first = await loginTicket('tick7@example.com', ip);
    expectRefused(await totpLogin(first, wrongTotpCode(key), ip), 'code');
    const fourth = await totpLogin(first, wrongTotpCode(key), ip);
    expectRefused(fourth, 'code');
    expect(fourth.msg).toMatch(/1 try left/);
    // A new ticket buys no guesses: the fifth wrong code overall brakes the user.
    const second = await loginTicket('tick7@example.com', ip);
    expectBraked(await totpLogin(second, wrongTotpCode(key), ip));
    // Braked everywhere, the right code included: login and second validations alike.
    expectBraked(
      await totpLogin(await loginTicket('tick7@example.com', ip), totpCode(key, clock.now()), ip),
    );
    expectBraked(await totpValidation(token, totpCode(key, clock.now()), ip));
    clock.advance(15 * 60_000);
    const signedIn = await totpLogin(
      await loginTicket('tick7@example.com', ip),
      totpCode(key, clock.now()),
      ip,
    );
    expect(signedIn.status, signedIn.msg).toBe(200);
    // The right code at login cleared the count for second validations too.
    clock.advance(30_000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectRefused(await totpValidation(token, wrongTotpCode(key), ip), 'code');
    }
  });

  it('should sign in with the right code after 4 wrong ones', async () => {
    const ip = '10.4.0.2';
    const { key } = await userWithTotp('tick0002', 'tick2@example.com', ip);
    const ticket = await loginTicket('tick2@example.com', ip);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectRefused(await totpLogin(ticket, wrongTotpCode(key), ip), 'code');
    }
    const answer = await totpLogin(ticket, totpCode(key, clock.now()), ip);
    expect(answer.status).toBe(200);
    expect(answer.data.token).toBeTypeOf('string');
    // Five codes tried, the right one last, and the ticket used up by the sign-in.
    expect(await ticketRow(ticket)).toEqual({ attempts: 5, spent: true });
  });

  it('should count at most 5 wrong codes on a login ticket under concurrent requests', async () => {
    const ip = '10.4.0.3';
    const { key } = await userWithTotp('tick0003', 'tick3@example.com', ip);
    const ticket = await loginTicket('tick3@example.com', ip);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => totpLogin(ticket, wrongTotpCode(key), ip)),
    );
    // Five codes checked: the ticket's five tries and the user's brake each count them one by
    // one, the fifth brake count engaging the brake (one 429); the other five find the ticket out
    // of tries. The two counts may take the same requests in different orders: the ticket's
    // fifth try can be the brake's fourth, and then it spends the ticket (naming
    // `login_ticket`) rather than answering on `code`. Either way no sixth code is checked.
    const fields = answers.map((answer) => [answer.status, answer.fields?.[0]?.field]);
    const onCode = fields.filter(([, field]) => field === 'code').length;
    const onTicket = fields.filter(
      ([status, field]) => status === 400 && field === 'login_ticket',
    ).length;
    expect(fields.filter(([status]) => status === 429)).toHaveLength(1);
    expect(onCode).toBeGreaterThanOrEqual(4);
    expect(onCode + onTicket).toBe(10);
    expect((await ticketRow(ticket))?.attempts).toBe(5);
    expectRefused(await totpLogin(ticket, totpCode(key, clock.now()), ip), 'login_ticket');
  });

  it('should spend a validation token at the 5th wrong authenticator code of its enrolment', async () => {
    const ip = '10.4.0.4';
    const { token } = await registerByEmail(app, 'tick0004', 'tick4@example.com', 'Secret123', ip);
    const secret = await callApi(app, 'POST', '/auth/totp/secret', { token });
    const key = base32Decode(secret.data.secret);
    const validationToken = await validate(token, 'tick4@example.com', 'totp', ip);
    const enable = (code: string) =>
      callApi(app, 'POST', '/auth/totp/validation', {
        token,
        body: { code, validation_token: validationToken },
      });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectRefused(await enable(wrongTotpCode(key)), 'code');
    }
    expectRefused(await enable(wrongTotpCode(key)), 'validation_token');
    expectRefused(await enable(totpCode(key, clock.now())), 'validation_token');
    expect((await callApi(app, 'GET', '/users/info', { token })).data.totp_enabled).toBe(false);
  });

  it('should spend a validation token after 5 wrong codes over several email codes', async () => {
    const ip = '10.4.0.5';
    const { token } = await registerByEmail(app, 'tick0005', 'tick5@example.com', 'Secret123', ip);
    const validationToken = await validate(token, 'tick5@example.com', 'change_email', ip);
    const sendBindCode = async () => {
      clock.advance(61_000);
      const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
        query: await solvedCaptcha(app, ip),
        body: { channel: 'email', email: 'tick5b@example.com', scene: 'bind_email' },
        token,
        ip,
      });
      expect(sent.status).toBe(200);
      return outboxCode(app, 'tick5b@example.com');
    };
    const change = (code: string) =>
      callApi(app, 'PUT', '/users/email', {
        token,
        body: { email: 'tick5b@example.com', code, validation_token: validationToken },
      });
    const first = await sendBindCode();
    const wrongFirst = first === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expectRefused(await change(wrongFirst), 'code');
    // A new code: its own tries start again, the validation token's do not.
    const second = await sendBindCode();
    const wrongSecond = second === '000000' ? '111111' : '000000';
    expectRefused(await change(wrongSecond), 'code');
    expectRefused(await change(wrongSecond), 'validation_token');
    expectRefused(await change(second), 'validation_token');
    expect((await callApi(app, 'GET', '/users/info', { token })).data.email).toBe(
      't***@example.com',
    );
    expect((await loginByEmail(app, 'tick5@example.com', 'Secret123', ip)).status).toBe(200);
  });

  it('should spend a validation token after 5 wrong codes over several SMS codes', async () => {
    const ip = '10.4.0.6';
    const { token } = await registerByEmail(app, 'tick0006', 'tick6@example.com', 'Secret123', ip);
    const validationToken = await validate(token, 'tick6@example.com', 'change_phone', ip);
    const phone = { country_code: '86', phone: '13900139006' };
    const sendBindCode = async () => {
      clock.advance(61_000);
      const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
        query: await solvedCaptcha(app, ip),
        body: { channel: 'sms', ...phone, scene: 'bind_phone' },
        token,
        ip,
      });
      expect(sent.status).toBe(200);
      return outboxCode(app, '+86 13900139006');
    };
    const change = (code: string) =>
      callApi(app, 'PUT', '/users/phone', {
        token,
        body: { ...phone, code, validation_token: validationToken },
      });
    const first = await sendBindCode();
    const wrongFirst = first === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expectRefused(await change(wrongFirst), 'code');
    const second = await sendBindCode();
    const wrongSecond = second === '000000' ? '111111' : '000000';
    expectRefused(await change(wrongSecond), 'code');
    expectRefused(await change(wrongSecond), 'validation_token');
    expectRefused(await change(second), 'validation_token');
    expect((await callApi(app, 'GET', '/users/info', { token })).data.phone).toBeNull();
  });

  /** A second validation with an authenticator code, from `ip`. */
  function totpValidation(token: string, code: string, ip: string, scene = 'withdraw') {
    return callApi(app, 'POST', '/users/second-validation', {
      token,
      body: { verify_type: 'totp', code, scene },
      ip,
    });
  }

  function expectBraked(answer: ApiAnswer): void {
    expect(answer.status).toBe(429);
    expect(answer.code).toBe(ERROR_CODES.rateLimited);
    expect(answer.fields?.map((item) => item.field)).toEqual(['code']);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('should refuse even the right authenticator code for 15 minutes after 5 wrong ones in second validations', async () => {
    const ip = '10.4.1.1';
    const { token, key } = await userWithTotp('tick0021', 'tick21@example.com', ip);
    // Counted per user over every scene: switching scenes buys no guesses.
    for (const scene of ['withdraw', 'api_key', 'authorize_app', 'passkey']) {
      const answer = await totpValidation(token, wrongTotpCode(key), ip, scene);
      expectRefused(answer, 'code');
      expect(answer.msg).toMatch(/\d (try|tries) left/);
    }
    const fifth = await totpValidation(token, wrongTotpCode(key), ip, 'webhook');
    expectBraked(fifth);
    expect(fifth.headers['retry-after']).toBe('900');
    expect(fifth.msg).toMatch(/too many wrong authenticator codes/i);

    clock.advance(5 * 60_000);
    const right = await totpValidation(token, totpCode(key, clock.now()), ip);
    expectBraked(right);
    expect(right.headers['retry-after']).toBe('600');
    expect(right.data).toBeUndefined();

    clock.advance(10 * 60_000);
    const after = await totpValidation(token, totpCode(key, clock.now()), ip);
    expect(after.status, after.msg).toBe(200);
    expect(after.data.validation_token).toMatch(/^vt_/);
  });

  it('should clear the count of wrong authenticator codes with a right one', async () => {
    const ip = '10.4.1.2';
    const { token, key } = await userWithTotp('tick0022', 'tick22@example.com', ip);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectRefused(await totpValidation(token, wrongTotpCode(key), ip), 'code');
    }
    expect((await totpValidation(token, totpCode(key, clock.now()), ip)).status).toBe(200);
    clock.advance(30_000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectRefused(await totpValidation(token, wrongTotpCode(key), ip), 'code');
    }
    expect((await totpValidation(token, totpCode(key, clock.now()), ip)).status).toBe(200);
  });

  it('should check at most 5 authenticator codes under concurrent second validations', async () => {
    const ip = '10.4.1.3';
    const { token, key } = await userWithTotp('tick0023', 'tick23@example.com', ip);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => totpValidation(token, wrongTotpCode(key), ip)),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    expectBraked(await totpValidation(token, totpCode(key, clock.now()), ip));
  });

  it('should let one address ask for 20 second validations a minute, then answer 429', async () => {
    const ip = '10.4.1.4';
    const { token } = await registerByEmail(app, 'tick0024', 'tick24@example.com', 'Secret123', ip);
    // Start at the beginning of a minute so all 21 calls fall in the same window.
    clock.advance(60_000 - (clock.now() % 60_000));
    for (let call = 1; call <= 20; call += 1) {
      // No authenticator on: refused, but counted.
      expectRefused(await totpValidation(token, '000000', ip), 'verify_type');
    }
    const over = await totpValidation(token, '000000', ip);
    expect(over.status).toBe(429);
    expect(over.code).toBe(ERROR_CODES.rateLimited);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expectRefused(await totpValidation(token, '000000', '10.4.1.5'), 'verify_type');
  });

  it('should refuse every change of a sign-in or money setting without a live validation of its own scene', async () => {
    const ip = '10.4.1.6';
    const { token } = await registerByEmail(app, 'tick0025', 'tick25@example.com', 'Secret123', ip);
    // A good validation, but for a withdrawal: none of the calls below takes it.
    const withdraw = await validate(token, 'tick25@example.com', 'withdraw', ip);
    const pay = await encrypted(app, 'Paying123');
    const calls: [method: 'POST' | 'PUT' | 'DELETE', path: string, body: object][] = [
      ['PUT', '/users/password', { ...(await encrypted(app, 'Secret456')) }],
      ['PUT', '/users/email', { email: 'tick25b@example.com', code: '123456' }],
      ['PUT', '/users/phone', { country_code: '86', phone: '13900139025', code: '123456' }],
      ['POST', '/auth/totp/validation', { code: '123456' }],
      ['DELETE', '/auth/totp', {}],
      ['PUT', '/wallets/pay-password', { pay_password: pay.password, key_id: pay.key_id }],
      ['POST', '/users/cancellation', {}],
      [
        'POST',
        '/users/api-keys',
        { name: 'k', scopes: ['miner.view'], accounts: ['tick0025'], expiry: 'forever' },
      ],
    ];
    for (const [method, path, body] of calls) {
      const bare = await callApi(app, method, path, { token, body, ip });
      expect([bare.status, bare.fields?.[0]?.field], `${path} without`).toEqual([
        400,
        'validation_token',
      ]);
      const other = await callApi(app, method, path, {
        token,
        body: { ...body, validation_token: withdraw },
        ip,
      });
      expect([other.status, other.code, other.fields?.[0]?.field], `${path} other scene`).toEqual([
        400,
        ERROR_CODES.codeInvalid,
        'validation_token',
      ]);
    }
    // None of them spent the withdrawal's validation.
    expect(await ticketRow(withdraw)).toEqual({ attempts: 0, spent: false });
  });

  it('should check at most 5 tries of an email code under concurrent second validations', async () => {
    const ip = '10.4.0.9';
    const { token } = await registerByEmail(app, 'tick0011', 'tick11@example.com', 'Secret123', ip);
    clock.advance(61_000);
    const sent = await callApi(app, 'POST', '/auth/validation/verified-email', {
      token,
      body: { scene: 'cancellation' },
      ip,
    });
    expect(sent.status).toBe(200);
    const code = await outboxCode(app, 'tick11@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const validate = (value: string) =>
      callApi(app, 'POST', '/users/second-validation', {
        token,
        body: { verify_type: 'email', code: value, scene: 'cancellation' },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate(wrong)));
    for (const answer of answers) expectRefused(answer, 'code');
    const result = (await database.db.execute(
      sql`SELECT attempts FROM verification_codes
          WHERE target = 'tick11@example.com' AND scene = 'cancellation'`,
    )) as unknown as { rows: { attempts: number }[] };
    expect(result.rows).toEqual([{ attempts: 5 }]);
    expectRefused(await validate(code), 'code');
  });
});
