import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createdOauthAppSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { grantOperator } from '../admin/operators';
import {
  callApi,
  encrypted,
  loginByEmail,
  outboxCode,
  registerByEmail,
  secondValidation,
  sendEmailCode,
} from '../identity/testHelpers';
import { openStream, type Stream, T0 } from './testSetup';

describe.each(testDrivers)('live streams whose credential stops working on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);
  let base = '';
  /** The hub's credential cadence (30 s): moving the clock this far makes the next poll check. */
  const CHECK_MS = 30_000;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // The real identity module: sessions, API keys and their revocations.
    app = await buildApp({
      config: testConfig(),
      db: database,
      clock,
      live: { pollMs: 40, heartbeatMs: 150 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Moves the clock past the cadence and runs a poll: the credentials are checked now. */
  async function checkNow(): Promise<void> {
    clock.advance(CHECK_MS);
    await app.platform.live?.poll();
  }

  /** Waits for the stream to end; resolves its `unauthorized` event's data. */
  async function unauthorizedOf(stream: Stream): Promise<unknown> {
    const event = await stream.next((candidate) => candidate.event === 'unauthorized');
    for (let wait = 0; wait < 100 && !stream.ended; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stream.ended).toBe(true);
    return JSON.parse(event.data);
  }

  it("should end a session's private stream once a password reset ends the session", async () => {
    const ip = '10.30.0.1';
    const email = 'livrc001@example.com';
    const { token } = await registerByEmail(app, 'livrc001', email, 'Secret123', ip);
    const stream = await openStream(
      `${base}/api/live?topics=account,messages&access_token=${token}`,
    );
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    // Checked while the session works: the stream stays.
    await checkNow();
    await checkNow();
    expect(stream.ended).toBe(false);
    expect(stream.events.map((event) => event.event)).not.toContain('unauthorized');

    // The owner resets the password: every session ends, this stream's too.
    clock.advance(61_000);
    expect((await sendEmailCode(app, email, 'reset_password', ip)).status).toBe(200);
    const reset = await callApi(app, 'POST', '/users/password/reset/email', {
      body: { email, code: await outboxCode(app, email), ...(await encrypted(app, 'NewSecret9')) },
      ip,
    });
    expect(reset.status, reset.msg).toBe(200);
    await checkNow();
    expect(await unauthorizedOf(stream)).toEqual({ reason: 'revoked' });
    // The token itself opens nothing any more.
    const again = await openStream(`${base}/api/live?topics=account&access_token=${token}`);
    expect(again.status).toBe(401);
  });

  it('should end the stream of an API key once the key is revoked, and leave the others', async () => {
    const ip = '10.30.0.2';
    const email = 'livrc002@example.com';
    const { token } = await registerByEmail(app, 'livrc002', email, 'Secret123', ip);
    const keys: { id: string; secret: string }[] = [];
    for (const name of ['first', 'second']) {
      clock.advance(61_000);
      const created = await callApi(app, 'POST', '/users/api-keys', {
        token,
        body: {
          name,
          scopes: ['miner.view'],
          accounts: ['livrc002'],
          expiry: 'forever',
          validation_token: await secondValidation(app, token, email, 'api_key', ip),
        },
        ip,
      });
      expect(created.status, created.msg).toBe(200);
      keys.push({ id: created.data.key.id, secret: created.data.secret });
    }
    const streams: Stream[] = [];
    for (const key of keys) {
      const stream = await openStream(`${base}/api/live?topics=account`, {
        authorization: `Bearer ${key.secret}`,
      });
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
      streams.push(stream);
    }
    const [revokedStream, keptStream] = streams as [Stream, Stream];
    try {
      const revoked = await callApi(app, 'DELETE', `/users/api-keys/${keys[0]?.id}`, { token, ip });
      expect(revoked.status, revoked.msg).toBe(200);
      await checkNow();
      expect(await unauthorizedOf(revokedStream)).toEqual({ reason: 'revoked' });
      // The other key of the same user keeps streaming.
      await checkNow();
      expect(keptStream.ended).toBe(false);
      expect(keptStream.events.map((event) => event.event)).not.toContain('unauthorized');
    } finally {
      keptStream.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("should end a session's stream once its access token expires, within the poll", async () => {
    const ip = '10.30.0.3';
    const email = 'livrc003@example.com';
    await registerByEmail(app, 'livrc003', email, 'Secret123', ip);
    const login = await loginByEmail(app, email, 'Secret123', ip);
    expect(login.status, login.msg).toBe(200);
    const stream = await openStream(`${base}/api/live?topics=messages`, {
      authorization: `Bearer ${login.data.token}`,
    });
    await stream.next((event) => event.event === 'ready');
    // The access token lives 2 hours (JWT_ACCESS_TTL_SECONDS).
    clock.advance(7_200_000);
    await app.platform.live?.poll();
    expect(await unauthorizedOf(stream)).toEqual({ reason: 'expired' });
  });

  it("should end the stream of an app's token once the user revokes its authorisation", async () => {
    const ip = '10.30.0.5';
    const redirect = 'https://rigwatch.example/callback';
    const operator = await registerByEmail(
      app,
      'livop005',
      'livop005@example.com',
      'Secret123',
      ip,
    );
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'livop005'`,
    );
    await grantOperator(database.db, rows[0]?.id ?? '', null, clock.now());
    const created = await callApi(app, 'POST', '/admin/oauth/apps', {
      token: operator.token,
      body: { name: 'RigWatch', redirect_uris: [redirect], scopes: ['miner.view'] },
      ip,
    });
    expect(created.status, created.msg).toBe(200);
    const { app: registered, client_secret: clientSecret } = createdOauthAppSchema.parse(
      created.data,
    );
    const email = 'livrc005@example.com';
    const { token } = await registerByEmail(app, 'livrc005', email, 'Secret123', ip);
    const verifier = randomBytes(32).toString('base64url');
    clock.advance(61_000);
    const consent = await callApi(app, 'POST', '/oauth/authorize', {
      token,
      body: {
        client_id: registered.client_id,
        redirect_uri: redirect,
        scope: 'miner.view',
        state: 'xyz',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        accounts: ['livrc005'],
        validation_token: await secondValidation(app, token, email, 'authorize_app', ip),
      },
      ip,
    });
    expect(consent.status, consent.msg).toBe(200);
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${registered.client_id}:${clientSecret}`).toString('base64')}`,
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: new URL(consent.data.redirect_url).searchParams.get('code') ?? '',
        redirect_uri: redirect,
        code_verifier: verifier,
      }).toString(),
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const appToken = (exchanged.json() as { access_token: string }).access_token;
    const stream = await openStream(`${base}/api/live?topics=account`, {
      authorization: `Bearer ${appToken}`,
    });
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    await checkNow();
    expect(stream.ended).toBe(false);
    const grants = await callApi(app, 'GET', '/users/oauth/grants', { token, ip });
    const revoked = await callApi(app, 'DELETE', `/users/oauth/grants/${grants.data.list[0]?.id}`, {
      token,
      ip,
    });
    expect(revoked.status, revoked.msg).toBe(200);
    await checkNow();
    expect(await unauthorizedOf(stream)).toEqual({ reason: 'revoked' });
  });

  it('should end the stream of a deleted observer link', async () => {
    const ip = '10.30.0.4';
    const email = 'livrc004@example.com';
    const { token } = await registerByEmail(app, 'livrc004', email, 'Secret123', ip);
    const link = await callApi(app, 'POST', '/accounts/livrc004/observers', {
      token,
      body: { nickname: 'Friend', expiry: 'forever' },
      ip,
    });
    expect(link.status, link.msg).toBe(200);
    const stream = await openStream(`${base}/api/live?topics=account,workers`, {
      authorization: `Bearer ${link.data.token}`,
    });
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    const deleted = await callApi(app, 'DELETE', `/accounts/livrc004/observers/${link.data.id}`, {
      token,
      ip,
    });
    expect(deleted.status, deleted.msg).toBe(200);
    await checkNow();
    expect(await unauthorizedOf(stream)).toEqual({ reason: 'revoked' });
  });
});

const redisUrl = process.env.REDIS_URL ?? '';

describe.skipIf(redisUrl === '')('live updates on two nodes sharing Redis', () => {
  it("should wake the other node's streams at once when one node records a block", async () => {
    const database = await openTestDatabase('pglite');
    const clock = createManualClock(T0);
    const config = { ...testConfig(), redisUrl };
    // Node two looks at the database only once a minute by itself: only the nudge is quick.
    const one = await buildApp({ config, db: database, clock, live: { pollMs: 60_000 } });
    const two = await buildApp({ config, db: database, clock, live: { pollMs: 60_000 } });
    try {
      await one.listen({ port: 0, host: '127.0.0.1' });
      await two.listen({ port: 0, host: '127.0.0.1' });
      const port = (two.server.address() as AddressInfo).port;
      const stream = await openStream(`http://127.0.0.1:${port}/api/live?topics=blocks:kas`);
      await stream.next((event) => event.event === 'ready');
      const started = Date.now();
      const found = await one.inject({
        method: 'POST',
        url: '/api/dev/pool-blocks',
        payload: { coin: 'kas' },
      });
      const { hash } = (found.json() as { data: { hash: string } }).data;
      const block = await stream.next((event) => event.event === 'block', 0, 5_000);
      expect(JSON.parse(block.data)).toMatchObject({ coin: 'kas', block: { hash } });
      expect(Date.now() - started).toBeLessThan(5_000);
      stream.close();
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});
