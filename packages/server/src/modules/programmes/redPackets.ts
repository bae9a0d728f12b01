/**
 * Hashrate red packets (spec sections 3, 4, 5 and 6). An operator's campaign gives `count`
 * packets of one hashrate of one coin; each packet has its own link id, the campaign has one
 * too (`/activity/red_packet/:packet_id` takes either). A signed-in user receives a packet
 * (`inactive`), activates it on one of their mining accounts before the campaign's deadline
 * (`activated`, else `invalid`), and from then on earns each UTC day the packet's hashrate ×
 * the pool's PPS+ output of a unit of hashrate (`engine/unitOutput.ts`) for the part of the day
 * it ran, credited through the ledger; at the end of its duration it is `expired`.
 *
 * Decisions the spec leaves open:
 * - One packet per user and campaign: a second claim answers 409 `redPacketAlreadyReceived`.
 * - A claim when every packet is taken answers 409 `redPacketsGone`; a claim of a disabled
 *   campaign, or after its activation deadline, 409 `redPacketClosed`.
 * - The body's email must equal the account's bound email (400 naming `email`, the spec's
 *   mismatch message); a packet reserved for a receiving email goes to that email only.
 * - Disabling a campaign stops receipts and turns its packets not yet activated `invalid`;
 *   activated packets keep earning (they were given).
 * - Activating again with another account switches where later days' income goes (the main
 *   account can be switched to, spec section 6).
 * - The day of activation earns pro rata from the activation time; so does the last day.
 */
import { randomInt } from 'node:crypto';
import type { CoinId } from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { findPool } from '../../engine/poolCatalog';
import { dayStartMs, utcDay } from '../../engine/settlement';
import {
  execute,
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
} from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { HttpError } from '../../http/httpError';
import { recordAudit } from '../admin/audit';
import { iso, isoSeconds } from '../identity/db';
import { move } from '../wallet/postings';

const DAY_MS = 86_400_000;

/** The spec's message for a receiving email that is not the account's bound email. */
export const EMAIL_MISMATCH_MESSAGE = 'The email does not match the email bound to your account';

