/**
 * The operator's side of contract orders (spec section 3): the order lists by state (the
 * review queue by default) and the review of transfer payments, approved or rejected, audited.
 */
import { sql } from 'drizzle-orm';
import type { AnswerOf, ContractOrderStatus } from '../../contract';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { badField } from '../../domain/errors';
import { offsetOf, type Page, type PageQuery } from '../../domain/paging';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { recordAudit } from '../admin/audit';
import {
  type CertificateUrl,
  effectiveDays,
  type OrderRow,
  orderAnswer,
  orderColumns,
  orderFrom,
  readOrderRow,
  releaseUnits,
} from './orders';

/** An order as operators see it: with its owner. */
export type AdminOrderAnswer = AnswerOf<'reviewContractOrder'>;

/** Orders of one state (operators), oldest first: the review queue by default. */
export async function readAdminOrders(
  executor: SqlExecutor,
  query: PageQuery & { readonly status: ContractOrderStatus },
  certificateUrl: CertificateUrl,
  nowMs: number,
): Promise<Page<AdminOrderAnswer>> {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM contract_orders o WHERE o.status = ${query.status}`,
  );
  const rows = await queryRows<OrderRow>(
    executor,
    sql`SELECT ${orderColumns} FROM ${orderFrom} WHERE o.status = ${query.status}
        ORDER BY o.created_at, o.id
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  const cache = new Map<string, string>();
  const list: AdminOrderAnswer[] = [];
  for (const row of rows) {
    list.push({
      ...(await orderAnswer(executor, row, certificateUrl, nowMs, cache)),
      username: row.username,
    });
  }
  return {
    list,
    total: toNumber(counted?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * An operator's review of an order in `review`: approve → `pending` (paid now; effective T+n
 * from today) or reject with a reason → `reject` (its units go back). Audited as
 * `contracts.order_approve` / `contracts.order_reject`. 400 naming `order_id` when the order
 * is not in review.
 */
export async function reviewOrder(
  database: Database,
  input: {
    readonly operatorId: string;
    readonly orderId: string;
    readonly decision: { decision: 'approve' } | { decision: 'reject'; reason: string };
    readonly ip: string | null;
    readonly certificateUrl: CertificateUrl;
    readonly nowMs: number;
  },
): Promise<AdminOrderAnswer> {
  const { nowMs, decision } = input;
  await readOrderRow(database.db, input.orderId, null);
  await database.db.transaction(async (tx) => {
    const reviewed = sql`reviewed_by = ${input.operatorId}::bigint,
      reviewed_at = ${iso(nowMs)}::timestamptz`;
    const rows = await queryRows<{ id: string; product_id: string; quantity: unknown }>(
      tx,
      decision.decision === 'approve'
        ? sql`UPDATE contract_orders SET status = 'pending', paid_at = ${iso(nowMs)}::timestamptz,
              ${effectiveDays(nowMs)}, ${reviewed}
            WHERE id = ${input.orderId}::bigint AND status = 'review'
            RETURNING id::text AS id, product_id::text AS product_id, quantity`
        : sql`UPDATE contract_orders SET status = 'reject', reject_reason = ${decision.reason},
              ${reviewed}
            WHERE id = ${input.orderId}::bigint AND status = 'review'
            RETURNING id::text AS id, product_id::text AS product_id, quantity`,
    );
    if (rows.length === 0) badField('order_id', 'This order is not waiting for review');
    if (decision.decision === 'reject') await releaseUnits(tx, rows);
    await recordAudit(tx, {
      actorId: input.operatorId,
      action:
        decision.decision === 'approve' ? 'contracts.order_approve' : 'contracts.order_reject',
      targetType: 'contract_order',
      targetId: input.orderId,
      details: decision.decision === 'approve' ? {} : { reason: decision.reason },
      ip: input.ip,
      nowMs,
    });
  });
  const row = await readOrderRow(database.db, input.orderId, null);
  return {
    ...(await orderAnswer(database.db, row, input.certificateUrl, nowMs, new Map())),
    username: row.username,
  };
}
