/**
 * The receiver's red packets (spec sections 3 and 5): the packets a user received, one packet,
 * and a packet's credited days.
 */
import { sql } from 'drizzle-orm';
import type { AnswerOf } from '../../contract';
import { readPage } from '../../db/readPage';
import { isoSeconds } from '../../db/sql';
import type { Page, PageQuery } from '../../domain/paging';
import {
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
} from '../../engine/sql';
import { packetNotFound, packetTerms } from './shared';

/** A packet the user received. */
export type PacketAnswer = AnswerOf<'redPacket'>;

/** A received packet's state. */
export type PacketStatus = PacketAnswer['status'];

/** One day of a packet's income. */
export type PacketIncomeAnswer = AnswerOf<'redPacketProfits'>['list'][number];

const packetColumns = sql`p.id::text AS id, p.code, c.name, c.coin, c.hashrate::float8 AS hashrate,
  c.duration_days, (extract(epoch from c.activation_deadline) * 1000)::float8 AS deadline_ms,
  p.status, a.name AS account, (extract(epoch from p.activated_at) * 1000)::float8 AS activated_ms,
  (extract(epoch from p.ends_at) * 1000)::float8 AS ends_ms, p.total_profit::text AS total_profit,
  (extract(epoch from p.received_at) * 1000)::float8 AS received_ms`;

interface PacketRow extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  coin: string;
  hashrate: unknown;
  duration_days: unknown;
  deadline_ms: unknown;
  status: string;
  account: string | null;
  activated_ms: unknown;
  ends_ms: unknown;
  total_profit: unknown;
  received_ms: unknown;
}

function packetAnswer(row: PacketRow): PacketAnswer {
  const activated = toNullableNumber(row.activated_ms);
  const ends = toNullableNumber(row.ends_ms);
  return {
    ...packetTerms(row),
    activation_deadline: isoSeconds(toNumber(row.deadline_ms)),
    status: row.status as PacketStatus,
    account: row.account,
    activated_at: activated === null ? null : isoSeconds(activated),
    ends_at: ends === null ? null : isoSeconds(ends),
    total_profit: toDecimalString(row.total_profit),
    received_at: isoSeconds(toNumber(row.received_ms)),
  };
}

/** One of the user's packets; 404 naming `id` for another's or none. */
export async function readUserPacket(
  executor: SqlExecutor,
  userId: string,
  id: string,
): Promise<PacketAnswer> {
  if (!/^\d{1,18}$/.test(id)) packetNotFound('id');
  const [row] = await queryRows<PacketRow>(
    executor,
    sql`SELECT ${packetColumns} FROM red_packets p
        JOIN red_packet_campaigns c ON c.id = p.campaign_id
        LEFT JOIN mining_accounts a ON a.id = p.account_id
        WHERE p.id = ${id}::bigint AND p.user_id = ${userId}::bigint`,
  );
  if (row === undefined) packetNotFound('id');
  return packetAnswer(row);
}

/** The user's packets, newest first, optionally of one state. */
export async function readUserPackets(
  executor: SqlExecutor,
  userId: string,
  query: PageQuery & { readonly status?: PacketStatus | undefined },
): Promise<Page<PacketAnswer>> {
  const status = query.status === undefined ? sql`` : sql`AND p.status = ${query.status}`;
  return readPage(
    executor,
    query,
    {
      count: sql`SELECT count(*)::int AS total FROM red_packets p WHERE p.user_id = ${userId}::bigint ${status}`,
      rows: sql`SELECT ${packetColumns} FROM red_packets p
        JOIN red_packet_campaigns c ON c.id = p.campaign_id
        LEFT JOIN mining_accounts a ON a.id = p.account_id
        WHERE p.user_id = ${userId}::bigint ${status}
        ORDER BY p.received_at DESC, p.id DESC`,
    },
    packetAnswer,
  );
}

/** A packet's credited days, newest first. */
export async function readPacketIncome(
  executor: SqlExecutor,
  userId: string,
  id: string,
  query: PageQuery,
): Promise<Page<PacketIncomeAnswer>> {
  await readUserPacket(executor, userId, id);
  return readPage(
    executor,
    query,
    {
      count: sql`SELECT count(*)::int AS total FROM red_packet_income WHERE packet_id = ${id}::bigint`,
      rows: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, hashrate::float8 AS hashrate, amount::text AS amount
        FROM red_packet_income WHERE packet_id = ${id}::bigint
        ORDER BY day DESC`,
    },
    (row: { day: string; hashrate: unknown; amount: unknown }) => ({
      date: row.day,
      hashrate: toNumber(row.hashrate),
      amount: toDecimalString(row.amount),
    }),
  );
}
