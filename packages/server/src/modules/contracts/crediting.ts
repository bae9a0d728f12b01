/**
 * The contract orders' days (spec sections 4 and 9): a paid order starts on its effective date
 * (T+n UTC days after payment), each mining day is credited once through the ledger (reference
 * `contract:<order id>:<day>`), and after its last day the order is finished. Run by the
 * module's minute job.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { PoolDefinition } from '../../engine/poolCatalog';
import { utcDay } from '../../engine/settlement';
import { queryRows, toNumber } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { inLedgerTransaction } from '../wallet/ledger';
import { move } from '../wallet/postings';
import { transferDecimals } from '../wallet/transfer';
import { contractDayOutput } from './output';
import { addDays, contractPool } from './shared';

/** What one {@link advanceOrders} pass did. */
export interface AdvanceOutcome {
  readonly started: number;
  readonly credited: number;
  readonly finished: number;
}

/** Days credited per pass at most (a long outage catches up over the next minutes). */
const DAYS_PER_PASS = 500;

/** One mining day of an `effect` order still to credit, with the order's terms. */
interface DueDay extends Record<string, unknown> {
  id: string;
  day: string;
  coin: string;
  account_id: string;
  quantity: unknown;
  unit_hashrate: unknown;
  electricity_fee: string;
  management_fee_percent: string;
}

/**
 * The closed days of `effect` orders not credited yet, oldest first (at most
 * {@link DAYS_PER_PASS}): those the pool has settled, and those before `yesterday` that no
 * settlement covers (nobody mined).
 */
async function dueDays(database: Database, yesterday: string): Promise<DueDay[]> {
  return queryRows<DueDay>(
    database.db,
    sql`SELECT o.id::text AS id, to_char(d.day, 'YYYY-MM-DD') AS day, o.coin,
          o.account_id::text AS account_id, o.quantity, o.unit_hashrate,
          o.electricity_fee::text AS electricity_fee,
          o.management_fee_percent::text AS management_fee_percent
        FROM contract_orders o
        CROSS JOIN LATERAL generate_series(o.effective_date,
          LEAST(o.end_date - 1, ${yesterday}::date), interval '1 day') AS d(day)
        WHERE o.status = 'effect'
          AND NOT EXISTS (SELECT 1 FROM contract_order_days x
            WHERE x.order_id = o.id AND x.day = d.day::date)
          AND (d.day::date < ${yesterday}::date OR EXISTS (SELECT 1 FROM settlements s
            WHERE s.pool = o.coin AND s.day = d.day::date))
        ORDER BY d.day, o.id LIMIT ${DAYS_PER_PASS}`,
  );
}

/**
 * Credits one mining day in one transaction: the `contract_order_days` row (primary key order
 * + day) and, when the net is above 0, the ledger record from the pool's `contract_payouts` to
 * the order's account. Resolves `false` when the day was credited already.
 */
async function creditDay(
  database: Database,
  due: DueDay,
  pool: PoolDefinition,
  unitOutput: string,
  nowMs: number,
): Promise<boolean> {
  const quantity = toNumber(due.quantity);
  const unitHashrate = toNumber(due.unit_hashrate);
  const output = contractDayOutput({
    unitOutput,
    poolUnitHashrate: pool.params.unitHashrate,
    unitHashrate,
    quantity,
    electricityFeePerUnit: due.electricity_fee,
    managementFeePercent: due.management_fee_percent,
    decimals: transferDecimals(pool.coin),
  });
  return inLedgerTransaction(database, async (tx) => {
    const inserted = await queryRows<{ order_id: string }>(
      tx,
      sql`INSERT INTO contract_order_days (order_id, day, power, unit_output, gross,
            electricity_fee, management_fee, net, shortfall)
          VALUES (${due.id}::bigint, ${due.day}::date, ${unitHashrate * quantity},
            ${unitOutput}::numeric, ${output.gross}::numeric, ${output.electricityFee}::numeric,
            ${output.managementFee}::numeric, ${output.net}::numeric,
            ${output.shortfall}::numeric)
          ON CONFLICT (order_id, day) DO NOTHING RETURNING order_id::text AS order_id`,
    );
    if (inserted.length === 0) return false;
    if (new Big(output.net).gt(0)) {
      const posted = await move(
        tx,
        {
          from: { system: 'contract_payouts' },
          to: { account: due.account_id },
          coin: pool.coin,
          amount: output.net,
          reason: {
            type: 'contract',
            reference: `contract:${due.id}:${due.day}`,
            miningDay: due.day,
            note: `Contract order ${due.id}`,
          },
        },
        nowMs,
      );
      if (posted.posted) {
        await queryRows(
          tx,
          sql`UPDATE contract_order_days SET ledger_transaction_id = ${posted.id}::bigint
              WHERE order_id = ${due.id}::bigint AND day = ${due.day}::date RETURNING day`,
        );
      }
    }
    return true;
  });
}

/**
 * Moves orders along the clock and credits their mining days:
 *
 * 1. `pending` orders whose effective date has come turn `effect`.
 * 2. Each closed mining day of an `effect` order that is not credited yet is credited once
 *    the pool has settled that day (its PPS+ unit output is then final), or, for a day no
 *    settlement ever covers (nobody mined), once the day after it has closed too. Each day is
 *    one transaction: a `contract_order_days` row (primary key order + day) and, when the net
 *    is above 0, a ledger record `contract:<order id>:<day>` from the pool's
 *    `contract_payouts` to the order's account; a second run finds the row and does nothing.
 * 3. `effect` orders whose every day is credited turn `finish`.
 */
export async function advanceOrders(database: Database, nowMs: number): Promise<AdvanceOutcome> {
  const today = utcDay(nowMs);
  const yesterday = addDays(today, -1);
  const started = await queryRows<{ id: string }>(
    database.db,
    sql`UPDATE contract_orders SET status = 'effect'
        WHERE status = 'pending' AND effective_date <= ${today}::date RETURNING id::text AS id`,
  );
  const unitOutputs = new Map<string, string>();
  let credited = 0;
  for (const due of await dueDays(database, yesterday)) {
    const pool = contractPool(due.coin);
    if (pool === undefined) continue;
    const key = `${pool.name}:${due.day}`;
    let unitOutput = unitOutputs.get(key);
    if (unitOutput === undefined) {
      unitOutput = await ppsUnitOutput(database.db, pool, due.day);
      unitOutputs.set(key, unitOutput);
    }
    if (await creditDay(database, due, pool, unitOutput, nowMs)) credited += 1;
  }
  const finished = await queryRows<{ id: string }>(
    database.db,
    sql`UPDATE contract_orders o SET status = 'finish'
        WHERE o.status = 'effect' AND o.end_date <= ${today}::date
          AND (SELECT count(*) FROM contract_order_days d WHERE d.order_id = o.id)
            >= o.duration_days
        RETURNING o.id::text AS id`,
  );
  return { started: started.length, credited, finished: finished.length };
}
