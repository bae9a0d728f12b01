import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/connect';
import { callApi, outboxCode, sendEmailCode, solvedCaptcha } from '../modules/identity/testHelpers';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { createMailer, listOutbox, maskRecipient } from './mailer';

/**
 * An SMTP server that refuses every message, quoting what it refuses the way real ones do: the
 * recipient (`550 <bob@example.com>: …`) or, after the message, its first line.
 */
async function refusingSmtpServer(refuse: 'recipient' | 'message') {
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let firstLine: string | undefined;
    socket.setEncoding('utf8');
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write(`554 5.7.1 Rejected as spam: ${firstLine ?? ''}\r\n`);
          } else if (firstLine === undefined && line !== '' && !/^[A-Za-z-]+: /.test(line)) {
            firstLine = line;
          }
        } else {
          const verb = line.split(' ')[0]?.toUpperCase();
          if (verb === 'EHLO') socket.write('250 fake\r\n');
          else if (verb === 'MAIL') socket.write('250 ok\r\n');
          else if (verb === 'RCPT') {
            const to = /<(.*)>/.exec(line)?.[1] ?? '';
            socket.write(
              refuse === 'recipient'
                ? `550 5.1.1 <${to}>: Recipient address rejected\r\n`
                : '250 ok\r\n',
            );
          } else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        }
        index = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('maskRecipient', () => {
  it('should mask emails and phones as the account pages do', () => {
    expect(maskRecipient('alice@example.com')).toBe('a***@example.com');
    expect(maskRecipient('@example.com')).toBe('***@example.com');
    expect(maskRecipient('+86 13800138000')).toBe('+86 138****8000');
    expect(maskRecipient('+1 55501')).toBe('+1 5***');
  });
});

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

  it('should keep codes and message text out of the log, from the outbox and a failing SMTP server', async () => {
    const lines: string[] = [];
    const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    /**
     * Asserts that no log line holds a code or a message's text, and that the mailer's own
     * lines (the ones about a message) hold no full recipient. The request lines may: they show
     * the URL, and the test reads the outbox by `?to=`.
     */
    const checkLog = (secrets: readonly string[], recipients: readonly string[]) => {
      for (const line of lines) {
        for (const secret of secrets) {
          expect(line, `the log holds ${secret}: ${line}`).not.toContain(secret);
        }
        if (!line.includes('"outbox"')) continue;
        for (const recipient of recipients) {
          expect(line, `the log holds ${recipient}: ${line}`).not.toContain(recipient);
        }
      }
      for (const line of lines) expect(line).not.toMatch(/verification code is/i);
    };
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: database,
      logDestination: { write: (line) => lines.push(line) },
    });
    try {
      // Without SMTP (development): an email code and an SMS code go to the outbox only.
      const email = 'log.check@example.com';
      expect((await sendEmailCode(app, email, 'register', '10.20.0.1')).status).toBe(200);
      const sms = await callApi(app, 'POST', '/v3/auth/validation/code', {
        query: await solvedCaptcha(app, '10.20.0.2'),
        body: { channel: 'sms', country_code: '86', phone: '13800138000', scene: 'register' },
        ip: '10.20.0.2',
      });
      expect(sms.status, sms.msg).toBe(200);
      const emailCode = await outboxCode(app, email);
      const smsCode = await outboxCode(app, '+86 13800138000');
      checkLog([emailCode, smsCode], [email, '13800138000']);
      const kept = entries().filter((entry) => typeof entry.outbox === 'object');
      expect(kept.map((entry) => entry.outbox)).toEqual([
        { id: expect.any(String), channel: 'email', to: 'l***@example.com' },
        { id: expect.any(String), channel: 'sms', to: '+86 138****8000' },
      ]);
    } finally {
      await app.close();
    }

    // With SMTP, refused by the server: the refusal is logged with the outbox id, masked.
    for (const refuse of ['recipient', 'message'] as const) {
      const smtp = await refusingSmtpServer(refuse);
      lines.length = 0;
      const failing = await buildApp({
        config: testConfig({ LOG_LEVEL: 'info', SMTP_URL: smtp.url }),
        db: database,
        logDestination: { write: (line) => lines.push(line) },
      });
      try {
        const email = `smtp.${refuse}@example.com`;
        const sent = await sendEmailCode(failing, email, 'register', '10.20.1.1');
        expect(sent.status).toBe(503);
        const [kept] = await listOutbox(database, { to: email });
        const code = /\b(\d{6})\b/.exec(kept?.text ?? '')?.[1] ?? 'no code';
        checkLog([code, kept?.text ?? 'no text'], [email]);
        const failure = entries().find((entry) => Number(entry.level) >= 50);
        expect(failure, lines.join('\n')).toMatchObject({
          msg: `SMTP delivery failed; message ${kept?.id} is kept in the outbox`,
          outbox: { id: kept?.id, to: 's***@example.com' },
        });
        const reason = (failure?.smtp as { message: string } | undefined)?.message;
        expect(reason).toContain(refuse === 'recipient' ? '550 5.1.1 <s***@example.com>' : '554');
      } finally {
        await failing.close();
        await smtp.close();
      }
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
