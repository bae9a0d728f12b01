import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { queryRow } from '../../db/sql';
import { hashPassword } from '../identity/crypto';
import { createUser } from '../identity/users';
import { grantOperator } from './operators';

/** The demo operator's credentials, printed in the log at start (demo mode only). */
export const DEMO_OPERATOR = {
  email: 'operator@poolkit.local',
  username: 'operator',
  password: 'Operator123',
} as const;

/**
 * Seeds the demo operator once (email `operator@poolkit.local`, user name `operator`, password
 * `Operator123`, its main account `operator`), so a visitor can open the operator console
 * (`/admin`) right away. A user named `operator` that exists already is made an operator only
 * when its email is the demo operator's, so a real user who took the name is never promoted.
 * Resolves true when the user was created now.
 */
export async function seedDemoOperator(
  context: AppContext,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const existing = await queryRow<{ id: string; email: string | null }>(
    context.database,
    sql`SELECT id::text AS id, email FROM users WHERE username = ${DEMO_OPERATOR.username}`,
  );
  let userId = existing?.email === DEMO_OPERATOR.email ? existing.id : undefined;
  let created = false;
  if (existing === undefined) {
    try {
      userId = await createUser(context, {
        username: DEMO_OPERATOR.username,
        email: DEMO_OPERATOR.email,
        passwordHash: await hashPassword(DEMO_OPERATOR.password),
      });
      created = true;
    } catch (error) {
      // Another node seeded it at the same moment; it grants the role as well.
      if ((error as { code?: unknown }).code !== 40900) throw error;
    }
  }
  if (userId === undefined) {
    log?.warn(
      { username: DEMO_OPERATOR.username },
      'Demo operator not seeded: the user name belongs to another user',
    );
    return false;
  }
  await grantOperator(context.database.db, userId, null, context.clock.now());
  log?.info(
    { demoOperator: { email: DEMO_OPERATOR.email, username: DEMO_OPERATOR.username } },
    `Demo operator: log in with ${DEMO_OPERATOR.email} and password ${DEMO_OPERATOR.password}, then open /admin`,
  );
  return created;
}
