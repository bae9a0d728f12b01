import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { revokeUserSessions } from './sessions';
import { addUserLog, consumeTicket } from './users';

/** A cancellation becomes final 30 days after it was asked for (spec sections 4 and 9). */
export const CANCELLATION_GRACE_MS = 30 * 24 * 3_600_000;

/**
 * Starts a user's cancellation, spending a validation token of scene `cancellation` (HTTP 400
 * code 40002 naming `validation_token` otherwise): it becomes final
 * {@link CANCELLATION_GRACE_MS} later, every session of theirs ends, and signing in again
 * before then revokes it ({@link revokeCancellation}). Resolves when it was asked for and when
 * it becomes final.
 */
export async function requestCancellation(
  context: AppContext,
  userId: string,
  validationToken: string,
  request: FastifyRequest,
): Promise<{ requested_at: string; final_at: string }> {
  await consumeTicket(context, 'validation', validationToken, {
    userId,
    scene: 'cancellation',
    field: 'validation_token',
  });
  const now = context.clock.now();
  await context.database.db.execute(
    sql`UPDATE users SET status = 'cancelling', cancellation_requested_at = ${iso(now)}::timestamptz
        WHERE id = ${userId}::bigint`,
  );
  await revokeUserSessions(context.database.db, userId, now);
  await addUserLog(context, userId, 'security', 'cancellation_requested', request);
  return { requested_at: isoSeconds(now), final_at: isoSeconds(now + CANCELLATION_GRACE_MS) };
}

/** Revokes a pending cancellation: the user signed in again within the grace period. */
export async function revokeCancellation(context: AppContext, userId: string): Promise<void> {
  await context.database.db.execute(
    sql`UPDATE users SET status = 'active', cancellation_requested_at = NULL
        WHERE id = ${userId}::bigint AND status = 'cancelling'`,
  );
}

/**
 * Finalises the cancellations asked for at least 30 days before `nowMs`: the user's email,
 * phone and user name are replaced (`#deleted-<id>`, which no user name can equal), the
 * password hash and authenticator cleared, every session revoked, observer links deleted and
 * the mining accounts marked abnormal. Idempotent; resolves the number of users finalised.
 */
export async function finaliseCancellations(database: Database, nowMs: number): Promise<number> {
  const now = new Date(nowMs).toISOString();
  const cutoff = new Date(nowMs - CANCELLATION_GRACE_MS).toISOString();
  return database.transaction(async (session) => {
    const users = await session.query<{ id: string }>(
      `UPDATE users SET status = 'cancelled', cancelled_at = $1::timestamptz,
         username = '#deleted-' || id::text, email = NULL, country_code = NULL, phone = NULL,
         password_hash = '', totp_secret = NULL, totp_pending_secret = NULL
       WHERE status = 'cancelling' AND cancellation_requested_at <= $2::timestamptz
       RETURNING id::text AS id`,
      [now, cutoff],
    );
    if (users.length === 0) return 0;
    const ids = users.map((user) => user.id);
    await session.query(
      `UPDATE token_families SET revoked_at = $1::timestamptz
       WHERE user_id = ANY($2::bigint[]) AND revoked_at IS NULL`,
      [now, ids],
    );
    await session.query(
      `UPDATE observer_links SET deleted_at = $1::timestamptz
       WHERE deleted_at IS NULL
         AND account_id IN (SELECT id FROM mining_accounts WHERE user_id = ANY($2::bigint[]))`,
      [now, ids],
    );
    await session.query(
      `UPDATE mining_accounts SET status = 'abnormal' WHERE user_id = ANY($1::bigint[])`,
      [ids],
    );
    await session.query(`DELETE FROM identity_tickets WHERE user_id = ANY($1::bigint[])`, [ids]);
    await session.query(`DELETE FROM passkeys WHERE user_id = ANY($1::bigint[])`, [ids]);
    await session.query(`DELETE FROM passkey_challenges WHERE user_id = ANY($1::bigint[])`, [ids]);
    return users.length;
  });
}

/** How long spent or expired codes, tickets and refresh tokens are kept: one day. */
const PRUNE_AFTER_MS = 24 * 3_600_000;

/**
 * Deletes what no longer matters: captcha lots and guessing streaks past their expiry, and
 * codes, tickets, passkey challenges and refresh tokens expired for more than a day. Runs with
 * the cancellation job.
 */
export async function pruneIdentityData(database: Database, nowMs: number): Promise<void> {
  const now = new Date(nowMs).toISOString();
  const cutoff = new Date(nowMs - PRUNE_AFTER_MS).toISOString();
  await database.transaction(async (session) => {
    await session.query('DELETE FROM captcha_used_lots WHERE expires_at < $1::timestamptz', [now]);
    await session.query('DELETE FROM verification_codes WHERE expires_at < $1::timestamptz', [
      cutoff,
    ]);
    await session.query('DELETE FROM identity_tickets WHERE expires_at < $1::timestamptz', [
      cutoff,
    ]);
    await session.query('DELETE FROM refresh_tokens WHERE expires_at < $1::timestamptz', [cutoff]);
    await session.query('DELETE FROM passkey_challenges WHERE expires_at < $1::timestamptz', [
      cutoff,
    ]);
    await session.query('DELETE FROM oidc_flows WHERE expires_at < $1::timestamptz', [cutoff]);
    // Forgotten guessing streaks (http/guessBrake.ts): nothing is left to count in them.
    await session.query('DELETE FROM guess_brakes WHERE expires_at <= $1::timestamptz', [now]);
  });
}
