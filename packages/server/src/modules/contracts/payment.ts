/**
 * Paying a contract order from the wallet of the mining account it was placed for (spec
 * section 3). Payment by transfer goes through evidence and review instead (`evidence.ts`,
 * `review.ts`).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { badField } from '../../domain/errors';
import { queryRows, toDecimalString } from '../../engine/sql';
import { inLedgerTransaction } from '../wallet/ledger';
import { move } from '../wallet/postings';
import {
  type CertificateUrl,
  effectiveDays,
  type OrderAnswer,
  readOrder,
  readOrderRow,
} from './orders';

/**
 * Pays an `unpaid` order from its account's wallet: in one ledger transaction the order turns
 * `pending` (its effective date set, T+n from today) and the pay amount moves from the
 * account to the pool's `contract_sales` (reference `contract-pay:<order id>`). The pay
 * password is checked by the caller first. 400 naming `order_id` when the order is not
 * unpaid (or its 2 hours are over), code 40007 naming `pay_amount` when the balance is short.
 */
export async function payOrderFromWallet(
  database: Database,
  input: {
    readonly userId: string;
    readonly orderId: string;
    readonly certificateUrl: CertificateUrl;
    readonly nowMs: number;
  },
): Promise<OrderAnswer> {
  const { nowMs } = input;
  await readOrderRow(database.db, input.orderId, input.userId);
  await inLedgerTransaction(database, async (tx) => {
    const [order] = await queryRows<{
      id: string;
      account_id: string;
      coin: string;
      pay_amount: string;
    }>(
      tx,
      sql`UPDATE contract_orders SET status = 'pending', pay_method = 'wallet',
            paid_at = ${iso(nowMs)}::timestamptz, ${effectiveDays(nowMs)}
          WHERE id = ${input.orderId}::bigint AND user_id = ${input.userId}::bigint
            AND status = 'unpaid' AND pay_deadline > ${iso(nowMs)}::timestamptz
          RETURNING id::text AS id, account_id::text AS account_id, coin,
            pay_amount::text AS pay_amount`,
    );
    if (order === undefined) badField('order_id', 'This order is not waiting for payment');
    const amount = toDecimalString(order.pay_amount);
    const posted = await move(
      tx,
      {
        from: { account: order.account_id },
        to: { system: 'contract_sales' },
        coin: order.coin,
        amount,
        reason: {
          type: 'contract',
          reference: `contract-pay:${order.id}`,
          initiatorUserId: input.userId,
          note: `Contract order ${order.id}`,
        },
      },
      nowMs,
      { field: 'pay_amount' },
    );
    if (!posted.posted) throw new Error('The payment was not posted');
    await queryRows(
      tx,
      sql`UPDATE contract_orders SET ledger_transaction_id = ${posted.id}::bigint
          WHERE id = ${order.id}::bigint RETURNING id`,
    );
  });
  return readOrder(database.db, input.userId, input.orderId, input.certificateUrl, nowMs);
}
