import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  createdOauthAppSchema,
  type LiveNotice,
  parseLiveCursor,
  subscribeLive,
} from '@poolkit/core';
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
import { type Authenticate, bearerToken } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
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
import { postMessage } from '../notifications/messages';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 4, 4, 10, 0);
const PERMISSIONS = ['pool.view', 'miner.view', 'account.view', 'user.view'];

interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * A stream read over real HTTP (Node's fetch): its status, and its events and comment lines as
 * they arrive, parsed by the rules of the Server-Sent Events format.
 */
interface Stream {
  readonly status: number;
  readonly headers: Headers;
  readonly events: SseEvent[];
  readonly comments: string[];
  retry: number | undefined;
  ended: boolean;
  /** Waits for the first event after `from` (an index in `events`) that `match` accepts. */
  next(match: (event: SseEvent) => boolean, from?: number, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  body: string;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const stream: Stream = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    retry: undefined,
    ended: false,
    body: '',
    async next(match, from = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stream.events.slice(from).find(match);
        if (found !== undefined) return found;
        if (stream.ended || Date.now() > deadline) {
          throw new Error(`no such event; got ${JSON.stringify(stream.events)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || response.body === null) {
    stream.body = await response.text();
    stream.ended = true;
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let current: { event: string; id: string | undefined; data: string[] } = {
    event: 'message',
    id: undefined,
    data: [],
  };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
          if (line === '') {
            if (current.data.length > 0) {
              stream.events.push({
                event: current.event,
                id: current.id,
                data: current.data.join('\n'),
              });
            }
            current = { event: 'message', id: undefined, data: [] };
          } else if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
            else if (field === 'data') current.data.push(value);
            else if (field === 'retry') stream.retry = Number(value);
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
    stream.ended = true;
  })();
  return stream;
}

describe.each(testDrivers)('live updates on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;
  let ingest: Ingest;
  let base: string;
  let erinId = '';

  const authenticate: Authenticate = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === 'erin') return { kind: 'user', userId: erinId, permissions: PERMISSIONS };
    if (token === 'key') {
      // A read-only API key of erin's given no account.
      return {
        kind: 'delegate',
        userId: erinId,
        permissions: PERMISSIONS,
        delegation: { via: 'api_key', id: '1', accounts: [] },
      };
    }
    // Two read-only API keys and an app's token of erin's, each given one account.
    const delegates: Record<string, { via: 'api_key' | 'oauth_app'; id: string; account: string }> =
      {
        'key-main': { via: 'api_key', id: '2', account: 'erin0001' },
        'key-spare': { via: 'api_key', id: '3', account: 'erin0002' },
        'app-spare': { via: 'oauth_app', id: '4', account: 'erin0002' },
        'key-busy': { via: 'api_key', id: '5', account: 'erin0001' },
      };
    const delegate = delegates[token];
    if (delegate !== undefined) {
      return {
        kind: 'delegate',
        userId: erinId,
        permissions: PERMISSIONS,
        delegation: { via: delegate.via, id: delegate.id, accounts: [delegate.account] },
      };
    }
    if (token === 'observer') {
      return {
        kind: 'observer',
        userId: erinId,
        permissions: PERMISSIONS,
        observerAccount: 'erin0001',
      };
    }
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
  };

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
