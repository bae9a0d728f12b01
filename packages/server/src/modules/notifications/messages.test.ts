import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { notifySettingUpdate, postMessage } from './messages';
import { notificationsTestApp, T0 } from './testSetup';
import { notifyWithdrawalRejected } from './withdrawalNotice';

describe.each(testDrivers)('notification messages on %s', (driver) => {
  const t = notificationsTestApp(driver);

  it('should list, count, mark read and delete messages in the reader language', async () => {
    const dave = t.userIds.get('dave') ?? '';
    for (let index = 0; index < 12; index += 1) {
      await notifySettingUpdate(t.database.db, dave, 'password', T0 + index);
    }
    await postMessage(t.database.db, {
      userId: dave,
      type: 'miner_offline',
      textKey: 'offline',
      params: { account: 'dave0001', pool: 'btc', count: '2', workers: 'a, b' },
      pool: 'btc',
      account: 'dave0001',
      nowMs: T0 + 100,
    });
    expect(await t.data('GET', '/api/messages/unread-count', 'dave')).toEqual({
      count: 13,
      by_type: {
        hashrate_alert: 0,
        miner_offline: 1,
        setting_update: 12,
        ticket_reply: 0,
        wallet_update: 0,
      },
    });
    const page = await t.data<{
      list: { id: string; title: string; content: string }[];
      total: number;
    }>('GET', '/api/messages?type=setting_update&page=2&page_size=10', 'dave');
    expect(page.total).toBe(12);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]?.content).toContain('login password');
    const chinese = await t.data<{ list: { title: string; content: string; pool: string }[] }>(
      'GET',
      '/api/messages?type=miner_offline',
      'dave',
      undefined,
      'zh-CN',
    );
    expect(chinese.list[0]?.title).toBe('dave0001 有矿机离线');
    expect(chinese.list[0]?.content).toContain('a, b');
    expect(chinese.list[0]?.pool).toBe('btc');

    const first = page.list[0]?.id ?? '';
    // Another user cannot read, mark or delete dave's message.
    expect(await t.data('PUT', '/api/messages/read', 'carol', { ids: [first] })).toEqual({
      updated: 0,
      unread: 0,
    });
    expect((await t.call('DELETE', `/api/messages/${first}`, 'carol')).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/messages/not-a-row', 'dave')).statusCode).toBe(404);
    expect(await t.data('PUT', '/api/messages/read', 'dave', { ids: [first, 'x1'] })).toEqual({
      updated: 1,
      unread: 12,
    });
    const unread = await t.data<{ total: number }>('GET', '/api/messages?read=false', 'dave');
    expect(unread.total).toBe(12);
    expect(await t.data('PUT', '/api/messages/read', 'dave', { all: true })).toEqual({
      updated: 12,
      unread: 0,
    });
    expect(await t.data('DELETE', `/api/messages/${first}`, 'dave')).toBeNull();
    expect((await t.data<{ total: number }>('GET', '/api/messages', 'dave')).total).toBe(12);
    const bad = await t.call('PUT', '/api/messages/read', 'dave', { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('GET', '/api/messages/unread-count')).statusCode).toBe(401);
  });

  it('should file a rejected withdrawal as a wallet message, counted apart from settings', async () => {
    const rows = await queryRows<{ id: unknown }>(
      t.database.db,
      sql`INSERT INTO users (username, password_hash, email, language)
          VALUES ('frank', 'x', 'frank@example.test', 'en') RETURNING id`,
    );
    const frank = String(rows[0]?.id);
    t.userIds.set('frank', frank);
    await notifyWithdrawalRejected(t.database.db, {
      userId: frank,
      coin: 'btc',
      amount: '0.15',
      refunded: '0.1502',
      address: 'bc1qexample',
      reason: 'Address on a sanctions list',
      nowMs: T0,
      siteUrl: 'https://pool.example',
    });
    expect(await t.data('GET', '/api/messages/unread-count', 'frank')).toEqual({
      count: 1,
      by_type: {
        hashrate_alert: 0,
        miner_offline: 0,
        setting_update: 0,
        ticket_reply: 0,
        wallet_update: 1,
      },
    });
    const wallet = await t.data<{ list: { type: string; title: string }[]; total: number }>(
      'GET',
      '/api/messages?type=wallet_update',
      'frank',
    );
    expect(wallet.total).toBe(1);
    expect(wallet.list[0]).toMatchObject({
      type: 'wallet_update',
      title: 'Withdrawal rejected: 0.15 BTC',
    });
    const settings = await t.data<{ total: number }>(
      'GET',
      '/api/messages?type=setting_update',
      'frank',
    );
    expect(settings.total).toBe(0);
  });

  it('should post a setting update when the pay method changes', async () => {
    const before = (await t.messagesOf('dave')).length;
    const changed = await t.call('PUT', '/api/accounts/dave0001/pools/btc/pay-method', 'dave', {
      pay_method: 'SOLO',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await t.messagesOf('dave');
    expect(after.slice(before)).toEqual([{ type: 'setting_update', text_key: 'setting' }]);
    const list = await t.data<{ list: { content: string; account: string }[] }>(
      'GET',
      '/api/messages?type=setting_update&page_size=1',
      'dave',
      undefined,
      'ja',
    );
    expect(list.list[0]?.content, JSON.stringify(list)).toContain('支払い方法');
    expect(list.list[0]?.account).toBe('dave0001');
    // Locked for 24 hours: a refused change posts nothing.
    const refused = await t.call('PUT', '/api/accounts/dave0001/pools/btc/pay-method', 'dave', {
      pay_method: 'PPS+',
    });
    expect(refused.statusCode).toBe(400);
    expect(await t.messagesOf('dave')).toHaveLength(after.length);
  });
});
