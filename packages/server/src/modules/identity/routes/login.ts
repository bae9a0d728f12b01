import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endpoints } from '../../../contract';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { issueCaptchaChallenge, verifyCaptcha } from '../captcha';
import { decryptPassword } from '../context';
import { checkLoginPassword, finishLogin, finishTotpLogin, totpRequired } from '../login';
import { createLoginBrake } from '../loginBrake';
import { loginLimit } from './limits';

/** The login: captcha, the password's public key, password login and its authenticator step. */
export function registerLoginRoutes(app: FastifyInstance, context: AppContext): void {
  const loginBrake = createLoginBrake(context);
  registerEndpoint(app, endpoints.captchaChallenge, async () => issueCaptchaChallenge(context));

  registerEndpoint(app, endpoints.publicKey, async () => {
    const key = await context.rsaKey();
    return { public_key: key.publicPem, key_id: key.keyId };
  });

  registerEndpoint(
    app,
    endpoints.login,
    async ({ query, body }, { request }) => {
      await verifyCaptcha(context, query);
      const password = await decryptPassword(context, body.password, body.key_id);
      // Per account, whatever the address: see loginBrake.ts.
      const user = await loginBrake.check(body, () => checkLoginPassword(context, body, password));
      if (user.totp_secret !== null) return totpRequired(context, user.id);
      return finishLogin(context, user, request);
    },
    { rateLimit: loginLimit },
  );

  registerEndpoint(
    app,
    endpoints.totpLogin,
    async ({ body }, { request }) =>
      finishTotpLogin(context, body.login_ticket, body.code, request),
    { rateLimit: loginLimit },
  );
}
