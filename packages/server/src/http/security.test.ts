import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { redactUrl, requestIdFor } from './security';

const logLines: string[] = [];
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info' }),
    db: database,
    logDestination: { write: (line) => logLines.push(line) },
    routes: (target) => {
      target.post('/api/test/log', async (request) => {
        request.log.info(
          {
            headers: request.headers,
            body: request.body,
            user: { password: 'hunter2', refresh_token: 'refresh-secret' },
            err: { code: 'E_TEST' },
          },
          'logged a request',
        );
        return { ok: true };
      });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('security headers', () => {
  it('should send the strict Content-Security-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy.split(';').sort()).toEqual(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].sort(),
    );
    expect(policy).not.toContain('unsafe-inline');
  });

  it('should send helmet headers on answers, errors and not-found pages alike', async () => {
    for (const url of ['/api/health', '/api/nowhere', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('should mark API answers as not cacheable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('request ids', () => {
  it('should generate an x-request-id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("should keep the caller's x-request-id when it is safe and replace it otherwise", async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\r\nx-injected: 1' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should accept only short header-safe ids', () => {
    const request = (id: string) => ({ headers: { 'x-request-id': id } }) as never;
    expect(requestIdFor(request('abc-1'))).toBe('abc-1');
    expect(requestIdFor(request('x'.repeat(129)))).not.toBe('x'.repeat(129));
    expect(requestIdFor(request('<script>'))).not.toBe('<script>');
  });
});

describe('structured logs', () => {
  it('should write JSON lines carrying the request id', async () => {
    logLines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'log-1' } });
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ reqId: 'log-1', msg: 'request completed' }),
    );
  });

  it('should redact credentials, passwords, tokens and codes', async () => {
    logLines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/log?code=654321&page=2&token=query-token',
      headers: {
        authorization: 'Bearer secret-access-token',
        cookie: 'session=secret-cookie',
        'x-request-id': 'log-2',
      },
      payload: { account: 'alice', password: 'pa55word', code: '123456', pay_password: '999888' },
    });
    expect(response.statusCode).toBe(200);
    const text = logLines.join('\n');
    for (const secret of [
      'secret-access-token',
      'secret-cookie',
      'pa55word',
      '123456',
      '654321',
      '999888',
      'hunter2',
      'refresh-secret',
      'query-token',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('alice');
    expect(text).toContain('page=2');
    // Error codes are not credentials: they stay readable.
    expect(text).toContain('E_TEST');
    expect(text).toContain('[redacted]');
  });

  it('should hide secret query parameters in URLs', () => {
    expect(redactUrl('/api/x?page=1&code=123&access_token=abc&captcha_id=9')).toBe(
      '/api/x?page=1&code=[redacted]&access_token=[redacted]&captcha_id=[redacted]',
    );
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});
