/**
 * The pay password: a second secret, separate from the login password, that every
 * money-moving call carries (encrypted with the login key pair, like the login password).
 * Stored as its scrypt hash in `users.pay_password_hash` (`0009_pay_password.sql`).
 */

import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { iso, queryRow } from '../../db/sql';
import { HttpError } from '../../http/httpError';
import { decryptPassword, decryptSecret } from '../identity/context';
import { hashPassword, verifyPassword } from '../identity/crypto';
import { addUserLog, consumeTicket, requireUser } from '../identity/users';
import { notifySettingUpdate } from '../notifications/messages';

/** Wrong pay passwords in a row that lock it. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
/** How long a locked pay password stays locked. */
export const PAY_PASSWORD_LOCK_MS = 3_600_000;
/** Withdrawals and transfers pause this long after the pay password changes (spec section 9). */
export const PAY_PASSWORD_CHANGE_PAUSE_MS = 24 * 3_600_000;

function refused(status: 400 | 403, code: number, message: string): never {
  throw new HttpError(status, code, message, { fields: [{ field: 'pay_password', message }] });
}

/**
 * Sets the first pay password or changes it, after a second validation (scene
 * `pay_password`). The new one follows the password rule and must differ from the login
 * password (HTTP 400 code 40000 naming `pay_password`). A change (not the first setting)
 * pauses withdrawals and transfers for 24 hours and clears a lock.
 */
export async function setPayPassword(
  context: AppContext,
  userId: string,
  input: { payPassword: string; keyId: string; validationToken: string },
  request: FastifyRequest,
): Promise<void> {
  const user = await requireUser(context, userId);
  const plain = await decryptPassword(context, input.payPassword, input.keyId, 'pay_password');
  if (await verifyPassword(plain, user.password_hash)) {
    refused(400, ERROR_CODES.validation, 'The pay password must differ from the login password');
  }
  await consumeTicket(context, 'validation', input.validationToken, {
    userId,
    scene: 'pay_password',
    field: 'validation_token',
  });
  const now = context.clock.now();
  const hash = await hashPassword(plain, context.passwordHashCost);
  const row = await queryRow<{ had: boolean }>(
    context.database,
    sql`WITH before AS (
          SELECT pay_password_hash IS NOT NULL AS had FROM users WHERE id = ${userId}::bigint FOR UPDATE)
        UPDATE users SET pay_password_hash = ${hash}, pay_password_failures = 0,
          pay_password_locked_until = NULL,
          withdraw_paused_until = CASE WHEN (SELECT had FROM before)
            THEN GREATEST(COALESCE(withdraw_paused_until, ${iso(now)}::timestamptz),
                          ${iso(now + PAY_PASSWORD_CHANGE_PAUSE_MS)}::timestamptz)
            ELSE withdraw_paused_until END
        WHERE id = ${userId}::bigint
        RETURNING (SELECT had FROM before) AS had`,
  );
  await addUserLog(
    context,
    userId,
    'security',
    row?.had === true ? 'pay_password_changed' : 'pay_password_set',
    request,
  );
  await notifySettingUpdate(context.database.db, userId, 'payPassword', now);
}

/**
 * Checks the pay password of a money-moving call. HTTP 400 code 40008 when none is set, 403
 * code 40302 while it is locked, 400 code 40004 when it does not decrypt, 400 code 40009 when
 * it is wrong (the fifth wrong one in a row locks it for an hour); every refusal names
 * `pay_password`. A right one clears the count of wrong ones.
 *
 * Guessing in parallel is bounded by the caller: each try also spends one of the five tries
 * of the call's second-validation token (`checkTicketCode`).
 */
export async function verifyPayPassword(
  context: AppContext,
  userId: string,
  encrypted: string,
  keyId: string,
): Promise<void> {
  const now = context.clock.now();
  const state = await queryRow<{ hash: string | null; failures: number; locked_ms: number | null }>(
    context.database,
    sql`SELECT pay_password_hash AS hash, pay_password_failures AS failures,
          (extract(epoch from pay_password_locked_until) * 1000)::float8 AS locked_ms
        FROM users WHERE id = ${userId}::bigint`,
  );
  if (state?.hash === null || state?.hash === undefined) {
    refused(400, ERROR_CODES.payPasswordNotSet, 'Please set a pay password first');
  }
  if (state.locked_ms !== null && state.locked_ms > now) {
    refused(
      403,
      ERROR_CODES.accountLocked,
      `Too many wrong pay passwords: locked until ${new Date(state.locked_ms).toISOString()}`,
    );
  }
  const plain = await decryptSecret(context, encrypted, keyId, 'pay_password');
  if (await verifyPassword(plain, state.hash)) {
    if (state.failures > 0 || state.locked_ms !== null) {
      await context.database.db.execute(
        sql`UPDATE users SET pay_password_failures = 0, pay_password_locked_until = NULL
            WHERE id = ${userId}::bigint`,
      );
    }
    return;
  }
  // A lock that ran out starts a new count.
  const counted = await queryRow<{ failures: number }>(
    context.database,
    sql`UPDATE users SET
          pay_password_failures = CASE WHEN pay_password_locked_until IS NOT NULL
            THEN 1 ELSE pay_password_failures + 1 END,
          pay_password_locked_until = CASE
            WHEN pay_password_locked_until IS NULL
              AND pay_password_failures + 1 >= ${PAY_PASSWORD_MAX_FAILURES}
            THEN ${iso(now + PAY_PASSWORD_LOCK_MS)}::timestamptz ELSE NULL END
        WHERE id = ${userId}::bigint
        RETURNING pay_password_failures AS failures`,
  );
  const left = PAY_PASSWORD_MAX_FAILURES - (counted?.failures ?? PAY_PASSWORD_MAX_FAILURES);
  refused(
    400,
    ERROR_CODES.payPasswordWrong,
    left > 0
      ? `The pay password is wrong (${left} tries left)`
      : 'The pay password is wrong: locked for an hour',
  );
}
