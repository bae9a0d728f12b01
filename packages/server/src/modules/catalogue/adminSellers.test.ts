import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { makeOperator } from '../../testing/operators';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { callApi, registerByEmail } from '../identity/testHelpers';

const T0 = Date.UTC(2026, 3, 1, 8);
const MACHINE = 'bitmain-antminer-s21';

describe.each(testDrivers)('sellers in the operator console on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let userToken: string;
  let operatorToken: string;
  const clock = createManualClock(T0);

  /** The sellers `/catalogue/miners/{id}` (the public read) answers for `machine`. */
  async function publicSellers(machine = MACHINE): Promise<{ store: string; price: string }[]> {
    const answer = await callApi(app, 'GET', `/catalogue/miners/${machine}`);
    expect(answer.status, answer.msg).toBe(200);
    return (answer.data as { sellers: { store: string; price: string }[] }).sellers;
  }

  async function forSaleIds(): Promise<string[]> {
    const answer = await callApi(app, 'GET', '/catalogue/miners', {
      query: { for_sale: 'true', page_size: '100' },
    });
    expect(answer.status, answer.msg).toBe(200);
    return (answer.data as { list: { id: string }[] }).list.map((row) => row.id);
  }

  const seller = (overrides: Record<string, unknown> = {}) => ({
    machine_id: MACHINE,
    store: 'Shenzhen Rigs',
    country_region: 'China',
    price: '15999.50',
    stock: 3,
    url: 'https://rigs.example.com/s21',
    ...overrides,
  });

  async function lastAudit(): Promise<{ action: string; target_type: string; target_id: string }> {
    const [row] = await queryRows<{ action: string; target_type: string; target_id: string }>(
      database.db,
      sql`SELECT action, target_type, target_id FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    if (row === undefined) throw new Error('no audit entry');
    return row;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    ({ token: userToken } = await registerByEmail(
      app,
      'buyer01',
      'buyer01@example.com',
      'Secret123',
      '10.9.0.1',
    ));
    ({ token: operatorToken } = await registerByEmail(
      app,
      'seller01',
      'seller01@example.com',
      'Secret123',
      '10.9.0.2',
    ));
    await makeOperator(database, 'seller01', clock.now());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should refuse visitors with 401 and users who are not operators with 403', async () => {
    expect((await callApi(app, 'GET', '/admin/sellers')).status).toBe(401);
    expect((await callApi(app, 'GET', '/admin/sellers', { token: userToken })).status).toBe(403);
    const body = seller();
    expect((await callApi(app, 'POST', '/admin/sellers', { token: userToken, body })).status).toBe(
      403,
    );
    expect((await callApi(app, 'PUT', '/admin/sellers/1', { token: userToken, body })).status).toBe(
      403,
    );
    expect((await callApi(app, 'DELETE', '/admin/sellers/1', { token: userToken })).status).toBe(
      403,
    );
    expect(await publicSellers()).toEqual([]);
  });

  it('should add, edit and delete a seller, audited, and the Sales read should follow at once', async () => {
    // Read first, so the public answer is cached when the operator adds the seller.
    expect(await forSaleIds()).toEqual([]);
    const created = await callApi(app, 'POST', '/admin/sellers', {
      token: operatorToken,
      body: seller({ store: '  Shenzhen Rigs ' }),
    });
    expect(created.status, created.msg).toBe(200);
    expect(created.data).toMatchObject({
      machine_id: MACHINE,
      machine_name: 'Bitmain Antminer S21',
      store: 'Shenzhen Rigs',
      price: '15999.50',
      stock: 3,
      url: 'https://rigs.example.com/s21',
    });
    const id = (created.data as { id: string }).id;
    expect(await lastAudit()).toEqual({
      action: 'sellers.create',
      target_type: 'catalogue_seller',
      target_id: id,
    });
    expect(await forSaleIds()).toEqual([MACHINE]);
    expect(await publicSellers()).toMatchObject([{ store: 'Shenzhen Rigs', price: '15999.50' }]);

    const updated = await callApi(app, 'PUT', `/admin/sellers/${id}`, {
      token: operatorToken,
      body: seller({ price: '14800', stock: null, url: '' }),
    });
    expect(updated.status, updated.msg).toBe(200);
    expect(updated.data).toMatchObject({ id, price: '14800.00', stock: null, url: null });
    expect((await lastAudit()).action).toBe('sellers.update');
    expect(await publicSellers()).toMatchObject([{ store: 'Shenzhen Rigs', price: '14800.00' }]);

    const listed = await callApi(app, 'GET', '/admin/sellers', {
      token: operatorToken,
      query: { machine_id: MACHINE },
    });
    expect(listed.status).toBe(200);
    const data = listed.data as { list: { id: string }[]; machines: { id: string }[] };
    expect(data.list.map((row) => row.id)).toEqual([id]);
    expect(data.machines.some((machine) => machine.id === MACHINE)).toBe(true);
    const other = await callApi(app, 'GET', '/admin/sellers', {
      token: operatorToken,
      query: { machine_id: 'bitmain-antminer-s21-pro' },
    });
    expect((other.data as { list: unknown[] }).list).toEqual([]);

    const deleted = await callApi(app, 'DELETE', `/admin/sellers/${id}`, { token: operatorToken });
    expect(deleted.status, deleted.msg).toBe(200);
    expect(deleted.data).toEqual({ id, deleted: true });
    expect(await lastAudit()).toEqual({
      action: 'sellers.delete',
      target_type: 'catalogue_seller',
      target_id: id,
    });
    expect(await publicSellers()).toEqual([]);
    expect(await forSaleIds()).toEqual([]);
    const again = await callApi(app, 'DELETE', `/admin/sellers/${id}`, { token: operatorToken });
    expect(again.status).toBe(404);
  });

  it('should answer 409 naming store for a second seller of the same store and machine', async () => {
    const first = await callApi(app, 'POST', '/admin/sellers', {
      token: operatorToken,
      body: seller({ store: 'Almaty Hash' }),
    });
    expect(first.status, first.msg).toBe(200);
    const audits = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    const twice = await callApi(app, 'POST', '/admin/sellers', {
      token: operatorToken,
      body: seller({ store: 'Almaty Hash', price: '1.00' }),
    });
    expect(twice.status).toBe(409);
    expect(twice.fields?.[0]?.field).toBe('store');
    // The same store for another machine is fine; renaming onto a taken name is not.
    const other = await callApi(app, 'POST', '/admin/sellers', {
      token: operatorToken,
      body: seller({ store: 'Almaty Hash', machine_id: 'bitmain-antminer-s21-pro' }),
    });
    expect(other.status, other.msg).toBe(200);
    const renamed = await callApi(
      app,
      'PUT',
      `/admin/sellers/${(other.data as { id: string }).id}`,
      {
        token: operatorToken,
        body: seller({ store: 'Almaty Hash' }),
      },
    );
    expect(renamed.status).toBe(409);
    const after = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    // One audit entry: the second machine's seller; the refused calls left none.
    expect(Number(after[0]?.n)).toBe(Number(audits[0]?.n) + 1);
  });

  it.each([
    ['machine_id', { machine_id: 'no-such-machine' }],
    ['store', { store: '   ' }],
    ['price', { price: '-1' }],
    ['price', { price: '10.123' }],
    ['price', { price: 12 }],
    ['stock', { stock: -1 }],
    ['stock', { stock: 1.5 }],
    ['url', { url: 'ftp://rigs.example.com' }],
    ['url', { url: 'not a link' }],
  ])('should refuse a bad %s with 400 naming it', async (field, overrides) => {
    const answer = await callApi(app, 'POST', '/admin/sellers', {
      token: operatorToken,
      body: seller({ store: `Bad ${field}`, ...overrides }),
    });
    expect(answer.status, answer.msg).toBe(400);
    expect(answer.fields?.map((problem) => problem.field)).toContain(field);
  });

  it('should answer 404 for an unknown seller and 400 for a malformed id', async () => {
    const body = seller({ store: 'Nobody' });
    expect(
      (await callApi(app, 'PUT', '/admin/sellers/999999', { token: operatorToken, body })).status,
    ).toBe(404);
    expect(
      (await callApi(app, 'PUT', '/admin/sellers/abc', { token: operatorToken, body })).status,
    ).toBe(400);
  });
});
