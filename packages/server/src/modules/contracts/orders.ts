/**
 * Contract orders (spec sections 3-5 and 9): reading them, placing one, and ending an unpaid
 * one.
 *
 * An order takes its units from the product's inventory in the one `UPDATE` that checks them
 * (`inventory >= quantity`), so concurrent purchases queue on the product's row and never
 * oversell. It is `unpaid` until paid from the wallet (→ `pending` at once, `payment.ts`) or
 * until evidence of a transfer is uploaded (→ `review`, `evidence.ts`; then the operator
 * approves → `pending` or rejects → `reject`, `review.ts`). An order still `unpaid` 2 hours
 * after it was made is `cancelled` by the minute job, as is one the user cancels; both give the
 * units back. From its effective date (T+n UTC days after payment) it is `effect` and each
 * mining day is credited once through the ledger; after its last day it is `finish`
 * (`crediting.ts`).
 *
 * Amounts are in the product's coin: price, pay amount, electricity fee and output.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { type AnswerOf, type CoinId, type ContractOrderStatus, ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { badField, notFound } from '../../domain/errors';
import { offsetOf, type Page, type PageQuery } from '../../domain/paging';
import { dayStartMs, utcDay } from '../../engine/settlement';
import { queryRows, type SqlExecutor, toDecimalString, toNumber } from '../../engine/sql';
import { estimateDayEarnings } from './estimates';
import { type ProductRow, productColumns } from './products';
import { ID_PATTERN } from './shared';

/** Spec section 9: unpaid orders cancel after 2 h. */
export const PAY_WINDOW_MS = 2 * 3_600_000;

/**
 * The link to one evidence file of an order. The caller (the route, which knows the address
 * the client reached) builds it; the domain knows only the ids.
 */
export type CertificateUrl = (orderId: string, certificateId: string) => string;

/** An order. */
export type OrderAnswer = AnswerOf<'contractOrder'>;

/** The columns of an order row (`contract_orders o`, joined as {@link orderFrom}). */
export const orderColumns = sql`o.id::text AS id, o.user_id::text AS user_id, o.batch,
  o.product_id::text AS product_id, o.product_name, a.name AS account, o.coin, o.miner,
  o.quantity, o.unit_hashrate, o.status, o.pay_method,
  (extract(epoch from o.created_at) * 1000)::float8 AS created_ms, o.pay_amount::text AS pay_amount,
  o.pay_address, (extract(epoch from o.pay_deadline) * 1000)::float8 AS deadline_ms,
  to_char(o.effective_date, 'YYYY-MM-DD') AS effective_date,
  to_char(o.end_date, 'YYYY-MM-DD') AS end_date, o.electricity_fee::text AS electricity_fee,
  o.management_fee_percent::text AS management_fee_percent, o.reject_reason,
  u.username,
  (SELECT COALESCE(sum(d.net), 0)::text FROM contract_order_days d WHERE d.order_id = o.id)
    AS actual_earnings,
  (SELECT COALESCE(sum(d.management_fee), 0)::text FROM contract_order_days d
    WHERE d.order_id = o.id) AS management_fee_total,
  (SELECT COALESCE(array_agg(c.id::text ORDER BY c.id), '{}') FROM contract_certificates c
    WHERE c.order_id = o.id) AS certificate_ids`;
/** An order with its mining account and its user. */
export const orderFrom = sql`contract_orders o JOIN mining_accounts a ON a.id = o.account_id
  JOIN users u ON u.id = o.user_id`;

/** An order as {@link orderColumns} selects it. */
export interface OrderRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  batch: string;
  product_id: string;
  product_name: string;
  account: string;
  coin: string;
  miner: string;
  quantity: unknown;
  unit_hashrate: unknown;
  status: ContractOrderStatus;
  pay_method: 'wallet' | 'transfer' | null;
  created_ms: unknown;
  pay_amount: string;
  pay_address: string;
  deadline_ms: unknown;
  effective_date: string | null;
  end_date: string | null;
  electricity_fee: string;
  management_fee_percent: string;
  reject_reason: string | null;
  username: string;
  actual_earnings: string;
  management_fee_total: string;
  certificate_ids: unknown;
}

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',');
  }
  return [];
}

