import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { logoutSession, refreshSession } from '../sessions';
import { addUserLog } from '../users';
import { refreshLimit } from './limits';

/** A session's token refresh and logout. */
export function registerSessionRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(
    app,
    endpoints.refreshToken,
    async ({ body }) => refreshSession(context, body.refresh_token),
    { rateLimit: refreshLimit },
  );

  registerEndpoint(app, endpoints.logout, async ({ body }, { principal, request }) => {
    await logoutSession(context, body.refresh_token);
    if (principal?.kind === 'user')
      await addUserLog(context, principal.userId, 'login', 'logout', request);
    return null;
  });
}
