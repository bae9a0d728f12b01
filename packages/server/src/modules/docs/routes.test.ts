import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app';
import { defineEndpoint } from '../../contract';
import type { Database } from '../../db/connect';
import { registerEndpoint } from '../../http/registerEndpoint';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import type { OpenApiDocument } from './openApi';

const minersEndpoint = defineEndpoint({
  id: 'testListMiners',
  family: 'B',
  method: 'GET',
  path: '/test/{pool}/accounts/{account}/miners',
  auth: 'user',
  permission: 'miner.view',
  params: z.object({ pool: z.string(), account: z.string() }).strict(),
  query: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      status: z.enum(['online', 'offline']),
    })
    .strict(),
  response: z.object({
    total: z.number().int(),
    rows: z.array(z.object({ name: z.string(), hashrate: z.number() })),
  }),
  summary: 'Test: list <miners> & "groups"',
});

const deleteMinersEndpoint = defineEndpoint({
  id: 'testDeleteMiners',
  family: 'B',
  method: 'DELETE',
  path: '/test/{pool}/accounts/{account}/miners',
  auth: 'user',
  params: z.object({ pool: z.string(), account: z.string() }).strict(),
  body: z.object({ names: z.array(z.string()).min(1) }).strict(),
  response: z.object({ deleted: z.number().int() }),
  summary: 'Test: delete miners',
});

const exportEndpoint = defineEndpoint({
  id: 'testExport',
  family: 'B',
  method: 'GET',
  path: '/export',
  auth: 'optional',
  response: z.string(),
  responseKind: 'text',
  summary: 'Test: export',
});

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase('pglite', { migrate: false });
  app = await buildApp({
    config: testConfig(),
    db: database,
    routes: (target) => {
      registerEndpoint(target, minersEndpoint, async () => ({ total: 0, rows: [] }));
      registerEndpoint(target, deleteMinersEndpoint, async () => ({ deleted: 0 }));
      registerEndpoint(target, exportEndpoint, async () => '');
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/docs', () => {
  it('should describe every registered endpoint in OpenAPI 3.1', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('PoolKit API');
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/export',
        '/api/health',
        '/api/test/{pool}/accounts/{account}/miners',
        // The modules' own endpoints are documented too.
        '/api/address-mining/{coin}/pool/stats',
        '/api/v2/users/encrypt/login',
      ]),
    );
    // Every endpoint the modules registered appears once.
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.keys(document.paths['/api/test/{pool}/accounts/{account}/miners'] ?? {})).toEqual(
      ['get', 'delete'],
    );
  });

  it('should turn params and query into parameters, with their JSON Schemas', async () => {
    const document = (
      await app.inject({ method: 'GET', url: '/api/docs' })
    ).json<OpenApiDocument>();
    const list = document.paths['/api/test/{pool}/accounts/{account}/miners']?.get;
    expect(list?.parameters).toEqual([
      { name: 'pool', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'account', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, default: 1 }),
      },
      {
        name: 'status',
        in: 'query',
        required: true,
        schema: { type: 'string', enum: ['online', 'offline'] },
      },
    ]);
    expect(list?.requestBody).toBeUndefined();
    expect(list?.security).toEqual([{ bearer: [] }]);
    expect(list?.['x-poolkit-permission']).toBe('miner.view');
    expect(list?.['x-poolkit-write']).toBe(false);
    expect(list?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: {
        code: { const: 0 },
        data: { type: 'object', required: ['total', 'rows'] },
      },
    });
    expect(Object.keys(list?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '414',
      // An API key's own rate limit (600 calls per 10 minutes).
      '429',
      '500',
    ]);
    expect(list?.responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
    expect(document.components.responses.Error404?.content?.['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/ErrorEnvelope' },
    });
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['code', 'msg'],
    });
  });

  it('should describe bodies, text answers and optional sign-in', async () => {
    const document = (
      await app.inject({ method: 'GET', url: '/api/docs' })
    ).json<OpenApiDocument>();
    const remove = document.paths['/api/test/{pool}/accounts/{account}/miners']?.delete;
    expect(remove?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['names'],
      properties: { names: { type: 'array', minItems: 1 } },
    });
    expect(remove?.['x-poolkit-write']).toBe(true);
    const exportOperation = document.paths['/api/export']?.get;
    expect(exportOperation?.responses['200']?.content).toEqual({
      'text/plain': { schema: { type: 'string' } },
    });
    expect(exportOperation?.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
  });
});

describe('GET /api/docs/ui', () => {
  it('should list the operations on a script-free page that passes the CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/ui' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    for (const id of ['health', 'testListMiners', 'testDeleteMiners', 'testExport']) {
      expect(html).toContain(id);
    }
    expect(html).toContain('/api/test/{pool}/accounts/{account}/miners');
    expect(html).toContain('Test: list &lt;miners&gt; &amp; &quot;groups&quot;');
    expect(html).not.toContain('<miners>');
    expect(html).not.toMatch(/<script|style=|<style|https?:\/\//);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/ui.css">');
  });

  it('should serve the page stylesheet as a file', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/ui.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.body).toContain('table');
  });
});
