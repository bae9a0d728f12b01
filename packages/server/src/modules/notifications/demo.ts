import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { DEMO_USER } from '../identity/demo';
import { postMessage } from './messages';

/**
 * Three messages for the demo user, one of each kind, the first time (demo mode only), so the
 * message center and the header's badge have something to show before any alert fires.
 */
export async function seedDemoMessages(database: Database, nowMs: number): Promise<void> {
  const users = await queryRows<{ id: string; has: boolean }>(
    database.db,
    sql`SELECT u.id::text AS id, EXISTS (SELECT 1 FROM messages m WHERE m.user_id = u.id) AS has
      FROM users u WHERE u.username = ${DEMO_USER.username}`,
  );
  const user = users[0];
  if (user === undefined || user.has) return;
  const account = DEMO_USER.username;
  const base = { userId: user.id, pool: 'btc', account };
  await database.db.transaction(async (tx) => {
    await postMessage(tx, {
      ...base,
      type: 'setting_update',
      textKey: 'setting',
      params: { setting: 'payMethod' },
      nowMs: nowMs - 26 * 3_600_000,
    });
    await postMessage(tx, {
      ...base,
      type: 'hashrate_alert',
      textKey: 'hashrateLow',
      params: { account, pool: 'btc', hashrate: '61.20 TH/s', threshold: '80.00 TH/s' },
      nowMs: nowMs - 3 * 3_600_000,
    });
    await postMessage(tx, {
      ...base,
      type: 'miner_offline',
      textKey: 'offline',
      params: { account, pool: 'btc', count: '1', workers: 'rig03' },
      nowMs: nowMs - 20 * 60_000,
    });
  });
}
