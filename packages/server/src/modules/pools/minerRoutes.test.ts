import { ERROR_CODES, userMiningSchema } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { createIngest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { testDrivers } from '../../testing/testDatabase';
import { DAY, MINUTE, poolRoutesTestApp, T0 } from './testSetup';
import { readUserMining } from './userMining';

describe.each(testDrivers)('miner and account routes on %s', (driver) => {
  const t = poolRoutesTestApp(driver);

  it('should page, sort, filter and search the miners list', async () => {
    const base = '/api/pools/btc/accounts/alice01/miners';
    type Page = {
      list: { worker_name: string; status: string; accept_1h: { value: number } }[];
      total: number;
    };
    const first = await t.data<Page>('GET', `${base}?page=1&page_size=10`, 'alice');
    expect(first.total).toBe(25);
    expect(first.list.map((row) => row.worker_name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `w${String(index + 1).padStart(2, '0')}`),
    );
    const third = await t.data<Page>('GET', `${base}?page=3&page_size=10`, 'alice');
    expect(third.list.map((row) => row.worker_name)).toEqual(['w21', 'w22', 'w23', 'w24', 'w25']);
    const beyond = await t.data<Page>('GET', `${base}?page=9`, 'alice');
    expect(beyond).toMatchObject({ list: [], total: 25 });
    for (const sort of [
      'worker_name',
      'accept_15m',
      'accept_1h',
      'accept_24h',
      'reject_rate',
      'last_share_time',
    ]) {
      for (const order of ['asc', 'desc']) {
        const page = await t.data<Page>(
          'GET',
          `${base}?sort=${sort}&order=${order}&page_size=100`,
          'alice',
        );
        expect(page.list).toHaveLength(25);
      }
    }
    const byHashrate = await t.data<Page>(
      'GET',
      `${base}?sort=accept_1h&order=desc&page_size=3`,
      'alice',
    );
    expect(byHashrate.list.map((row) => row.worker_name)).toEqual(['w20', 'w19', 'w18']);
    const inactive = await t.data<Page>('GET', `${base}?status=inactive&page_size=100`, 'alice');
    expect(inactive.list.map((row) => row.worker_name)).toEqual(['w21', 'w22', 'w23', 'w24']);
    const dead = await t.data<Page>('GET', `${base}?status=dead`, 'alice');
    expect(dead.list.map((row) => row.worker_name)).toEqual(['w25']);
    const search = await t.data<Page>('GET', `${base}?search=W1`, 'alice');
    expect(search.total).toBe(10);
    const wildcard = await t.data<Page>('GET', `${base}?search=%25`, 'alice');
    expect(wildcard.total).toBe(0);
    const stats = await t.data('GET', `${base}/stats`, 'alice');
    expect(stats).toEqual({ active: 20, inactive: 4, dead: 1, total: 25 });
  });

  it('should create, list, fill, rename and delete worker groups', async () => {
    const created = await t.data<{ id: string; name: string; worker_count: number }>(
      'POST',
      '/api/pools/btc/miners/groups',
      'alice',
      { account: 'alice01', name: 'Rack A' },
    );
    expect(created).toMatchObject({ name: 'Rack A', worker_count: 0 });
    const duplicate = await t.call('POST', '/api/pools/btc/miners/groups', 'alice', {
      account: 'alice01',
      name: 'Rack A',
    });
    expect(duplicate.statusCode).toBe(409);
    const other = await t.data<{ id: string }>('POST', '/api/pools/btc/miners/groups', 'alice', {
      account: 'alice01',
      name: 'Rack B',
    });
    const moved = await t.data('PUT', '/api/pools/btc/miners', 'alice', {
      account: 'alice01',
      workers: ['w01', 'w02', 'w03', 'nosuch'],
      group_id: created.id,
    });
    expect(moved).toEqual({ count: 3 });
    const grouped = await t.data<{ total: number; list: { group: unknown }[] }>(
      'GET',
      `/api/pools/btc/accounts/alice01/miners?group_id=${created.id}`,
      'alice',
    );
    expect(grouped.total).toBe(3);
    expect(grouped.list[0]?.group).toEqual({ id: created.id, name: 'Rack A' });
    const ungrouped = await t.data<{ total: number }>(
      'GET',
      '/api/pools/btc/accounts/alice01/miners?group_id=ungrouped',
      'alice',
    );
    expect(ungrouped.total).toBe(22);
    const renamed = await t.data('PUT', `/api/miners/groups/${created.id}`, 'alice', {
      name: 'Rack A1',
    });
    expect(renamed).toMatchObject({
      id: created.id,
      name: 'Rack A1',
      worker_count: 3,
      active_count: 3,
    });
    // bob cannot touch alice's group; moving into it from bob's account fails too.
    expect(
      (await t.call('PUT', `/api/miners/groups/${created.id}`, 'bob', { name: 'mine' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', '/api/pools/btc/miners', 'bob', {
          account: 'bob00001',
          workers: ['bobrig'],
          group_id: created.id,
        })
      ).statusCode,
    ).toBe(404);
    await t.data('DELETE', `/api/miners/groups/${created.id}`, 'alice', {
      move_to_group_id: other.id,
    });
    const groups = await t.data<{ list: { id: string; worker_count: number }[] }>(
      'GET',
      '/api/pools/btc/accounts/alice01/groups',
      'alice',
    );
    expect(groups.list).toEqual([expect.objectContaining({ id: other.id, worker_count: 3 })]);
  });

  it('should remove only inactive or dead workers', async () => {
    const removed = await t.data('DELETE', '/api/pools/btc/accounts/alice01/miners', 'alice', {
      workers: ['w05', 'w22', 'w25'],
    });
    expect(removed).toEqual({ count: 2 });
    const stats = await t.data('GET', '/api/pools/btc/accounts/alice01/miners/stats', 'alice');
    expect(stats).toEqual({ active: 20, inactive: 3, dead: 0, total: 23 });
    expect(
      (await t.call('GET', '/api/pools/btc/accounts/alice01/miners/w25', 'alice')).statusCode,
    ).toBe(404);
    // A removed worker comes back with its next share, at the next rollup.
    await createIngest(t.database).recordShares([
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'w25',
        difficulty: 10,
        accepted: true,
        at: T0 + 10_000,
      },
    ]);
    await runRollup(t.database, T0 + MINUTE);
    const back = await t.data<{ status: string }>(
      'GET',
      '/api/pools/btc/accounts/alice01/miners/w25',
      'alice',
    );
    expect(back.status).toBe('active');
  });

  it("should sum a user's mining over accounts and pools for GET /users/mine", async () => {
    const list = await readUserMining(t.database.db, t.userIds.get('alice') ?? '', T0);
    expect(userMiningSchema.parse({ list }).list).toEqual(list);
    expect(list.map((row) => `${row.account}/${row.pool}`)).toEqual(['alice01/btc']);
    expect(list[0]?.workers.total).toBeGreaterThan(0);
    expect(await readUserMining(t.database.db, t.userIds.get('bob') ?? '', T0)).toHaveLength(1);
  });

  it('should keep alert settings per account and pool', async () => {
    const url = '/api/pools/btc/accounts/alice01/alerts';
    expect(await t.data('GET', url, 'alice')).toEqual({
      enabled: false,
      hashrate_threshold: null,
      offline_workers_threshold: null,
      channels: [],
      types: ['hashrate_alert', 'miner_offline'],
      webhook_url: null,
      webhook_secret_set: false,
      quiet_minutes: 60,
    });
    const saved = {
      enabled: true,
      hashrate_threshold: 1e12,
      offline_workers_threshold: 3,
      channels: ['sms', 'email'],
    };
    expect(await t.data('PUT', url, 'alice', saved)).toEqual({
      ...saved,
      channels: ['email', 'sms'],
      types: ['hashrate_alert', 'miner_offline'],
      webhook_url: null,
      webhook_secret_set: false,
      quiet_minutes: 60,
    });
    expect(await t.data('GET', url, 'observer')).toMatchObject({ enabled: true });
    expect((await t.call('PUT', url, 'observer', saved)).statusCode).toBe(403);
    expect((await t.call('GET', url, 'bob')).statusCode).toBe(404);
    const bad = await t.call('PUT', url, 'alice', { ...saved, channels: ['pager'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/channels/);
  });

  it('should export profits as CSV only with a date range', async () => {
    const url = '/api/pools/btc/accounts/alice01/profits/export';
    const response = await t.call(
      'GET',
      `${url}?start_date=2026-01-01&end_date=2026-01-31`,
      'alice',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('date,hashrate_hs,pps_amount,pplns_amount,fee,amount,status');
    expect(lines).toHaveLength(3);
    const solo = await t.call(
      'GET',
      `${url}?start_date=2026-01-01&end_date=2026-01-31&kind=solo`,
      'alice',
    );
    expect(solo.body.split('\n')[0]).toBe('height,block_hash,time,reward,fee,amount,status');
    const missing = await t.call('GET', url, 'alice');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/start_date/);
    const reversed = await t.call(
      'GET',
      `${url}?start_date=2026-02-01&end_date=2026-01-01`,
      'alice',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toMatch(/end_date/);
  });

  it('should lock the pay method for 24 hours after a change', async () => {
    const url = '/api/accounts/alice02/pools/ltc/pay-method';
    const before = await t.data<{ list: { pay_method: string; locked_until: unknown }[] }>(
      'GET',
      '/api/accounts/alice02/pay-method?pool=ltc',
      'alice',
    );
    expect(before.list[0]).toMatchObject({ pay_method: 'PPS+', locked_until: null });
    const changed = await t.data<Record<string, unknown>>('PUT', url, 'alice', {
      pay_method: 'SOLO',
    });
    expect(changed).toMatchObject({
      pay_method: 'SOLO',
      changed_at: '2026-01-15T12:00:00Z',
      locked_until: '2026-01-16T12:00:00Z',
    });
    const again = await t.call('PUT', url, 'alice', { pay_method: 'PPS+' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: ERROR_CODES.payMethodLocked });
    expect(again.json().msg).toMatch(/^pay_method:/);
    // Concurrent changes after the lock: exactly one wins.
    t.clock.advance(DAY);
    const racing = await Promise.all([
      t.call('PUT', url, 'alice', { pay_method: 'PPS+' }),
      t.call('PUT', url, 'alice', { pay_method: 'PPS+' }),
    ]);
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
    const after = await t.data<Record<string, unknown>>(
      'GET',
      '/api/accounts/alice02/pay-method?pool=ltc',
      'alice',
    );
    expect(after).toMatchObject({ list: [expect.objectContaining({ pay_method: 'PPS+' })] });
    expect((await t.call('PUT', url, 'alice', { pay_method: 'SOLO' })).statusCode).toBe(400);
    t.clock.set(T0);
  });

  it('should let an observer read its account only, and never write', async () => {
    await t.data('GET', '/api/pools/btc/accounts/alice01/stats', 'observer');
    await t.data('GET', '/api/pools/btc/accounts/alice01/miners', 'observer');
    const otherAccount = await t.call('GET', '/api/pools/btc/accounts/alice02/stats', 'observer');
    expect(otherAccount.statusCode).toBe(403);
    expect(otherAccount.json().code).toBe(ERROR_CODES.forbidden);
    const write = await t.call('PUT', '/api/accounts/alice01/pools/btc/pay-method', 'observer', {
      pay_method: 'SOLO',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe(ERROR_CODES.observerReadOnly);
    const group = await t.call('POST', '/api/pools/btc/miners/groups', 'observer', {
      account: 'alice01',
      name: 'nope',
    });
    expect(group.statusCode).toBe(403);
  });

  it("should not let a user read another user's account", async () => {
    for (const path of ['stats', 'miners', 'profits', 'groups', 'hashrates']) {
      const response = await t.call('GET', `/api/pools/btc/accounts/alice01/${path}`, 'bob');
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toMatch(/^account:/);
    }
    expect((await t.call('GET', '/api/accounts/alice01/pay-method', 'bob')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/pools/btc/accounts/alice01/stats')).statusCode).toBe(401);
    await t.data('GET', '/api/pools/btc/accounts/bob00001/stats', 'bob');
  });
});
