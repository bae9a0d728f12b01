import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { type HostResolver, pinnedLookup, resolveDeliveryAddress } from './webhookAddress';

/** Attempts before a delivery is given up (`failed`); about 2 hours of back-off in all. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long a claimed attempt holds its delivery: a node that dies mid-send frees it after this. */
export const WEBHOOK_LEASE_MS = 60_000;
/** Time-out of one POST to a receiver. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Wait before attempt `attempts + 1`: 30 s, 1 min, 2 min, … doubling, at most one hour.
 *
 * @example
 * webhookBackoffMs(1) // 30_000
 */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A new signing secret: 32 random bytes, hex, with a `whsec_` prefix so it is recognisable. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/**
 * The signature of one attempt: HMAC-SHA256 with the account's secret over
 * `<timestamp>.<body>`, hex. The timestamp (Unix seconds) goes in `X-PoolKit-Timestamp`, the
 * signature as `v1=<hex>` in `X-PoolKit-Signature`; signing the timestamp lets a receiver
 * refuse replays older than a few minutes.
 */
export function signWebhook(secret: string, timestampSec: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSec}.${body}`).digest('hex');
}

/**
 * What a receiver does with a delivery: recompute the signature and compare in constant time,
 * and refuse a timestamp more than `toleranceSec` (default 300) from its own clock.
 */
export function verifyWebhookSignature(options: {
  secret: string;
  body: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  nowSec: number;
  toleranceSec?: number;
}): boolean {
  const timestamp = Number(options.timestampHeader);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(options.nowSec - timestamp) > (options.toleranceSec ?? 300)) return false;
  const given = (options.signatureHeader ?? '').replace(/^v1=/, '');
  const expected = signWebhook(options.secret, timestamp, options.body);
  if (given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** An event to post to an account's webhook. */
export interface WebhookEvent {
  readonly accountId: number;
  readonly account: string;
  readonly pool: string;
  readonly url: string;
  /** `miner_offline`, `miner_offline.recovered`, `hashrate_alert`, `hashrate_alert.recovered`, `test`. */
  readonly event: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly nowMs: number;
}

/**
 * Queues a delivery in the outbox (`webhook_deliveries`), in the caller's transaction, and
 * resolves its id. The JSON body is fixed now (`{id, event, created_at, pool, account, data}`);
 * every attempt sends the same body and id, so a receiver de-duplicates on `id`.
 */
export async function enqueueWebhook(executor: SqlExecutor, event: WebhookEvent): Promise<string> {
  const id = `whd_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({
    id,
    event: event.event,
    created_at: new Date(event.nowMs).toISOString(),
    pool: event.pool,
    account: event.account,
    data: event.data,
  });
  await queryRows(
    executor,
    sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
        created_ms)
      VALUES (${id}, ${event.accountId}, ${event.pool}, ${event.url}, ${event.event}, ${body},
        ${event.nowMs}::bigint, ${event.nowMs}::bigint)`,
  );
  return id;
}

/** How one attempt went. */
export interface AttemptResult {
  readonly id: string;
  readonly delivered: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
}

/** Options of {@link deliverDueWebhooks}. */
export interface DeliverOptions {
  /** Only this delivery (the test call); default every due one. */
  readonly id?: string;
  /** At most this many per call. Default 50. */
  readonly limit?: number;
  /**
   * Sends through this `fetch` instead of Node's HTTP client (tests of odd receivers). The host
   * is still resolved and checked first, but `fetch` looks the name up again itself: only Node's
   * client is pinned to the checked address.
   */
  readonly fetch?: typeof fetch;
  /**
   * `WEBHOOK_ALLOW_PRIVATE`: deliver to internal addresses too. Default `false`: a host that
   * is, or resolves at send time to, an internal address is refused and the delivery fails for
   * good.
   */
  readonly allowPrivate?: boolean;
  /** Resolves a host's addresses at send time. Default `resolveHost` (`dns.lookup`). */
  readonly resolve?: HostResolver;
}

type PostOutcome = { statusCode: number | null; error: string | null; refused?: boolean };

/**
 * One POST with Node's HTTP client, connected to `addresses` (the checked addresses of the
 * URL's host, {@link pinnedLookup}), so a second DNS lookup cannot send it elsewhere.
 */
function postPinned(
  url: string,
  addresses: readonly string[],
  headers: Record<string, string>,
  body: string,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: WEBHOOK_TIMEOUT_MS,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({ statusCode: status, error: ok ? null : `HTTP ${status}` });
      },
    );
    request.on('timeout', () => request.destroy(new Error('Timed out')));
    request.on('error', (error) => {
      resolve({ statusCode: null, error: error.message.slice(0, 500) });
    });
    request.end(body);
  });
}

/**
 * One attempt: the host is resolved and checked now ({@link resolveDeliveryAddress}: an
 * internal address is refused, whatever it was when the URL was saved), then posted to.
 */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: DeliverOptions,
): Promise<PostOutcome> {
  const target = await resolveDeliveryAddress(url, {
    allowPrivate: options.allowPrivate ?? false,
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
  });
  if (!target.ok) return { statusCode: null, error: target.error, refused: target.refused };
  if (options.fetch === undefined) return postPinned(url, target.addresses, headers, body);
  try {
    const response = await options.fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { statusCode: null, error: message.slice(0, 500) };
  }
}

/**
 * Sends the deliveries that are due at `nowMs`, each claimed first by a conditional update
 * (attempts + 1, next attempt pushed out by the lease), so two nodes never send one attempt
 * twice, and a node that dies mid-send leaves it for a retry: at least once. A 2xx answer
 * delivers; anything else is retried after {@link webhookBackoffMs}, until
 * {@link WEBHOOK_MAX_ATTEMPTS}. The secret is read at send time, so a rotated secret signs the
 * retries of older events. Each attempt resolves and checks the host again and connects to the
 * checked address (`post`); an internal address fails the delivery for good.
 */
export async function deliverDueWebhooks(
  database: Database,
  nowMs: number,
  options: DeliverOptions = {},
): Promise<AttemptResult[]> {
  const { db } = database;
  const due = await queryRows<{ id: string }>(
    db,
    options.id === undefined
      ? sql`SELECT id FROM webhook_deliveries WHERE status = 'pending'
          AND next_attempt_ms <= ${nowMs}::bigint ORDER BY next_attempt_ms, id
          LIMIT ${options.limit ?? 50}`
      : sql`SELECT id FROM webhook_deliveries WHERE id = ${options.id} AND status = 'pending'
          AND next_attempt_ms <= ${nowMs}::bigint`,
  );
  const results: AttemptResult[] = [];
  for (const { id } of due) {
    const claimed = await queryRows<{
      url: string;
      body: string;
      event: string;
      attempts: unknown;
      account_id: unknown;
      pool: string;
    }>(
      db,
      sql`UPDATE webhook_deliveries SET attempts = attempts + 1,
          next_attempt_ms = ${nowMs + WEBHOOK_LEASE_MS}::bigint
        WHERE id = ${id} AND status = 'pending' AND next_attempt_ms <= ${nowMs}::bigint
        RETURNING url, body, event, attempts, account_id, pool`,
    );
    const claim = claimed[0];
    if (claim === undefined) continue;
    const secrets = await queryRows<{ secret: string | null }>(
      db,
      sql`SELECT webhook_secret AS secret FROM alert_settings
        WHERE account_id = ${toNumber(claim.account_id)} AND pool = ${claim.pool}`,
    );
    const delivery = { ...claim, secret: secrets[0]?.secret ?? null };
    const attempts = toNumber(delivery.attempts);
    let outcome: PostOutcome;
    if (delivery.secret === null) {
      outcome = { statusCode: null, error: 'No signing secret: make one in the alert settings' };
    } else {
      const timestampSec = Math.floor(nowMs / 1000);
      outcome = await post(
        delivery.url,
        {
          'content-type': 'application/json',
          'user-agent': 'PoolKit-Webhooks/1',
          'x-poolkit-delivery': id,
          'x-poolkit-event': delivery.event,
          'x-poolkit-attempt': String(attempts),
          'x-poolkit-timestamp': String(timestampSec),
          'x-poolkit-signature': `v1=${signWebhook(delivery.secret, timestampSec, delivery.body)}`,
        },
        delivery.body,
        options,
      );
    }
    const delivered = outcome.error === null;
    if (delivered) {
      await queryRows(
        db,
        sql`UPDATE webhook_deliveries SET status = 'delivered', delivered_ms = ${nowMs}::bigint,
            last_status = ${outcome.statusCode}, last_error = NULL WHERE id = ${id}`,
      );
    } else {
      // An internal address is refused for good: retrying cannot make it public.
      const status =
        attempts >= WEBHOOK_MAX_ATTEMPTS || outcome.refused === true ? 'failed' : 'pending';
      await queryRows(
        db,
        sql`UPDATE webhook_deliveries SET status = ${status},
            next_attempt_ms = ${nowMs + webhookBackoffMs(attempts)}::bigint,
            last_status = ${outcome.statusCode}, last_error = ${outcome.error} WHERE id = ${id}`,
      );
    }
    results.push({ id, delivered, statusCode: outcome.statusCode, error: outcome.error });
  }
  return results;
}
