import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { iso, queryRow } from '../../db/sql';
import { DEMO_OIDC_IDENTITIES } from '../../oidc/demoProvider';
import { hashPassword } from './crypto';
import { createUser } from './users';

/** The demo user's credentials, printed in the log at start (demo mode only). */
export const DEMO_USER = {
  email: 'demo@poolkit.local',
  username: 'demo',
  password: 'Demo12345',
  secondAccount: 'demorig2',
} as const;

/**
 * Seeds the demo user once (email `demo@poolkit.local`, user name `demo`, password
 * `Demo12345`, accounts `demo` (main) and `demorig2`), so a visitor can log in right away.
 * Resolves true when it was created now, false when it already existed.
 */
export async function seedDemoUser(context: AppContext, log?: FastifyBaseLogger): Promise<boolean> {
  const existing = await queryRow<{ id: string }>(
    context.database,
    sql`SELECT id::text AS id FROM users WHERE username = ${DEMO_USER.username}`,
  );
  let created = false;
  if (existing === undefined) {
    try {
      const userId = await createUser(context, {
        username: DEMO_USER.username,
        email: DEMO_USER.email,
        passwordHash: await hashPassword(DEMO_USER.password),
      });
      await context.database.db.execute(
        sql`INSERT INTO mining_accounts (user_id, name, permission, is_main, created_at)
            VALUES (${userId}::bigint, ${DEMO_USER.secondAccount}, 'pool_management', false,
                    ${iso(context.clock.now())}::timestamptz)
            ON CONFLICT (name) DO NOTHING`,
      );
      created = true;
    } catch (error) {
      // Another node seeded it at the same moment.
      if ((error as { code?: unknown }).code !== 40900) throw error;
    }
  }
  // Demo ID is not trusted to link by email (oidcLogin.ts), so its preset identity is linked
  // here, to keep "Continue as Demo Miner" a one-click demo. Nothing is given away: the demo
  // user's password is printed below. Only with the provider `demo` configured (main.ts).
  const preset = DEMO_OIDC_IDENTITIES[0];
  if (preset !== undefined && context.config.oidc.providers.some((item) => item.id === 'demo')) {
    await context.database.db.execute(
      sql`INSERT INTO user_identities (user_id, provider, subject, email, created_at)
          SELECT id, 'demo', ${preset.sub}, ${preset.email ?? null}, ${iso(context.clock.now())}::timestamptz
          FROM users WHERE username = ${DEMO_USER.username}
          ON CONFLICT (provider, subject) DO NOTHING`,
    );
  }
  log?.info(
    { demoUser: { email: DEMO_USER.email, username: DEMO_USER.username } },
    `Demo user: log in with ${DEMO_USER.email} and password ${DEMO_USER.password} (accounts ${DEMO_USER.username}, ${DEMO_USER.secondAccount})`,
  );
  return created;
}
