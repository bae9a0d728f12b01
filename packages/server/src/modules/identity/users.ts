import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { isUniqueViolation } from '../../db/errors';
import { iso, queryRow, queryRows } from '../../db/sql';
import { queryRows as queryInTransaction, type SqlExecutor } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { recordInvitation } from '../programmes/invitations';
import { randomToken, sha256Hex } from './crypto';
import { conflict } from './refusals';

/** A user row as the identity services read it. */
export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly email: string | null;
  readonly country_code: string | null;
  readonly phone: string | null;
  readonly password_hash: string;
  readonly status: string;
  readonly totp_secret: string | null;
  readonly totp_pending_secret: string | null;
  readonly verify_type: string;
  readonly timezone: string;
  readonly language: string;
  readonly currency: string;
  readonly hide_wallet: boolean;
  readonly hide_amount: boolean;
  readonly current_account_id: string | null;
  readonly cancellation_ms: number | null;
  readonly withdraw_paused_ms: number | null;
  readonly created_ms: number;
  readonly pay_password_set: boolean;
  /** False for users who registered through a third-party provider and set no password yet. */
  readonly password_set: boolean;
}

const userColumns = sql`id::text AS id, username, email, country_code, phone, password_hash, status,
  totp_secret, totp_pending_secret, verify_type, timezone, language, currency, hide_wallet,
  hide_amount, current_account_id::text AS current_account_id,
  (extract(epoch from cancellation_requested_at) * 1000)::float8 AS cancellation_ms,
  (extract(epoch from withdraw_paused_until) * 1000)::float8 AS withdraw_paused_ms,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms,
  pay_password_hash IS NOT NULL AS pay_password_set, password_set`;

/** A user by id, or `undefined`. */
export function findUserById(context: AppContext, userId: string): Promise<UserRow | undefined> {
  return queryRow<UserRow>(
    context.database,
    sql`SELECT ${userColumns} FROM users WHERE id = ${userId}::bigint`,
  );
}

/** A (not cancelled) user by email (compared in lower case), or `undefined`. */
export function findUserByEmail(context: AppContext, email: string): Promise<UserRow | undefined> {
  return queryRow<UserRow>(
    context.database,
    sql`SELECT ${userColumns} FROM users WHERE email = ${email.toLowerCase()} AND status <> 'cancelled'`,
  );
}

/** A (not cancelled) user by phone, or `undefined`. */
export function findUserByPhone(
  context: AppContext,
  countryCode: string,
  phone: string,
): Promise<UserRow | undefined> {
  return queryRow<UserRow>(
    context.database,
    sql`SELECT ${userColumns} FROM users
        WHERE country_code = ${countryCode} AND phone = ${phone} AND status <> 'cancelled'`,
  );
}

