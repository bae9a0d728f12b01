import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, toNumber } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { ADDRESS, poolRoutesTestApp } from './testSetup';

describe.each(testDrivers)('pool routes on malformed input on %s', (driver) => {
  const t = poolRoutesTestApp(driver);

  it('should answer malformed input with a 4xx naming the field, never a 5xx', async () => {
    const account = '/api/pools/btc/accounts/alice01';
    const addr = `/api/address-mining/kas/miner/${ADDRESS}`;
    const sqlBit = encodeURIComponent("x' OR 1=1;--");
    const script = encodeURIComponent('<script>alert(1)</script>');
    const huge = 'a'.repeat(200);
    const cases: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      body?: unknown;
      field: string;
    }[] = [
      { method: 'GET', url: '/api/address-mining/doge2/pool/stats', field: 'coin' },
      { method: 'GET', url: `/api/address-mining/${script}/pool/stats`, field: 'coin' },
      { method: 'GET', url: '/api/address-mining/btc/pool/stats', field: 'coin' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?page=-1', field: 'page' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?page=abc', field: 'page' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?page_size=1000', field: 'page_size' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?status=lost', field: 'status' },
      { method: 'GET', url: '/api/address-mining/kas/hashrates?interval=5m', field: 'interval' },
      {
        method: 'GET',
        url: '/api/address-mining/kas/hashrates?interval=10m&range=90d',
        field: 'interval',
      },
      { method: 'GET', url: '/api/address-mining/kas/hashrates?range=1y', field: 'range' },
      { method: 'GET', url: `/api/address-mining/kas/payments/${sqlBit}`, field: 'addr' },
      { method: 'GET', url: '/api/address-mining/kas/payments/kaspa:nope', field: 'addr' },
      { method: 'GET', url: `/api/address-mining/kas/miner/${huge}/info`, field: 'addr' },
      { method: 'GET', url: '/api/address-mining/kas/miner/1abc/hashrates', field: 'addr' },
      { method: 'GET', url: `${addr}/profits?start_date=2026-13-45`, field: 'start_date' },
      { method: 'GET', url: `${addr}/workers?sort=${sqlBit}`, field: 'sort' },
      { method: 'GET', url: `${addr}/workers?search=${'x'.repeat(65)}`, field: 'search' },
      { method: 'GET', url: `${addr}/workers/BAD%20NAME/hashrates`, field: 'worker' },
      { method: 'GET', url: `${addr}/workers/nosuch/hashrates`, field: 'worker' },
      { method: 'GET', url: '/api/address-mining/zz/workers/stats', field: 'coin' },
      { method: 'GET', url: `${addr}/ips?page=0`, field: 'page' },
      { method: 'GET', url: '/api/pools/coin-pages?sort=evil', field: 'sort' },
      { method: 'GET', url: '/api/pools/coin-pages?order=sideways', field: 'order' },
      { method: 'GET', url: '/api/pools/coin-pages?unknown=1', field: 'unknown' },
      { method: 'GET', url: '/api/pools/NOPE/stats', field: 'pool' },
      { method: 'GET', url: '/api/pools/nopool/stats', field: 'pool' },
      { method: 'GET', url: '/api/pools/btc/blocks?page=1.5', field: 'page' },
      { method: 'GET', url: `/api/pools/${sqlBit}/hashrates`, field: 'pool' },
      { method: 'GET', url: '/api/pools/kas/accounts/alice01/stats', field: 'pool' },
      { method: 'GET', url: `/api/pools/btc/accounts/${script}/stats`, field: 'account' },
      { method: 'GET', url: '/api/pools/btc/accounts/nobody99/stats', field: 'account' },
      { method: 'GET', url: `${account}/hashrates?interval=2h`, field: 'interval' },
      { method: 'GET', url: `${account}/miners?status=zombie`, field: 'status' },
      { method: 'GET', url: `${account}/miners?group_id=${sqlBit}`, field: 'group_id' },
      { method: 'GET', url: `${account}/miners?page=-5`, field: 'page' },
      { method: 'GET', url: `${account}/miners/stats?group_id=${script}`, field: 'group_id' },
      { method: 'GET', url: `${account}/miners/UPPER`, field: 'miner' },
      { method: 'GET', url: `${account}/miners/w01/hashrates?range=forever`, field: 'range' },
      { method: 'GET', url: `${account}/groups?x=1`, field: 'x' },
      { method: 'GET', url: `${account}/alerts?x=1`, field: 'x' },
      {
        method: 'PUT',
        url: `${account}/alerts`,
        body: {
          enabled: 'yes',
          hashrate_threshold: null,
          offline_workers_threshold: null,
          channels: [],
        },
        field: 'enabled',
      },
      {
        method: 'PUT',
        url: `${account}/alerts`,
        body: {
          enabled: true,
          hashrate_threshold: -1,
          offline_workers_threshold: null,
          channels: [],
        },
        field: 'hashrate_threshold',
      },
      { method: 'GET', url: `${account}/profits/stats?x=1`, field: 'x' },
      { method: 'GET', url: `${account}/profits?end_date=yesterday`, field: 'end_date' },
      { method: 'GET', url: `${account}/profits/solo?page_size=0`, field: 'page_size' },
      { method: 'GET', url: `${account}/profits/hashrates?range=24h`, field: 'range' },
      { method: 'GET', url: `${account}/profits/unit/hashrates?range=1`, field: 'range' },
      {
        method: 'GET',
        url: `${account}/profits/export?start_date=2024-01-01&end_date=2026-01-01`,
        field: 'start_date',
      },
      {
        method: 'GET',
        url: `${account}/profits/export?start_date=2026-01-01&end_date=2026-01-02&kind=all`,
        field: 'kind',
      },
      { method: 'GET', url: `${account}/rates?range=${huge}`, field: 'range' },
      { method: 'GET', url: '/api/accounts/alice01/pay-method?pool=kas', field: 'pool' },
      { method: 'GET', url: '/api/accounts/alice01/pay-method?pool=BTC', field: 'pool' },
      { method: 'DELETE', url: `${account}/miners`, body: { workers: 'w01' }, field: 'workers' },
      { method: 'DELETE', url: `${account}/miners`, body: { workers: [] }, field: 'workers' },
      {
        method: 'DELETE',
        url: `${account}/miners`,
        body: { workers: ['w01', 'w01'] },
        field: 'workers',
      },
      {
        method: 'PUT',
        url: '/api/pools/btc/miners',
        body: { account: 'alice01', workers: ['w01'], group_id: 5 },
        field: 'group_id',
      },
      {
        method: 'PUT',
        url: '/api/pools/btc/miners',
        body: { account: 'bad name!', workers: ['w01'], group_id: null },
        field: 'account',
      },
      {
        method: 'PUT',
        url: '/api/pools/btc/miners',
        body: { account: 'alice01', workers: ['w01'], group_id: '999999' },
        field: 'group_id',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 'alice01', name: '' },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 'alice01', name: huge },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 'alice01', name: 'ok', admin: true },
        field: 'admin',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 12345, name: 'ok' },
        field: 'account',
      },
      { method: 'PUT', url: '/api/miners/groups/abc', body: { name: 'x' }, field: 'id' },
      { method: 'PUT', url: `/api/miners/groups/${sqlBit}`, body: { name: 'x' }, field: 'id' },
      { method: 'PUT', url: '/api/miners/groups/1', body: { name: 42 }, field: 'name' },
      {
        method: 'DELETE',
        url: '/api/miners/groups/1',
        body: { move_to_group_id: [] },
        field: 'move_to_group_id',
      },
      {
        method: 'PUT',
        url: '/api/accounts/alice01/pools/btc/pay-method',
        body: { pay_method: 'PPLNS' },
        field: 'pay_method',
      },
      {
        method: 'PUT',
        url: '/api/accounts/alice01/pools/kas/pay-method',
        body: { pay_method: 'SOLO' },
        field: 'pool',
      },
      {
        method: 'PUT',
        url: '/api/accounts/alice01/pools/btc/pay-method',
        body: {},
        field: 'pay_method',
      },
    ];
    for (const entry of cases) {
      const response = await t.call(entry.method, entry.url, 'alice', entry.body);
      const label = `${entry.method} ${entry.url} ${JSON.stringify(entry.body ?? null)} → ${response.statusCode} ${response.body}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(String(response.json().msg), label).toContain(entry.field);
    }
    const tables = await queryRows<{ count: unknown }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM users`,
    );
    expect(toNumber(tables[0]?.count)).toBe(2);
  });
});
