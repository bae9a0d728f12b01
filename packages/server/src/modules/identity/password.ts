import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { bearerToken } from '../../http/authenticate';
import { hashPassword } from './crypto';
import { resetAccountAccess, resetAnswer } from './recovery';
import { notRegistered } from './refusals';
import { recordSecurityChange } from './securityChange';
import { revokeUserSessions, sessionOfAccessToken } from './sessions';
import { addUserLog, consumeTicket, type UserRow } from './users';

/**
 * Resets the password of the user a checked email or SMS code names. HTTP 401 code 40102
 * naming `field` when no user has that address.
 */
export async function resetPassword(
  context: AppContext,
  user: UserRow | undefined,
  field: string,
  password: string,
  request: FastifyRequest,
) {
  if (user === undefined) notRegistered(field);
  // The "I lost control" path: everything but the passkeys ends here (recovery.ts); the
  // answer's recovery token lets the next screen list and remove those.
  const outcome = await resetAccountAccess(
    context,
    user.id,
    await hashPassword(password, context.passwordHashCost),
  );
  await addUserLog(context, user.id, 'security', 'password_reset', request);
  return resetAnswer(outcome);
}

/**
 * Changes a signed-in user's password, spending a validation token of scene
 * `change_password`. HTTP 400 code 40002 naming `validation_token` for a spent token.
 */
export async function changePassword(
  context: AppContext,
  userId: string,
  password: string,
  validationToken: string,
  request: FastifyRequest,
): Promise<void> {
  await consumeTicket(context, 'validation', validationToken, {
    userId,
    scene: 'change_password',
    field: 'validation_token',
  });
  await context.database.db.execute(
    sql`UPDATE users SET password_hash = ${await hashPassword(password, context.passwordHashCost)}, password_set = true WHERE id = ${userId}::bigint`,
  );
  // Every other session ends (a thief's among them); the one that made the change goes on.
  const token = bearerToken(request);
  const currentSession =
    token === undefined ? undefined : await sessionOfAccessToken(context, token);
  await revokeUserSessions(context.database.db, userId, context.clock.now(), currentSession);
  await recordSecurityChange(context, {
    userId,
    setting: 'password',
    action: 'password_changed',
    request,
  });
}
