import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { queryRows } from '../engine/sql';
import { grantOperator } from '../modules/admin/operators';

/** Makes the registered user `username` an operator (granted by nobody) as of `nowMs`. */
export async function makeOperator(
  database: Database,
  username: string,
  nowMs: number,
): Promise<void> {
  const [user] = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id::text AS id FROM users WHERE username = ${username}`,
  );
  if (user === undefined) throw new Error(`no user ${username} to make an operator`);
  await grantOperator(database.db, user.id, null, nowMs);
}
