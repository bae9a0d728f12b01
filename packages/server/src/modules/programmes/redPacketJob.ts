/**
 * The red packets' minute job (spec sections 4 and 5): packets not activated by their deadline
 * become `invalid`; an activated packet earns each UTC day its hashrate × the pool's PPS+ output
 * of a unit of hashrate (`engine/unitOutput.ts`) for the part of the day it ran, credited
 * through the ledger; at the end of its duration it is `expired`.
 *
 * Decision the spec leaves open: the day of activation earns pro rata from the activation time;
 * so does the last day.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { findPool } from '../../engine/poolCatalog';
import { dayStartMs, utcDay } from '../../engine/settlement';
import { execute, queryRows, toDecimalString, toNumber } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { move } from '../wallet/postings';
import { DAY_MS } from './shared';

/** The ledger reference of a packet's income of a day: what makes it unique. */
export function redPacketReference(packetId: string, day: string): string {
  return `red_packet:${packetId}:${day}`;
}

/** What {@link advanceRedPackets} did. */
export interface RedPacketJobOutcome {
  readonly invalidated: number;
  readonly credited: number;
  readonly expired: number;
}

/**
 * The minute job: packets not activated by their deadline become `invalid`; every closed UTC
 * day a packet ran and whose pool has settled is credited (income row + ledger record in one
 * transaction, the packet row locked, the day's row and the ledger reference unique, so a
 * re-run or a second node never pays twice); packets past their end become `expired`.
 */
export async function advanceRedPackets(
  database: Database,
  nowMs: number,
): Promise<RedPacketJobOutcome> {
  const invalidated = await queryRows<{ id: string }>(
    database.db,
    sql`UPDATE red_packets p SET status = 'invalid' FROM red_packet_campaigns c
        WHERE c.id = p.campaign_id AND p.status = 'inactive'
          AND c.activation_deadline < ${iso(nowMs)}::timestamptz
        RETURNING p.id::text AS id`,
  );
  const today = utcDay(nowMs);
  const due = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id::text AS id FROM red_packets
        WHERE status IN ('activated', 'expired') AND credited_until < ${today}::date
          AND credited_until < ends_at
        ORDER BY id`,
  );
  let credited = 0;
  for (const { id } of due) credited += await creditPacket(database, id, nowMs);
  const expired = await queryRows<{ id: string }>(
    database.db,
    sql`UPDATE red_packets SET status = 'expired'
        WHERE status = 'activated' AND ends_at <= ${iso(nowMs)}::timestamptz
        RETURNING id::text AS id`,
  );
  return { invalidated: invalidated.length, credited, expired: expired.length };
}

/** Credits a packet's closed, settled days one by one; resolves how many it credited. */
async function creditPacket(database: Database, id: string, nowMs: number): Promise<number> {
  const today = utcDay(nowMs);
  let credited = 0;
  for (;;) {
    const done = await database.db.transaction(async (tx) => {
      const [packet] = await queryRows<{
        coin: string;
        hashrate: unknown;
        account_id: string;
        activated_ms: unknown;
        ends_ms: unknown;
        day: string;
      }>(
        tx,
        sql`SELECT c.coin, c.hashrate::text AS hashrate, p.account_id::text AS account_id,
              (extract(epoch from p.activated_at) * 1000)::float8 AS activated_ms,
              (extract(epoch from p.ends_at) * 1000)::float8 AS ends_ms,
              to_char(p.credited_until, 'YYYY-MM-DD') AS day
            FROM red_packets p JOIN red_packet_campaigns c ON c.id = p.campaign_id
            WHERE p.id = ${id}::bigint FOR UPDATE OF p`,
      );
      if (packet === undefined) return true;
      const { day } = packet;
      const fromMs = dayStartMs(day);
      const endsMs = toNumber(packet.ends_ms);
      if (day >= today || fromMs >= endsMs) return true;
      const pool = findPool(packet.coin);
      if (pool === undefined) return true;
      const [settled] = await queryRows<{ day: string }>(
        tx,
        sql`SELECT day::text AS day FROM settlements WHERE pool = ${pool.name} AND day = ${day}::date`,
      );
      if (settled === undefined) return true;
      const ranMs =
        Math.min(fromMs + DAY_MS, endsMs) - Math.max(fromMs, toNumber(packet.activated_ms));
      const share = new Big(Math.max(0, ranMs)).div(DAY_MS);
      const dayHashrate = new Big(toDecimalString(packet.hashrate)).times(share);
      const unit = await ppsUnitOutput(tx, pool, day);
      const amount = new Big(unit)
        .times(dayHashrate)
        .div(pool.params.unitHashrate)
        .round(pool.info.chainDecimals, Big.roundDown);
      let ledgerId: string | null = null;
      if (amount.gt(0)) {
        const posted = await move(
          tx,
          {
            from: { system: 'red_packet_grants' },
            to: { account: packet.account_id },
            coin: pool.coin,
            amount: amount.toFixed(),
            reason: { type: 'red_packet', reference: redPacketReference(id, day), miningDay: day },
          },
          nowMs,
        );
        if (!posted.posted) throw new Error(`Red packet ${id} was paid for ${day} already`);
        ledgerId = posted.id;
      }
      await execute(
        tx,
        sql`INSERT INTO red_packet_income (packet_id, day, hashrate, amount, ledger_transaction_id)
            VALUES (${id}::bigint, ${day}::date, ${dayHashrate.toFixed(6)}::numeric,
              ${amount.toFixed()}::numeric, ${ledgerId}::bigint)`,
      );
      await execute(
        tx,
        sql`UPDATE red_packets SET credited_until = credited_until + 1,
              total_profit = total_profit + ${amount.toFixed()}::numeric
            WHERE id = ${id}::bigint`,
      );
      credited += 1;
      return false;
    });
    if (done) return credited;
  }
}
