import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { userOf } from '../../../http/userOf';
import { changeEmail, changePhone } from '../contacts';

/** Changing (or binding the first) email and phone. */
export function registerContactRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(app, endpoints.changeEmail, async ({ body }, { principal, request }) => {
    await changeEmail(context, userOf(principal), body, request);
    return null;
  });

  registerEndpoint(app, endpoints.changePhone, async ({ body }, { principal, request }) => {
    await changePhone(context, userOf(principal), body, request);
    return null;
  });
}
