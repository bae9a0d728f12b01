import {
  type AlertChannel,
  type AlertSettings,
  type AlertType,
  coinHashrateUnit,
  DEFAULT_ALERT_QUIET_MINUTES,
  formatHashrate,
  MINER_INACTIVE_MS,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { findPool, hashrateFromDifficulty } from '../../engine/poolCatalog';
import { queryRows, type SqlExecutor, toNullableNumber, toNumber } from '../../engine/sql';
import { enqueueEmail } from './emailOutbox';
import { postMessage } from './messages';
import { asLanguage, emailFooter, type MessageTextKey, renderMessage } from './texts';
import { enqueueWebhook, newWebhookSecret } from './webhooks';

const ALERT_TYPES: readonly AlertType[] = ['hashrate_alert', 'miner_offline'];
const CHANNELS: readonly AlertChannel[] = ['email', 'sms', 'webhook'];

function splitList<T extends string>(text: string | null | undefined, allowed: readonly T[]): T[] {
  return (text ?? '')
    .split(',')
    .filter((item): item is T => (allowed as readonly string[]).includes(item));
}

/** An account's alert settings on a pool: off, no thresholds, both kinds, until saved. */
export async function readAlertSettings(
  db: SqlExecutor,
  accountId: number,
  pool: string,
): Promise<AlertSettings> {
  const rows = await queryRows<{
    enabled: boolean;
    hashrate_threshold: unknown;
    offline_workers_threshold: unknown;
    channels: string;
    types: string;
    webhook_url: string | null;
    secret_set: boolean;
    quiet_minutes: unknown;
  }>(
    db,
    sql`SELECT enabled, hashrate_threshold, offline_workers_threshold, channels, types,
        webhook_url, webhook_secret IS NOT NULL AS secret_set, quiet_minutes
      FROM alert_settings WHERE account_id = ${accountId} AND pool = ${pool}`,
  );
  const row = rows[0];
  return {
    enabled: row?.enabled ?? false,
    hashrate_threshold: toNullableNumber(row?.hashrate_threshold),
    offline_workers_threshold: toNullableNumber(row?.offline_workers_threshold),
    channels: splitList(row?.channels, CHANNELS),
    types: row === undefined ? [...ALERT_TYPES] : splitList(row.types, ALERT_TYPES),
    webhook_url: row?.webhook_url ?? null,
    webhook_secret_set: row?.secret_set ?? false,
    quiet_minutes: row === undefined ? DEFAULT_ALERT_QUIET_MINUTES : toNumber(row.quiet_minutes),
  };
}

/** The whole setting as the update call's body gives it (after the contract's defaults). */
export interface AlertSettingsInput {
  readonly enabled: boolean;
  readonly hashrate_threshold: number | null;
  readonly offline_workers_threshold: number | null;
  readonly channels: readonly AlertChannel[];
  readonly types: readonly AlertType[];
  readonly webhook_url: string | null;
  readonly quiet_minutes: number;
}

/**
 * Replaces an account's alert settings on a pool; the webhook secret stays as it was. With
 * `expectedWebhookUrl`, only while the saved webhook address is still that one (`null`: none
 * saved): the caller checked the change against it (a new address needs a second validation),
 * so a concurrent change in between resolves `null` and writes nothing.
 */
export async function writeAlertSettings(
  db: SqlExecutor,
  accountId: number,
  pool: string,
  input: AlertSettingsInput,
  options: { readonly expectedWebhookUrl?: string | null } = {},
): Promise<AlertSettings | null> {
  const channels = [...new Set(input.channels)].sort().join(',');
  const types = [...new Set(input.types)].sort().join(',');
  const unchanged =
    options.expectedWebhookUrl === undefined
      ? sql``
      : sql`WHERE alert_settings.webhook_url IS NOT DISTINCT FROM ${options.expectedWebhookUrl}::text`;
  const written = await queryRows(
    db,
    sql`INSERT INTO alert_settings (account_id, pool, enabled, hashrate_threshold,
        offline_workers_threshold, channels, types, webhook_url, quiet_minutes)
      VALUES (${accountId}, ${pool}, ${input.enabled}, ${input.hashrate_threshold}::float8,
        ${input.offline_workers_threshold}::int, ${channels}, ${types}, ${input.webhook_url},
        ${input.quiet_minutes})
      ON CONFLICT (account_id, pool) DO UPDATE SET enabled = excluded.enabled,
        hashrate_threshold = excluded.hashrate_threshold,
        offline_workers_threshold = excluded.offline_workers_threshold,
        channels = excluded.channels, types = excluded.types,
        webhook_url = excluded.webhook_url, quiet_minutes = excluded.quiet_minutes
      ${unchanged}
      RETURNING account_id`,
  );
  if (written.length === 0) return null;
  return readAlertSettings(db, accountId, pool);
}

/** Makes a new signing secret for the account's webhook and resolves it: shown this once. */
export async function rotateWebhookSecret(
  db: SqlExecutor,
  accountId: number,
  pool: string,
): Promise<string> {
  const secret = newWebhookSecret();
  await queryRows(
    db,
    sql`INSERT INTO alert_settings (account_id, pool, enabled, channels, webhook_secret)
      VALUES (${accountId}, ${pool}, false, '', ${secret})
      ON CONFLICT (account_id, pool) DO UPDATE SET webhook_secret = excluded.webhook_secret`,
  );
  return secret;
}

interface WatchedRow extends Record<string, unknown> {
  account_id: unknown;
  account: string;
  user_id: unknown;
  pool: string;
  hashrate_threshold: unknown;
  offline_workers_threshold: unknown;
  channels: string;
  types: string;
  webhook_url: string | null;
  quiet_minutes: unknown;
  email: string | null;
  phone: string | null;
  country_code: string | null;
  language: string;
}

interface Observation {
  readonly type: AlertType;
  /** Whether the account is in the alert's condition now. */
  readonly firing: boolean;
  readonly params: Record<string, string>;
}

async function observe(db: SqlExecutor, row: WatchedRow, nowMs: number): Promise<Observation[]> {
  const pool = findPool(row.pool);
  if (pool === undefined) return [];
  const types = splitList(row.types, ALERT_TYPES);
  const base = { account: row.account, pool: pool.name };
  const observations: Observation[] = [];
  const offlineThreshold = toNullableNumber(row.offline_workers_threshold);
  if (types.includes('miner_offline') && offlineThreshold !== null) {
    // Inactive or dead by core's status rules: silent for more than 15 minutes.
    const silentSince = nowMs - MINER_INACTIVE_MS;
    const offline = await queryRows<{ name: string }>(
      db,
      sql`SELECT name FROM workers WHERE pool = ${pool.name} AND miner = ${row.account}
        AND NOT hidden AND first_share_ms IS NOT NULL AND last_share_ms < ${silentSince}::bigint
        ORDER BY name LIMIT 1000`,
    );
    const names = offline.map((worker) => worker.name);
    observations.push({
      type: 'miner_offline',
      firing: names.length >= offlineThreshold,
      params: {
        ...base,
        count: String(names.length),
        workers: names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : ''),
      },
    });
  }
  const hashrateThreshold = toNullableNumber(row.hashrate_threshold);
  if (types.includes('hashrate_alert') && hashrateThreshold !== null) {
    const windows = await queryRows<{ diff_1h: unknown }>(
      db,
      sql`SELECT diff_1h FROM pool_miners WHERE pool = ${pool.name} AND miner = ${row.account}`,
    );
    const hashrate = hashrateFromDifficulty(pool, toNumber(windows[0]?.diff_1h), 3_600);
    const unit = coinHashrateUnit(pool.coin);
    observations.push({
      type: 'hashrate_alert',
      firing: hashrate < hashrateThreshold,
      params: {
        ...base,
        hashrate: formatHashrate(hashrate, unit),
        threshold: formatHashrate(hashrateThreshold, unit),
      },
    });
  }
  return observations;
}

