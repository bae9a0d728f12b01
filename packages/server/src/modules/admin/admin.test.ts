import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { createMailer } from '../../mail/mailer';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { callApi, loginByEmail, registerByEmail } from '../identity/testHelpers';
import { recordAudit } from './audit';
import { DEMO_OPERATOR, seedDemoOperator } from './demo';
import { grantOperator, requireOperator } from './operators';

async function userIdOf(database: Database, username: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id::text AS id FROM users WHERE username = ${username}`,
  );
  if (row === undefined) throw new Error(`no user ${username}`);
  return row.id;
}

describe('requireOperator', () => {
  it('should answer the user id of an operator', () => {
    expect(
      requireOperator({ kind: 'user', userId: '7', permissions: ['user.view', 'admin.view'] }),
    ).toBe('7');
  });

  it('should refuse a visitor with 401, and users without admin.view and observers with 403', () => {
    const refusal = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        return error instanceof HttpError ? [error.status, error.code] : error;
      }
      return 'allowed';
    };
    expect(refusal(() => requireOperator(null))).toEqual([401, 40100]);
    expect(
      refusal(() => requireOperator({ kind: 'user', userId: '7', permissions: ['user.view'] })),
    ).toEqual([403, 40300]);
    expect(
      refusal(() =>
        requireOperator({
          kind: 'observer',
          userId: '7',
          permissions: ['admin.view'],
          observerAccount: 'rig0001',
        }),
      ),
    ).toEqual([403, 40300]);
  });
});

describe.each(testDrivers)('operators and the audit log on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let userToken: string;
  let operatorToken: string;
  let operatorId: string;
  const clock = createManualClock(Date.UTC(2026, 2, 1, 9));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    ({ token: userToken } = await registerByEmail(
      app,
      'miner001',
      'miner001@example.com',
      'Secret123',
      '10.7.0.1',
    ));
    ({ token: operatorToken } = await registerByEmail(
      app,
      'staff001',
      'staff001@example.com',
      'Secret123',
      '10.7.0.2',
    ));
    operatorId = await userIdOf(database, 'staff001');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should give a user no operator role and refuse the admin calls with 403', async () => {
    const current = await callApi(app, 'GET', '/permissions/current', { token: userToken });
    expect(current.data.permissions).not.toContain('admin.view');
    expect(current.data.roles).toEqual(['user', 'main_account']);
    const log = await callApi(app, 'GET', '/admin/audit-log', { token: userToken });
    expect(log.status).toBe(403);
    expect(log.code).toBe(40300);
    const visitor = await callApi(app, 'GET', '/admin/audit-log');
    expect(visitor.status).toBe(401);
  });

  it('should make a granted user an operator at once: admin.view, the operator role, the log', async () => {
    const before = await callApi(app, 'GET', '/admin/audit-log', { token: operatorToken });
    expect(before.status).toBe(403);
    await grantOperator(database.db, operatorId, null, clock.now());
    await grantOperator(database.db, operatorId, null, clock.now());
    const current = await callApi(app, 'GET', '/permissions/current', { token: operatorToken });
    expect(current.data.permissions).toContain('admin.view');
    expect(current.data.permissions).toContain('wallet.view');
    expect(current.data.roles).toEqual(['user', 'main_account', 'operator']);
    const info = await callApi(app, 'GET', '/users/info', { token: operatorToken });
    expect(info.data.roles).toContain('operator');
    const log = await callApi(app, 'GET', '/admin/audit-log', { token: operatorToken });
    expect(log.status).toBe(200);
    expect(log.data).toEqual({ list: [], total: 0, page: 1, page_size: 10 });
  });

  it('should keep the operator role while the operator acts on a sub-account', async () => {
    const created = await callApi(app, 'POST', '/accounts', {
      token: operatorToken,
      body: { name: 'staffro1', permission: 'read_only' },
    });
    expect(created.status).toBe(200);
    await callApi(app, 'PUT', '/users/accounts', {
      token: operatorToken,
      body: { account: 'staffro1' },
    });
    const current = await callApi(app, 'GET', '/permissions/current', { token: operatorToken });
    expect(current.data.permissions).toEqual(['pool.view', 'miner.view', 'admin.view']);
    expect(current.data.roles).toEqual(['user', 'sub_account_read_only', 'operator']);
    const log = await callApi(app, 'GET', '/admin/audit-log', { token: operatorToken });
    expect(log.status).toBe(200);
    await callApi(app, 'PUT', '/users/accounts', {
      token: operatorToken,
      body: { account: 'staff001' },
    });
  });

  it('should list recorded actions newest first, by action and by operator, page by page', async () => {
    const start = clock.now();
    for (const [index, action] of [
      'coupons.issue',
      'withdrawals.approve',
      'coupons.issue',
    ].entries()) {
      await recordAudit(database.db, {
        actorId: operatorId,
        action,
        targetType: action.startsWith('coupons') ? 'coupon_batch' : 'withdrawal',
        targetId: String(index + 1),
        details: { count: index + 1, note: index === 0 ? null : 'batch', rush: index === 2 },
        ip: '10.7.0.2',
        nowMs: start + index * 60_000,
      });
    }
    const all = await callApi(app, 'GET', '/admin/audit-log', { token: operatorToken });
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((entry: { target_id: string }) => entry.target_id)).toEqual([
      '3',
      '2',
      '1',
    ]);
    expect(all.data.list[0]).toEqual({
      id: expect.any(String),
      actor: 'staff001',
      action: 'coupons.issue',
      target_type: 'coupon_batch',
      target_id: '3',
      details: { count: 3, note: 'batch', rush: true },
      ip: '10.7.0.2',
      created_at: new Date(start + 120_000).toISOString().replace('.000Z', 'Z'),
    });
    const coupons = await callApi(app, 'GET', '/admin/audit-log', {
      token: operatorToken,
      query: { action: 'coupons.issue', page_size: '1', page: '2' },
    });
    expect(coupons.data.total).toBe(2);
    expect(coupons.data.list.map((entry: { target_id: string }) => entry.target_id)).toEqual(['1']);
    const byActor = await callApi(app, 'GET', '/admin/audit-log', {
      token: operatorToken,
      query: { actor: 'STAFF001' },
    });
    expect(byActor.data.total).toBe(3);
    const nobody = await callApi(app, 'GET', '/admin/audit-log', {
      token: operatorToken,
      query: { actor: 'miner001' },
    });
    expect(nobody.data.total).toBe(0);
    const badAction = await callApi(app, 'GET', '/admin/audit-log', {
      token: operatorToken,
      query: { action: 'DROP TABLE' },
    });
    expect(badAction.status).toBe(400);
    expect(badAction.fields?.[0]?.field).toBe('action');
  });

  it('should keep the audit log append-only', async () => {
    await expect(
      database.db.execute(sql`UPDATE audit_log SET action = 'coupons.hide'`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const [counted] = await queryRows<{ total: number }>(
      database.db,
      sql`SELECT count(*)::int AS total FROM audit_log`,
    );
    expect(counted?.total).toBe(3);
  });

  it('should seed the demo operator once, able to sign in and open the console', async () => {
    const config = testConfig();
    const context = createAppContext({
      config,
      database,
      clock,
      mailer: createMailer(config, database, app.log),
    });
    expect(await seedDemoOperator(context)).toBe(true);
    expect(await seedDemoOperator(context)).toBe(false);
    const login = await loginByEmail(app, DEMO_OPERATOR.email, DEMO_OPERATOR.password, '10.7.0.3');
    expect(login.status).toBe(200);
    const current = await callApi(app, 'GET', '/permissions/current', { token: login.data.token });
    expect(current.data.roles).toContain('operator');
    const log = await callApi(app, 'GET', '/admin/audit-log', { token: login.data.token });
    expect(log.status).toBe(200);
  });

  it('should not promote a real user who took the demo operator name', async () => {
    const other = await openTestDatabase(driver);
    const otherApp = await buildApp({ config: testConfig(), db: other, clock });
    try {
      const { token } = await registerByEmail(
        otherApp,
        DEMO_OPERATOR.username,
        'someone@example.com',
        'Secret123',
        '10.7.0.4',
      );
      const config = testConfig();
      const context = createAppContext({
        config,
        database: other,
        clock,
        mailer: createMailer(config, other, otherApp.log),
      });
      expect(await seedDemoOperator(context)).toBe(false);
      const current = await callApi(otherApp, 'GET', '/permissions/current', { token });
      expect(current.data.permissions).not.toContain('admin.view');
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
