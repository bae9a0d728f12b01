import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import type { Mailer, OutgoingMessage } from '../../mail/mailer';

/** Attempts before a notice is given up (`failed`): about 4 hours of back-off in all. */
export const EMAIL_MAX_ATTEMPTS = 8;
/** How long a claimed attempt holds its row: a node that dies mid-send frees it after this. */
export const EMAIL_LEASE_MS = 120_000;

/**
 * Wait before attempt `attempts + 1`: 1 min, 2, 4 … doubling, at most one hour.
 *
 * @example
 * emailBackoffMs(1) // 60_000
 */
export function emailBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Queues a notice email or text in the outbox (`email_deliveries`), in the caller's
 * transaction: it is sent only if that transaction commits, and is not lost if the process
 * stops before it is sent. Resolves the row's id.
 */
export async function enqueueEmail(
  executor: SqlExecutor,
  message: OutgoingMessage,
  nowMs: number,
): Promise<string> {
  const rows = await queryRows<{ id: unknown }>(
    executor,
    sql`INSERT INTO email_deliveries (channel, recipient, subject, body, next_attempt_ms,
        created_ms)
      VALUES (${message.channel}, ${message.to}, ${message.subject}, ${message.text},
        ${nowMs}::bigint, ${nowMs}::bigint)
      RETURNING id::text AS id`,
  );
  return String(rows[0]?.id);
}

/** How one attempt went. */
export interface EmailAttempt {
  readonly id: string;
  readonly sent: boolean;
  readonly error: string | null;
}

/**
 * Sends the notices due at `nowMs` through `mailer`. Each row is claimed first by a conditional
 * update (attempts + 1, next attempt pushed out by {@link EMAIL_LEASE_MS}), so of several nodes
 * polling at once exactly one sends it; the mark `sent` is conditional on the same claim. A
 * failed send is retried after {@link emailBackoffMs} until {@link EMAIL_MAX_ATTEMPTS}. Only a
 * node that stops between the mailer's success and the mark can cause a second send (after the
 * lease), which is the most any mail relay can promise.
 */
export async function deliverDueEmails(
  database: Database,
  mailer: Mailer,
  nowMs: number,
  options: { readonly limit?: number } = {},
): Promise<EmailAttempt[]> {
  const { db } = database;
  const due = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM email_deliveries WHERE status = 'pending'
      AND next_attempt_ms <= ${nowMs}::bigint ORDER BY next_attempt_ms, id
      LIMIT ${options.limit ?? 50}`,
  );
  const results: EmailAttempt[] = [];
  for (const { id } of due) {
    const claimed = await queryRows<{
      channel: 'email' | 'sms';
      recipient: string;
      subject: string;
      body: string;
      attempts: unknown;
    }>(
      db,
      sql`UPDATE email_deliveries SET attempts = attempts + 1,
          next_attempt_ms = ${nowMs + EMAIL_LEASE_MS}::bigint
        WHERE id = ${id}::bigint AND status = 'pending' AND next_attempt_ms <= ${nowMs}::bigint
        RETURNING channel, recipient, subject, body, attempts`,
    );
    const claim = claimed[0];
    if (claim === undefined) continue;
    const attempts = toNumber(claim.attempts);
    let error: string | null = null;
    try {
      await mailer.send(
        { channel: claim.channel, to: claim.recipient, subject: claim.subject, text: claim.body },
        nowMs,
      );
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500);
    }
    const mine = sql`id = ${id}::bigint AND status = 'pending' AND attempts = ${attempts}`;
    if (error === null) {
      await queryRows(
        db,
        sql`UPDATE email_deliveries SET status = 'sent', sent_ms = ${nowMs}::bigint,
            last_error = NULL WHERE ${mine}`,
      );
    } else {
      const status = attempts >= EMAIL_MAX_ATTEMPTS ? 'failed' : 'pending';
      await queryRows(
        db,
        sql`UPDATE email_deliveries SET status = ${status},
            next_attempt_ms = ${nowMs + emailBackoffMs(attempts)}::bigint, last_error = ${error}
          WHERE ${mine}`,
      );
    }
    results.push({ id, sent: error === null, error });
  }
  return results;
}
