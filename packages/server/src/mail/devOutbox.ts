import type { FastifyInstance } from 'fastify';
import { listOutbox } from './mailer';

/**
 * `GET /api/dev/outbox[?to=<address>]`: the development outbox, newest first, as
 * `{code: 0, msg: 'success', data: {list}}`. Not part of the contract; answers 404 in
 * production (POOLKIT_ENV or NODE_ENV `production`), where the route is not even registered.
 */
export function registerDevOutboxRoute(app: FastifyInstance): void {
  if (app.platform.config.env === 'production') return;
  app.get('/api/dev/outbox', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const to = typeof query.to === 'string' && query.to !== '' ? query.to.slice(0, 254) : undefined;
    const list = await listOutbox(app.platform.database, to === undefined ? {} : { to });
    return reply.send({ code: 0, msg: 'success', data: { list } });
  });
}
