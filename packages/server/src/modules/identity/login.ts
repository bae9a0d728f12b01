import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { isoSeconds } from '../../db/sql';
import { HttpError } from '../../http/httpError';
import { spendTotpCode } from './authenticator';
import { revokeCancellation } from './cancellation';
import { verifyPassword } from './crypto';
import type { LoginAccount } from './loginBrake';
import { codeRefused, notRegistered } from './refusals';
import { startSession } from './sessions';
import { checkTotpBehindBrake } from './totpBrake';
import {
  addUserLog,
  checkTicketCode,
  consumeTicket,
  createTicket,
  findUserByEmail,
  findUserByPhone,
  peekTicket,
  requireUser,
  type UserRow,
} from './users';

/** A login ticket (password done, authenticator code pending) works 5 minutes. */
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;

/**
 * The user a login names, once the password is right. HTTP 401 code 40102 naming `email` or
 * `phone` for an unknown account, HTTP 401 code 40101 for a wrong password: the login brake
 * (`loginBrake.ts`) counts both as wrong guesses.
 */
export async function checkLoginPassword(
  context: AppContext,
  account: LoginAccount,
  password: string,
): Promise<UserRow> {
  const found =
    account.type === 'email'
      ? await findUserByEmail(context, account.email)
      : await findUserByPhone(context, account.country_code, account.phone);
  if (found === undefined) notRegistered(account.type === 'email' ? 'email' : 'phone');
  if (!(await verifyPassword(password, found.password_hash))) {
    throw new HttpError(401, ERROR_CODES.badCredentials, 'Wrong account or password');
  }
  return found;
}

/** The answer of a login whose authenticator code is still to come: a login ticket for it. */
export async function totpRequired(context: AppContext, userId: string) {
  const ticket = await createTicket(context, 'login', userId, null, LOGIN_TICKET_TTL_MS);
  return {
    status: 'totp_required' as const,
    login_ticket: ticket.token,
    expires_at: isoSeconds(ticket.expiresMs),
  };
}

/** Finishes a login: revokes a pending cancellation, starts a session, logs it. */
export async function finishLogin(context: AppContext, user: UserRow, request: FastifyRequest) {
  let cancellationRevoked = false;
  if (user.status === 'cancelling') {
    await revokeCancellation(context, user.id);
    cancellationRevoked = true;
    await addUserLog(context, user.id, 'security', 'cancellation_revoked', request);
  }
  const pair = await startSession(context, user.id);
  await addUserLog(context, user.id, 'login', 'login', request);
  // Decision: the answer says a pending cancellation was revoked in an extra field (the
  // contract's login answer has none; clients that do not know it ignore it).
  return {
    status: 'ok' as const,
    ...pair,
    ...(cancellationRevoked ? { cancellation_revoked: true } : {}),
  };
}

/** {@link finishLogin}'s answer without `status`, for a login's last step (authenticator, passkey). */
export async function finishLoginStep(context: AppContext, user: UserRow, request: FastifyRequest) {
  const { status: _status, ...answer } = await finishLogin(context, user, request);
  return answer;
}

/**
 * The authenticator step of a login: checks the code against the ticket's user and finishes
 * the login. HTTP 400 code 40002 naming `login_ticket` for a bad ticket, naming `code` for a
 * wrong code; HTTP 429 once the user's authenticator brake holds.
 */
export async function finishTotpLogin(
  context: AppContext,
  loginTicket: string,
  code: string,
  request: FastifyRequest,
) {
  const ticket = await peekTicket(context, 'login', loginTicket);
  if (ticket === undefined)
    codeRefused('login_ticket', 'The login ticket is not valid or has expired');
  const user = await requireUser(context, ticket.user_id);
  const secret = user.totp_secret;
  if (secret === null) codeRefused('login_ticket', 'The authenticator is off');
  // Two counts: the ticket's (5 codes, then it is spent) and, inside it, the user's brake
  // shared with second validations (5 wrong codes in a row, then 15 minutes of 429),
  // so whoever knows the password cannot take ticket after ticket and keep guessing.
  await checkTicketCode(context, 'login', loginTicket, 'login_ticket', () =>
    checkTotpBehindBrake(context, user.id, () => spendTotpCode(context, user.id, secret, code)),
  );
  await consumeTicket(context, 'login', loginTicket, { field: 'login_ticket' });
  return finishLoginStep(context, user, request);
}
