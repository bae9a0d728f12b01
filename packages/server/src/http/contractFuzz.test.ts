/**
 * Contract-driven fuzzing: every endpoint of core's contract (not a hand-kept list), a valid
 * request drawn from its request schemas, then the malformed variants a hostile client sends
 * (NUL, control characters and lone UTF-16 surrogates among them).
 * Asserts: never a 5xx; always the `{code, msg}` envelope, its code matching the status; a
 * status the contract documents for the call; a `msg` naming the broken field; a healthy
 * server afterwards that still answers valid requests. An endpoint that joins the contract is
 * fuzzed the day it joins.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import {
  type Endpoint,
  ERROR_CODES,
  endpoints,
  errorStatusesOf,
  UNPAIRED_SURROGATE_MESSAGE,
} from '../contract';
import type { Database } from '../db/connect';
import { createIngest } from '../engine/ingest';
import { queryRows } from '../engine/sql';
import { grantOperator } from '../modules/admin/operators';
import { callApi, loginByEmail, registerByEmail } from '../modules/identity/testHelpers';
import {
  type Fixtures,
  type FuzzRequest,
  malformedVariants,
  urlOf,
  type ValidInput,
  validInputFor,
} from '../testing/contractFuzz';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';

/** The seed of every draw: a run sends the same requests each time. */
const SEED = 20_261_124;
const USERNAME = 'fuzzer01';
const EMAIL = 'fuzzer@example.com';
const PASSWORD = 'Fuzz12345';
/** A kaspa address the address-mining calls find data for. */
const ADDRESS = `kaspa:q${'f'.repeat(60)}`;

const contractEndpoints = Object.values(endpoints) as Endpoint[];

/** Real data for the names the calls take: the user's account, a pool with shares, … */
const fixtures: Fixtures = (endpoint, field) => {
  const byAddress = endpoint.id.startsWith('address');
  switch (field) {
    case 'pool':
    case 'coin':
      return byAddress ? 'kas' : 'btc';
    case 'currency':
      return 'CNY';
    case 'account':
      return USERNAME;
    case 'address':
    case 'addr':
      return ADDRESS;
    case 'miner':
    case 'worker':
      return 'rig01';
    case 'language':
    case 'lang':
      return 'en';
    // Two rules in one string (a percentage with at most two decimals) and a date that must
    // lie ahead: random draws rarely meet them.
    case 'fee_reduction_percent':
      return '20';
    case 'use_before':
      return '2099-01-01T00:00:00Z';
    default:
      return undefined;
  }
};

interface Tally {
  requests: number;
  byClass: Record<string, number>;
  served: Set<string>;
  validSucceeded: number;
  noValidDraw: string[];
}

