import type { AddressInfo } from 'node:net';
import { apiKeyListSchema, createdApiKeySchema, ERROR_CODES } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { testDrivers } from '../../testing/testDatabase';
import { ipAllowed } from './apiKeys';
import {
  callApi,
  loginByEmail,
  mineRecently,
  registerByEmail,
  secondValidation,
  useTestApp,
} from './testHelpers';

const T0 = Date.UTC(2026, 0, 15, 12, 0);
const DAY = 24 * 3_600_000;

describe('ipAllowed', () => {
  it('should allow every address when the list is empty', () => {
    expect(ipAllowed([], '198.51.100.7')).toBe(true);
  });

  it('should check IPv4 blocks, single addresses and IPv4-mapped IPv6 addresses', () => {
    expect(ipAllowed(['203.0.113.0/24'], '203.0.113.99')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '203.0.114.1')).toBe(false);
    expect(ipAllowed(['198.51.100.7'], '198.51.100.7')).toBe(true);
    expect(ipAllowed(['198.51.100.7'], '198.51.100.8')).toBe(false);
    expect(ipAllowed(['203.0.113.0/24'], '::ffff:203.0.113.5')).toBe(true);
  });

  it('should check IPv6 blocks', () => {
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(['2001:db8::/32'], '2001:db9::5')).toBe(false);
  });
});

