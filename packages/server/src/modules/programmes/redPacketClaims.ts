/**
 * Receiving and activating red packets (spec sections 3, 4, 5 and 6). A signed-in user receives
 * a packet (`inactive`) through a link (the packet's or its campaign's), activates it on one of
 * their mining accounts before the campaign's deadline (`activated`, else `invalid`), and from
 * then on earns each UTC day (`redPacketJob.ts`).
 *
 * Decisions the spec leaves open:
 * - One packet per user and campaign: a second claim answers 409 `redPacketAlreadyReceived`.
 * - A claim when every packet is taken answers 409 `redPacketsGone`; a claim of a disabled
 *   campaign, or after its activation deadline, 409 `redPacketClosed`.
 * - The body's email must equal the account's bound email (400 naming `email`, the spec's
 *   mismatch message); a packet reserved for a receiving email goes to that email only.
 * - Activating again with another account switches where later days' income goes (the main
 *   account can be switched to, spec section 6).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { iso, isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { utcDay } from '../../engine/settlement';
import { execute, queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { type PacketAnswer, readUserPacket } from './receivedRedPackets';
import { DAY_MS, packetNotFound } from './shared';

/** The spec's message for a receiving email that is not the account's bound email. */
export const EMAIL_MISMATCH_MESSAGE = 'The email does not match the email bound to your account';

/** The public view of a red-packet link. */
export type PublicCampaignAnswer = AnswerOf<'redPacketCampaign'>;

interface LinkRow extends Record<string, unknown> {
  campaign_id: string;
  name: string;
  coin: string;
  hashrate: unknown;
  duration_days: unknown;
  deadline_ms: unknown;
  campaign_status: string;
  /** Set when the link is a packet's. */
  packet_row_id: string | null;
  packet_status: string | null;
  receiving_email: string | null;
}

/** Resolves a link id: a packet's own, or its campaign's. */
async function resolveLink(executor: SqlExecutor, code: string, lock = false): Promise<LinkRow> {
  const [row] = await queryRows<LinkRow>(
    executor,
    sql`SELECT c.id::text AS campaign_id, c.name, c.coin, c.hashrate::float8 AS hashrate,
          c.duration_days, (extract(epoch from c.activation_deadline) * 1000)::float8 AS deadline_ms,
          c.status AS campaign_status, p.id::text AS packet_row_id, p.status AS packet_status,
          p.receiving_email
        FROM red_packet_campaigns c
        LEFT JOIN red_packets p ON p.campaign_id = c.id AND p.code = ${code}
        WHERE c.code = ${code} OR p.code IS NOT NULL
        LIMIT 1
        ${lock ? sql`FOR SHARE OF c` : sql``}`,
  );
  if (row === undefined) packetNotFound('packet_id');
  return row;
}

/** The public view of a red-packet link; `userId` is the caller when signed in. */
export async function readPublicCampaign(
  executor: SqlExecutor,
  code: string,
  userId: string | null,
  nowMs: number,
): Promise<PublicCampaignAnswer> {
  const link = await resolveLink(executor, code);
  const [counts] = await queryRows<{ remaining: unknown; received: unknown }>(
    executor,
    sql`SELECT count(*) FILTER (WHERE status = 'unclaimed' AND receiving_email IS NULL)::int AS remaining,
          count(*) FILTER (WHERE user_id IS NOT DISTINCT FROM ${userId}::bigint AND ${userId}::bigint IS NOT NULL)::int
            AS received
        FROM red_packets WHERE campaign_id = ${link.campaign_id}::bigint`,
  );
  const deadlineMs = toNumber(link.deadline_ms);
  const running = link.campaign_status === 'active' && nowMs <= deadlineMs;
  const remaining =
    link.packet_row_id === null
      ? toNumber(counts?.remaining)
      : link.packet_status === 'unclaimed'
        ? 1
        : 0;
  return {
    packet_id: code,
    name: link.name,
    coin: link.coin as CoinId,
    hashrate: toNumber(link.hashrate),
    duration_days: toNumber(link.duration_days),
    remaining,
    ends_at: isoSeconds(deadlineMs),
    received: toNumber(counts?.received) > 0,
    open: running && remaining > 0,
    reserved: link.packet_row_id !== null && link.receiving_email !== null,
  };
}

/** Attempts at a campaign link when every free packet is locked by claims in flight. */
const CLAIM_ATTEMPTS = 50;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Receives a red packet through a link (a packet's or its campaign's) for a signed-in user. The
 * email must be the account's bound email (and a reserved packet's receiving email). Safe under
 * concurrency: a packet is taken by a conditional update; a campaign link takes the first free
 * packet nobody else is taking (`SKIP LOCKED`), and one packet per user and campaign is a
 * unique index. Errors: see the module's decisions.
 */
