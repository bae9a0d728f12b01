import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { finishLoginStep } from './login';
import { registerPasskeyRoutes } from './passkeys';
import { registerCodeRoutes } from './routes/codes';
import { registerContactRoutes } from './routes/contacts';
import { registerLoginRoutes } from './routes/login';
import { registerPasswordRoutes } from './routes/password';
import { registerProfileRoutes, registerUserInfoRoute } from './routes/profile';
import { registerRegistrationRoutes } from './routes/registration';
import { registerSessionRoutes } from './routes/sessions';
import { registerTwoFactorRoutes } from './routes/twoFactor';

/**
 * Registers the identity endpoints of the contract (family A and `/users/info`), area by area
 * (`routes/`), in the order the API documentation lists them.
 */
export function registerIdentityRoutes(app: FastifyInstance, context: AppContext): void {
  registerLoginRoutes(app, context);
  registerTwoFactorRoutes(app, context);
  registerSessionRoutes(app, context);
  registerRegistrationRoutes(app, context);
  registerPasswordRoutes(app, context);
  registerContactRoutes(app, context);
  registerCodeRoutes(app, context);
  registerProfileRoutes(app, context);
  registerPasskeyRoutes(app, context, (user, request) => finishLoginStep(context, user, request));
  registerUserInfoRoute(app, context);
}
