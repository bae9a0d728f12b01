/**
 * The "I lost control" path: a password reset ends everything a thief may hold (sessions and
 * refresh tokens, API keys, third-party app authorisations, pending tickets and passkey
 * ceremonies) and answers a recovery token, with which the screen after the reset lists the
 * account's passkeys and removes one that is not the owner's (`passkeys.ts`).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { iso, isoSeconds } from '../../db/sql';
import { execute } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { notifySettingUpdate } from '../notifications/messages';
import { revokeAllDelegations } from './delegation';
import { revokeUserSessions } from './sessions';
import { createTicket, peekTicket } from './users';

/**
 * A recovery token works 15 minutes: long enough to look at the passkeys and remove one, short
 * enough that a token left in a closed tab is soon worth nothing.
 */
export const RECOVERY_TTL_MS = 15 * 60_000;

/** What a reset ended, for the log and the tests. */
export interface ResetOutcome {
  readonly recoveryToken: string;
  readonly expiresMs: number;
}

/**
 * Sets a user's new password hash and, in the same transaction, ends every session and refresh
 * token, revokes every API key and every app authorisation (their tokens and unexchanged codes
 * with it), spends every outstanding ticket of the user (login tickets, validation tokens, older
 * recovery tokens) and every passkey ceremony the user started, and posts the password
 * setting-update message. Then makes the recovery token of the screen after the reset.
 *
 * Decision: observer links stay. They are read-only views of one mining account, listed on the
 * account's page where the owner can delete them, and they cannot act on the account.
 */
export async function resetAccountAccess(
  context: AppContext,
  userId: string,
  passwordHash: string,
): Promise<ResetOutcome> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    await execute(
      tx,
      sql`UPDATE users SET password_hash = ${passwordHash}, password_set = true
          WHERE id = ${userId}::bigint`,
    );
    await revokeUserSessions(tx, userId, now);
    await revokeAllDelegations(tx, 'api_keys', userId, now);
    // A grant's tokens and unexchanged codes are checked against it, so they end with it.
    await revokeAllDelegations(tx, 'oauth_grants', userId, now);
    await execute(
      tx,
      sql`UPDATE identity_tickets SET used_at = ${iso(now)}::timestamptz
          WHERE user_id = ${userId}::bigint AND used_at IS NULL`,
    );
    await execute(
      tx,
      sql`UPDATE passkey_challenges SET used_at = ${iso(now)}::timestamptz
          WHERE user_id = ${userId}::bigint AND used_at IS NULL`,
    );
    await notifySettingUpdate(tx, userId, 'password', now);
  });
  const ticket = await createTicket(context, 'recovery', userId, null, RECOVERY_TTL_MS);
  return { recoveryToken: ticket.token, expiresMs: ticket.expiresMs };
}

/** The answer of a reset (`passwordResetSchema`). */
export function resetAnswer(outcome: ResetOutcome): { recovery_token: string; expires_at: string } {
  return { recovery_token: outcome.recoveryToken, expires_at: isoSeconds(outcome.expiresMs) };
}

/**
 * The user a recovery token stands for; HTTP 401 code 40100 naming `recovery_token` when it is
 * unknown or expired. The token is not used up: the screen lists and removes with it until it
 * expires.
 */
export async function recoveryUser(context: AppContext, token: string): Promise<string> {
  const ticket = await peekTicket(context, 'recovery', token);
  if (ticket === undefined) {
    const message = 'The recovery token is not valid or has expired';
    throw new HttpError(401, ERROR_CODES.unauthorized, message, {
      fields: [{ field: 'recovery_token', message }],
    });
  }
  return ticket.user_id;
}
