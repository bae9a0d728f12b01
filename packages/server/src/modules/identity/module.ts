import type { FastifyInstance } from 'fastify';
import { type AppContext, createAppContext } from '../../context';
import { bearerAuthenticate } from '../../http/authenticate';
import { setAuthenticate } from '../../http/platform';
import { registerDevOutboxRoute } from '../../mail/devOutbox';
import { createMailer } from '../../mail/mailer';
import { registerAccountRoutes } from '../accounts/routes';
import { seedDemoOperator } from '../admin/demo';
import { registerApiKeyRoutes } from './apiKeys';
import { finaliseCancellations, pruneIdentityData } from './cancellation';
import { seedDemoUser } from './demo';
import { registerOauthProviderRoutes } from './oauthProvider';
import { registerOidcLoginRoutes } from './oidcLogin';
import { registerIdentityRoutes } from './routes';
import { createTokenVerifier } from './sessions';

/** How often the job finalises due cancellations and prunes spent codes and tickets, in minutes. */
const CANCELLATION_JOB_EVERY_MINUTES = 10;

/**
 * Identity and accounts: registration, login, tokens, 2FA, codes, permissions, settings,
 * cancellation, sub-accounts, observer links, read-only API keys, PoolKit as an OAuth provider and
 * third-party login (OpenID Connect). Plugs its token verifier into the platform
 * (unless `buildApp` was given its own `authenticate`), runs the cancellation job on the app's
 * clock, seeds the demo user and the demo operator in demo mode (not in test mode), and lists
 * the development outbox. Resolves the identity context, which the wallet shares (pay password,
 * second validation).
 */
export async function registerIdentityModule(app: FastifyInstance): Promise<AppContext> {
  const { config, database, clock } = app.platform;
  const context = createAppContext({
    config,
    database,
    clock,
    mailer: createMailer(config, database, app.log),
  });
  if (!app.platform.authenticateInjected) {
    setAuthenticate(app, bearerAuthenticate(createTokenVerifier(context)));
  }
  registerIdentityRoutes(app, context);
  registerAccountRoutes(app, context);
  registerApiKeyRoutes(app, context);
  registerOauthProviderRoutes(app, context);
  registerOidcLoginRoutes(app, context);
  registerDevOutboxRoute(app);

  app.addHook('onReady', async () => {
    if (config.env !== 'test') {
      // Generate the RSA key now rather than on the first login, and greet demo visitors.
      await context.rsaKey();
      if (config.demo) {
        await seedDemoUser(context, app.log);
        await seedDemoOperator(context, app.log);
      }
    }
  });
  // Not in tests: they finalise and prune themselves on their manual clock, which jumps by days.
  if (config.env !== 'test') {
    app.jobs.declare({
      name: 'cancellations',
      cadence: { everyMinutes: CANCELLATION_JOB_EVERY_MINUTES },
      exclusive: false,
      run: async (nowMs) => {
        const count = await finaliseCancellations(database, nowMs);
        if (count > 0) app.log.info({ count }, 'account cancellations finalised');
        await pruneIdentityData(database, nowMs);
      },
    });
  }
  return context;
}