/** An order row as the contract answers it, with its estimated day earnings. */
export async function orderAnswer(
  executor: SqlExecutor,
  row: OrderRow,
  certificateUrl: CertificateUrl,
  nowMs: number,
  cache: Map<string, string>,
): Promise<OrderAnswer> {
  const quantity = toNumber(row.quantity);
  const unitHashrate = toNumber(row.unit_hashrate);
  const electricityPerUnit = new Big(row.electricity_fee);
  return {
    id: row.id,
    batch: row.batch,
    product_id: row.product_id,
    product_name: row.product_name,
    account: row.account,
    coin: row.coin as CoinId,
    miner: row.miner,
    quantity,
    power: unitHashrate * quantity,
    status: row.status,
    pay_method: row.pay_method,
    created_at: isoSeconds(toNumber(row.created_ms)),
    pay_amount: toDecimalString(row.pay_amount),
    currency: row.coin.toUpperCase(),
    pay_address: row.pay_address,
    pay_deadline: isoSeconds(toNumber(row.deadline_ms)),
    payment_certificates: idsOf(row.certificate_ids).map((certificate) =>
      certificateUrl(row.id, certificate),
    ),
    effective_date: row.effective_date,
    end_time: row.end_date === null ? null : isoSeconds(dayStartMs(row.end_date)),
    electricity_fee: electricityPerUnit.times(quantity).toFixed(),
    management_fee_percent: toDecimalString(row.management_fee_percent),
    management_fee: toDecimalString(row.management_fee_total),
    estimated_earnings: await estimateDayEarnings(
      executor,
      row.coin,
      {
        unitHashrate,
        quantity,
        electricityFee: row.electricity_fee,
        managementFeePercent: row.management_fee_percent,
      },
      nowMs,
      cache,
    ),
    actual_earnings: toDecimalString(row.actual_earnings),
    reject_reason: row.reject_reason,
  };
}

/**
 * One order's row, of `userId` or of anyone (`null`, operators); 404 naming `order_id` when
 * there is no such order (or it is someone else's).
 */
export async function readOrderRow(
  executor: SqlExecutor,
  orderId: string,
  userId: string | null,
): Promise<OrderRow> {
  if (!ID_PATTERN.test(orderId)) notFound('order_id', 'No such order');
  const owner = userId === null ? sql`` : sql`AND o.user_id = ${userId}::bigint`;
  const [row] = await queryRows<OrderRow>(
    executor,
    sql`SELECT ${orderColumns} FROM ${orderFrom} WHERE o.id = ${orderId}::bigint ${owner}`,
  );
  if (row === undefined) notFound('order_id', 'No such order');
  return row;
}

/** One of the user's orders; 404 naming `order_id` for anyone else's. */
export async function readOrder(
  executor: SqlExecutor,
  userId: string,
  orderId: string,
  certificateUrl: CertificateUrl,
  nowMs: number,
): Promise<OrderAnswer> {
  return orderAnswer(
    executor,
    await readOrderRow(executor, orderId, userId),
    certificateUrl,
    nowMs,
    new Map(),
  );
}

