import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/sql';
import { codeRefused, conflict } from './refusals';
import { recordSecurityChange } from './securityChange';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp';
import { checkTicketCode, consumeTicket, requireLiveValidation, type UserRow } from './users';

/**
 * Checks an authenticator code against a base32 secret (±1 step) and makes it single use: the
 * step must come after the last one accepted for this user. HTTP 400 code 40002 otherwise.
 */
export async function spendTotpCode(
  context: AppContext,
  userId: string,
  secret: string,
  code: string,
): Promise<void> {
  const step = matchTotpStep(secret, code, context.clock.now());
  if (step === null) codeRefused('code', 'The authenticator code is wrong');
  const rows = await queryRows<{ id: string }>(
    context.database,
    sql`UPDATE users SET totp_last_step = ${step}
        WHERE id = ${userId}::bigint AND (totp_last_step IS NULL OR totp_last_step < ${step})
        RETURNING id::text AS id`,
  );
  if (rows.length === 0) codeRefused('code', 'The authenticator code was already used');
}

/**
 * Makes a new authenticator secret for a user whose authenticator is off and keeps it pending
 * until {@link enableTotp} confirms a code of it. HTTP 409 code 40900 when it is on already.
 */
export async function createPendingTotpSecret(
  context: AppContext,
  user: UserRow,
): Promise<{ secret: string; otpauth_url: string }> {
  if (user.totp_secret !== null) conflict('totp', 'The authenticator is already on');
  const secret = newTotpSecret();
  await context.database.db.execute(
    sql`UPDATE users SET totp_pending_secret = ${secret} WHERE id = ${user.id}::bigint`,
  );
  return { secret, otpauth_url: otpauthUrl('PoolKit', user.username, secret) };
}

/**
 * Turns the authenticator on with a code of the pending secret, behind a validation token of
 * scene `totp` (which takes at most 5 codes, `checkTicketCode`); it becomes the user's second
 * validation. HTTP 400 code 40002 for a wrong code, a spent token or no pending secret.
 */
export async function enableTotp(
  context: AppContext,
  user: UserRow,
  validationToken: string,
  code: string,
  request: FastifyRequest,
): Promise<void> {
  const expected = { userId: user.id, scene: 'totp', field: 'validation_token' };
  await requireLiveValidation(context, validationToken, expected);
  const pendingSecret = user.totp_pending_secret;
  if (pendingSecret === null) codeRefused('code', 'Ask for an authenticator secret first');
  await checkTicketCode(context, 'validation', validationToken, 'validation_token', () =>
    spendTotpCode(context, user.id, pendingSecret, code),
  );
  await consumeTicket(context, 'validation', validationToken, expected);
  await context.database.db.execute(
    sql`UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
          verify_type = 'totp'
        WHERE id = ${user.id}::bigint`,
  );
  await recordSecurityChange(context, {
    userId: user.id,
    setting: 'authenticator',
    action: 'totp_enabled',
    request,
  });
}

/**
 * Turns the authenticator off, spending a validation token of scene `totp`; the second
 * validation falls back to the email, else the phone. HTTP 400 code 40002 for a spent token.
 */
export async function disableTotp(
  context: AppContext,
  userId: string,
  validationToken: string,
  request: FastifyRequest,
): Promise<void> {
  await consumeTicket(context, 'validation', validationToken, {
    userId,
    scene: 'totp',
    field: 'validation_token',
  });
  await context.database.db.execute(
    sql`UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL,
          verify_type = CASE WHEN email IS NULL THEN 'sms' ELSE 'email' END
        WHERE id = ${userId}::bigint`,
  );
  await recordSecurityChange(context, {
    userId,
    setting: 'authenticator',
    action: 'totp_disabled',
    request,
  });
}
