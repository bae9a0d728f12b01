import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { endpoints } from '../../contract';
import type { EndpointInput } from '../../http/registerEndpoint';
import { checkInviteCode } from '../programmes/invitations';
import { consumeVerificationCode, phoneTarget } from './codes';
import { hashPassword } from './crypto';
import { conflict } from './refusals';
import { startSession, type TokenPairAnswer } from './sessions';
import { addUserLog, createUser, findUserByEmail, findUserByPhone } from './users';

/** What a registration by email sends (the password decrypted apart). */
export type EmailRegistration = EndpointInput<typeof endpoints.registerEmail>['body'];
/** What a registration by phone sends (the password decrypted apart). */
export type PhoneRegistration = EndpointInput<typeof endpoints.registerPhone>['body'];

/** Logs a new user's registration and first login, and starts their first session. */
async function welcome(
  context: AppContext,
  userId: string,
  request: FastifyRequest,
): Promise<TokenPairAnswer> {
  await addUserLog(context, userId, 'security', 'registered', request);
  await addUserLog(context, userId, 'login', 'login', request);
  return startSession(context, userId);
}

/**
 * Registers a user by email with the code sent to it (scene `register`) and signs them in.
 * HTTP 409 code 40900 naming the field when the email or user name is taken; HTTP 400 code
 * 40002 for a wrong code; the invitation code's own refusals (`checkInviteCode`).
 */
export async function registerByEmail(
  context: AppContext,
  registration: EmailRegistration,
  password: string,
  request: FastifyRequest,
): Promise<TokenPairAnswer> {
  if ((await findUserByEmail(context, registration.email)) !== undefined) {
    conflict('email', 'This email is already registered');
  }
  if (registration.invite_code !== undefined) {
    await checkInviteCode(context.database, registration.invite_code);
  }
  await consumeVerificationCode(
    context,
    'email',
    registration.email.toLowerCase(),
    'register',
    registration.code,
  );
  const userId = await createUser(context, {
    username: registration.username,
    email: registration.email,
    passwordHash: await hashPassword(password, context.passwordHashCost),
    inviteCode: registration.invite_code,
  });
  return welcome(context, userId, request);
}

/**
 * Registers a user by phone with the SMS code sent to it (scene `register`) and signs them in;
 * their second validation is by SMS. Refusals as {@link registerByEmail}'s, naming `phone`.
 */
export async function registerByPhone(
  context: AppContext,
  registration: PhoneRegistration,
  password: string,
  request: FastifyRequest,
): Promise<TokenPairAnswer> {
  if (
    (await findUserByPhone(context, registration.country_code, registration.phone)) !== undefined
  ) {
    conflict('phone', 'This phone is already registered');
  }
  if (registration.invite_code !== undefined) {
    await checkInviteCode(context.database, registration.invite_code);
  }
  await consumeVerificationCode(
    context,
    'sms',
    phoneTarget(registration.country_code, registration.phone),
    'register',
    registration.code,
  );
  const userId = await createUser(context, {
    username: registration.username,
    countryCode: registration.country_code,
    phone: registration.phone,
    passwordHash: await hashPassword(password, context.passwordHashCost),
    inviteCode: registration.invite_code,
  });
  await context.database.db.execute(
    sql`UPDATE users SET verify_type = 'sms' WHERE id = ${userId}::bigint`,
  );
  return welcome(context, userId, request);
}
