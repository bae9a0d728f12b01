import { endpoints, subtractDecimal } from '@poolkit/core';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  POOLS,
  type PoolDefinition,
  PPS_PLUS_FEE_PERCENT,
  SOLO_FEE_PERCENT,
} from '../../engine/poolCatalog';
import { dayStartMs } from '../../engine/settlement';
import { queryRows, type SqlExecutor, toDecimalString, toNumber } from '../../engine/sql';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notFoundError, requireAccount, requireAccountPool } from './access';
import { dailyRange, readProfitPage, readProfitRows, readProfitTotals } from './minerQueries';
import { changePayMethod, readPayMethod } from './payMethods';
import { isoTime } from './queries';

const DAY_MS = 86_400_000;

interface SoloRow {
  height: number;
  block_hash: string;
  time: string;
  reward: string;
  fee: string;
  amount: string;
  status: 'pending' | 'confirmed' | 'orphaned';
}

/** SOLO income: blocks the account found in SOLO mode, less the 0.5 % fee (NUMERIC maths). */
async function readSoloRows(
  db: SqlExecutor,
  pool: PoolDefinition,
  account: string,
  range: { start_date?: string | undefined; end_date?: string | undefined },
  page?: { page: number; page_size: number },
): Promise<{ rows: SoloRow[]; total: number }> {
  const conditions: SQL[] = [sql`b.pool = ${pool.name}`, sql`b.finder = ${account}`, sql`b.solo`];
  if (range.start_date !== undefined) {
    conditions.push(sql`b.found_ms >= ${dayStartMs(range.start_date)}::bigint`);
  }
  if (range.end_date !== undefined) {
    conditions.push(sql`b.found_ms < ${dayStartMs(range.end_date) + DAY_MS}::bigint`);
  }
  const where = sql.join(conditions, sql` AND `);
  const height = await queryRows<{ height: unknown }>(
    db,
    sql`SELECT height::float8 AS height FROM pool_network WHERE pool = ${pool.name}`,
  );
  const current = toNumber(height[0]?.height);
  const limit =
    page === undefined
      ? sql``
      : sql`LIMIT ${page.page_size} OFFSET ${(page.page - 1) * page.page_size}`;
  const totalRows = await queryRows<{ total: unknown }>(
    db,
    sql`SELECT count(*)::int AS total FROM blocks b WHERE ${where}`,
  );
  const decimals = pool.info.chainDecimals;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT b.height::float8 AS height, b.hash, b.found_ms::float8 AS found_ms, b.orphaned, b.reward,
        trunc(b.reward * ${SOLO_FEE_PERCENT}::numeric / 100, ${decimals}::int) AS fee
      FROM blocks b WHERE ${where} ORDER BY b.found_ms DESC, b.id DESC ${limit}`,
  );
  return {
    total: toNumber(totalRows[0]?.total),
    rows: rows.map((row) => {
      const reward = toDecimalString(row.reward);
      const fee = toDecimalString(row.fee);
      const blockHeight = toNumber(row.height);
      return {
        height: blockHeight,
        block_hash: String(row.hash),
        time: isoTime(toNumber(row.found_ms)),
        reward,
        fee,
        amount: subtractDecimal(reward, fee),
        status: row.orphaned
          ? 'orphaned'
          : current - blockHeight >= pool.params.requiredConfirmations
            ? 'confirmed'
            : 'pending',
      };
    }),
  };
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Registers profits, the profit export, fee rates and the pay method. */
export function registerProfitRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.profitStats, async ({ params }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const now = context.clock.now();
    const totals = await readProfitTotals(context.database.db, pool, account.name, now);
    const payMethod = await readPayMethod(context.database.db, pool, account, now);
    return { ...totals, pay_method: payMethod.pay_method, min_payout: pool.minPayout };
  });
  registerEndpoint(app, endpoints.profits, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    return readProfitPage(context.database.db, pool, account.name, query);
  });
  registerEndpoint(app, endpoints.soloProfits, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const { rows, total } = await readSoloRows(
      context.database.db,
      pool,
      account.name,
      query,
      query,
    );
    return { list: rows, total, page: query.page, page_size: query.page_size };
  });
  registerEndpoint(app, endpoints.profitHashrates, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const days = dailyRange(query.range, context.clock.now());
    const { rows } = await readProfitRows(context.database.db, pool, account.name, {
      start_date: days[0],
      end_date: days[days.length - 1],
    });
    const byDay = new Map(rows.map((row) => [row.date, row.hashrate]));
    return {
      points: days.map((day) => ({ time: dayStartMs(day), hashrate: byDay.get(day) ?? 0 })),
    };
  });
  registerEndpoint(app, endpoints.unitProfits, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const days = dailyRange(query.range, context.clock.now());
    const first = days[0] ?? '';
    const last = days[days.length - 1] ?? '';
    const unit = pool.params.unitHashrate;
    // amount × unit / hashrate, where hashrate = Σ difficulty × hashes per difficulty / 86 400.
    const rows = await queryRows<{ day: string; amount: unknown }>(
      context.database.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day,
          CASE WHEN diff > 0 THEN trunc(amount * ${unit}::numeric * 86400
            / (diff::numeric * ${pool.params.hashesPerDifficulty}::numeric), ${pool.info.chainDecimals}::int)
          ELSE 0 END AS amount
        FROM profit_days WHERE pool = ${pool.name} AND miner = ${account.name}
          AND day >= ${first}::date AND day <= ${last}::date`,
    );
    const byDay = new Map(rows.map((row) => [row.day, toDecimalString(row.amount)]));
    return {
      unit_hashrate: unit,
      points: days.map((day) => ({ time: dayStartMs(day), amount: byDay.get(day) ?? '0' })),
    };
  });
  registerEndpoint(app, endpoints.exportProfits, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const lines: string[] = [];
    if (query.kind === 'solo') {
      const { rows } = await readSoloRows(context.database.db, pool, account.name, query);
      lines.push('height,block_hash,time,reward,fee,amount,status');
      for (const row of rows) {
        lines.push(
          [row.height, row.block_hash, row.time, row.reward, row.fee, row.amount, row.status]
            .map(csvField)
            .join(','),
        );
      }
    } else {
      const { rows } = await readProfitRows(context.database.db, pool, account.name, query);
      lines.push('date,hashrate_hs,pps_amount,pplns_amount,fee,amount,status');
      for (const row of rows) {
        lines.push(
          [
            row.date,
            row.hashrate,
            row.pps_amount,
            row.pplns_amount,
            row.fee,
            row.amount,
            row.status,
          ]
            .map(csvField)
            .join(','),
        );
      }
    }
    context.reply.header(
      'content-disposition',
      `attachment; filename="${pool.name}-${account.name}-${query.kind}-${query.start_date}-${query.end_date}.csv"`,
    );
    return `${lines.join('\n')}\n`;
  });
  registerEndpoint(app, endpoints.feeRates, async ({ params, query }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    const now = context.clock.now();
    const days = dailyRange(query.range, now);
    // A day's row keeps its pay method and the rate charged (lower while a coupon was in use).
    const rows = await queryRows<{ day: string; pay_method: string; fee_percent: unknown }>(
      context.database.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, pay_method, fee_percent FROM profit_days
          WHERE pool = ${pool.name} AND miner = ${account.name}
            AND day >= ${days[0]}::date AND day <= ${days[days.length - 1]}::date`,
    );
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const current = (await readPayMethod(context.database.db, pool, account, now)).pay_method;
    return {
      list: [...days].reverse().map((day) => {
        const row = byDay.get(day);
        const method = row === undefined ? current : row.pay_method === 'SOLO' ? 'SOLO' : 'PPS+';
        const base = method === 'SOLO' ? SOLO_FEE_PERCENT : PPS_PLUS_FEE_PERCENT;
        const charged = row === undefined ? base : toDecimalString(row.fee_percent);
        return {
          date: day,
          pay_method: method,
          base_fee_percent: base,
          coupon_reduction_percent: subtractDecimal(base, charged),
          fee_percent: charged,
        };
      }),
    };
  });
  registerEndpoint(app, endpoints.payMethods, async ({ params, query }, context) => {
    const account = await requireAccount(context, params.account);
    const now = context.clock.now();
    const pools =
      query.pool === undefined
        ? [...POOLS.values()].filter((pool) => !pool.addressMining)
        : [requireAccountPool(query.pool)];
    const list = [];
    for (const pool of pools)
      list.push(await readPayMethod(context.database.db, pool, account, now));
    return { list };
  });
  registerEndpoint(app, endpoints.updatePayMethod, async ({ params, body }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    if (!pool.payoutModels.includes(body.pay_method)) {
      throw notFoundError('pay_method', 'Not offered by this pool');
    }
    return changePayMethod(
      context.database.db,
      pool,
      account,
      body.pay_method,
      context.clock.now(),
    );
  });
}