/** The user a signed-in call acts for; 401 when it vanished. */
export async function requireUser(context: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(context, userId);
  if (user === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  return user;
}

/** What a new user is made of. */
export interface NewUser {
  readonly username: string;
  readonly email?: string;
  readonly countryCode?: string;
  readonly phone?: string;
  readonly passwordHash: string;
  /** An invitation code: its owner becomes the user's inviter (`programmes/invitations.ts`). */
  readonly inviteCode?: string | undefined;
}

/**
 * Creates a user with its main mining account (named after the user name, current), in one
 * transaction. HTTP 409 code 40900 naming the field when the user name (or an account of that
 * name), the email or the phone is taken.
 */
export async function createUser(context: AppContext, user: NewUser): Promise<string> {
  const now = iso(context.clock.now());
  try {
    return await context.database.transaction(async (session) => {
      const taken = await session.query<{ what: string }>(
        `SELECT 'username' AS what FROM users WHERE lower(username) = lower($1)
         UNION ALL SELECT 'username' FROM mining_accounts WHERE lower(name) = lower($1)
         UNION ALL SELECT 'email' FROM users WHERE $2::text IS NOT NULL AND email = $2
         UNION ALL SELECT 'phone' FROM users WHERE $3::text IS NOT NULL AND country_code = $3 AND phone = $4`,
        [
          user.username,
          user.email?.toLowerCase() ?? null,
          user.countryCode ?? null,
          user.phone ?? null,
        ],
      );
      const first = taken[0];
      if (first !== undefined) {
        conflict(
          first.what,
          `This ${first.what === 'username' ? 'user name' : first.what} is already taken`,
        );
      }
      const [created] = await session.query<{ id: string }>(
        `INSERT INTO users (username, email, country_code, phone, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING id::text AS id`,
        [
          user.username,
          user.email?.toLowerCase() ?? null,
          user.countryCode ?? null,
          user.phone ?? null,
          user.passwordHash,
          now,
        ],
      );
      if (created === undefined) throw new Error('The new user was not returned');
      const [account] = await session.query<{ id: string }>(
        `INSERT INTO mining_accounts (user_id, name, permission, is_main, created_at)
         VALUES ($1::bigint, $2, 'pool_management', true, $3::timestamptz) RETURNING id::text AS id`,
        [created.id, user.username, now],
      );
      if (account === undefined) throw new Error('The main account was not returned');
      await session.query(
        'UPDATE users SET current_account_id = $1::bigint WHERE id = $2::bigint',
        [account.id, created.id],
      );
      if (user.inviteCode !== undefined) {
        await recordInvitation(session, created.id, user.inviteCode, context.clock.now());
      }
      return created.id;
    });
  } catch (error) {
    // Two registrations racing for one name, email or phone: the unique index decides.
    if (isUniqueViolation(error, 'users_email_key'))
      conflict('email', 'This email is already taken');
    if (isUniqueViolation(error, 'users_country_code_phone_key')) {
      conflict('phone', 'This phone is already taken');
    }
    if (isUniqueViolation(error)) conflict('username', 'This user name is already taken');
    throw error;
  }
}

/** Kinds of user log entries. */
export type UserLogKind = 'login' | 'security' | 'operation';

/** Adds an entry to the user's log (`/users/logs`). */
export async function addUserLog(
  context: AppContext,
  userId: string,
  type: UserLogKind,
  action: string,
  request: FastifyRequest,
): Promise<void> {
  const agent = request.headers['user-agent'];
  await context.database.db.execute(
    sql`INSERT INTO user_logs (user_id, time, type, action, ip, user_agent)
        VALUES (${userId}::bigint, ${iso(context.clock.now())}::timestamptz, ${type}, ${action},
                ${request.ip.slice(0, 45)}, ${typeof agent === 'string' ? agent.slice(0, 512) : null})`,
  );
}

/**
 * Kinds of tickets: login tickets and second-validation tokens are single use; a password
 * reset's recovery token (`recovery`) is read with {@link peekTicket} until it expires.
 */
export type TicketKind = 'login' | 'validation' | 'recovery';

const TICKET_PREFIX: Record<TicketKind, string> = {
  login: 'lt_',
  validation: 'vt_',
  recovery: 'rk_',
};

/** Makes a ticket (login ticket, second-validation token or recovery token). */
export async function createTicket(
  context: AppContext,
  kind: TicketKind,
  userId: string,
  scene: string | null,
  ttlMs: number,
): Promise<{ token: string; expiresMs: number }> {
  const now = context.clock.now();
  const token = randomToken(TICKET_PREFIX[kind]);
  await context.database.db.execute(
    sql`INSERT INTO identity_tickets (token_hash, kind, user_id, scene, created_at, expires_at)
        VALUES (${sha256Hex(token)}, ${kind}, ${userId}::bigint, ${scene}, ${iso(now)}::timestamptz,
                ${iso(now + ttlMs)}::timestamptz)`,
  );
  return { token, expiresMs: now + ttlMs };
}

/** A ticket that is still good, without using it up; `undefined` otherwise. */
export function peekTicket(
  context: AppContext,
  kind: TicketKind,
  token: string,
): Promise<{ user_id: string; scene: string | null } | undefined> {
  return queryRow(
    context.database,
    sql`SELECT user_id::text AS user_id, scene FROM identity_tickets
        WHERE token_hash = ${sha256Hex(token)} AND kind = ${kind} AND used_at IS NULL
          AND expires_at > ${iso(context.clock.now())}::timestamptz`,
  );
}

/** Codes a ticket takes: the fifth wrong one spends it. */
export const TICKET_MAX_ATTEMPTS = 5;

function ticketRefused(kind: TicketKind, field: string): HttpError {
  const message =
    kind === 'login'
      ? 'The login ticket is not valid or has expired'
      : 'The validation is not valid or has expired';
  return new HttpError(400, ERROR_CODES.codeInvalid, message, {
    fields: [{ field, message }],
  });
}

/**
 * Checks the code that goes with a ticket (the authenticator code of a login ticket; the code
 * of a call that takes a validation token), at most 5 times per ticket. Each try is claimed
 * before its code is checked, with one atomic `UPDATE … SET attempts = attempts + 1 … WHERE
 * attempts < 5 RETURNING`, so concurrent tries are counted one by one and never more than 5
 * codes are checked. `check` refuses a wrong code with HTTP 400 code 40002 and that answer goes
 * out as it is, but the fifth wrong code spends the ticket and its answer names `field` (the
 * ticket): the caller must start again. A ticket that is used, expired or out of tries answers
 * HTTP 400 code 40002 naming `field` without checking the code.
 *
 * @param field - the request field that carries the ticket (`login_ticket`, `validation_token`).
 */
export async function checkTicketCode(
  context: AppContext,
  kind: TicketKind,
  token: string,
  field: string,
  check: () => Promise<void>,
): Promise<void> {
  const now = iso(context.clock.now());
  const hash = sha256Hex(token);
  const claimed = await queryRow<{ attempts: number }>(
    context.database,
    sql`UPDATE identity_tickets SET attempts = attempts + 1
        WHERE token_hash = ${hash} AND kind = ${kind} AND used_at IS NULL
          AND expires_at > ${now}::timestamptz AND attempts < ${TICKET_MAX_ATTEMPTS}
        RETURNING attempts`,
  );
  if (claimed === undefined) throw ticketRefused(kind, field);
  try {
    await check();
  } catch (error) {
    const wrongCode = error instanceof HttpError && error.code === ERROR_CODES.codeInvalid;
    if (!wrongCode || claimed.attempts < TICKET_MAX_ATTEMPTS) throw error;
    await context.database.db.execute(
      sql`UPDATE identity_tickets SET used_at = ${now}::timestamptz
          WHERE token_hash = ${hash} AND used_at IS NULL`,
    );
    const message =
      kind === 'login'
        ? 'Too many wrong codes: this login ticket is spent, sign in again'
        : 'Too many wrong codes: this validation is spent, validate again';
    throw new HttpError(400, ERROR_CODES.codeInvalid, message, {
      fields: [{ field, message }],
      cause: error,
    });
  }
}

/**
 * Uses up a ticket; resolves its user id. For validation tokens, the scene and the user must
 * match. HTTP 400 code 40002 naming `field` otherwise.
 */
export async function consumeTicket(
  context: AppContext,
  kind: TicketKind,
  token: string,
  expected: { readonly userId?: string; readonly scene?: string; readonly field: string },
): Promise<string> {
  const now = iso(context.clock.now());
  const rows = await queryRows<{ user_id: string }>(
    context.database,
    sql`UPDATE identity_tickets SET used_at = ${now}::timestamptz
        WHERE token_hash = ${sha256Hex(token)} AND kind = ${kind} AND used_at IS NULL
          AND expires_at > ${now}::timestamptz
          ${expected.scene === undefined ? sql`` : sql`AND scene = ${expected.scene}`}
          ${expected.userId === undefined ? sql`` : sql`AND user_id = ${expected.userId}::bigint`}
        RETURNING user_id::text AS user_id`,
  );
  const row = rows[0];
  if (row === undefined) throw ticketRefused(kind, expected.field);
  return row.user_id;
}

/** Which validation token a call expects: its user, its scene and the field that carries it. */
export interface ExpectedValidation {
  readonly userId: string;
  readonly scene: string;
  readonly field: string;
}

/**
 * Refuses a validation token that is not live for this user and scene (HTTP 400 code 40002
 * naming `field`, as {@link consumeTicket} does) without using it up: a call checks it before
 * anything else, then spends it with {@link spendValidationIn} where the change is made.
 */
export async function requireLiveValidation(
  context: AppContext,
  token: string,
  expected: ExpectedValidation,
): Promise<void> {
  const ticket = await peekTicket(context, 'validation', token);
  if (ticket === undefined || ticket.user_id !== expected.userId || ticket.scene !== expected.scene)
    throw ticketRefused('validation', expected.field);
}

/**
 * Spends a validation token inside the transaction that makes the change, so the token is
 * spent once with it and stays good when the change is refused (the transaction rolls back).
 * HTTP 400 code 40002 naming `field` when it is used, expired, of another scene or user.
 */
export async function spendValidationIn(
  executor: SqlExecutor,
  token: string,
  expected: ExpectedValidation,
  nowMs: number,
): Promise<void> {
  const rows = await queryInTransaction<{ user_id: string }>(
    executor,
    sql`UPDATE identity_tickets SET used_at = ${iso(nowMs)}::timestamptz
        WHERE token_hash = ${sha256Hex(token)} AND kind = 'validation' AND used_at IS NULL
          AND expires_at > ${iso(nowMs)}::timestamptz AND scene = ${expected.scene}
          AND user_id = ${expected.userId}::bigint
        RETURNING user_id::text AS user_id`,
  );
  if (rows.length === 0) throw ticketRefused('validation', expected.field);
}

/** `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** `138****0000`. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return `${phone.slice(0, 1)}***`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
