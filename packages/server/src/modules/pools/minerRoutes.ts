import { ERROR_CODES, endpoints, minerStatus } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import type { PoolDefinition } from '../../engine/poolCatalog';
import { queryRows, type SqlExecutor, toNullableNumber, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import {
  type AccountRef,
  notFoundError,
  requireAccount,
  requireAccountById,
  requireAccountPool,
  requirePool,
} from './access';
import { readMinerWindows, readProfitTotals } from './minerQueries';
import { readPayMethod } from './payMethods';
import {
  isoTime,
  isoTimeOrNull,
  readSeries,
  readWorker,
  readWorkerPage,
  toWorkerRow,
} from './queries';
import { forgetWorkerCounts, readWorkerCounts, statusCondition } from './workerCounts';

interface GroupRow extends Record<string, unknown> {
  id: unknown;
  pool: string;
  account_id: unknown;
  name: string;
  created_at: unknown;
  worker_count: unknown;
  active_count: unknown;
}

async function readGroups(
  db: SqlExecutor,
  nowMs: number,
  filter: { pool: string; accountId: number } | { id: string },
): Promise<GroupRow[]> {
  const where =
    'id' in filter
      ? sql`g.id = ${filter.id}::bigint`
      : sql`g.pool = ${filter.pool} AND g.account_id = ${filter.accountId}`;
  return queryRows<GroupRow>(
    db,
    sql`SELECT g.id::text AS id, g.pool, g.account_id, g.name, g.created_at,
        count(w.id)::int AS worker_count,
        count(w.id) FILTER (WHERE ${statusCondition('active', nowMs)})::int AS active_count
      FROM worker_groups g
      LEFT JOIN workers w ON w.group_id = g.id AND NOT w.hidden
      WHERE ${where}
      GROUP BY g.id ORDER BY g.id`,
  );
}

function toGroup(row: GroupRow) {
  const created =
    row.created_at instanceof Date ? row.created_at.getTime() : Date.parse(String(row.created_at));
  return {
    id: String(row.id),
    name: row.name,
    worker_count: toNumber(row.worker_count),
    active_count: toNumber(row.active_count),
    created_at: isoTime(created),
  };
}

/** Loads a group by id and checks the caller may use its account. 404 otherwise. */
async function requireGroup(
  context: Parameters<typeof requireAccount>[0],
  id: string,
  field: string,
): Promise<{ row: GroupRow; account: AccountRef }> {
  if (!/^\d{1,18}$/.test(id)) throw notFoundError(field, 'No such group');
  const rows = await readGroups(context.database.db, context.clock.now(), { id });
  const row = rows[0];
  if (row === undefined) throw notFoundError(field, 'No such group');
  const account = await requireAccountById(context, toNumber(row.account_id), field);
  return { row, account };
}

function groupNameTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, 'name: A group with this name already exists', {
    fields: [{ field: 'name', message: 'A group with this name already exists' }],
  });
}

/** Checks that a target group belongs to the same account and pool. */
async function requireTargetGroup(
  db: SqlExecutor,
  groupId: string,
  pool: PoolDefinition,
  account: AccountRef,
  field: string,
): Promise<string> {
  if (!/^\d{1,18}$/.test(groupId)) throw notFoundError(field, 'No such group');
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`SELECT id FROM worker_groups WHERE id = ${groupId}::bigint AND pool = ${pool.name}
      AND account_id = ${account.id}`,
  );
  if (rows.length === 0) throw notFoundError(field, 'No such group');
  return groupId;
}