/** A page of a list. */
export interface Page<T> {
  readonly list: T[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
}

/** Page and size of a list query. */
export interface PageQuery {
  readonly page: number;
  readonly page_size: number;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A link id: 12 characters without look-alikes (≈ 69 bits), not guessable. */
export function newLinkCode(length = 12): string {
  let code = '';
  for (let index = 0; index < length; index += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}

function fieldError(status: number, code: number, field: string, message: string): HttpError {
  return new HttpError(status, code, message, { fields: [{ field, message }] });
}

function notFound(field: string): HttpError {
  return fieldError(404, ERROR_CODES.notFound, field, 'No such red packet');
}

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

/** What an operator creates (core's `createRedPacketCampaignBodySchema`, parsed). */
export interface CampaignInput {
  readonly name: string;
  readonly coin: CoinId;
  readonly hashrate: number;
  readonly duration_days: number;
  readonly count: number;
  readonly activation_deadline: string;
  readonly receiving_emails?: readonly string[] | undefined;
}

/** A campaign as operators see it (core's `adminRedPacketCampaignSchema`). */
export interface CampaignAnswer {
  readonly id: string;
  readonly packet_id: string;
  readonly name: string;
  readonly coin: CoinId;
  readonly hashrate: number;
  readonly duration_days: number;
  readonly count: number;
  readonly received: number;
  readonly activated: number;
  readonly activation_deadline: string;
  readonly status: 'active' | 'disabled';
  readonly created_by: string;
  readonly created_at: string;
  readonly disabled_at: string | null;
}

const campaignColumns = sql`c.id::text AS id, c.code, c.name, c.coin, c.hashrate::float8 AS hashrate,
  c.duration_days, c.count,
  (SELECT count(*)::int FROM red_packets p WHERE p.campaign_id = c.id AND p.user_id IS NOT NULL)
    AS received,
  (SELECT count(*)::int FROM red_packets p WHERE p.campaign_id = c.id AND p.activated_at IS NOT NULL)
    AS activated,
  (extract(epoch from c.activation_deadline) * 1000)::float8 AS deadline_ms, c.status,
  u.username AS created_by, (extract(epoch from c.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from c.disabled_at) * 1000)::float8 AS disabled_ms`;

interface CampaignRow extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  coin: string;
  hashrate: unknown;
  duration_days: unknown;
  count: unknown;
  received: unknown;
  activated: unknown;
  deadline_ms: unknown;
  status: string;
  created_by: string;
  created_ms: unknown;
  disabled_ms: unknown;
}

function campaignAnswer(row: CampaignRow): CampaignAnswer {
  const disabled = toNullableNumber(row.disabled_ms);
  return {
    id: row.id,
    packet_id: row.code,
    name: row.name,
    coin: row.coin as CoinId,
    hashrate: toNumber(row.hashrate),
    duration_days: toNumber(row.duration_days),
    count: toNumber(row.count),
    received: toNumber(row.received),
    activated: toNumber(row.activated),
    activation_deadline: isoSeconds(toNumber(row.deadline_ms)),
    status: row.status === 'disabled' ? 'disabled' : 'active',
    created_by: row.created_by,
    created_at: isoSeconds(toNumber(row.created_ms)),
    disabled_at: disabled === null ? null : isoSeconds(disabled),
  };
}

async function readCampaign(executor: SqlExecutor, campaignId: string): Promise<CampaignAnswer> {
  if (!/^\d{1,18}$/.test(campaignId)) {
    throw fieldError(404, ERROR_CODES.notFound, 'campaign_id', 'No such campaign');
  }
  const [row] = await queryRows<CampaignRow>(
    executor,
    sql`SELECT ${campaignColumns} FROM red_packet_campaigns c JOIN users u ON u.id = c.created_by
        WHERE c.id = ${campaignId}::bigint`,
  );
  if (row === undefined) {
    throw fieldError(404, ERROR_CODES.notFound, 'campaign_id', 'No such campaign');
  }
  return campaignAnswer(row);
}

/**
 * Creates a campaign with its packets and its audit entry (`red_packets.create`) in one
 * transaction. 400 naming `activation_deadline` when it is not later than now, `coin` for a
 * coin no account pool mines, `receiving_emails` when there are more emails than packets.
 */
export async function createCampaign(
  database: Database,
  input: {
    readonly operatorId: string;
    readonly campaign: CampaignInput;
    readonly ip: string | null;
    readonly nowMs: number;
  },
): Promise<CampaignAnswer> {
  const { campaign, nowMs } = input;
  if (!(Date.parse(campaign.activation_deadline) > nowMs)) {
    throw fieldError(
      400,
      ERROR_CODES.validation,
      'activation_deadline',
      'The activation deadline must be later than now',
    );
  }
  const pool = findPool(campaign.coin);
  if (pool === undefined || pool.addressMining) {
    throw fieldError(400, ERROR_CODES.validation, 'coin', 'No account pool mines this coin');
  }
  const emails = (campaign.receiving_emails ?? []).map((email) => email.trim().toLowerCase());
  if (emails.length > campaign.count) {
    throw fieldError(
      400,
      ERROR_CODES.validation,
      'receiving_emails',
      'There are more receiving emails than packets',
    );
  }
  return database.db.transaction(async (tx) => {
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO red_packet_campaigns (code, name, coin, hashrate, duration_days, count,
            activation_deadline, created_by, created_at)
          VALUES (${newLinkCode()}, ${campaign.name}, ${campaign.coin}, ${String(campaign.hashrate)}::numeric,
            ${campaign.duration_days}, ${campaign.count}, ${campaign.activation_deadline}::timestamptz,
            ${input.operatorId}::bigint, ${iso(nowMs)}::timestamptz)
          RETURNING id::text AS id`,
    );
    if (created === undefined) throw new Error('The new campaign was not returned');
    const codes = Array.from({ length: campaign.count }, () => newLinkCode());
    const reserved = Array.from({ length: campaign.count }, (_, index) => emails[index] ?? null);
    await execute(
      tx,
      sql`INSERT INTO red_packets (campaign_id, code, receiving_email)
          SELECT ${created.id}::bigint, code, email
          FROM unnest(${sql.param(codes)}::text[], ${sql.param(reserved)}::text[])
            WITH ORDINALITY AS p(code, email, n) ORDER BY n`,
    );
    await recordAudit(tx, {
      actorId: input.operatorId,
      action: 'red_packets.create',
      targetType: 'red_packet_campaign',
      targetId: created.id,
      details: {
        name: campaign.name,
        coin: campaign.coin,
        hashrate: campaign.hashrate,
        duration_days: campaign.duration_days,
        count: campaign.count,
        activation_deadline: isoSeconds(Date.parse(campaign.activation_deadline)),
        reserved: emails.length,
      },
      ip: input.ip,
      nowMs,
    });
    return readCampaign(tx, created.id);
  });
}

/**
 * Disables a campaign (audited as `red_packets.disable`): no more receipts; its packets not yet
 * activated become `invalid`. Disabling a disabled campaign changes nothing and is not audited.
 */
export async function disableCampaign(
  database: Database,
  input: {
    readonly operatorId: string;
    readonly campaignId: string;
    readonly ip: string | null;
    readonly nowMs: number;
  },
): Promise<CampaignAnswer> {
  await readCampaign(database.db, input.campaignId);
  return database.db.transaction(async (tx) => {
    const changed = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE red_packet_campaigns SET status = 'disabled', disabled_at = ${iso(input.nowMs)}::timestamptz
          WHERE id = ${input.campaignId}::bigint AND status = 'active' RETURNING id::text AS id`,
    );
    if (changed.length > 0) {
      const invalidated = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE red_packets SET status = 'invalid'
            WHERE campaign_id = ${input.campaignId}::bigint AND status = 'inactive'
            RETURNING id::text AS id`,
      );
      await recordAudit(tx, {
        actorId: input.operatorId,
        action: 'red_packets.disable',
        targetType: 'red_packet_campaign',
        targetId: input.campaignId,
        details: { invalidated: invalidated.length },
        ip: input.ip,
        nowMs: input.nowMs,
      });
    }
    return readCampaign(tx, input.campaignId);
  });
}

/** The campaigns, newest first. */
export async function readCampaigns(
  executor: SqlExecutor,
  query: PageQuery,
): Promise<Page<CampaignAnswer>> {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM red_packet_campaigns`,
  );
  const rows = await queryRows<CampaignRow>(
    executor,
    sql`SELECT ${campaignColumns} FROM red_packet_campaigns c JOIN users u ON u.id = c.created_by
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map(campaignAnswer),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** A packet as operators see it (core's `adminRedPacketSchema`). */
export interface AdminPacketAnswer {
  readonly packet_id: string;
  readonly receiving_email: string | null;
  readonly status: 'unclaimed' | PacketStatus;
  readonly received_by: string | null;
  readonly received_at: string | null;
  readonly account: string | null;
  readonly total_profit: string;
}

/** A campaign's packets in the order they were made. */
export async function readCampaignPackets(
  executor: SqlExecutor,
  campaignId: string,
  query: PageQuery,
): Promise<Page<AdminPacketAnswer>> {
  const campaign = await readCampaign(executor, campaignId);
  const rows = await queryRows<{
    code: string;
    receiving_email: string | null;
    status: string;
    received_by: string | null;
    received_ms: unknown;
    account: string | null;
    total_profit: unknown;
  }>(
    executor,
    sql`SELECT p.code, p.receiving_email, p.status, u.username AS received_by,
          (extract(epoch from p.received_at) * 1000)::float8 AS received_ms, a.name AS account,
          p.total_profit::text AS total_profit
        FROM red_packets p
        LEFT JOIN users u ON u.id = p.user_id
        LEFT JOIN mining_accounts a ON a.id = p.account_id
        WHERE p.campaign_id = ${campaignId}::bigint
        ORDER BY p.id
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map((row) => {
      const received = toNullableNumber(row.received_ms);
      return {
        packet_id: row.code,
        receiving_email: row.receiving_email,
        status: row.status as AdminPacketAnswer['status'],
        received_by: row.received_by,
        received_at: received === null ? null : isoSeconds(received),
        account: row.account,
        total_profit: toDecimalString(row.total_profit),
      };
    }),
    total: campaign.count,
    page: query.page,
    page_size: query.page_size,
  };
}

// ---------------------------------------------------------------------------------------------
// Public page and receiving
// ---------------------------------------------------------------------------------------------

/** A received packet's state. */
export type PacketStatus = 'inactive' | 'activated' | 'expired' | 'invalid';

/** The public view of a link (core's `redPacketCampaignSchema`). */
export interface PublicCampaignAnswer {
  readonly packet_id: string;
  readonly name: string;
  readonly coin: CoinId;
  readonly hashrate: number;
  readonly duration_days: number;
  readonly remaining: number;
  readonly ends_at: string;
  readonly received: boolean;
  readonly open: boolean;
  readonly reserved: boolean;
}

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
  if (row === undefined) throw notFound('packet_id');
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

/** A received packet (core's `redPacketSchema`). */
export interface PacketAnswer {
  readonly id: string;
  readonly packet_id: string;
  readonly name: string;
  readonly coin: CoinId;
  readonly hashrate: number;
  readonly duration_days: number;
  readonly activation_deadline: string;
  readonly status: PacketStatus;
  readonly account: string | null;
  readonly activated_at: string | null;
  readonly ends_at: string | null;
  readonly total_profit: string;
  readonly received_at: string;
}

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
    id: row.id,
    packet_id: row.code,
    name: row.name,
    coin: row.coin as CoinId,
    hashrate: toNumber(row.hashrate),
    duration_days: toNumber(row.duration_days),
    activation_deadline: isoSeconds(toNumber(row.deadline_ms)),
    status: row.status as PacketStatus,
    account: row.account,
    activated_at: activated === null ? null : isoSeconds(activated),
    ends_at: ends === null ? null : isoSeconds(ends),
    total_profit: toDecimalString(row.total_profit),
    received_at: isoSeconds(toNumber(row.received_ms)),
  };
}

async function readPacket(
  executor: SqlExecutor,
  userId: string,
  id: string,
): Promise<PacketAnswer> {
  if (!/^\d{1,18}$/.test(id)) throw notFound('id');
  const [row] = await queryRows<PacketRow>(
    executor,
    sql`SELECT ${packetColumns} FROM red_packets p
        JOIN red_packet_campaigns c ON c.id = p.campaign_id
        LEFT JOIN mining_accounts a ON a.id = p.account_id
        WHERE p.id = ${id}::bigint AND p.user_id = ${userId}::bigint`,
  );
  if (row === undefined) throw notFound('id');
  return packetAnswer(row);
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
    throw fieldError(400, ERROR_CODES.validation, 'email', EMAIL_MISMATCH_MESSAGE);
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
          throw fieldError(400, ERROR_CODES.validation, 'email', EMAIL_MISMATCH_MESSAGE);
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
        if (taken !== undefined) return readPacket(tx, userId, taken.id);
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

// ---------------------------------------------------------------------------------------------
// The receiver's packets
// ---------------------------------------------------------------------------------------------

/** The user's packets, newest first, optionally of one state. */
export async function readUserPackets(
  executor: SqlExecutor,
  userId: string,
  query: PageQuery & { readonly status?: PacketStatus | undefined },
): Promise<Page<PacketAnswer>> {
  const status = query.status === undefined ? sql`` : sql`AND p.status = ${query.status}`;
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM red_packets p WHERE p.user_id = ${userId}::bigint ${status}`,
  );
  const rows = await queryRows<PacketRow>(
    executor,
    sql`SELECT ${packetColumns} FROM red_packets p
        JOIN red_packet_campaigns c ON c.id = p.campaign_id
        LEFT JOIN mining_accounts a ON a.id = p.account_id
        WHERE p.user_id = ${userId}::bigint ${status}
        ORDER BY p.received_at DESC, p.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map(packetAnswer),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** One of the user's packets; 404 naming `id` for another's or none. */
export function readUserPacket(executor: SqlExecutor, userId: string, id: string) {
  return readPacket(executor, userId, id);
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
  await readPacket(database.db, userId, id);
  return database.db.transaction(async (tx) => {
    const [account] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM mining_accounts
          WHERE user_id = ${userId}::bigint AND name = ${input.account}`,
    );
    if (account === undefined) {
      throw fieldError(400, ERROR_CODES.validation, 'account', 'No such account of yours');
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
    if (packet === undefined) throw notFound('id');
    if (packet.status === 'activated') {
      await execute(
        tx,
        sql`UPDATE red_packets SET account_id = ${account.id}::bigint WHERE id = ${id}::bigint`,
      );
      return readPacket(tx, userId, id);
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
    return readPacket(tx, userId, id);
  });
}

/** One day of a packet's income (core's `redPacketProfitSchema`). */
export interface PacketIncomeAnswer {
  readonly date: string;
  readonly hashrate: number;
  readonly amount: string;
}

/** A packet's credited days, newest first. */
export async function readPacketIncome(
  executor: SqlExecutor,
  userId: string,
  id: string,
  query: PageQuery,
): Promise<Page<PacketIncomeAnswer>> {
  await readPacket(executor, userId, id);
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM red_packet_income WHERE packet_id = ${id}::bigint`,
  );
  const rows = await queryRows<{ day: string; hashrate: unknown; amount: unknown }>(
    executor,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, hashrate::float8 AS hashrate, amount::text AS amount
        FROM red_packet_income WHERE packet_id = ${id}::bigint
        ORDER BY day DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map((row) => ({
      date: row.day,
      hashrate: toNumber(row.hashrate),
      amount: toDecimalString(row.amount),
    })),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

// ---------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------

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
