import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { iso, queryRow, queryRows } from '../../db/sql';
import { consumeVerificationCode, phoneTarget } from './codes';
import { codeRefused, conflict } from './refusals';
import { recordSecurityChange } from './securityChange';
import {
  checkTicketCode,
  consumeTicket,
  findUserByEmail,
  findUserByPhone,
  requireLiveValidation,
} from './users';

/** Withdrawals pause 24 h after an email or phone change (spec section 9). */
const WITHDRAW_PAUSE_MS = 24 * 3_600_000;

/** A new email or phone for a user: how to check its code and whether it is taken, and store it. */
interface ContactChange {
  readonly field: 'email' | 'phone';
  /** Uses up the code sent to the new address (scene `bind_email` or `bind_phone`). */
  readonly checkCode: () => Promise<void>;
  /** Whether another (not cancelled) user holds the new address. */
  readonly taken: () => Promise<boolean>;
  /** The columns that store the new address. */
  readonly columns: SQL;
  /** The second validation a user whose first factor this is gets. */
  readonly verifyType: 'email' | 'sms';
}

/**
 * Binds the first email or phone of a user who holds no second factor at all (no email, no
 * phone, no authenticator, no passkey), without a validation token: such a user has nothing
 * to pass a second validation with (see `changeEmailBodySchema` in core for the decision).
 * Refused with HTTP 400 code 40002 naming `validation_token` as soon as the user holds a
 * factor. The new address's code is checked before whether the address is taken, so nobody
 * learns from here which addresses are registered without receiving their code; the update
 * checks again that the user still holds no factor (one bound meanwhile by a concurrent call
 * refuses this one), and a concurrent bind of the same address by another user answers 409.
 */
async function bindFirstFactor(
  context: AppContext,
  userId: string,
  change: ContactChange,
): Promise<void> {
  const noFactor = sql`email IS NULL AND phone IS NULL AND totp_secret IS NULL
    AND NOT EXISTS (SELECT 1 FROM passkeys WHERE passkeys.user_id = users.id)`;
  const validationRequired = () =>
    codeRefused('validation_token', 'A second validation is required for this change');
  const before = await queryRow<{ none: boolean }>(
    context.database,
    sql`SELECT ${noFactor} AS none FROM users WHERE id = ${userId}::bigint`,
  );
  if (before?.none !== true) validationRequired();
  await change.checkCode();
  if (await change.taken()) conflict(change.field, `This ${change.field} is already registered`);
  let updated: { id: string }[];
  try {
    updated = await queryRows<{ id: string }>(
      context.database,
      sql`UPDATE users SET ${change.columns}, verify_type = ${change.verifyType},
            withdraw_paused_until = ${iso(context.clock.now() + WITHDRAW_PAUSE_MS)}::timestamptz
          WHERE id = ${userId}::bigint AND ${noFactor}
          RETURNING id::text AS id`,
    );
  } catch (error) {
    if (isUniqueViolation(error))
      conflict(change.field, `This ${change.field} is already registered`);
    throw error;
  }
  if (updated.length === 0) validationRequired();
}

/**
 * Changes the user's email or phone behind a validation token of scene `change_email` or
 * `change_phone` (which takes at most 5 codes of the new address, `checkTicketCode`), or binds
 * the first one without a token ({@link bindFirstFactor}). Withdrawals pause for 24 h; the
 * change is logged and notified.
 */
async function changeContact(
  context: AppContext,
  userId: string,
  validationToken: string | undefined,
  change: ContactChange,
  request: FastifyRequest,
): Promise<void> {
  if (validationToken === undefined) {
    await bindFirstFactor(context, userId, change);
  } else {
    const expected = { userId, scene: `change_${change.field}`, field: 'validation_token' };
    // The validation token first: without one, a taken address must answer like a free one.
    await requireLiveValidation(context, validationToken, expected);
    if (await change.taken()) conflict(change.field, `This ${change.field} is already registered`);
    await checkTicketCode(
      context,
      'validation',
      validationToken,
      'validation_token',
      change.checkCode,
    );
    await consumeTicket(context, 'validation', validationToken, expected);
    await context.database.db.execute(
      sql`UPDATE users SET ${change.columns},
            withdraw_paused_until = ${iso(context.clock.now() + WITHDRAW_PAUSE_MS)}::timestamptz
          WHERE id = ${userId}::bigint`,
    );
  }
  await recordSecurityChange(context, {
    userId,
    setting: change.field,
    action: `${change.field}_changed`,
    request,
  });
}

/** What an email change sends: the new address, its code and the validation token if any. */
export interface EmailChange {
  readonly email: string;
  readonly code: string;
  readonly validation_token?: string | undefined;
}

/** Changes or first binds the user's email (compared and stored in lower case): see {@link changeContact}. */
export function changeEmail(
  context: AppContext,
  userId: string,
  body: EmailChange,
  request: FastifyRequest,
): Promise<void> {
  const email = body.email.toLowerCase();
  return changeContact(
    context,
    userId,
    body.validation_token,
    {
      field: 'email',
      checkCode: () => consumeVerificationCode(context, 'email', email, 'bind_email', body.code),
      taken: async () => (await findUserByEmail(context, email)) !== undefined,
      columns: sql`email = ${email}`,
      verifyType: 'email',
    },
    request,
  );
}

/** What a phone change sends: the new phone, its code and the validation token if any. */
export interface PhoneChange {
  readonly country_code: string;
  readonly phone: string;
  readonly code: string;
  readonly validation_token?: string | undefined;
}

/** Changes or first binds the user's phone: see {@link changeContact}. */
export function changePhone(
  context: AppContext,
  userId: string,
  body: PhoneChange,
  request: FastifyRequest,
): Promise<void> {
  const target = phoneTarget(body.country_code, body.phone);
  return changeContact(
    context,
    userId,
    body.validation_token,
    {
      field: 'phone',
      checkCode: () => consumeVerificationCode(context, 'sms', target, 'bind_phone', body.code),
      taken: async () =>
        (await findUserByPhone(context, body.country_code, body.phone)) !== undefined,
      columns: sql`country_code = ${body.country_code}, phone = ${body.phone}`,
      verifyType: 'sms',
    },
    request,
  );
}
