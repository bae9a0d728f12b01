import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { userOf } from '../../../http/userOf';
import { verifyCaptcha } from '../captcha';
import { sendCodeToAddress, sendCodeToOwnEmail, sendCodeToOwnPhone } from '../codeSending';
import { signInRequired } from '../refusals';
import { requireUser } from '../users';
import { sendCodeLimit } from './limits';

/** Sending verification codes: to the user's own phone or email, or to a new address. */
export function registerCodeRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(
    app,
    endpoints.sendSmsCode,
    async ({ body }, { principal }) =>
      sendCodeToOwnPhone(context, await requireUser(context, userOf(principal)), body.scene),
    { rateLimit: sendCodeLimit },
  );

  registerEndpoint(
    app,
    endpoints.sendVerifiedEmailCode,
    async ({ body }, { principal }) =>
      sendCodeToOwnEmail(context, await requireUser(context, userOf(principal)), body.scene),
    { rateLimit: sendCodeLimit },
  );

  registerEndpoint(
    app,
    endpoints.sendCode,
    async ({ query, body }, { principal }) => {
      const binding = body.scene === 'bind_email' || body.scene === 'bind_phone';
      if (binding && principal?.kind !== 'user') signInRequired();
      await verifyCaptcha(context, query);
      return sendCodeToAddress(context, body);
    },
    { rateLimit: sendCodeLimit },
  );
}
