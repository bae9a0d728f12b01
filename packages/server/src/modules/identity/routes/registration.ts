import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { decryptPassword } from '../context';
import { registerByEmail, registerByPhone } from '../registration';
import { registerLimit } from './limits';

/** Registration by email and by phone. */
export function registerRegistrationRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(
    app,
    endpoints.registerEmail,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      return registerByEmail(context, body, password, request);
    },
    { rateLimit: registerLimit },
  );

  registerEndpoint(
    app,
    endpoints.registerPhone,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      return registerByPhone(context, body, password, request);
    },
    { rateLimit: registerLimit },
  );
}
