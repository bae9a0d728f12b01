import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { defineEndpoint, ERROR_CODES, errorEnvelopeSchema } from '../contract';
import type { Database } from '../db/connect';
import { badField, notFound } from '../domain/errors';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { type Authenticate, bearerToken } from './authenticate';
import { HttpError } from './httpError';
import { registerEndpoint } from './registerEndpoint';

const itemEndpoint = defineEndpoint({
  id: 'testCreateItem',
  family: 'B',
  method: 'POST',
  path: '/test/{coin}/items',
  auth: 'public',
  params: z.object({ coin: z.enum(['btc', 'ltc']) }).strict(),
  query: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      page_size: z.coerce.number().int().min(1).max(100).default(10),
    })
    .strict(),
  body: z
    .object({
      name: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9]+$/, 'digits and lower-case letters only'),
      amount: z.string().regex(/^\d+(\.\d{1,8})?$/, 'a decimal amount'),
      tags: z.array(z.string().max(16)).max(5).optional(),
    })
    .strict(),
  response: z.object({
    coin: z.string(),
    page: z.number(),
    page_size: z.number(),
    name: z.string(),
    amount: z.string(),
  }),
  summary: 'Test: create an item',
});

const meEndpoint = defineEndpoint({
  id: 'testMe',
  family: 'B',
  method: 'GET',
  path: '/test/me',
  auth: 'user',
  response: z.object({ kind: z.string(), userId: z.string() }),
  summary: 'Test: who am I',
});

const settingsEndpoint = defineEndpoint({
  id: 'testSaveSettings',
  family: 'B',
  method: 'PUT',
  path: '/test/settings',
  auth: 'user',
  body: z.object({ timezone: z.string().max(16) }).strict(),
  response: z.object({ saved: z.boolean() }),
  summary: 'Test: save settings',
});

const securityEndpoint = defineEndpoint({
  id: 'testSecurity',
  family: 'A',
  method: 'GET',
  path: '/test/security',
  auth: 'user-only',
  response: z.object({ ok: z.boolean() }),
  summary: 'Test: identity-only read',
});

const walletEndpoint = defineEndpoint({
  id: 'testWallet',
  family: 'B',
  method: 'GET',
  path: '/test/wallet',
  auth: 'user',
  permission: 'wallet.view',
  response: z.object({ ok: z.boolean() }),
  summary: 'Test: needs wallet.view',
});

const optionalEndpoint = defineEndpoint({
  id: 'testOptional',
  family: 'A',
  method: 'GET',
  path: '/test/optional',
  auth: 'optional',
  response: z.object({ signedIn: z.boolean() }),
  summary: 'Test: optional sign-in',
});

const crashEndpoint = defineEndpoint({
  id: 'testCrash',
  family: 'A',
  method: 'GET',
  path: '/test/crash',
  auth: 'public',
  response: z.object({}),
  summary: 'Test: throws',
});

const conflictEndpoint = defineEndpoint({
  id: 'testConflict',
  family: 'A',
  method: 'POST',
  path: '/test/conflict',
  auth: 'public',
  response: z.object({}),
  errors: [409],
  summary: 'Test: throws an HttpError',
});

const domainRefusalEndpoint = defineEndpoint({
  id: 'testDomainRefusal',
  family: 'A',
  method: 'POST',
  path: '/test/domain-refusal',
  auth: 'public',
  response: z.object({}),
  errors: [400],
  summary: 'Test: a domain rule refuses a field',
});

const undocumentedDomainEndpoint = defineEndpoint({
  id: 'testUndocumentedDomain',
  family: 'A',
  method: 'POST',
  path: '/test/undocumented-domain',
  auth: 'public',
  response: z.object({}),
  summary: 'Test: a domain refusal whose status the contract does not list',
});

export const undocumentedEndpoint = defineEndpoint({
  id: 'testUndocumented',
  family: 'A',
  method: 'POST',
  path: '/test/undocumented',
  auth: 'public',
  response: z.object({}),
  summary: 'Test: throws a status its contract does not list',
});

const driftEndpoint = defineEndpoint({
  id: 'testDrift',
  family: 'A',
  method: 'GET',
  path: '/test/drift',
  auth: 'public',
  response: z.object({ total: z.number() }),
  summary: 'Test: answers off-contract',
});

const csvEndpoint = defineEndpoint({
  id: 'testCsv',
  family: 'B',
  method: 'GET',
  path: '/test/export',
  auth: 'public',
  response: z.string(),
  responseKind: 'text',
  summary: 'Test: CSV export',
});