/** The user's orders, newest first, optionally of one state. */
export async function readOrders(
  executor: SqlExecutor,
  userId: string,
  query: PageQuery & { readonly status?: ContractOrderStatus | undefined },
  certificateUrl: CertificateUrl,
  nowMs: number,
): Promise<Page<OrderAnswer>> {
  const status = query.status === undefined ? sql`` : sql`AND o.status = ${query.status}`;
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM contract_orders o
        WHERE o.user_id = ${userId}::bigint ${status}`,
  );
  const rows = await queryRows<OrderRow>(
    executor,
    sql`SELECT ${orderColumns} FROM ${orderFrom} WHERE o.user_id = ${userId}::bigint ${status}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  const cache = new Map<string, string>();
  const list: OrderAnswer[] = [];
  for (const row of rows) list.push(await orderAnswer(executor, row, certificateUrl, nowMs, cache));
  return {
    list,
    total: toNumber(counted?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** The batch of an order: the product's production batch of the order's day. */
function batchOf(productId: string, nowMs: number): string {
  return `B${utcDay(nowMs).replaceAll('-', '')}-${productId}`;
}

/**
 * Places an order: takes `quantity` units of the product in one conditional `UPDATE` (400
 * naming `quantity` when fewer are left, `product_id` when it is unknown or off sale) and
 * inserts the `unpaid` order with its pay deadline (now + 2 h) in the same transaction.
 */
export async function createOrder(
  database: Database,
  input: {
    readonly userId: string;
    readonly productId: string;
    readonly account: string;
    readonly quantity: number;
    readonly certificateUrl: CertificateUrl;
    readonly nowMs: number;
  },
): Promise<OrderAnswer> {
  const { nowMs } = input;
  if (!ID_PATTERN.test(input.productId)) badField('product_id', 'No such product');
  const [account] = await queryRows<{ id: string; status: string }>(
    database.db,
    sql`SELECT id::text AS id, status FROM mining_accounts
        WHERE lower(name) = lower(${input.account}) AND user_id = ${input.userId}::bigint`,
  );
  if (account === undefined) badField('account', 'No such mining account of yours');
  if (account.status !== 'normal') badField('account', 'This account cannot buy contracts');
  const orderId = await database.db.transaction(async (tx) => {
    const [product] = await queryRows<ProductRow>(
      tx,
      sql`UPDATE contract_products AS p SET inventory = p.inventory - ${input.quantity}
          WHERE p.id = ${input.productId}::bigint AND p.on_sale AND p.inventory >= ${input.quantity}
          RETURNING ${productColumns}`,
    );
    if (product === undefined) {
      const [exists] = await queryRows<{ inventory: unknown }>(
        tx,
        sql`SELECT inventory FROM contract_products
            WHERE id = ${input.productId}::bigint AND on_sale`,
      );
      if (exists === undefined) badField('product_id', 'No such product on sale');
      badField(
        'quantity',
        `Only ${toNumber(exists.inventory)} units are left`,
        ERROR_CODES.validation,
      );
    }
    const payAmount = new Big(product.price).times(input.quantity).toFixed();
    const [order] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO contract_orders (user_id, account_id, product_id, batch, coin, miner,
            product_name, quantity, unit_hashrate, pay_amount, electricity_fee,
            management_fee_percent, duration_days, effective_delay_days, pay_address, status,
            created_at, pay_deadline)
          VALUES (${input.userId}::bigint, ${account.id}::bigint, ${product.id}::bigint,
            ${batchOf(product.id, nowMs)}, ${product.coin}, ${product.miner}, ${product.name},
            ${input.quantity}, ${toNumber(product.unit_hashrate)}, ${payAmount}::numeric,
            ${product.electricity_fee}::numeric, ${product.management_fee_percent}::numeric,
            ${toNumber(product.duration_days)}, ${toNumber(product.effective_delay_days)},
            ${product.pay_address}, 'unpaid', ${iso(nowMs)}::timestamptz,
            ${iso(nowMs + PAY_WINDOW_MS)}::timestamptz)
          RETURNING id::text AS id`,
    );
    if (order === undefined) throw new Error('The new order was not returned');
    return order.id;
  });
  return readOrder(database.db, input.userId, orderId, input.certificateUrl, nowMs);
}

/** Gives the units of cancelled or rejected orders back to their products. */
export async function releaseUnits(
  tx: SqlExecutor,
  orders: readonly { product_id: string; quantity: unknown }[],
): Promise<void> {
  const byProduct = new Map<string, number>();
  for (const order of orders) {
    byProduct.set(
      order.product_id,
      (byProduct.get(order.product_id) ?? 0) + toNumber(order.quantity),
    );
  }
  // Ascending ids: two releases lock the products in the same order.
  for (const [productId, quantity] of [...byProduct].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    await queryRows(
      tx,
      sql`UPDATE contract_products SET inventory = inventory + ${quantity}
          WHERE id = ${productId}::bigint RETURNING id`,
    );
  }
}

/** The user cancels an `unpaid` order (400 naming `order_id` otherwise); its units go back. */
export async function cancelOrder(
  database: Database,
  input: { userId: string; orderId: string; certificateUrl: CertificateUrl; nowMs: number },
): Promise<OrderAnswer> {
  await readOrderRow(database.db, input.orderId, input.userId);
  await database.db.transaction(async (tx) => {
    const cancelled = await queryRows<{ product_id: string; quantity: unknown }>(
      tx,
      sql`UPDATE contract_orders SET status = 'cancelled', cancel_reason = 'user',
            cancelled_at = ${iso(input.nowMs)}::timestamptz
          WHERE id = ${input.orderId}::bigint AND user_id = ${input.userId}::bigint
            AND status = 'unpaid'
          RETURNING product_id::text AS product_id, quantity`,
    );
    if (cancelled.length === 0) badField('order_id', 'Only an unpaid order can be cancelled');
    await releaseUnits(tx, cancelled);
  });
  return readOrder(database.db, input.userId, input.orderId, input.certificateUrl, input.nowMs);
}

/**
 * Cancels every order still `unpaid` at its deadline (made 2 hours ago) and gives its units
 * back, in one transaction. The conditional `UPDATE` makes each cancellation happen once even
 * if two runs overlap. Returns the ids cancelled.
 */
export async function cancelExpiredOrders(database: Database, nowMs: number): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    const cancelled = await queryRows<{ id: string; product_id: string; quantity: unknown }>(
      tx,
      sql`UPDATE contract_orders SET status = 'cancelled', cancel_reason = 'timeout',
            cancelled_at = ${iso(nowMs)}::timestamptz
          WHERE status = 'unpaid' AND pay_deadline <= ${iso(nowMs)}::timestamptz
          RETURNING id::text AS id, product_id::text AS product_id, quantity`,
    );
    await releaseUnits(tx, cancelled);
    return cancelled.map((row) => row.id);
  });
}

/** The SQL that sets an order's mining days from the day it is paid (T+n). */
export function effectiveDays(nowMs: number) {
  const today = utcDay(nowMs);
  return sql`effective_date = ${today}::date + effective_delay_days,
    end_date = ${today}::date + effective_delay_days + duration_days`;
}