/** What one check decided for one alert. */
type Decision = 'alert' | 'recover' | null;

/**
 * Moves one alert's state (flap damping): a condition that starts opens an incident, which
 * alerts once, unless a recovery of the same kind was announced less than the quiet window ago;
 * then it alerts only if it lasts past the window. The end of an alerted incident sends one
 * recovery and starts the quiet window; an incident that never alerted ends silently.
 */
async function decide(
  tx: SqlExecutor,
  accountId: number,
  pool: string,
  observation: Observation,
  quietMs: number,
  nowMs: number,
): Promise<Decision> {
  await queryRows(
    tx,
    sql`INSERT INTO alert_state (account_id, pool, type) VALUES (${accountId}, ${pool},
        ${observation.type}) ON CONFLICT DO NOTHING`,
  );
  const states = await queryRows<{ open: boolean; alerted: boolean; quiet_until_ms: unknown }>(
    tx,
    sql`SELECT open, alerted, quiet_until_ms::float8 AS quiet_until_ms FROM alert_state
      WHERE account_id = ${accountId} AND pool = ${pool} AND type = ${observation.type}
      FOR UPDATE`,
  );
  const state = states[0];
  if (state === undefined) return null;
  const where = sql`account_id = ${accountId} AND pool = ${pool} AND type = ${observation.type}`;
  if (observation.firing) {
    const quiet = nowMs < toNumber(state.quiet_until_ms);
    if (!state.open) {
      await queryRows(
        tx,
        sql`UPDATE alert_state SET open = true, alerted = ${!quiet}, opened_ms = ${nowMs}::bigint,
          incidents = incidents + 1 WHERE ${where}`,
      );
      return quiet ? null : 'alert';
    }
    if (!state.alerted && !quiet) {
      await queryRows(tx, sql`UPDATE alert_state SET alerted = true WHERE ${where}`);
      return 'alert';
    }
    return null;
  }
  if (!state.open) return null;
  if (state.alerted) {
    await queryRows(
      tx,
      sql`UPDATE alert_state SET open = false, alerted = false,
        quiet_until_ms = ${nowMs + quietMs}::bigint WHERE ${where}`,
    );
    return 'recover';
  }
  await queryRows(tx, sql`UPDATE alert_state SET open = false WHERE ${where}`);
  return null;
}