describe.each(testDrivers)('contract fuzz on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let token = '';
  let ipCounter = 0;
  const tally: Tally = {
    requests: 0,
    byClass: {},
    served: new Set(),
    validSucceeded: 0,
    noValidDraw: [],
  };

  /** Each request comes from its own loopback address, so per-address limits rarely answer. */
  function nextAddress(): string {
    ipCounter += 1;
    return `127.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255 || 1}`;
  }

  async function send(endpoint: Endpoint, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const authorization =
      request.authorization ?? (endpoint.auth === 'public' ? undefined : `Bearer ${token}`);
    const headers: Record<string, string> = {};
    if (authorization !== undefined) headers.authorization = authorization;
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const response = await app.inject({
      method: endpoint.method,
      url: request.url,
      query: request.query,
      headers,
      remoteAddress: nextAddress(),
      ...(request.rawBody !== undefined
        ? { payload: request.rawBody }
        : request.body === undefined
          ? {}
          : {
              payload: JSON.stringify(request.body),
              headers: { ...headers, 'content-type': 'application/json' },
            }),
    });
    tally.requests += 1;
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
    return response;
  }

  /** Asserts the rules every answer keeps; resolves the parsed envelope. */
  function checkAnswer(
    endpoint: Endpoint,
    request: FuzzRequest,
    response: LightMyRequestResponse,
    served: boolean,
  ): { code: number; msg: string; fields?: { field: string }[] } | undefined {
    const where = `${endpoint.id} ${request.label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode === 200 && endpoint.responseKind === 'text') return undefined;
    expect(response.headers['content-type'], where).toMatch(/^application\/json/);
    const envelope = response.json() as { code: number; msg: string; fields?: { field: string }[] };
    expect(typeof envelope.code, where).toBe('number');
    expect(typeof envelope.msg, where).toBe('string');
    if (response.statusCode === 200) {
      expect(envelope.code, where).toBe(0);
      return envelope;
    }
    expect(Math.floor(envelope.code / 100), where).toBe(response.statusCode);
    if (served && !request.reroutes) {
      expect([...errorStatusesOf(endpoint)], where).toContain(response.statusCode);
    }
    return envelope;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database });
    await app.ready();
    token = (await registerByEmail(app, USERNAME, EMAIL, PASSWORD)).token;
    // An operator as well, so the operator console's calls reach their handlers too.
    const [fuzzer] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = ${USERNAME}`,
    );
    if (fuzzer === undefined) throw new Error('the fuzzing user was not created');
    await grantOperator(database.db, fuzzer.id, null, Date.now());
    const now = Date.now();
    const shares = [1, 2, 3, 4, 5].flatMap((minute) => [
      {
        account: USERNAME,
        coin: 'btc',
        worker: 'rig01',
        difficulty: 50,
        accepted: true,
        at: now - minute * 60_000,
      },
      {
        address: ADDRESS,
        coin: 'kas',
        worker: 'rig01',
        difficulty: 50,
        accepted: true,
        at: now - minute * 60_000,
      },
    ]);
    await createIngest(database).recordShares(shares);
  });

  afterAll(async () => {
    const classes = Object.entries(tally.byClass)
      .sort()
      .map(([statusClass, count]) => `${statusClass} ${count}`)
      .join(', ');
    console.info(
      `contract fuzz on ${driver}: ${tally.requests} requests to ${contractEndpoints.length} ` +
        `endpoints (${tally.served.size} served): ${classes}; valid requests answered 200: ` +
        `${tally.validSucceeded}; no valid draw: ${tally.noValidDraw.join(', ') || 'none'}`,
    );
    await app?.close();
    await database?.close();
  });

  /** Signs in again when a fuzzed call (a valid logout, say) ended the session. */
  async function keepSignedIn(): Promise<void> {
    const check = await callApi(app, 'GET', '/users/info', { token });
    if (check.status !== 401) return;
    const login = await loginByEmail(app, EMAIL, PASSWORD, nextAddress());
    expect(login.status, `sign in again: ${login.msg}`).toBe(200);
    token = login.data.token;
  }

  it.each(contractEndpoints.map((endpoint) => [endpoint.id, endpoint] as const))(
    'should answer %s and its malformed variants in the envelope, never 5xx',
    async (_id, endpoint) => {
      await keepSignedIn();
      const served = app.platform.endpoints.some((registered) => registered.id === endpoint.id);
      if (served) tally.served.add(endpoint.id);
      const valid = validInputFor(endpoint, fixtures, SEED);
      if (valid === undefined) {
        tally.noValidDraw.push(endpoint.id);
        return;
      }
      // The valid request first: its answer tells which field a handler's own rule names
      // (a main account whose permission cannot change, say), which its variants may name too.
      const validRequest: FuzzRequest = {
        label: 'valid',
        url: urlOf(endpoint, valid.params),
        query: valid.query,
        body: valid.body,
      };
      const answer = await send(endpoint, validRequest);
      const baseline = checkAnswer(endpoint, validRequest, answer, served);
      if (served && answer.statusCode === 200) tally.validSucceeded += 1;
      if (!served) expect(answer.statusCode, `${endpoint.id} is not served yet`).toBe(404);
      const handlerField =
        baseline?.code === ERROR_CODES.validation ? baseline.msg.split(':', 1)[0] : undefined;

      await keepSignedIn();
      for (const variant of malformedVariants(endpoint, valid)) {
        const response = await send(endpoint, variant);
        const envelope = checkAnswer(endpoint, variant, response, served);
        if (
          !served ||
          variant.reroutes === true ||
          variant.field === undefined ||
          envelope?.code !== ERROR_CODES.validation
        ) {
          continue;
        }
        const named = [
          envelope.msg.split(':', 1)[0],
          ...(envelope.fields ?? []).map((entry) => entry.field),
        ];
        const field = variant.field;
        expect(
          named.some(
            (name) =>
              name === field ||
              name?.startsWith(`${field}.`) ||
              name === handlerField ||
              (variant.partNamed === true && name === 'params'),
          ),
          `${endpoint.id} ${variant.label}: ${envelope.msg}`,
        ).toBe(true);
      }
    },
  );

  it('should refuse a NUL with 400 naming the field where one once reached PostgreSQL', async () => {
    await keepSignedIn();
    const refused = async (
      endpoint: Endpoint,
      change: (input: ValidInput) => ValidInput,
      field: string,
    ) => {
      const valid = validInputFor(endpoint, fixtures, SEED);
      if (valid === undefined) throw new Error(`no valid draw for ${endpoint.id}`);
      const input = change(valid);
      const response = await send(endpoint, {
        label: `${field}: NUL`,
        url: urlOf(endpoint, input.params),
        query: input.query,
        body: input.body,
      });
      expect(response.statusCode, `${endpoint.id}: ${response.body}`).toBe(400);
      expect(response.json(), endpoint.id).toMatchObject({
        code: ERROR_CODES.validation,
        msg: `${field}: Must not contain control characters such as NUL`,
      });
    };
    const group = await callApi(app, 'POST', '/pools/btc/miners/groups', {
      token,
      body: { account: USERNAME, name: 'nulcheck' },
    });
    expect(group.status).toBe(200);
    await refused(
      endpoints.createObserverLink,
      (input) => ({ ...input, body: { ...input.body, nickname: 'a\u0000b' } }),
      'nickname',
    );
    await refused(
      endpoints.createWorkerGroup,
      (input) => ({ ...input, body: { ...input.body, name: 'a\u0000b' } }),
      'name',
    );
    await refused(
      endpoints.renameWorkerGroup,
      (input) => ({
        ...input,
        params: { ...input.params, id: String(group.data.id) },
        body: { name: 'a\u0000b' },
      }),
      'name',
    );
    await refused(
      endpoints.accountWorkers,
      (input) => ({ ...input, query: { ...input.query, search: 'rig\u0000' } }),
      'search',
    );
    await refused(
      endpoints.addressMinerWorkers,
      (input) => ({ ...input, query: { ...input.query, search: 'rig\u0000' } }),
      'search',
    );
  });

  it('should refuse a lone surrogate with 400 naming the field where one once answered 500', async () => {
    // Each once reached the audit entry's JSON, which PostgreSQL refuses with a lone surrogate.
    await keepSignedIn();
    // The campaign's deadline must lie ahead, which random draws rarely meet.
    const campaign: ValidInput = {
      params: {},
      query: {},
      body: {
        name: 'Spring',
        coin: 'btc',
        hashrate: 100,
        duration_days: 7,
        count: 2,
        activation_deadline: '2099-01-01T00:00:00Z',
      },
    };
    const cases: [Endpoint, string, ValidInput | undefined][] = [
      [endpoints.createOauthApp, 'name', validInputFor(endpoints.createOauthApp, fixtures, SEED)],
      [endpoints.issueCoupons, 'note', validInputFor(endpoints.issueCoupons, fixtures, SEED)],
      [endpoints.createRedPacketCampaign, 'name', campaign],
    ];
    for (const [endpoint, field, valid] of cases) {
      if (valid === undefined) throw new Error(`no valid draw for ${endpoint.id}`);
      for (const text of ['App \ud800', '\udc00 batch', 'end\udbff']) {
        const response = await send(endpoint, {
          label: `${field}: lone surrogate`,
          url: urlOf(endpoint, valid.params),
          query: valid.query,
          body: { ...valid.body, [field]: text },
        });
        expect(response.statusCode, `${endpoint.id}: ${response.body}`).toBe(400);
        expect(response.json(), endpoint.id).toMatchObject({
          code: ERROR_CODES.validation,
          msg: `${field}: ${UNPAIRED_SURROGATE_MESSAGE}`,
          fields: [{ field, message: UNPAIRED_SURROGATE_MESSAGE }],
        });
      }
      // A whole pair (an emoji) is text like any other.
      const emoji = await send(endpoint, {
        label: `${field}: emoji`,
        url: urlOf(endpoint, valid.params),
        query: valid.query,
        body: { ...valid.body, [field]: 'Pool 😀' },
      });
      expect(emoji.statusCode, `${endpoint.id}: ${emoji.body}`).toBe(200);
    }
  });

  it('should stay healthy and answer valid requests after the fuzzing', async () => {
    const health = await callApi(app, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.data.status).toBe('ok');
    const pools = await callApi(app, 'GET', '/pools');
    expect(pools.status).toBe(200);
    await keepSignedIn();
    const info = await callApi(app, 'GET', '/users/info', { token });
    expect(info.status).toBe(200);
    expect(info.data.username).toBe(USERNAME);
    expect(tally.requests).toBeGreaterThan(contractEndpoints.length * 10);
  });
});