/** Registers the family-B account, worker and group calls (alert settings: modules/notifications). */
export function registerMinerRoutes(app: FastifyInstance): void {
  registerEndpoint(
    app,
    endpoints.accountStats,
    async ({ params }, context) => {
      const pool = requireAccountPool(params.pool);
      const account = await requireAccount(context, params.account);
      const now = context.clock.now();
      const db = context.database.db;
      const windows = await readMinerWindows(db, pool, account.name);
      const counts = await readWorkerCounts(db, pool, account.name, now);
      const totals = await readProfitTotals(db, pool, account.name, now);
      const payMethod = await readPayMethod(db, pool, account, now);
      return {
        pool: pool.name,
        account: account.name,
        accept_15m: windows.accept_15m,
        accept_1h: windows.accept_1h,
        accept_24h: windows.accept_24h,
        reject_rate: windows.reject_rate,
        workers: {
          active: counts.active,
          inactive: counts.inactive,
          dead: counts.dead,
          total: counts.total,
        },
        balance: totals.balance,
        today_estimated: totals.today_estimated,
        yesterday_profit: totals.yesterday_profit,
        pay_method: payMethod.pay_method,
      };
    },
    { hotRead: 'principal' },
  );
  registerEndpoint(
    app,
    endpoints.accountHashrates,
    async ({ params, query }, context) => {
      const pool = requireAccountPool(params.pool);
      const account = await requireAccount(context, params.account);
      return readSeries(
        context.database.db,
        { pool, miner: account.name, workerId: 0 },
        query.interval,
        query.range,
        context.clock.now(),
      );
    },
    { hotRead: 'principal' },
  );
  registerEndpoint(
    app,
    endpoints.accountWorkers,
    async ({ params, query }, context) => {
      const pool = requireAccountPool(params.pool);
      const account = await requireAccount(context, params.account);
      return readWorkerPage(context.database.db, pool, account.name, query, context.clock.now());
    },
    { hotRead: 'principal' },
  );
  registerEndpoint(app, endpoints.deleteWorkers, async ({ params, body }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    // Only inactive or dead workers leave the list; an active one is skipped (it would come
    // back with its next share anyway). A removed worker reappears on its next share.
    const activeSince = context.clock.now() - 15 * 60_000;
    const rows = await queryRows<{ id: unknown }>(
      context.database.db,
      sql`UPDATE workers SET hidden = true, group_id = NULL
        WHERE pool = ${pool.name} AND miner = ${account.name} AND NOT hidden
          AND name IN (${sql.join(
            body.workers.map((name) => sql`${name}`),
            sql`, `,
          )})
          AND (last_share_ms IS NULL OR last_share_ms < ${activeSince}::bigint)
        RETURNING id`,
    );
    if (rows.length > 0) await forgetWorkerCounts(context.database.db, pool, account.name);
    return { count: rows.length };
  });
  registerEndpoint(app, endpoints.workerStats, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const counts = await readWorkerCounts(
      context.database.db,
      pool,
      account.name,
      context.clock.now(),
      query.group_id,
    );
    return {
      active: counts.active,
      inactive: counts.inactive,
      dead: counts.dead,
      total: counts.total,
    };
  });
  registerEndpoint(app, endpoints.worker, async ({ params }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const now = context.clock.now();
    const row = await readWorker(context.database.db, pool, account.name, params.miner);
    if (row === undefined) throw notFoundError('miner', 'No such worker');
    const shares = await queryRows<{ accepted: unknown; rejected: unknown }>(
      context.database.db,
      sql`SELECT COALESCE(sum(acc_count), 0)::int AS accepted, COALESCE(sum(rej_count), 0)::int AS rejected
        FROM share_minutes WHERE worker_id = ${toNumber(row.id)}
          AND minute_ms >= ${now - 86_400_000}::bigint`,
    );
    const base = toWorkerRow(pool, row, now);
    const status = minerStatus(toNullableNumber(row.last_share_ms), now);
    return {
      ...base,
      first_share_time: isoTimeOrNull(toNullableNumber(row.first_share_ms)),
      shares_24h: {
        accepted: toNumber(shares[0]?.accepted),
        rejected: toNumber(shares[0]?.rejected),
      },
      difficulty: status === 'active' ? toNullableNumber(row.last_difficulty) : null,
      last_ip: row.last_ip === null ? null : row.last_ip.slice(0, 45),
    };
  });
  registerEndpoint(
    app,
    endpoints.workerHashrates,
    async ({ params, query }, context) => {
      const pool = requireAccountPool(params.pool);
      const account = await requireAccount(context, params.account);
      const row = await readWorker(context.database.db, pool, account.name, params.miner);
      if (row === undefined) throw notFoundError('miner', 'No such worker');
      return readSeries(
        context.database.db,
        { pool, miner: account.name, workerId: toNumber(row.id) },
        query.interval,
        query.range,
        context.clock.now(),
      );
    },
    { hotRead: 'principal' },
  );
  registerEndpoint(app, endpoints.moveWorkers, async ({ params, body }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, body.account);
    const db = context.database.db;
    const groupId =
      body.group_id === null
        ? null
        : await requireTargetGroup(db, body.group_id, pool, account, 'group_id');
    const rows = await queryRows<{ id: unknown }>(
      db,
      sql`UPDATE workers SET group_id = ${groupId}::bigint
        WHERE pool = ${pool.name} AND miner = ${account.name} AND NOT hidden
          AND name IN (${sql.join(
            body.workers.map((name) => sql`${name}`),
            sql`, `,
          )})
        RETURNING id`,
    );
    return { count: rows.length };
  });
  registerEndpoint(app, endpoints.createWorkerGroup, async ({ params, body }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, body.account);
    const db = context.database.db;
    const created = await queryRows<{ id: unknown }>(
      db,
      sql`INSERT INTO worker_groups (pool, account_id, name, created_at)
        VALUES (${pool.name}, ${account.id}, ${body.name}, ${new Date(context.clock.now()).toISOString()}::timestamptz)
        ON CONFLICT (pool, account_id, name) DO NOTHING RETURNING id::text AS id`,
    );
    const id = created[0]?.id;
    if (id === undefined) throw groupNameTaken();
    const rows = await readGroups(db, context.clock.now(), { id: String(id) });
    const row = rows[0];
    if (row === undefined) throw notFoundError('id', 'No such group');
    return toGroup(row);
  });
  registerEndpoint(app, endpoints.renameWorkerGroup, async ({ params, body }, context) => {
    const { row } = await requireGroup(context, params.id, 'id');
    const db = context.database.db;
    try {
      await queryRows(
        db,
        sql`UPDATE worker_groups SET name = ${body.name} WHERE id = ${params.id}::bigint`,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw groupNameTaken();
      throw error;
    }
    return toGroup({ ...row, name: body.name });
  });
  registerEndpoint(app, endpoints.deleteWorkerGroup, async ({ params, body }, context) => {
    const { row, account } = await requireGroup(context, params.id, 'id');
    const pool = requirePool(row.pool);
    const target =
      body.move_to_group_id === null
        ? null
        : await requireTargetGroup(
            context.database.db,
            body.move_to_group_id,
            pool,
            account,
            'move_to_group_id',
          );
    if (target === params.id) throw notFoundError('move_to_group_id', 'No such group');
    await context.database.db.transaction(async (tx) => {
      await queryRows(
        tx,
        sql`UPDATE workers SET group_id = ${target}::bigint WHERE group_id = ${params.id}::bigint`,
      );
      await queryRows(tx, sql`DELETE FROM worker_groups WHERE id = ${params.id}::bigint`);
    });
    return null;
  });
  registerEndpoint(app, endpoints.workerGroups, async ({ params }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const rows = await readGroups(context.database.db, context.clock.now(), {
      pool: pool.name,
      accountId: account.id,
    });
    return { list: rows.map(toGroup) };
  });
}
