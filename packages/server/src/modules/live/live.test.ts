import type { AddressInfo } from 'node:net';
import { type LiveNotice, parseLiveCursor, subscribeLive } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { createIngest, type Ingest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { queryRows } from '../../engine/sql';
import { stubAuthenticate } from '../../testing/stubApi';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { postMessage } from '../notifications/messages';
import { MINUTE, openStream, PERMISSIONS, type Stream, T0 } from './testSetup';

describe.each(testDrivers)('live updates on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;
  let ingest: Ingest;
  let base: string;
  let erinId = '';

  const userIds = new Map<string, string>();
  // A read-only API key of erin's given no account (`key`); two more and an app's token, each
  // given one account.
  const authenticate = stubAuthenticate({
    userIds,
    permissions: PERMISSIONS,
    observer: { user: 'erin', account: 'erin0001' },
    delegates: {
      key: { user: 'erin', accounts: [] },
      'key-main': { user: 'erin', accounts: ['erin0001'], id: '2' },
      'key-spare': { user: 'erin', accounts: ['erin0002'], id: '3' },
      'app-spare': { user: 'erin', accounts: ['erin0002'], via: 'oauth_app', id: '4' },
      'key-busy': { user: 'erin', accounts: ['erin0001'], id: '5' },
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = createManualClock(T0);
    app = await buildApp({
      config: testConfig(),
      db: database,
      clock,
      authenticate,
      live: { pollMs: 40, heartbeatMs: 150, maxPerAddress: 4 },
      delegateRateLimit: { limit: 2, windowMs: 10 * MINUTE },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    ingest = createIngest(database);
    const rows = await queryRows<{ id: unknown }>(
      database.db,
      sql`INSERT INTO users (username, password_hash, email, language)
        VALUES ('erin', 'x', 'erin@example.test', 'en') RETURNING id`,
    );
    erinId = String(rows[0]?.id);
    userIds.set('erin', erinId);
    await database.db.execute(
      sql`INSERT INTO mining_accounts (user_id, name) VALUES (${erinId}::bigint, 'erin0001')`,
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should refuse a missing or unknown topic with a 400 naming topics', async () => {
    for (const url of ['/api/live', '/api/live?topics=', '/api/live?topics=pool:nocoin']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      const body = response.json() as { code: number; msg: string; fields: { field: string }[] };
      expect(body.code).toBe(ERROR_CODES.validation);
      expect(body.fields[0]?.field).toBe('topics');
    }
  });

  it('should refuse private topics without a session, with a bad token, and messages to observers and API keys', async () => {
    const anonymous = await openStream(`${base}/api/live?topics=pool:btc,account`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: ERROR_CODES.unauthorized });
    const badToken = await openStream(`${base}/api/live?topics=messages&access_token=forged`);
    expect(badToken.status).toBe(401);
    const observer = await openStream(`${base}/api/live?topics=messages`, {
      authorization: 'Bearer observer',
    });
    expect(observer.status).toBe(403);
    const apiKey = await openStream(`${base}/api/live?topics=messages&access_token=key`);
    expect(apiKey.status).toBe(403);
  });

  it('should let any origin follow public topics, and refuse signed-in streams from a foreign origin', async () => {
    const partner = await openStream(`${base}/api/live?topics=pool:btc`, {
      origin: 'https://partner.example',
    });
    expect(partner.status).toBe(200);
    expect(partner.headers.get('access-control-allow-origin')).toBe('*');
    expect(partner.headers.get('access-control-allow-credentials')).toBeNull();
    partner.close();
    const signedIn = await openStream(`${base}/api/live?topics=account&access_token=erin`, {
      origin: 'https://partner.example',
    });
    expect(signedIn.status).toBe(403);
    expect(JSON.parse(signedIn.body)).toMatchObject({ code: ERROR_CODES.forbidden });
  });

  it('should stream a new block, with a retry hint, heartbeats and a resumable id', async () => {
    const stream = await openStream(`${base}/api/live?topics=pool:btc,blocks:btc`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const ready = await stream.next((event) => event.event === 'ready');
    expect(JSON.parse(ready.data)).toEqual({ topics: ['pool:btc', 'blocks:btc'] });
    expect(stream.retry).toBe(3000);
    const readyCursor = parseLiveCursor(ready.id);
    expect(readyCursor).toBeDefined();

    const found = await app.inject({
      method: 'POST',
      url: '/api/dev/pool-blocks',
      payload: { coin: 'btc' },
    });
    expect(found.statusCode, found.body).toBe(200);
    const { hash } = (found.json() as { data: { hash: string } }).data;
    const block = await stream.next((event) => event.event === 'block');
    expect(JSON.parse(block.data)).toMatchObject({
      coin: 'btc',
      block: { hash, status: 'pending' },
    });
    const blockCursor = parseLiveCursor(block.id);
    expect(blockCursor?.block).toBeGreaterThan(readyCursor?.block ?? 0);

    // A block of another coin is not this stream's business.
    await app.inject({ method: 'POST', url: '/api/dev/pool-blocks', payload: { coin: 'ltc' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stream.events.filter((event) => event.event === 'block')).toHaveLength(1);
    expect(stream.comments).toContain('heartbeat');
    stream.close();

    // While away: two more btc blocks. Back with Last-Event-ID: both come first, then ready.
    const hashes: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/dev/pool-blocks',
        payload: { coin: 'btc' },
      });
      hashes.push((answer.json() as { data: { hash: string } }).data.hash);
    }
    const resumed = await openStream(`${base}/api/live?topics=blocks:btc`, {
      'last-event-id': block.id ?? '',
    });
    const resumedReady = await resumed.next((event) => event.event === 'ready');
    const replayed = resumed.events
      .filter((event) => event.event === 'block')
      .map((event) => (JSON.parse(event.data) as { block: { hash: string } }).block.hash);
    expect(replayed).toEqual(hashes);
    expect(resumed.events.at(-1)).toBe(resumedReady);
    expect(parseLiveCursor(resumedReady.id)?.block).toBeGreaterThan(blockCursor?.block ?? 0);
    // Only the batch's last event carries the id.
    expect(resumed.events.filter((event) => event.id !== undefined)).toHaveLength(1);
    resumed.close();

    const badCoin = await app.inject({
      method: 'POST',
      url: '/api/dev/pool-blocks',
      payload: { coin: 'nope' },
    });
    expect(badCoin.statusCode).toBe(400);
    expect(badCoin.json()).toMatchObject({ fields: [{ field: 'coin' }] });
  });

  it("should stream a roll-up's pool statistics, the account's hashrate and its workers' changes", async () => {
    const shares = (workers: readonly string[], at: number) =>
      workers.map((worker) => ({
        account: 'erin0001',
        coin: 'btc',
        worker,
        difficulty: 1e9,
        accepted: true,
        at,
      }));
    await ingest.recordShares(shares(['rig1', 'rig2'], T0));
    await runRollup(database, T0 + MINUTE);
    const stream = await openStream(`${base}/api/live?topics=pool:btc,account,workers`, {
      authorization: 'Bearer erin',
    });
    await stream.next((event) => event.event === 'ready');
    const mark = stream.events.length;
    const keyStream = await openStream(`${base}/api/live?topics=account`, {
      authorization: 'Bearer key',
    });
    await keyStream.next((event) => event.event === 'ready');

    // rig1 keeps mining, rig2 stops: 16 minutes later rig2 is inactive.
    clock.set(T0 + 17 * MINUTE);
    await ingest.recordShares(shares(['rig1'], T0 + 16 * MINUTE));
    await runRollup(database, T0 + 17 * MINUTE);
    app.platform.live?.nudge();
    const pool = await stream.next((event) => event.event === 'pool', mark);
    expect(JSON.parse(pool.data)).toMatchObject({ coin: 'btc', stats: { coin: 'btc' } });
    const account = await stream.next((event) => event.event === 'account', mark);
    const accounts = JSON.parse(account.data) as {
      list: { account: string; accept_15m: number; workers: Record<string, number> }[];
    };
    expect(accounts.list).toHaveLength(1);
    expect(accounts.list[0]).toMatchObject({
      account: 'erin0001',
      workers: { active: 1, inactive: 1, dead: 0 },
    });
    expect(accounts.list[0]?.accept_15m).toBeGreaterThan(0);
    const workers = await stream.next((event) => event.event === 'workers', mark);
    expect(JSON.parse(workers.data)).toEqual({
      changes: [{ pool: 'btc', account: 'erin0001', worker: 'rig2', status: 'inactive' }],
    });
    stream.close();
    // The API key was given no account: it sees none of erin's.
    const keyAccounts = await keyStream.next((event) => event.event === 'account');
    expect(JSON.parse(keyAccounts.data)).toEqual({ list: [] });
    keyStream.close();
  });

  it("should stream each API key and app token its own accounts, never another key's of the same user", async () => {
    await database.db.execute(
      sql`INSERT INTO mining_accounts (user_id, name) VALUES (${erinId}::bigint, 'erin0002')`,
    );
    const at = T0 + 18 * MINUTE;
    await ingest.recordShares(
      ['erin0001', 'erin0002'].map((account) => ({
        account,
        coin: 'btc',
        worker: 'rig9',
        difficulty: 1e9,
        accepted: true,
        at: at - MINUTE,
      })),
    );
    // Opened in this order, the first key's snapshot would be the one a shared key hands out.
    const streams: Stream[] = [];
    try {
      for (const token of ['key-main', 'key-spare', 'app-spare']) {
        const stream = await openStream(`${base}/api/live?topics=account`, {
          authorization: `Bearer ${token}`,
        });
        streams.push(stream);
        expect(stream.status, token).toBe(200);
        await stream.next((event) => event.event === 'ready');
      }
      clock.set(at);
      await runRollup(database, at);
      app.platform.live?.nudge();
      const seen = [];
      for (const stream of streams) {
        const event = await stream.next((candidate) => candidate.event === 'account');
        const { list } = JSON.parse(event.data) as { list: { account: string }[] };
        seen.push(list.map((row) => row.account));
      }
      expect(seen).toEqual([['erin0001'], ['erin0002'], ['erin0002']]);
    } finally {
      for (const stream of streams) stream.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('should count each stream an API key opens against its limit of calls', async () => {
    const open: Stream[] = [];
    try {
      for (const remaining of ['1', '0']) {
        const stream = await openStream(`${base}/api/live?topics=account&access_token=key-busy`);
        open.push(stream);
        expect(stream.status).toBe(200);
        expect(stream.headers.get('ratelimit-remaining')).toBe(remaining);
      }
      const refused = await openStream(`${base}/api/live?topics=account&access_token=key-busy`);
      open.push(refused);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: ERROR_CODES.rateLimited });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      for (const stream of open) stream.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("should stream the caller's new messages with the unread count", async () => {
    const erin = await openStream(`${base}/api/live?topics=messages&access_token=erin`);
    expect(erin.status).toBe(200);
    await erin.next((event) => event.event === 'ready');
    const id = await postMessage(database.db, {
      userId: erinId,
      type: 'setting_update',
      textKey: 'setting',
      params: {},
      nowMs: T0,
    });
    const message = await erin.next((event) => event.event === 'message');
    expect(JSON.parse(message.data)).toEqual({ id, unread: 1 });
    erin.close();
  });

  it('should limit the streams of one address', async () => {
    const open = [];
    for (let index = 0; index < 4; index += 1) {
      open.push(await openStream(`${base}/api/live?topics=pool:btc`));
    }
    for (const stream of open) await stream.next((event) => event.event === 'ready');
    const refused = await openStream(`${base}/api/live?topics=pool:btc`);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: ERROR_CODES.rateLimited });
    open[0]?.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openStream(`${base}/api/live?topics=pool:btc`);
    expect(again.status).toBe(200);
    for (const stream of [...open.slice(1), again]) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it("should feed core's subscribeLive: a new block, then the messages of a token given by the client", async () => {
    const notices: LiveNotice[] = [];
    const live = subscribeLive(['blocks:btc', 'messages'], (notice) => notices.push(notice), {
      baseUrl: `${base}/api`,
      EventSource,
      getToken: () => 'erin',
    });
    try {
      for (let wait = 0; wait < 250 && live.state !== 'open'; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(live.state).toBe('open');
      const found = await app.inject({
        method: 'POST',
        url: '/api/dev/pool-blocks',
        payload: { coin: 'btc' },
      });
      const { hash } = (found.json() as { data: { hash: string } }).data;
      await postMessage(database.db, {
        userId: erinId,
        type: 'setting_update',
        textKey: 'setting',
        params: {},
        nowMs: T0,
      });
      for (let wait = 0; wait < 250 && !notices.some((n) => n.type === 'message'); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const block = notices.find((notice) => notice.type === 'block');
      expect(block?.type === 'block' ? block.data.block.hash : undefined).toBe(hash);
      expect(notices.find((notice) => notice.type === 'message')).toMatchObject({
        data: { unread: 2 },
      });
      expect(parseLiveCursor(live.lastEventId)).toBeDefined();
    } finally {
      live.close();
    }
  });

  it('should end open streams cleanly when the server stops', async () => {
    const stream = await openStream(`${base}/api/live?topics=blocks:btc`);
    await stream.next((event) => event.event === 'ready');
    // Without the hub ending it, the server would wait for this connection forever.
    await app.close();
    for (let wait = 0; wait < 50 && !stream.ended; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stream.ended).toBe(true);
  });
});
