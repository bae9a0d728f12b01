import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEndpoint } from '../../contract';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { serverVersion } from '../../version';

/**
 * `GET /api/health`: is the server up and its database answering. Defined here because the
 * spec lists no such call; it moves to core's endpoint table if the client ever needs it.
 */
export const healthEndpoint = defineEndpoint({
  id: 'health',
  family: 'A',
  method: 'GET',
  path: '/health',
  auth: 'public',
  errors: [503],
  response: z.object({
    status: z.literal('ok'),
    /** The database driver: `pglite` (embedded) or `postgres`. */
    db: z.enum(['pglite', 'postgres']),
    version: z.string(),
    uptime_s: z.number().int().nonnegative(),
  }),
  summary: 'Server health: status, database driver, version and uptime in seconds',
});

/** Error code of HTTP 503: a dependency (the database) does not answer. */
export const SERVICE_UNAVAILABLE_CODE = 50300;

/** Registers `GET /api/health`. */
export function registerHealthRoutes(app: FastifyInstance): void {
  registerEndpoint(app, healthEndpoint, async (_input, { database, clock, log }) => {
    try {
      await database.db.execute(sql`SELECT 1`);
    } catch (error) {
      log.error({ err: error }, 'health check: the database does not answer');
      throw new HttpError(503, SERVICE_UNAVAILABLE_CODE, 'The database does not answer');
    }
    return {
      status: 'ok' as const,
      db: database.driver,
      version: serverVersion,
      uptime_s: Math.max(0, Math.floor((clock.now() - app.platform.startedAt) / 1000)),
    };
  });
}
