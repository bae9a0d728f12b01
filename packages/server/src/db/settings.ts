import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './connect';
import { appSettings } from './schema';

const jwtSecretKey = 'jwt_secret';

/**
 * The secret that signs tokens: `JWT_SECRET` when set (always in production), otherwise a
 * random one generated on first start and kept in `app_settings`, so that tokens survive
 * restarts and every server process on the same database shares it. Safe when several
 * processes start together: the first insert wins and everyone reads it back.
 */
export async function resolveJwtSecret(
  database: Database,
  config: Pick<Config, 'env' | 'jwt'>,
): Promise<string> {
  if (config.jwt.secret !== undefined) return config.jwt.secret;
  if (config.env === 'production') throw new Error('JWT_SECRET is required in production');
  await database.db
    .insert(appSettings)
    .values({ key: jwtSecretKey, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, jwtSecretKey));
  if (row === undefined) throw new Error('The generated JWT secret could not be read back');
  return row.value;
}
