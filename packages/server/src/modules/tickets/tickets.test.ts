import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { type Authenticate, bearerToken } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { listOutbox, outboxMailer } from '../../mail/mailer';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { deliverDueEmails } from '../notifications/emailOutbox';

const T0 = Date.UTC(2026, 3, 1, 9, 0);

describe.each(testDrivers)('support tickets on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const clock = createManualClock(T0);
  const userIds = new Map<string, string>();

  const authenticate: Authenticate = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    const userId = userIds.get(token);
    if (userId === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
    const permissions = token === 'olga' ? ['user.view', 'admin.view'] : ['user.view'];
    return { kind: 'user', userId, permissions };
  };

  function call(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'ja' },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  async function data<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: unknown,
  ): Promise<T> {
    const response = await call(method, url, token, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return (response.json() as { data: T }).data;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    dataDir = await mkdtemp(path.join(tmpdir(), 'poolkit-tickets-'));
    app = await buildApp({
      config: testConfig({ POOLKIT_DATA_DIR: dataDir }),
      db: database,
      clock,
      authenticate,
    });
    for (const [name, email] of [
      ['erin', 'erin@example.test'],
      ['nobody', null],
      ['olga', 'olga@example.test'],
    ] as const) {
      const rows = await queryRows<{ id: unknown }>(
        database.db,
        sql`INSERT INTO users (username, password_hash, email, language)
          VALUES (${name}, 'x', ${email}, 'zh-CN') RETURNING id`,
      );
      userIds.set(name, String(rows[0]?.id));
      await database.db.execute(
        sql`INSERT INTO mining_accounts (user_id, name) VALUES (${String(rows[0]?.id)}::bigint,
          ${`${name}main`})`,
      );
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  it('should need a bound email or authenticator and a title', async () => {
    const refused = await call('POST', '/api/tickets', 'nobody', { title: 'Hi', content: 'Help' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 40000,
      msg: 'contact: Please bind an email or an authenticator first',
      fields: [{ field: 'contact', message: 'Please bind an email or an authenticator first' }],
    });
    const untitled = await call('POST', '/api/tickets', 'erin', { title: ' ', content: 'Help' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().msg).toMatch(/title/);
  });

  it('should go open → replied → open → closed, with notes hidden from the user', async () => {
    const ticket = await data<{ id: string; status: string }>('POST', '/api/tickets', 'erin', {
      title: 'Payout missing',
      content: 'Yesterday’s payout did not arrive.',
    });
    expect(ticket.status).toBe('open');
    // Users see their own tickets only; operators only reach the queue.
    expect((await call('GET', `/api/tickets/${ticket.id}`, 'olga')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/tickets', 'erin')).statusCode).toBe(403);

    const queue = await data<{ list: { id: string; username: string }[]; total: number }>(
      'GET',
      '/api/admin/tickets?status=open&q=PAYOUT',
      'olga',
    );
    expect(queue.list.map((item) => [item.id, item.username])).toEqual([[ticket.id, 'erin']]);

    clock.advance(60_000);
    await data('POST', `/api/admin/tickets/${ticket.id}/replies`, 'olga', {
      content: 'User has two accounts; check the second.',
      internal: true,
    });
    const unread = await data<{ by_type: { ticket_reply: number } }>(
      'GET',
      '/api/messages/unread-count',
      'erin',
    );
    expect(unread.by_type.ticket_reply).toBe(0);

    clock.advance(60_000);
    const answered = await data<{ status: string; replies: { internal: boolean }[] }>(
      'POST',
      `/api/admin/tickets/${ticket.id}/replies`,
      'olga',
      { content: 'It was paid to your second account.' },
    );
    expect(answered.status).toBe('replied');
    expect(answered.replies.map((reply) => reply.internal)).toEqual([true, false]);

    const seen = await data<{ status: string; replies: { author: string; content: string }[] }>(
      'GET',
      `/api/tickets/${ticket.id}`,
      'erin',
    );
    expect(seen.status).toBe('replied');
    expect(seen.replies).toEqual([
      expect.objectContaining({
        author: 'support',
        content: 'It was paid to your second account.',
      }),
    ]);
    const messages = await data<{ list: { type: string; title: string }[] }>(
      'GET',
      '/api/messages?type=ticket_reply',
      'erin',
    );
    expect(messages.list).toEqual([
      expect.objectContaining({
        type: 'ticket_reply',
        title: 'サポートが回答しました：Payout missing',
      }),
    ]);
    // The email waits in the notice outbox until the poller sends it.
    expect(await listOutbox(database, { to: 'erin@example.test' })).toEqual([]);
    await deliverDueEmails(database, outboxMailer(database, app.log), clock.now());
    const mail = await listOutbox(database, { to: 'erin@example.test' });
    // The email goes in the user's saved language with the answer.
    expect(mail[0]?.subject).toBe('客服已回复：Payout missing');
    expect(mail[0]?.text).toContain('It was paid to your second account.');
    const audit = await queryRows<{ action: string }>(
      database.db,
      sql`SELECT action FROM audit_log WHERE target_id = ${ticket.id} ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['tickets.note', 'tickets.reply']);

    const followed = await data<{ status: string }>(
      'POST',
      `/api/tickets/${ticket.id}/replies`,
      'erin',
      { content: 'Thanks, found it.' },
    );
    expect(followed.status).toBe('open');
    const closed = await data<{ status: string }>(
      'POST',
      `/api/tickets/${ticket.id}/close`,
      'erin',
    );
    expect(closed.status).toBe('closed');
    const late = await call('POST', `/api/tickets/${ticket.id}/replies`, 'erin', { content: 'x' });
    expect(late.statusCode, late.body).toBe(409);
    const lateAnswer = await call('POST', `/api/admin/tickets/${ticket.id}/replies`, 'olga', {
      content: 'x',
    });
    expect(lateAnswer.statusCode).toBe(409);
    const list = await data<{ list: { status: string }[] }>(
      'GET',
      '/api/tickets?status=closed',
      'erin',
    );
    expect(list.list).toHaveLength(1);
    expect((await call('GET', '/api/tickets/not-a-number', 'erin')).statusCode).toBe(404);
  });

  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const png = (name: string) => ({
    file_name: name,
    content_type: 'image/png',
    data: PNG.toString('base64'),
  });

  it('should keep a category, a coin, the user’s own account and checked attachments', async () => {
    const ticket = await data<{
      id: string;
      category: string;
      coin: string | null;
      account: string | null;
      attachments: unknown[];
    }>('POST', '/api/tickets', 'erin', {
      title: 'Hashrate drop',
      content: 'My S21 shows half its hashrate.',
      category: 'mining',
      coin: 'btc',
      account: 'erinmain',
    });
    expect(ticket).toMatchObject({
      category: 'mining',
      coin: 'btc',
      account: 'erinmain',
      attachments: [],
    });
    const plain = await data<{ category: string; coin: null; account: null }>(
      'POST',
      '/api/tickets',
      'erin',
      { title: 'Question', content: 'How do fees work?' },
    );
    expect(plain).toMatchObject({ category: 'other', coin: null, account: null });

    // Another user's mining account is refused, naming the field.
    const others = await call('POST', '/api/tickets', 'erin', {
      title: 'x',
      content: 'y',
      account: 'olgamain',
    });
    expect(others.statusCode).toBe(400);
    expect(others.json().msg).toBe('account: No such mining account of yours');
    expect(others.json().fields).toEqual([
      { field: 'account', message: 'No such mining account of yours' },
    ]);
    const badCategory = await call('POST', '/api/tickets', 'erin', {
      title: 'x',
      content: 'y',
      category: 'billing',
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().msg).toMatch(/category/);

    // Attachments: magic bytes checked, at most five per ticket, owner only.
    const url = `/api/tickets/${ticket.id}/attachments`;
    const fake = await call('POST', url, 'erin', {
      files: [{ file_name: 'x.png', content_type: 'image/png', data: 'aGVsbG8gd29ybGQ=' }],
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toMatch(/^files\.0\.content_type:/);
    expect((await call('POST', url, 'olga', { files: [png('a.png')] })).statusCode).toBe(404);
    const attached = await data<{ attachments: { id: string; file_name: string; url: string }[] }>(
      'POST',
      url,
      'erin',
      { files: [png('screen 1.png'), png('screen 2.png')] },
    );
    expect(attached.attachments.map((file) => file.file_name)).toEqual([
      'screen 1.png',
      'screen 2.png',
    ]);
    const tooMany = await call('POST', url, 'erin', {
      files: [png('3.png'), png('4.png'), png('5.png'), png('6.png')],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('files: A ticket keeps at most 5 files');

    // The bytes: the owner and operators, nobody else (not even told it exists).
    const first = attached.attachments[0];
    const download = (token: string) =>
      app.inject({
        method: 'GET',
        url: first?.url ?? '',
        headers: { authorization: `Bearer ${token}` },
      });
    const own = await download('erin');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await download('olga')).statusCode).toBe(200);
    const stranger = await download('nobody');
    expect(stranger.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: first?.url ?? '' })).statusCode).toBe(401);

    // Operators filter the queue by category and coin and see the fields and files.
    const mining = await data<{ list: { id: string; attachments: unknown[] }[] }>(
      'GET',
      '/api/admin/tickets?category=mining&coin=btc',
      'olga',
    );
    expect(mining.list.map((item) => [item.id, item.attachments.length])).toEqual([[ticket.id, 2]]);
    expect(
      (
        await data<{ list: unknown[] }>(
          'GET',
          '/api/admin/tickets?category=mining&coin=ltc',
          'olga',
        )
      ).list,
    ).toEqual([]);
    const detail = await data<{ account: string; attachments: unknown[] }>(
      'GET',
      `/api/admin/tickets/${ticket.id}`,
      'olga',
    );
    expect(detail).toMatchObject({ account: 'erinmain', coin: 'btc' });
    expect(detail.attachments).toHaveLength(2);

    // A closed ticket takes no more files.
    await data('POST', `/api/tickets/${ticket.id}/close`, 'erin');
    expect((await call('POST', url, 'erin', { files: [png('late.png')] })).statusCode).toBe(409);
  });
});