const plainTextEndpoint = defineEndpoint({
  id: 'testText',
  family: 'A',
  method: 'GET',
  path: '/test/text/{name}',
  auth: 'public',
  params: z.object({ name: z.string().max(8) }).strict(),
  response: z.string(),
  responseKind: 'text',
  summary: 'Test: plain text',
});

/** Tokens of the test verifier: a user with pool.view, an observer, and an expired token. */
/**
 * The app of the registerEndpoint tests: test endpoints (one per case the tests cover) behind a
 * stub authentication, a 4 KiB body limit and a log kept in `logLines`. Call it at the top of a
 * test file.
 */
export function registerEndpointTestApp() {
  // Set by `beforeAll`: read them in tests, not before.
  const state = {} as { database: Database; app: FastifyInstance };
  const testAuthenticate: Authenticate = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) {
      if (request.headers.authorization !== undefined) {
        throw new HttpError(401, ERROR_CODES.unauthorized, 'authorization: malformed');
      }
      return null;
    }
    if (token === 'user-token') return { kind: 'user', userId: 'u1', permissions: ['pool.view'] };
    if (token === 'wallet-token')
      return { kind: 'user', userId: 'u2', permissions: ['wallet.view'] };
    if (token === 'observer-token')
      return { kind: 'observer', userId: 'u1', permissions: ['pool.view'] };
    if (token === 'expired-token')
      throw new HttpError(400, ERROR_CODES.tokenExpired, 'Token expired');
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
  };

  const logLines: string[] = [];

  function registerTestEndpoints(target: FastifyInstance): void {
    registerEndpoint(target, itemEndpoint, async ({ params, query, body }) => ({
      coin: params.coin,
      page: query.page,
      page_size: query.page_size,
      name: body.name,
      amount: body.amount,
    }));
    registerEndpoint(target, meEndpoint, async (_input, { principal }) => ({
      kind: principal?.kind ?? 'none',
      userId: principal?.userId ?? '',
    }));
    registerEndpoint(target, settingsEndpoint, async () => ({ saved: true }));
    registerEndpoint(target, securityEndpoint, async () => ({ ok: true }));
    registerEndpoint(target, walletEndpoint, async () => ({ ok: true }));
    registerEndpoint(target, optionalEndpoint, async (_input, { principal }) => ({
      signedIn: principal !== null,
    }));
    registerEndpoint(target, crashEndpoint, async () => {
      throw new Error('connection to postgres://admin:hunter2@db failed');
    });
    registerEndpoint(target, conflictEndpoint, async () => {
      throw new HttpError(409, ERROR_CODES.conflict, 'The group name already exists');
    });
    registerEndpoint(target, domainRefusalEndpoint, async () =>
      badField('amount', 'more than the available balance', ERROR_CODES.insufficientBalance),
    );
    registerEndpoint(target, undocumentedDomainEndpoint, async () =>
      notFound('id', 'No such order'),
    );
    registerEndpoint(target, undocumentedEndpoint, async () => {
      throw new HttpError(409, ERROR_CODES.conflict, 'The group name already exists');
    });
    registerEndpoint(
      target,
      driftEndpoint,
      // Deliberately off-contract: the contract says a number.
      async () => ({ total: 'twelve' }) as unknown as { total: number },
    );
    registerEndpoint(target, csvEndpoint, async (_input, { reply }) => {
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="export.csv"');
      return 'date,amount\n2026-01-01,0.1\n';
    });
    registerEndpoint(target, plainTextEndpoint, async ({ params }) => `hello ${params.name}`);
  }

  beforeAll(async () => {
    state.database = await openTestDatabase('pglite');
    state.app = await buildApp({
      config: testConfig({ BODY_LIMIT_BYTES: '4096', LOG_LEVEL: 'info' }),
      db: state.database,
      authenticate: testAuthenticate,
      logDestination: { write: (line) => logLines.push(line) },
      routes: registerTestEndpoints,
    });
    await state.app.ready();
  });

  afterAll(async () => {
    await state.app.close();
    await state.database.close();
  });

  function errorOf(response: LightMyRequestResponse) {
    return errorEnvelopeSchema.parse(response.json());
  }

  function postItem(payload: unknown, url = '/api/test/btc/items') {
    return state.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  }

  return Object.assign(state, {
    testAuthenticate,
    logLines,
    registerTestEndpoints,
    errorOf,
    postItem,
  });
}