const TEXT_KEYS: Record<AlertType, Record<'alert' | 'recover', MessageTextKey>> = {
  miner_offline: { alert: 'offline', recover: 'offlineRecovered' },
  hashrate_alert: { alert: 'hashrateLow', recover: 'hashrateRecovered' },
};

/** Options of {@link runAlertCheck}. */
export interface AlertCheckOptions {
  /** The site's address, for the link in alert emails. */
  readonly siteUrl: string;
}

/**
 * The scheduled alert check (once a minute across nodes, `module.ts`): for every account with
 * alerts on, reads its offline workers (core's status rules) and 1-hour hashrate, moves each
 * alert's state ({@link decide}) and, for an alert or a recovery, posts the message and queues
 * the webhook and the email or text in the user's language in the same transaction (the
 * outboxes `webhook_deliveries` and `email_deliveries`, sent by the module's poller). Resolves
 * how many messages it posted.
 */
export async function runAlertCheck(
  database: Database,
  nowMs: number,
  options: AlertCheckOptions,
): Promise<number> {
  const watched = await queryRows<WatchedRow>(
    database.db,
    sql`SELECT s.account_id, a.name AS account, a.user_id, s.pool, s.hashrate_threshold,
        s.offline_workers_threshold, s.channels, s.types, s.webhook_url, s.quiet_minutes,
        u.email, u.phone, u.country_code, u.language
      FROM alert_settings s
      JOIN mining_accounts a ON a.id = s.account_id
      JOIN users u ON u.id = a.user_id
      WHERE s.enabled AND a.status = 'normal' AND u.status = 'active'
      ORDER BY s.account_id, s.pool`,
  );
  let posted = 0;
  for (const row of watched) {
    const accountId = toNumber(row.account_id);
    const channels = splitList(row.channels, CHANNELS);
    const quietMs = toNumber(row.quiet_minutes) * 60_000;
    for (const observation of await observe(database.db, row, nowMs)) {
      await database.db.transaction(async (tx) => {
        const decision = await decide(tx, accountId, row.pool, observation, quietMs, nowMs);
        if (decision === null) return;
        const textKey = TEXT_KEYS[observation.type][decision];
        await postMessage(tx, {
          userId: String(row.user_id),
          type: observation.type,
          textKey,
          params: observation.params,
          pool: row.pool,
          account: row.account,
          nowMs,
        });
        posted += 1;
        if (channels.includes('webhook') && row.webhook_url !== null) {
          await enqueueWebhook(tx, {
            accountId,
            account: row.account,
            pool: row.pool,
            url: row.webhook_url,
            event: decision === 'alert' ? observation.type : `${observation.type}.recovered`,
            data: observation.params,
            nowMs,
          });
        }
        const language = asLanguage(row.language);
        const text = renderMessage(language, textKey, observation.params);
        const body = `${text.content}\n\n${emailFooter(language, `${options.siteUrl}/user/message`)}`;
        if (channels.includes('email') && row.email !== null) {
          await enqueueEmail(
            tx,
            { channel: 'email', to: row.email, subject: text.title, text: body },
            nowMs,
          );
        }
        if (channels.includes('sms') && row.phone !== null) {
          const to = `+${row.country_code ?? ''} ${row.phone}`;
          await enqueueEmail(
            tx,
            { channel: 'sms', to, subject: text.title, text: text.content },
            nowMs,
          );
        }
      });
    }
  }
  return posted;
}
