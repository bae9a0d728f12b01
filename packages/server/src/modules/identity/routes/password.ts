import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { userOf } from '../../../http/userOf';
import { consumeVerificationCode, phoneTarget } from '../codes';
import { decryptPassword } from '../context';
import { changePassword, resetPassword } from '../password';
import { findUserByEmail, findUserByPhone } from '../users';
import { registerLimit } from './limits';

/** Password reset (by email or SMS code) and password change (behind a second validation). */
export function registerPasswordRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(
    app,
    endpoints.resetPasswordEmail,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      const email = body.email.toLowerCase();
      await consumeVerificationCode(context, 'email', email, 'reset_password', body.code);
      const user = await findUserByEmail(context, body.email);
      return resetPassword(context, user, 'email', password, request);
    },
    { rateLimit: registerLimit },
  );

  registerEndpoint(
    app,
    endpoints.resetPasswordPhone,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      const target = phoneTarget(body.country_code, body.phone);
      await consumeVerificationCode(context, 'sms', target, 'reset_password', body.code);
      const user = await findUserByPhone(context, body.country_code, body.phone);
      return resetPassword(context, user, 'phone', password, request);
    },
    { rateLimit: registerLimit },
  );

  registerEndpoint(app, endpoints.changePassword, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const password = await decryptPassword(context, body.password, body.key_id);
    await changePassword(context, userId, password, body.validation_token, request);
    return null;
  });
}
