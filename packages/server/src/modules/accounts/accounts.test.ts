import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testDrivers } from '../../testing/testDatabase';
import { callApi, registerByEmail, useTestApp } from '../identity/testHelpers';

describe.each(testDrivers)('accounts and observers on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const clock = createManualClock(Date.UTC(2026, 0, 1));

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  beforeAll(async () => {
    ({ token } = await registerByEmail(
      app,
      'owner01',
      'owner@example.com',
      'Secret123',
      '10.1.0.1',
    ));
  });

  it('should create sub-accounts with unique names and list them main first', async () => {
    const created = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'rig0001', permission: 'read_only' },
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      name: 'rig0001',
      permission: 'read_only',
      main: false,
      current: false,
      status: 'normal',
    });
    const taken = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'RIG0001', permission: 'read_only' },
    });
    expect(taken.status).toBe(409);
    expect(taken.code).toBe(40900);
    expect(taken.fields?.[0]?.field).toBe('name');
    const clash = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'owner01', permission: 'read_only' },
    });
    expect(clash.status).toBe(409);
    const badName = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'a-b', permission: 'read_only' },
    });
    expect(badName.status).toBe(400);
    expect(badName.msg).toContain('There is an error in the sub-account name.');
    const badLevel = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'rig0009', permission: 'admin' },
    });
    expect(badLevel.fields?.[0]?.field).toBe('permission');

    await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'rig0002', permission: 'profit_management' },
    });
    const list = await callApi(app, 'GET', '/accounts', { token });
    expect(list.data.list.map((account: { name: string }) => account.name)).toEqual([
      'owner01',
      'rig0001',
      'rig0002',
    ]);
    expect(list.data.list[0]).toMatchObject({
      main: true,
      current: true,
      permission: 'pool_management',
    });
    expect(Date.parse(list.data.list[1].created_at)).toBe(clock.now());

    const updated = await callApi(app, 'PUT', '/accounts/rig0002', {
      token,
      body: { permission: 'pool_management' },
    });
    expect(updated.data.permission).toBe('pool_management');
    expect(
      (await callApi(app, 'PUT', '/accounts/owner01', { token, body: { permission: 'read_only' } }))
        .status,
    ).toBe(400);
    expect(
      (await callApi(app, 'PUT', '/accounts/nobody1', { token, body: { permission: 'read_only' } }))
        .status,
    ).toBe(404);
  });

  it('should narrow permissions to the current sub-account level and refuse writes when read-only', async () => {
    const other = await registerByEmail(
      app,
      'other01',
      'other@example.com',
      'Secret123',
      '10.1.0.2',
    );
    const switched = await callApi(app, 'PUT', '/users/accounts', {
      token: other.token,
      body: { account: 'rig0001' },
    });
    expect(switched.status).toBe(404);

    await callApi(app, 'PUT', '/users/accounts', { token, body: { account: 'rig0001' } });
    const readOnly = await callApi(app, 'GET', '/permissions/current', { token });
    expect(readOnly.data).toEqual({
      roles: ['user', 'sub_account_read_only'],
      permissions: ['pool.view', 'miner.view'],
    });
    const write = await callApi(app, 'POST', '/accounts', {
      token,
      body: { name: 'rig0003', permission: 'read_only' },
    });
    expect(write.status).toBe(403);
    expect(write.code).toBe(40300);
    expect((await callApi(app, 'GET', '/users/logs', { token })).status).toBe(403);

    await callApi(app, 'PUT', '/users/accounts', { token, body: { account: 'rig0002' } });
    const poolManagement = await callApi(app, 'GET', '/permissions/current', { token });
    expect(poolManagement.data.permissions).toEqual([
      'pool.view',
      'miner.view',
      'account.view',
      'user.view',
    ]);

    await callApi(app, 'PUT', '/accounts/rig0002', {
      token,
      body: { permission: 'profit_management' },
    });
    const profit = await callApi(app, 'GET', '/permissions/current', { token });
    expect(profit.data.permissions).toEqual(['pool.view', 'wallet.view', 'user.view']);
    expect(
      (
        await callApi(app, 'POST', '/accounts', {
          token,
          body: { name: 'rig0004', permission: 'read_only' },
        })
      ).status,
    ).toBe(403);

    await callApi(app, 'PUT', '/users/accounts', { token, body: { account: 'owner01' } });
    expect(
      (await callApi(app, 'GET', '/permissions/current', { token })).data.permissions,
    ).toHaveLength(7);
  });

  it('should give observer links that read one account, cannot write, and stop when deleted or expired', async () => {
    const created = await callApi(app, 'POST', '/accounts/owner01/observers', {
      token,
      body: { nickname: '  Friend  ', expiry: 'one_day', pools: ['btc'] },
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ nickname: 'Friend', expiry: 'one_day', pools: ['btc'] });
    expect(Date.parse(created.data.expires_at)).toBe(clock.now() + 86_400_000);
    expect(created.data.url).toBe(
      `http://localhost:80/observer_redirect?observer_token=${created.data.token}`,
    );
    const observer = created.data.token as string;

    const listed = await callApi(app, 'GET', '/accounts/owner01/observers', { token });
    expect(listed.data.list).toEqual([created.data]);

    const accounts = await callApi(app, 'GET', '/accounts', { token: observer });
    expect(accounts.data.list.map((account: { name: string }) => account.name)).toEqual([
      'owner01',
    ]);
    const permissions = await callApi(app, 'GET', '/permissions/current', { token: observer });
    expect(permissions.data).toEqual({
      roles: ['observer'],
      permissions: ['pool.view', 'miner.view'],
    });
    const info = await callApi(app, 'GET', '/users/observer/info', { token: observer });
    expect(info.data).toMatchObject({ nickname: 'Friend', account: 'owner01', pools: ['btc'] });
    const write = await callApi(app, 'PUT', '/users/settings', {
      token: observer,
      body: { language: 'en' },
    });
    expect(write.status).toBe(403);
    expect(write.code).toBe(40301);
    const userOnly = await callApi(app, 'GET', '/users/info', { token: observer });
    expect(userOnly.code).toBe(40301);
    expect((await callApi(app, 'GET', '/users/observer/info', { token })).status).toBe(403);

    const forever = await callApi(app, 'POST', '/accounts/rig0001/observers', {
      token,
      body: { nickname: 'Forever', expiry: 'forever' },
    });
    expect(forever.data).toMatchObject({ expires_at: null, pools: [] });
    const deleted = await callApi(app, 'DELETE', `/accounts/rig0001/observers/${forever.data.id}`, {
      token,
    });
    expect(deleted.status).toBe(200);
    expect((await callApi(app, 'GET', '/accounts', { token: forever.data.token })).status).toBe(
      401,
    );
    expect(
      (await callApi(app, 'DELETE', `/accounts/rig0001/observers/${forever.data.id}`, { token }))
        .status,
    ).toBe(404);
    expect(
      (await callApi(app, 'DELETE', `/accounts/owner01/observers/${forever.data.id}`, { token }))
        .status,
    ).toBe(404);

    clock.advance(86_400_000 + 1_000);
    const expired = await callApi(app, 'GET', '/accounts', { token: observer });
    expect(expired.status).toBe(401);
    expect(expired.code).toBe(40100);
  });

  it('should answer 4xx naming the field for bad input on every account route', async () => {
    const { token: fresh } = await registerByEmail(
      app,
      'fresh01',
      'fresh@example.com',
      'Secret123',
      '10.1.0.3',
    );
    const cases: [
      method: 'POST' | 'PUT' | 'GET' | 'DELETE',
      path: string,
      body: unknown,
      field: string,
    ][] = [
      ['POST', '/accounts', { name: 'abc', permission: 'read_only' }, 'name'],
      ['PUT', '/accounts/fresh01', { permission: 'x' }, 'permission'],
      ['PUT', '/accounts/a!b', { permission: 'read_only' }, 'account'],
      ['GET', '/accounts/a!b/observers', undefined, 'account'],
      ['POST', '/accounts/fresh01/observers', { nickname: '   ', expiry: 'one_day' }, 'nickname'],
      ['POST', '/accounts/fresh01/observers', { nickname: 'x', expiry: 'one_year' }, 'expiry'],
      [
        'POST',
        '/accounts/fresh01/observers',
        { nickname: 'x', expiry: 'forever', pools: ['BTC'] },
        'pools.0',
      ],
      ['DELETE', '/accounts/fresh01/observers/a$b', undefined, 'id'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await callApi(app, method, path, {
        token: fresh,
        ...(body === undefined ? {} : { body }),
      });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(
        answer.fields?.map((entry) => entry.field),
        `${method} ${path}`,
      ).toContain(field);
    }
    expect(
      (await callApi(app, 'GET', '/accounts/owner01/observers', { token: fresh })).status,
    ).toBe(404);
    expect((await callApi(app, 'GET', '/accounts')).status).toBe(401);
  });
});
