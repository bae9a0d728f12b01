import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { userOf } from '../../../http/userOf';
import { createPendingTotpSecret, disableTotp, enableTotp } from '../authenticator';
import { passSecondValidation } from '../secondValidation';
import { requireUser } from '../users';
import { secondValidationLimit } from './limits';

/** The authenticator (secret, turning it on and off) and second validations. */
export function registerTwoFactorRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(app, endpoints.totpSecret, async (_input, { principal }) =>
    createPendingTotpSecret(context, await requireUser(context, userOf(principal))),
  );

  registerEndpoint(app, endpoints.totpValidation, async ({ body }, { principal, request }) => {
    const user = await requireUser(context, userOf(principal));
    await enableTotp(context, user, body.validation_token, body.code, request);
    return null;
  });

  registerEndpoint(app, endpoints.totpDisable, async ({ body }, { principal, request }) => {
    const user = await requireUser(context, userOf(principal));
    await disableTotp(context, user.id, body.validation_token, request);
    return null;
  });

  registerEndpoint(
    app,
    endpoints.secondValidation,
    async ({ body }, { principal }) =>
      passSecondValidation(context, await requireUser(context, userOf(principal)), body),
    { rateLimit: secondValidationLimit },
  );
}
