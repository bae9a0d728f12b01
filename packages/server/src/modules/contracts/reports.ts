/**
 * What users read about their contracts' output (spec section 4): an order's mining days with
 * their totals, and the dashboard per coin.
 */
import { sql } from 'drizzle-orm';
import type { CoinId } from '../../contract';
import { offsetOf, type PageQuery } from '../../domain/paging';
import { utcDay } from '../../engine/settlement';
import { queryRows, type SqlExecutor, toDecimalString, toNumber } from '../../engine/sql';
import { readOrderRow } from './orders';
import { DAY_MS } from './shared';

/** An order's mining days, newest first, with its totals. */
export async function readOrderProfits(
  executor: SqlExecutor,
  userId: string,
  orderId: string,
  query: PageQuery,
) {
  await readOrderRow(executor, orderId, userId);
  const [totals] = await queryRows<{ total: unknown; amount: string; net: string }>(
    executor,
    sql`SELECT count(*)::int AS total, COALESCE(sum(gross), 0)::text AS amount,
          COALESCE(sum(net), 0)::text AS net
        FROM contract_order_days WHERE order_id = ${orderId}::bigint`,
  );
  const rows = await queryRows<{
    day: string;
    power: unknown;
    gross: string;
    electricity_fee: string;
    management_fee: string;
    net: string;
  }>(
    executor,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, power, gross::text AS gross,
          electricity_fee::text AS electricity_fee, management_fee::text AS management_fee,
          net::text AS net
        FROM contract_order_days WHERE order_id = ${orderId}::bigint ORDER BY day DESC
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  return {
    list: rows.map((row) => ({
      date: row.day,
      power: toNumber(row.power),
      amount: toDecimalString(row.gross),
      electricity_fee: toDecimalString(row.electricity_fee),
      management_fee: toDecimalString(row.management_fee),
      net_amount: toDecimalString(row.net),
    })),
    total: toNumber(totals?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
    total_amount: toDecimalString(totals?.amount ?? '0'),
    total_net_amount: toDecimalString(totals?.net ?? '0'),
  };
}

/** The user's contracts per coin: active orders and hashrate, yesterday's and total output. */
export async function readDashboard(executor: SqlExecutor, userId: string, nowMs: number) {
  const yesterday = utcDay(nowMs - DAY_MS);
  const rows = await queryRows<{
    coin: string;
    active: unknown;
    power: unknown;
    yesterday: string;
    total: string;
  }>(
    executor,
    sql`SELECT o.coin,
          count(*) FILTER (WHERE o.status = 'effect')::int AS active,
          COALESCE(sum(o.unit_hashrate * o.quantity) FILTER (WHERE o.status = 'effect'), 0)
            AS power,
          COALESCE(sum((SELECT sum(d.net) FROM contract_order_days d
            WHERE d.order_id = o.id AND d.day = ${yesterday}::date)), 0)::text AS yesterday,
          COALESCE(sum((SELECT sum(d.net) FROM contract_order_days d
            WHERE d.order_id = o.id)), 0)::text AS total
        FROM contract_orders o
        WHERE o.user_id = ${userId}::bigint AND o.status IN ('pending', 'effect', 'finish')
        GROUP BY o.coin ORDER BY o.coin`,
  );
  return {
    list: rows.map((row) => ({
      coin: row.coin as CoinId,
      active_orders: toNumber(row.active),
      power: toNumber(row.power),
      yesterday_net_amount: toDecimalString(row.yesterday),
      total_net_amount: toDecimalString(row.total),
    })),
  };
}
