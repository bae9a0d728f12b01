/**
 * Two API nodes on one PostgreSQL database behave as one: what one node issues (captcha
 * challenges, password keys, codes, refresh tokens) the other honours or refuses alike, and
 * rate limits count the requests of both. Runs when `DATABASE_URL` is set.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createManualClock } from '../clock';
import { type Database, openDatabase } from '../db/connect';
import {
  callApi,
  encrypted,
  loginByEmail,
  registerByEmail,
  solvedCaptcha,
} from '../modules/identity/testHelpers';
import { testConfig } from '../testing/testApp';

const databaseUrl = process.env.DATABASE_URL ?? '';

describe.skipIf(databaseUrl === '')('two API nodes on one PostgreSQL database', () => {
  const schema = `poolkit_test_${randomBytes(6).toString('hex')}`;
  const clock = createManualClock(Date.UTC(2026, 10, 24, 9));
  let firstDatabase: Database;
  let secondDatabase: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    firstDatabase = await openDatabase({ databaseUrl, dataDir: '' }, { schema });
    secondDatabase = await openDatabase({ databaseUrl, dataDir: '' }, { schema, migrate: false });
    first = await buildApp({ config: testConfig(), db: firstDatabase, clock });
    second = await buildApp({ config: testConfig(), db: secondDatabase, clock });
    await registerByEmail(first, 'twonode1', 'twonode1@example.com', 'Secret123', '10.6.0.1');
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDatabase?.close();
    if (firstDatabase !== undefined) {
      await firstDatabase.transaction((session) => session.exec(`DROP SCHEMA ${schema} CASCADE`));
      await firstDatabase.close();
    }
  });

  it("should sign in on one node with the other's captcha and password key, and use a captcha once", async () => {
    const captcha = await solvedCaptcha(first, '10.6.0.2');
    const body = {
      type: 'email',
      email: 'twonode1@example.com',
      ...(await encrypted(first, 'Secret123')),
    };
    const login = await callApi(second, 'POST', '/v2/users/encrypt/login', {
      query: captcha,
      body,
      ip: '10.6.0.2',
    });
    expect(login.status).toBe(200);
    const again = await callApi(first, 'POST', '/v2/users/encrypt/login', {
      query: captcha,
      body,
      ip: '10.6.0.2',
    });
    expect(again.status).toBe(400);
    expect(again.msg).toMatch(/captcha/i);
  });

  it('should refuse on one node a refresh token already rotated on the other', async () => {
    const login = await loginByEmail(first, 'twonode1@example.com', 'Secret123', '10.6.0.3');
    const rotated = await callApi(first, 'POST', '/users/refresh/login', {
      body: { refresh_token: login.data.refresh_token },
    });
    expect(rotated.status).toBe(200);
    const reused = await callApi(second, 'POST', '/users/refresh/login', {
      body: { refresh_token: login.data.refresh_token },
    });
    expect(reused.status).toBe(401);
    // Reuse revokes the family on every node.
    const info = await callApi(first, 'GET', '/users/info', { token: rotated.data.token });
    expect(info.status).toBe(401);
  });

  it('should count a rate limit across both nodes', async () => {
    const ip = '10.6.0.9';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const node = attempt % 2 === 0 ? first : second;
      statuses.push(
        (await callApi(node, 'POST', '/v2/users/encrypt/login', { body: {}, ip })).status,
      );
    }
    // Twenty logins from one address, ten on each node: all answered (400: empty body).
    expect(statuses.every((status) => status === 400)).toBe(true);
    // The twenty-first is refused on either node.
    expect((await callApi(first, 'POST', '/v2/users/encrypt/login', { body: {}, ip })).status).toBe(
      429,
    );
    expect(
      (await callApi(second, 'POST', '/v2/users/encrypt/login', { body: {}, ip })).status,
    ).toBe(429);
  });
});