describe.each(testDrivers)('read-only API keys on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let token = '';
  const clock = createManualClock(T0);

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  beforeAll(async () => {
    ({ token } = await registerByEmail(
      app,
      'keys0001',
      'keys@example.com',
      'Secret123',
      '10.4.0.1',
    ));
    const sub = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'keys0002', permission: 'read_only' },
    });
    expect(sub.status).toBe(200);
    await mineRecently(database, ['keys0001', 'keys0002'], 3, T0);
  });

  /**
   * A fresh `api_key` second validation of the main user. Its email takes a new code of a scene
   * once a minute, so the clock moves on first.
   */
  async function keyValidation(): Promise<string> {
    clock.advance(61_000);
    return secondValidation(app, token, 'keys@example.com', 'api_key', '10.4.0.1');
  }

  async function createKey(body: Record<string, unknown>) {
    const answer = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...body, validation_token: await keyValidation() },
    });
    expect(answer.status, answer.msg).toBe(200);
    return createdApiKeySchema.parse(answer.data);
  }

  const workersOf = (account: string) => `/pools/btc/accounts/${account}/miners`;

  it('should refuse a key without an account, scope, or with a malformed allow-list entry', async () => {
    const base = {
      name: 'monitor',
      scopes: ['miner.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
      validation_token: 'vt_not_checked_before_the_body',
    };
    const noAccount = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...base, accounts: [] },
    });
    expect(noAccount.status).toBe(400);
    expect(noAccount.fields).toEqual([
      { field: 'accounts', message: 'Select at least one account' },
    ]);
    const noScope = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...base, scopes: [] },
    });
    expect(noScope.status).toBe(400);
    expect(noScope.fields?.[0]?.field).toBe('scopes');
    const badScope = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...base, scopes: ['admin.view'] },
    });
    expect(badScope.status).toBe(400);
    const badCidr = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...base, ip_allow: ['10.0.0.0/33'] },
    });
    expect(badCidr.status).toBe(400);
    expect(badCidr.fields?.[0]?.field).toBe('ip_allow.0');
    const blankName = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...base, name: '   ' },
    });
    expect(blankName.status).toBe(400);
    expect(blankName.fields?.[0]?.field).toBe('name');
  });

  it('should refuse an account the user does not own with 404 naming accounts', async () => {
    const validationToken = await keyValidation();
    const answer = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: {
        name: 'x',
        scopes: ['miner.view'],
        accounts: ['nobody999'],
        expiry: 'forever',
        validation_token: validationToken,
      },
    });
    expect(answer.status).toBe(404);
    expect(answer.fields?.[0]?.field).toBe('accounts');
    // A refused key leaves its validation good: the token is spent with the key it makes.
    const retried = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: {
        name: 'x',
        scopes: ['miner.view'],
        accounts: ['keys0001'],
        expiry: 'forever',
        validation_token: validationToken,
      },
    });
    expect(retried.status, retried.msg).toBe(200);
    const revoked = await callApi(app, 'DELETE', `/users/api-keys/${retried.data.key.id}`, {
      token,
    });
    expect(revoked.status).toBe(200);
  });

  it('should refuse a key without a fresh api_key validation of the user, and take a token once', async () => {
    const body = {
      name: 'planted',
      scopes: ['miner.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
    };
    const liveKeys = async () =>
      apiKeyListSchema.parse((await callApi(app, 'GET', '/users/api-keys', { token })).data).list
        .length;
    const before = await liveKeys();
    const expectRefused = (answer: Awaited<ReturnType<typeof callApi>>) => {
      expect(answer.status).toBe(400);
      expect(answer.fields?.map((item) => item.field)).toEqual(['validation_token']);
    };

    // A session alone: no validation at all, or a made-up one.
    expectRefused(await callApi(app, 'POST', '/users/api-keys', { token, body }));
    const madeUp = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...body, validation_token: 'vt_made_up' },
    });
    expectRefused(madeUp);
    expect(madeUp.code).toBe(ERROR_CODES.codeInvalid);
    expect(madeUp.msg).toBe('The validation is not valid or has expired');

    // A validation of another scene.
    clock.advance(61_000);
    const otherScene = await secondValidation(
      app,
      token,
      'keys@example.com',
      'change_password',
      '10.4.0.1',
    );
    const wrongScene = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...body, validation_token: otherScene },
    });
    expectRefused(wrongScene);
    expect(wrongScene.code).toBe(ERROR_CODES.codeInvalid);

    // Another user's api_key validation.
    const other = await registerByEmail(
      app,
      'keys0003',
      'keys3@example.com',
      'Secret123',
      '10.4.0.3',
    );
    const othersToken = await secondValidation(
      app,
      other.token,
      'keys3@example.com',
      'api_key',
      '10.4.0.3',
    );
    const foreign = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...body, validation_token: othersToken },
    });
    expectRefused(foreign);
    expect(foreign.code).toBe(ERROR_CODES.codeInvalid);
    expect(await liveKeys()).toBe(before);

    // The user's own: one key, then the token is spent.
    const own = await keyValidation();
    const created = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...body, validation_token: own },
    });
    expect(created.status, created.msg).toBe(200);
    const again = await callApi(app, 'POST', '/users/api-keys', {
      token,
      body: { ...body, validation_token: own },
    });
    expectRefused(again);
    expect(again.code).toBe(ERROR_CODES.codeInvalid);
    expect(await liveKeys()).toBe(before + 1);

    // An expired one (validations last 10 minutes).
    const stale = await keyValidation();
    clock.advance(10 * 60_000 + 1000);
    expectRefused(
      await callApi(app, 'POST', '/users/api-keys', {
        token,
        body: { ...body, validation_token: stale },
      }),
    );
    expect(
      (await callApi(app, 'DELETE', `/users/api-keys/${created.data.key.id}`, { token })).status,
    ).toBe(200);
  });

  it('should show the secret once, keep only a prefix in the list, and read the chosen account', async () => {
    const created = await createKey({
      name: 'monitor',
      scopes: ['miner.view', 'pool.view'],
      accounts: ['keys0001'],
      expiry: 'one_month',
    });
    expect(created.secret).toMatch(/^pk_[0-9a-f]{12}_/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    expect(created.key.last_used_at).toBeNull();

    const list = apiKeyListSchema.parse(
      (await callApi(app, 'GET', '/users/api-keys', { token })).data,
    );
    const listed = list.list.find((key) => key.id === created.key.id);
    expect(listed?.accounts).toEqual(['keys0001']);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const workers = await callApi(app, 'GET', workersOf('keys0001'), { token: created.secret });
    expect(workers.status, workers.msg).toBe(200);
    expect(workers.data.list.map((row: { worker_name: string }) => row.worker_name)).toEqual([
      'rig1',
    ]);
    expect(workers.headers['ratelimit-limit']).toBe('600');

    const after = apiKeyListSchema.parse(
      (await callApi(app, 'GET', '/users/api-keys', { token })).data,
    );
    const used = after.list.find((key) => key.id === created.key.id);
    expect(used?.last_used_at).toBe(new Date(clock.now()).toISOString().replace('.000', ''));
    expect(used?.last_used_ip).toBe('127.0.0.1');
  });

  it('should refuse other accounts, writes, identity calls and missing scopes', async () => {
    const { secret } = await createKey({
      name: 'workers only',
      scopes: ['miner.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
    });
    const other = await callApi(app, 'GET', workersOf('keys0002'), { token: secret });
    expect(other.status).toBe(403);
    expect(other.code).toBe(ERROR_CODES.forbidden);
    expect(other.fields).toEqual([
      { field: 'account', message: 'This API key does not cover this account' },
    ]);

    const write = await callApi(app, 'DELETE', workersOf('keys0001'), {
      token: secret,
      body: { workers: ['rig1'] },
    });
    expect(write.status).toBe(403);
    expect(write.msg).toBe('API keys and app tokens are read-only: this call changes data');
    const payMethod = await callApi(app, 'PUT', '/accounts/keys0001/pools/btc/pay-method', {
      token: secret,
      body: { method: 'pps_plus' },
    });
    expect(payMethod.status).toBe(403);

    for (const path of ['/accounts', '/users/api-keys', '/users/info', '/permissions/current']) {
      const answer = await callApi(app, 'GET', path, { token: secret });
      expect(answer.status, path).toBe(403);
      expect(answer.msg, path).toBe('API keys and app tokens can only read pool and account data');
    }

    const noScope = await callApi(app, 'GET', '/pools/btc/accounts/keys0001/stats', {
      token: secret,
    });
    expect(noScope.status).toBe(403);
    expect(noScope.msg).toBe('Missing permission pool.view');
  });

  it('should hold a key to its IP allow-list', async () => {
    const { secret } = await createKey({
      name: 'office',
      scopes: ['miner.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
      ip_allow: ['203.0.113.0/24'],
    });
    const inside = await callApi(app, 'GET', workersOf('keys0001'), {
      token: secret,
      ip: '203.0.113.20',
    });
    expect(inside.status).toBe(200);
    const outside = await callApi(app, 'GET', workersOf('keys0001'), {
      token: secret,
      ip: '198.51.100.1',
    });
    expect(outside.status).toBe(401);
    expect(outside.msg).toBe('This API key may not be used from 198.51.100.1');
  });

  it('should stop a key when it expires and when it is revoked', async () => {
    const { secret, key } = await createKey({
      name: 'short',
      scopes: ['miner.view'],
      accounts: ['keys0001'],
      expiry: 'one_month',
    });
    const createdAt = clock.now();
    const forever = await createKey({
      name: 'long',
      scopes: ['miner.view'],
      accounts: ['keys0001', 'keys0002'],
      expiry: 'forever',
    });
    expect(key.expires_at).toBe(new Date(createdAt + 30 * DAY).toISOString().replace('.000', ''));
    clock.advance(30 * DAY + 1000);
    // The session has ended meanwhile: sign in again.
    const login = await loginByEmail(app, 'keys@example.com', 'Secret123', '10.4.0.1');
    expect(login.status, login.msg).toBe(200);
    token = login.data.token;
    const expired = await callApi(app, 'GET', workersOf('keys0001'), { token: secret });
    expect(expired.status).toBe(401);
    expect(expired.msg).toBe('This API key has expired');

    const live = await callApi(app, 'GET', workersOf('keys0002'), { token: forever.secret });
    expect(live.status).toBe(200);
    const revoke = await callApi(app, 'DELETE', `/users/api-keys/${forever.key.id}`, { token });
    expect(revoke.status).toBe(200);
    const revoked = await callApi(app, 'GET', workersOf('keys0002'), { token: forever.secret });
    expect(revoked.status).toBe(401);
    expect(revoked.msg).toBe('This API key has been revoked');
    const again = await callApi(app, 'DELETE', `/users/api-keys/${forever.key.id}`, { token });
    expect(again.status).toBe(404);
    const list = apiKeyListSchema.parse(
      (await callApi(app, 'GET', '/users/api-keys', { token })).data,
    );
    expect(list.list.map((item) => item.id)).not.toContain(forever.key.id);

    const forged = await callApi(app, 'GET', workersOf('keys0001'), {
      token: `${forever.key.prefix}_${'A'.repeat(43)}`,
    });
    expect(forged.status).toBe(401);
  });

  it('should log a created and a revoked key in the security log and tell the user each time', async () => {
    const ip = '10.4.0.9';
    const own = await registerByEmail(app, 'keys0009', 'keys9@example.com', 'Secret123', ip);
    const settingMessages = async () =>
      (
        await callApi(app, 'GET', '/messages', {
          token: own.token,
          query: { type: 'setting_update', page: '1', page_size: '10' },
        })
      ).data.list as { title: string; content: string }[];
    const securityLog = async () =>
      (
        await callApi(app, 'GET', '/users/logs', {
          token: own.token,
          query: { type: 'security', page: '1', page_size: '10' },
        })
      ).data.list
        .map((entry: { action: string }) => entry.action)
        .filter((action: string) => action.startsWith('api_key'));
    expect(await settingMessages()).toEqual([]);

    const created = await callApi(app, 'POST', '/users/api-keys', {
      token: own.token,
      body: {
        name: 'rig',
        scopes: ['miner.view'],
        accounts: ['keys0009'],
        expiry: 'forever',
        validation_token: await secondValidation(
          app,
          own.token,
          'keys9@example.com',
          'api_key',
          ip,
        ),
      },
      ip,
    });
    expect(created.status, created.msg).toBe(200);
    expect(await securityLog()).toEqual(['api_key_created']);
    expect(await settingMessages()).toEqual([
      expect.objectContaining({
        title: 'Account setting changed',
        content: expect.stringContaining('A change was made to your API keys'),
      }),
    ]);

    const revoke = await callApi(app, 'DELETE', `/users/api-keys/${created.data.key.id}`, {
      token: own.token,
      ip,
    });
    expect(revoke.status).toBe(200);
    expect(await securityLog()).toEqual(['api_key_revoked', 'api_key_created']);
    expect(await settingMessages()).toHaveLength(2);

    // Revoking it again changes nothing, so it says nothing.
    const again = await callApi(app, 'DELETE', `/users/api-keys/${created.data.key.id}`, {
      token: own.token,
      ip,
    });
    expect(again.status).toBe(404);
    expect(await securityLog()).toHaveLength(2);
    expect(await settingMessages()).toHaveLength(2);
  });

  it('should allow 600 calls per key in 10 minutes, then answer 429 until the window ends', async () => {
    const limited = await createKey({
      name: 'busy',
      scopes: ['pool.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
    });
    const other = await createKey({
      name: 'quiet',
      scopes: ['pool.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
    });
    // Start at the beginning of a fixed window so all 601 calls fall in the same one.
    const window = 10 * 60_000;
    clock.advance(window - (clock.now() % window));
    for (let call = 0; call < 600; call += 1) {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/pools/btc/stats',
        headers: { authorization: `Bearer ${limited.secret}` },
      });
      expect(answer.statusCode).toBe(200);
    }
    const over = await callApi(app, 'GET', '/pools/btc/stats', { token: limited.secret });
    expect(over.status).toBe(429);
    expect(over.code).toBe(ERROR_CODES.rateLimited);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same user has its own budget.
    expect((await callApi(app, 'GET', '/pools/btc/stats', { token: other.secret })).status).toBe(
      200,
    );
    clock.advance(window);
    expect((await callApi(app, 'GET', '/pools/btc/stats', { token: limited.secret })).status).toBe(
      200,
    );
  }, 120_000);

  it("should count a key's reads answered from a node's hot-read cache against its limit, across nodes, and refuse it from the cache once revoked", async () => {
    const key = await createKey({
      name: 'cached',
      scopes: ['miner.view', 'pool.view'],
      accounts: ['keys0001'],
      expiry: 'forever',
    });
    const window = 10 * 60_000;
    // A node that keeps hot reads (off in test mode unless asked), whose key limit is reached
    // in a few calls; it counts in the same store as `app`.
    const node = await buildApp({
      config: testConfig(),
      db: database,
      clock,
      hotReads: true,
      delegateRateLimit: { limit: 4, windowMs: window },
    });
    try {
      await node.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}/api`;
      clock.advance(window - (clock.now() % window));
      const headers = { authorization: `Bearer ${key.secret}` };
      const answers: {
        status: number;
        remaining: string | null;
        retryAfter: string | null;
        body: { code: number };
      }[] = [];
      const call = async (path: string) => {
        const response = await fetch(`${base}${path}`, { headers });
        answers.push({
          status: response.status,
          remaining: response.headers.get('ratelimit-remaining'),
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { code: number },
        });
      };
      // A miss and a hit of the key's own workers, then of a public read.
      for (const path of [
        workersOf('keys0001'),
        workersOf('keys0001'),
        '/pools/btc/stats',
        '/pools/btc/stats',
      ]) {
        await call(path);
      }
      // The other node (limit 600) counts in the same bucket: this is the key's fifth call.
      const elsewhere = await callApi(app, 'GET', '/pools/btc/stats', { token: key.secret });
      expect(elsewhere.headers['ratelimit-remaining']).toBe('595');
      await call(workersOf('keys0001'));
      expect(answers.map((answer) => [answer.status, answer.remaining])).toEqual([
        [200, '3'],
        [200, '2'],
        [200, '1'],
        [200, '0'],
        [429, '0'],
      ]);
      expect(node.platform.hotReads?.stats().hits).toBe(2);
      expect(answers[4]?.body.code).toBe(ERROR_CODES.rateLimited);
      expect(Number(answers[4]?.retryAfter)).toBeGreaterThan(0);

      const revoked = await callApi(app, 'DELETE', `/users/api-keys/${key.key.id}`, { token });
      expect(revoked.status).toBe(200);
      clock.advance(window);
      for (const path of [workersOf('keys0001'), '/pools/btc/stats']) {
        const response = await fetch(`${base}${path}`, { headers });
        expect(response.status, path).toBe(401);
      }
      expect(node.platform.hotReads?.stats().hits).toBe(2);
    } finally {
      await node.close();
    }
  });
});
