import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { iso, queryRow } from '../../db/sql';
import { HttpError } from '../../http/httpError';

/** Wrong authenticator codes in a row, at login and in second validations, that engage the brake. */
export const TOTP_MAX_FAILURES = 5;
/** How long the brake holds once engaged: 15 minutes. */
export const TOTP_LOCK_MS = 15 * 60_000;

function locked(waitMs: number, cause?: unknown): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = `Too many wrong authenticator codes: try again in ${Math.ceil(seconds / 60)} min`;
  return new HttpError(429, ERROR_CODES.rateLimited, message, {
    fields: [{ field: 'code', message }],
    headers: { 'retry-after': String(seconds) },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Checks an authenticator code behind a per-user brake, so a stolen session cannot guess its
 * way to a validation token (`POST /users/second-validation` with `verify_type: totp`) and
 * whoever knows the password cannot guess their way past the authenticator at login
 * (`POST /auth/totp/login`, where each login ticket also takes at most 5 codes, but a new
 * ticket is one password away). Both share one count per user: wrong codes at login and in
 * second validations add up. Like the tries of a login ticket (`checkTicketCode`), each try is
 * claimed before `check` runs, with one atomic `UPDATE … RETURNING` on the user's row, so
 * concurrent tries are counted one by one and at most 5 codes are checked per 15 minutes:
 *
 * - a right code clears the count;
 * - a wrong one (`check` throws HTTP 400 code 40002) answers as `check` did, but the fifth in a
 *   row engages the brake and answers HTTP 429 code 42900 naming `code`, with `Retry-After`;
 * - while the brake holds (15 minutes from the fifth wrong code), every try answers that 429
 *   without checking its code, the right one included; once it has run out, counting starts
 *   again from zero.
 *
 * Decision: the count is per user, over every scene, not per scene: a validation token of any
 * scene is worth guessing for, and counting per scene would give a thief five guesses for each.
 * The price: whoever holds the session can keep the owner's authenticator validations braked;
 * the owner still validates with the email or SMS code or a passkey meanwhile.
 * Login shares the count for the same reason: a thief with the password would otherwise get
 * five guesses per ticket at login plus five in second validations. The price: someone who
 * knows the password can keep the owner's authenticator login braked for 15 minutes at a time;
 * the owner still signs in with a passkey meanwhile, and should change the password.
 * The email and SMS codes need no such brake: each code takes 5 tries, then is void
 * (`consumeVerificationCode`), and a new one goes to the owner's inbox or phone, at most one a
 * minute per scene.
 */
export async function checkTotpBehindBrake(
  context: AppContext,
  userId: string,
  check: () => Promise<void>,
): Promise<void> {
  const now = context.clock.now();
  // A lock that has run out starts a new count: this try is its first.
  const claimed = await queryRow<{ failures: number }>(
    context.database,
    sql`UPDATE users SET
          totp_failures = CASE WHEN totp_locked_until IS NOT NULL THEN 1 ELSE totp_failures + 1 END,
          totp_locked_until = CASE
            WHEN totp_locked_until IS NULL AND totp_failures + 1 >= ${TOTP_MAX_FAILURES}
            THEN ${iso(now + TOTP_LOCK_MS)}::timestamptz ELSE NULL END
        WHERE id = ${userId}::bigint
          AND (totp_locked_until IS NULL OR totp_locked_until <= ${iso(now)}::timestamptz)
        RETURNING totp_failures AS failures`,
  );
  if (claimed === undefined) {
    const row = await queryRow<{ locked_ms: number | null }>(
      context.database,
      sql`SELECT (extract(epoch from totp_locked_until) * 1000)::float8 AS locked_ms
          FROM users WHERE id = ${userId}::bigint`,
    );
    throw locked((row?.locked_ms ?? now + TOTP_LOCK_MS) - now);
  }
  try {
    await check();
  } catch (error) {
    const wrongCode = error instanceof HttpError && error.code === ERROR_CODES.codeInvalid;
    if (!wrongCode) throw error;
    if (claimed.failures >= TOTP_MAX_FAILURES) throw locked(TOTP_LOCK_MS, error);
    const left = TOTP_MAX_FAILURES - claimed.failures;
    const message = `${error.message} (${left} ${left === 1 ? 'try' : 'tries'} left)`;
    throw new HttpError(400, ERROR_CODES.codeInvalid, message, {
      fields: [{ field: 'code', message }],
      cause: error,
    });
  }
  await context.database.db.execute(
    sql`UPDATE users SET totp_failures = 0, totp_locked_until = NULL WHERE id = ${userId}::bigint`,
  );
}
