import { buildPath, type Endpoint, ERROR_CODES, endpointList } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { testDrivers } from '../../testing/testDatabase';
import { OBSERVER_PERMISSIONS } from '../identity/permissions';
import { callApi, registerByEmail, useTestApp } from '../identity/testHelpers';

const T0 = Date.UTC(2026, 0, 15, 12, 0);

function queryKeys(endpoint: Endpoint): string[] {
  const shape = (endpoint.query as { shape?: Record<string, unknown> }).shape;
  return shape === undefined ? [] : Object.keys(shape);
}

/** The pool or account an endpoint reads, in its path or its query. */
function takes(endpoint: Endpoint, name: 'pool' | 'account'): boolean {
  return endpoint.path.includes(`{${name}}`) || queryKeys(endpoint).includes(name);
}

/** Every family-B read of the contract that names a pool or an account. */
const scopedReads = endpointList.filter(
  (endpoint) =>
    endpoint.family === 'B' &&
    !endpoint.write &&
    endpoint.auth !== 'public' &&
    (takes(endpoint, 'pool') || takes(endpoint, 'account')),
);

/** Reads an observer token may make at all: its permissions and no `user-only`. */
function observerMayCall(endpoint: Endpoint): boolean {
  return (
    endpoint.auth !== 'user-only' &&
    (endpoint.permission === undefined || OBSERVER_PERMISSIONS.includes(endpoint.permission))
  );
}

/** The contract's only required query fields among these reads: the export's date range. */
const requiredQuery: Record<string, string> = { start_date: '2026-01-01', end_date: '2026-01-15' };

function urlOf(endpoint: Endpoint, pool: string, account: string): string {
  const path = buildPath(endpoint.path, { pool, account, miner: 'rig1' });
  const query = new URLSearchParams();
  for (const key of queryKeys(endpoint)) {
    if (key === 'pool') query.set('pool', pool);
    else if (key === 'account') query.set('account', account);
    else if (requiredQuery[key] !== undefined) query.set(key, requiredQuery[key]);
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

describe.each(testDrivers)('observer link scope on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let btcOnly = '';
  let allPools = '';
  const clock = createManualClock(T0);

  /** A GET with a bearer token; the CSV export answers text, everything else the envelope. */
  async function get(url: string, token: string) {
    const response = await app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const json = String(response.headers['content-type']).startsWith('application/json');
    const envelope = (json ? response.json() : {}) as {
      code?: number;
      msg?: string;
      data?: unknown;
      fields?: { field: string; message: string }[];
    };
    return { status: response.statusCode, ...envelope };
  }

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  beforeAll(async () => {
    const { token } = await registerByEmail(
      app,
      'scope001',
      'scope@example.com',
      'Secret123',
      '10.3.0.1',
    );
    const sub = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'scope002', permission: 'read_only' },
    });
    expect(sub.status).toBe(200);
    const shares = ['btc', 'ltc', 'ckb'].flatMap((coin) =>
      ['scope001', 'scope002'].flatMap((account) =>
        [1, 2, 3].map((minute) => ({
          account,
          coin,
          worker: 'rig1',
          difficulty: 1e6,
          accepted: true,
          at: T0 - minute * 60_000,
        })),
      ),
    );
    expect((await createIngest(database).recordShares(shares)).refused).toEqual([]);
    await runRollup(database, T0);
    const link = async (pools: string[]) => {
      const created = await callApi(app, 'POST', '/accounts/scope001/observers', {
        token,
        body: { nickname: `watch ${pools.join(' ')}`, expiry: 'forever', pools },
      });
      expect(created.status).toBe(200);
      return created.data.token as string;
    };
    btcOnly = await link(['btc']);
    allPools = await link([]);
  });

  it('should find the account reads of the contract', () => {
    const ids = scopedReads.map((endpoint) => endpoint.id);
    expect(ids).toEqual(
      expect.arrayContaining(['accountStats', 'accountWorkers', 'profits', 'accountHashrates']),
    );
    expect(scopedReads.filter(observerMayCall).length).toBeGreaterThanOrEqual(15);
  });

  it.each(scopedReads.filter(observerMayCall).filter((endpoint) => endpoint.auth === 'user'))(
    'should answer $id for the link pool and 403 for other pools',
    async (endpoint) => {
      const allowed = await get(urlOf(endpoint, 'btc', 'scope001'), btcOnly);
      expect(allowed.status, allowed.msg).toBe(200);
      for (const pool of ['ltc', 'ckb']) {
        const foreign = await get(urlOf(endpoint, pool, 'scope001'), btcOnly);
        expect(foreign.status, pool).toBe(403);
        expect(foreign.code).toBe(ERROR_CODES.forbidden);
        expect(foreign.fields).toEqual([{ field: 'pool', message: expect.any(String) }]);
        // A link without pools covers every pool of its account.
        expect((await get(urlOf(endpoint, pool, 'scope001'), allPools)).status, pool).toBe(200);
      }
      if (takes(endpoint, 'account')) {
        const otherAccount = await get(urlOf(endpoint, 'btc', 'scope002'), btcOnly);
        expect(otherAccount.status).toBe(403);
        expect(otherAccount.code).toBe(ERROR_CODES.forbidden);
        expect(otherAccount.fields?.[0]?.field).toBe('account');
      }
    },
  );

  it.each(scopedReads.filter((endpoint) => endpoint.auth === 'optional'))(
    'should answer the public $id of any pool as it does without a token',
    async (endpoint) => {
      for (const pool of ['btc', 'ltc', 'ckb']) {
        const url = urlOf(endpoint, pool, 'scope001');
        const anonymous = await app.inject({ method: 'GET', url: `/api${url}` });
        const observed = await get(url, btcOnly);
        expect(observed.status, pool).toBe(200);
        expect(observed.data).toEqual(anonymous.json().data);
      }
    },
  );

  it.each(scopedReads.filter((endpoint) => !observerMayCall(endpoint)))(
    'should refuse $id to observers whatever the pool',
    async (endpoint) => {
      for (const pool of ['btc', 'ltc']) {
        expect((await get(urlOf(endpoint, pool, 'scope001'), btcOnly)).status, pool).toBe(403);
      }
    },
  );
});
