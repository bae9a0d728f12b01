/**
 * Operators' red-packet campaigns (spec sections 3 and 6): a campaign gives `count` packets of
 * one hashrate of one coin; each packet has its own link id, the campaign has one too
 * (`/activity/red_packet/:packet_id` takes either). Creating and disabling are audited.
 *
 * Decision the spec leaves open: disabling a campaign stops receipts and turns its packets not
 * yet activated `invalid`; activated packets keep earning (they were given).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AnswerOf, CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { readPage } from '../../db/readPage';
import { iso, isoSeconds } from '../../db/sql';
import { notFound, refuseField } from '../../domain/errors';
import { offsetOf, type Page, type PageQuery } from '../../domain/paging';
import { findPool } from '../../engine/poolCatalog';
import {
  execute,
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
} from '../../engine/sql';
import { recordAudit } from '../admin/audit';
import { packetTerms } from './shared';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A link id: 12 characters without look-alikes (≈ 69 bits), not guessable. */
export function newLinkCode(length = 12): string {
  let code = '';
  for (let index = 0; index < length; index += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}

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

/** A campaign as operators see it. */
export type CampaignAnswer = AnswerOf<'createRedPacketCampaign'>;

/** A packet of a campaign as operators see it. */
export type AdminPacketAnswer = AnswerOf<'adminRedPackets'>['list'][number];

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
    ...packetTerms(row),
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
    notFound('campaign_id', 'No such campaign');
  }
  const [row] = await queryRows<CampaignRow>(
    executor,
    sql`SELECT ${campaignColumns} FROM red_packet_campaigns c JOIN users u ON u.id = c.created_by
        WHERE c.id = ${campaignId}::bigint`,
  );
  if (row === undefined) {
    notFound('campaign_id', 'No such campaign');
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
    refuseField('activation_deadline', 'The activation deadline must be later than now');
  }
  const pool = findPool(campaign.coin);
  if (pool === undefined || pool.addressMining) {
    refuseField('coin', 'No account pool mines this coin');
  }
  const emails = (campaign.receiving_emails ?? []).map((email) => email.trim().toLowerCase());
  if (emails.length > campaign.count) {
    refuseField('receiving_emails', 'There are more receiving emails than packets');
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
  return readPage(
    executor,
    query,
    {
      count: sql`SELECT count(*)::int AS total FROM red_packet_campaigns`,
      rows: sql`SELECT ${campaignColumns} FROM red_packet_campaigns c JOIN users u ON u.id = c.created_by
        ORDER BY c.created_at DESC, c.id DESC`,
    },
    campaignAnswer,
  );
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
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
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
