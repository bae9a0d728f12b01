import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { createMailer, listOutbox } from './mailer';

describe.each(testDrivers)('mail on %s', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should keep messages in the outbox and list them newest first, also through /api/dev/outbox', async () => {
    const app = await buildApp({ config: testConfig(), db: database });
    try {
      const mailer = createMailer({ smtpUrl: undefined }, database, app.log);
      await mailer.send(
        { channel: 'email', to: 'a@example.com', subject: 'One', text: 'first' },
        Date.UTC(2026, 0, 1),
      );
      await mailer.send(
        { channel: 'sms', to: '+86 13800138000', subject: 'Two', text: 'second' },
        Date.UTC(2026, 0, 2),
      );
      const all = await listOutbox(database);
      expect(all.map((entry) => entry.subject)).toEqual(['Two', 'One']);
      expect(all[1]).toMatchObject({
        channel: 'email',
        to: 'a@example.com',
        text: 'first',
        created_at: '2026-01-01T00:00:00.000Z',
      });
      const response = await app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        query: { to: '+86 13800138000' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.list).toEqual([
        expect.objectContaining({ subject: 'Two', channel: 'sms' }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('should keep a message in the outbox and answer 503 when the SMTP server cannot be reached', async () => {
    const app = await buildApp({ config: testConfig(), db: database });
    try {
      const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1' }, database, app.log);
      await expect(
        mailer.send(
          { channel: 'email', to: 'b@example.com', subject: 'Code', text: 'kept' },
          Date.UTC(2026, 0, 1),
        ),
      ).rejects.toMatchObject({ status: 503, code: 50300 });
      expect(
        (await listOutbox(database, { to: 'b@example.com' })).map((entry) => entry.text),
      ).toEqual(['kept']);
      await mailer.send(
        { channel: 'sms', to: '+1 5550100', subject: 'Code', text: 'sms' },
        Date.UTC(2026, 0, 1),
      );
      expect(await listOutbox(database, { to: '+1 5550100' })).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('should answer 404 on /api/dev/outbox in production', async () => {
    const app = await buildApp({
      config: testConfig({
        POOLKIT_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
      }),
      db: database,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