export async function receivePacket(
  database: Database,
  input: {
    readonly userId: string;
    readonly code: string;
    readonly email: string;
    readonly nowMs: number;
  },
): Promise<PacketAnswer> {
  const { userId, code, nowMs } = input;
  const email = input.email.trim().toLowerCase();
  const [user] = await queryRows<{ email: string | null }>(
    database.db,
    sql`SELECT email FROM users WHERE id = ${userId}::bigint`,
  );
  if (user?.email === null || user?.email === undefined || user.email.toLowerCase() !== email) {
    refuseField('email', EMAIL_MISMATCH_MESSAGE);
  }
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await database.db
      .transaction(async (tx) => {
        const link = await resolveLink(tx, code, true);
        if (link.campaign_status !== 'active' || nowMs > toNumber(link.deadline_ms)) {
          throw new HttpError(
            409,
            ERROR_CODES.redPacketClosed,
            'This red packet campaign has ended',
          );
        }
        const [mine] = await queryRows<{ id: string }>(
          tx,
          sql`SELECT id::text AS id FROM red_packets
              WHERE campaign_id = ${link.campaign_id}::bigint AND user_id = ${userId}::bigint`,
        );
        if (mine !== undefined) {
          throw new HttpError(
            409,
            ERROR_CODES.redPacketAlreadyReceived,
            'You have already received a red packet of this campaign',
          );
        }
        if (
          link.packet_row_id !== null &&
          link.receiving_email !== null &&
          link.receiving_email !== email
        ) {
          refuseField('email', EMAIL_MISMATCH_MESSAGE);
        }
        const target =
          link.packet_row_id === null
            ? sql`(SELECT id FROM red_packets WHERE campaign_id = ${link.campaign_id}::bigint
                    AND status = 'unclaimed' AND receiving_email IS NULL
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`
            : sql`${link.packet_row_id}::bigint`;
        const [taken] = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE red_packets SET user_id = ${userId}::bigint, received_at = ${iso(nowMs)}::timestamptz,
                status = 'inactive'
              WHERE id = ${target} AND status = 'unclaimed' RETURNING id::text AS id`,
        );
        if (taken !== undefined) return readUserPacket(tx, userId, taken.id);
        if (link.packet_row_id !== null) return 'gone' as const;
        // Free packets may be locked by claims still in flight: gone only when none is left.
        const [left] = await queryRows<{ left: unknown }>(
          tx,
          sql`SELECT count(*)::int AS left FROM red_packets WHERE campaign_id = ${link.campaign_id}::bigint
                AND status = 'unclaimed' AND receiving_email IS NULL`,
        );
        return toNumber(left?.left) > 0 ? ('busy' as const) : ('gone' as const);
      })
      .catch((error: unknown) => {
        // Two claims of the same user racing: the unique index decides.
        if (isUniqueViolation(error)) {
          throw new HttpError(
            409,
            ERROR_CODES.redPacketAlreadyReceived,
            'You have already received a red packet of this campaign',
          );
        }
        throw error;
      });
    if (outcome === 'gone' || (outcome === 'busy' && attempt >= CLAIM_ATTEMPTS)) {
      throw new HttpError(409, ERROR_CODES.redPacketsGone, 'All red packets have been received');
    }
    if (outcome !== 'busy') return outcome;
    await sleep(10 + randomInt(20));
  }
}

/**
 * Activates a received packet on one of the user's mining accounts (400 naming `account` for
 * another's). An activated packet given another account switches where later income goes. 409
 * `redPacketClosed` when the deadline has passed or the packet is invalid or expired.
 */
export async function activatePacket(
  database: Database,
  input: {
    readonly userId: string;
    readonly id: string;
    readonly account: string;
    readonly nowMs: number;
  },
): Promise<PacketAnswer> {
  const { userId, id, nowMs } = input;
  await readUserPacket(database.db, userId, id);
  return database.db.transaction(async (tx) => {
    const [account] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM mining_accounts
          WHERE user_id = ${userId}::bigint AND name = ${input.account}`,
    );
    if (account === undefined) {
      refuseField('account', 'No such account of yours');
    }
    const [packet] = await queryRows<{
      status: string;
      deadline_ms: unknown;
      duration_days: unknown;
    }>(
      tx,
      sql`SELECT p.status, (extract(epoch from c.activation_deadline) * 1000)::float8 AS deadline_ms,
            c.duration_days
          FROM red_packets p JOIN red_packet_campaigns c ON c.id = p.campaign_id
          WHERE p.id = ${id}::bigint FOR UPDATE OF p`,
    );
    if (packet === undefined) packetNotFound('id');
    if (packet.status === 'activated') {
      await execute(
        tx,
        sql`UPDATE red_packets SET account_id = ${account.id}::bigint WHERE id = ${id}::bigint`,
      );
      return readUserPacket(tx, userId, id);
    }
    if (packet.status !== 'inactive' || nowMs > toNumber(packet.deadline_ms)) {
      throw new HttpError(
        409,
        ERROR_CODES.redPacketClosed,
        packet.status === 'expired'
          ? 'This red packet has expired'
          : 'This red packet can no longer be activated',
      );
    }
    const endsMs = nowMs + toNumber(packet.duration_days) * DAY_MS;
    await execute(
      tx,
      sql`UPDATE red_packets SET status = 'activated', account_id = ${account.id}::bigint,
            activated_at = ${iso(nowMs)}::timestamptz, ends_at = ${iso(endsMs)}::timestamptz,
            credited_until = ${utcDay(nowMs)}::date
          WHERE id = ${id}::bigint`,
    );
    return readUserPacket(tx, userId, id);
  });
}
