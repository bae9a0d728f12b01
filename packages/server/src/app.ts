import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Clock, type OffsetClock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/connect';
import { type Authenticate, bearerAuthenticate, rejectingTokenVerifier } from './http/authenticate';
import { registerCors } from './http/cors';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
  type NotFoundFallback,
  registerErrorHandlers,
} from './http/errorHandler';
import { asAuthRequest, createHotReads, type HotReadMeter } from './http/hotReads';
import type { Platform } from './http/platform';
import { PostgresRateLimitStore } from './http/postgresRateLimitStore';
import {
  countRateLimit,
  DELEGATE_RATE_LIMIT,
  delegateRateLimitKey,
  type RateLimitStore,
  type RateLimitWindow,
} from './http/rateLimit';
import { RedisRateLimitStore } from './http/redisRateLimitStore';
import {
  type LogDestination,
  loggerOptions,
  registerSecurity,
  requestIdFor,
} from './http/security';
import { decorateJobs, runJobsWithApp } from './jobs/appJobs';
import { registerAdminModule } from './modules/admin/module';
import { registerCatalogueModule } from './modules/catalogue/module';
import type { ChainAdapter } from './modules/chain/chainAdapter';
import { createChainRouter } from './modules/chain/chainRouter';
import { createDemoChain } from './modules/chain/demoChain';
import { demoInboundChain, type InboundChain } from './modules/chain/inboundChain';
import { type NodeChain, nodeAddressChecks } from './modules/chain/nodeChain';
import { createInboundRouter, nodeInboundsOf } from './modules/chain/nodeInbound';
import { registerContentModule } from './modules/content/routes';
import { registerContractModule } from './modules/contracts/module';
import { registerCouponModule } from './modules/coupons/module';
import { registerDevClockRoutes } from './modules/dev/clockRoutes';
import { registerDevLoopbackGuard } from './modules/dev/loopbackOnly';
import { registerDocsRoutes } from './modules/docs/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { API_KEY_PREFIX } from './modules/identity/apiKeys';
import { registerIdentityModule } from './modules/identity/module';
import { OAUTH_ACCESS_PREFIX } from './modules/identity/oauthProvider';
import { type LiveModuleOptions, registerLiveModule } from './modules/live/module';
import {
  type NotificationsOptions,
  registerNotificationsModule,
} from './modules/notifications/module';
import { registerPoolModule } from './modules/pools/module';
import { registerPriceModule } from './modules/prices/module';
import type { PriceSource } from './modules/prices/service';
import { registerProgrammesModule } from './modules/programmes/module';
import { registerTicketModule } from './modules/tickets/module';
import { registerWalletModule } from './modules/wallet/module';
import { nodeWalletsOf } from './modules/wallet/reconciliation';
import { registerEmbed } from './site/serveEmbed';
import { registerSite } from './site/serveSite';

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  readonly config: Config;
  /** The open database (from `openDatabase`); the caller closes it after the app. */
  readonly db: Database;
  /** Default: the wall clock. */
  readonly clock?: Clock;
  /**
   * The clock again, when it is a development {@link OffsetClock}: outside production the app
   * then serves `POST /api/dev/clock` to move it forward (modules/dev/clockRoutes.ts).
   */
  readonly devClock?: OffsetClock;
  /**
   * Default: Redis when `config.redisUrl` is set, else PostgreSQL. A store built here is closed
   * with the app; a store passed in belongs to the caller.
   */
  readonly rateLimitStore?: RateLimitStore;
  /** Who is calling. Default: bearer tokens, all refused until the identity module plugs in. */
  readonly authenticate?: Authenticate;
  /**
   * The limit of each API key and app authorisation. Default {@link DELEGATE_RATE_LIMIT} (600
   * calls in 10 minutes); tests set a lower one to reach it in a few calls.
   */
  readonly delegateRateLimit?: RateLimitWindow;
  /** Where log lines go. Default: standard output. */
  readonly logDestination?: LogDestination;
  /** Check answers against the contract. Default: on in test mode only. */
  readonly validateResponses?: boolean;
  /**
   * Where withdrawals are paid. Default: each coin of `nodeChains` on its node, every other coin
   * on the demo chain (`modules/chain/demoChain.ts`).
   */
  readonly chain?: ChainAdapter;
  /** The coins on a node, checked at the start (`connectNodeChains`). Default none. */
  readonly nodeChains?: readonly NodeChain[];
  /**
   * Where deposits come from. Default: each coin of `nodeChains` from its node's wallet
   * (`config.coinNodes`), every other coin from the demo inbound chain.
   */
  readonly inboundChain?: InboundChain;
  /** Where prices come from. Default: from `config` (the HTTP feed, the demo walk, or none). */
  readonly priceSource?: PriceSource;
  /**
   * Keep the hot reads' answers in the node's cache (`http/hotReads.ts`). Default: on, except
   * in test mode, where tests that change data between two reads expect to see it at once.
   */
  readonly hotReads?: boolean;
  /**
   * Start the scheduled jobs (`app.jobs`) when the app is ready. Default `true`. `main.ts` starts
   * them itself (`startJobs`) once the server listens, with the pool engine's job among them:
   * the engine's first pass (days of demo history on a fresh database) must not hold up the
   * start.
   */
  readonly startJobsOnReady?: boolean;
  /** Knobs of the live streams (`modules/live`): poll, heartbeat and limits (tests). */
  readonly live?: LiveModuleOptions;
  /** The notifications module's webhook sender, mailer and resolver (tests). Default: real ones. */
  readonly notifications?: NotificationsOptions;
  /**
   * Registers extra routes before the error handlers are installed (tests and later modules).
   */
  readonly routes?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * Builds the Fastify app: logging, security headers, rate-limit store, the modules' routes
 * under `/api`, the built site, and the error envelope for everything that goes wrong. The app
 * is not listening yet: use `app.listen` or `app.inject`, and `app.close()` when done.
 *
 * @example
 * const app = await buildApp({ config, db: database });
 * await app.listen({ port: config.port, host: config.host });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db: database } = options;
  const clock = options.clock ?? systemClock;
  const hotReads =
    (options.hotReads ?? config.env !== 'test')
      ? createHotReads({
          database,
          clock,
          corsOrigins: config.corsOrigins,
          ...(config.redisUrl === undefined ? {} : { redisUrl: config.redisUrl }),
        })
      : null;
  const app: FastifyInstance = Fastify({
    // Hot reads are answered from the cache before the framework routes them (a hit costs a
    // map lookup); everything else goes to Fastify as usual.
    serverFactory: (handler, serverOptions) => {
      const server = createServer((request, response) => {
        if (hotReads === null) {
          handler(request, response);
          return;
        }
        hotReads.serve(
          request,
          response,
          () => handler(request, response),
          (raw) => app.platform.authenticate(asAuthRequest(raw)),
          delegateMeter,
        );
      });
      // What Fastify sets on a server it makes itself (it does not on one a factory makes):
      // without its 72 s keep-alive, Node's 5 s closes idle sockets that clients (4 s in
      // undici) may be about to reuse, and a busy event loop turns that race into resets.
      const numberOr = (value: unknown, fallback: number) =>
        typeof value === 'number' ? value : fallback;
      server.keepAliveTimeout = numberOr(serverOptions.keepAliveTimeout, 72_000);
      server.requestTimeout = numberOr(serverOptions.requestTimeout, 0);
      server.setTimeout(numberOr(serverOptions.connectionTimeout, 0));
      const perSocket = numberOr(serverOptions.maxRequestsPerSocket, 0);
      if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
      return server;
    },
    logger: loggerOptions(config.logLevel, options.logDestination),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestIdFor,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A HEAD on a JSON call would be a 200 with no envelope; the not-found handler answers it
    // 405 instead. The site's routes list HEAD themselves.
    exposeHeadRoutes: false,
  });

  const ownStore = options.rateLimitStore === undefined;
  const rateLimitStore =
    options.rateLimitStore ??
    (config.redisUrl === undefined
      ? new PostgresRateLimitStore(database, clock)
      : new RedisRateLimitStore(config.redisUrl));
  if (ownStore) app.addHook('onClose', () => rateLimitStore.close());

  const delegateRateLimit = options.delegateRateLimit ?? DELEGATE_RATE_LIMIT;
  const platform: Platform = {
    config,
    database,
    clock,
    rateLimitStore,
    delegateRateLimit,
    authenticate: options.authenticate ?? bearerAuthenticate(rejectingTokenVerifier),
    authenticateInjected: options.authenticate !== undefined,
    validateResponses: options.validateResponses ?? config.env === 'test',
    endpoints: [],
    hotReads,
    startedAt: clock.now(),
  };
  app.decorate('platform', platform);
  // Before the modules: they declare their scheduled jobs on it.
  decorateJobs(app, clock, database);
  /**
   * The cache counts the calls of API keys and app tokens it answers in the bucket
   * `registerEndpoint` counts them in, so their limit holds on every path. Their tokens are
   * told by prefix (`pk_`, `pat_`): only those are checked on a public answer.
   */
  const delegateMeter: HotReadMeter = {
    isDelegateToken: (token) =>
      token.startsWith(API_KEY_PREFIX) || token.startsWith(OAUTH_ACCESS_PREFIX),
    count: (principal) =>
      countRateLimit(
        platform.rateLimitStore,
        platform.clock,
        delegateRateLimitKey(principal) ?? `${principal.kind}:${principal.userId}`,
        platform.delegateRateLimit,
      ),
  };
  if (hotReads !== null) {
    app.addHook('onReady', () => hotReads.start());
    app.addHook('onClose', () => hotReads.stop());
  }

  await registerSecurity(app);
  registerCors(app);
  // The error and not-found handlers go in before any route: a route keeps the handler of the
  // moment it was added once a later `await app.register` boots the plugins (the built site's
  // static plugin does), so installing them last left the API with Fastify's own error shape.
  let siteFallback: NotFoundFallback | undefined;
  registerErrorHandlers(app, (request, reply) =>
    siteFallback === undefined ? Promise.resolve(false) : siteFallback(request, reply),
  );
  registerHealthRoutes(app);
  registerDocsRoutes(app);
  // Before any `/api/dev/*` route: those answer loopback clients only.
  registerDevLoopbackGuard(app);
  if (options.devClock !== undefined) registerDevClockRoutes(app, options.devClock);
  const identity = await registerIdentityModule(app);
  const prices = registerPriceModule(app, options.priceSource);
  await registerPoolModule(app, prices);
  const chain =
    options.chain ??
    createChainRouter(database, options.nodeChains ?? [], createDemoChain(database));
  const inbound =
    options.inboundChain ??
    createInboundRouter(
      nodeInboundsOf(config.coinNodes, options.nodeChains ?? []),
      demoInboundChain,
    );
  registerWalletModule(app, identity, chain, prices, {
    inbound,
    nodeChecks: nodeAddressChecks(options.nodeChains ?? []),
    nodeWallets: nodeWalletsOf(config.coinNodes, options.nodeChains ?? []),
  });
  registerCatalogueModule(app, prices);
  await registerContentModule(app);
  registerAdminModule(app);
  registerCouponModule(app);
  registerContractModule(app, identity, prices);
  registerProgrammesModule(app, identity);
  registerNotificationsModule(app, options.notifications);
  registerTicketModule(app);
  platform.live = registerLiveModule(app, prices, options.live);
  await options.routes?.(app);
  registerEmbed(app);
  siteFallback = await registerSite(app, config.siteDir);
  // Last: every module's own onReady hook runs before the first runs of the jobs.
  runJobsWithApp(app, options.startJobsOnReady ?? true);
  return app;
}
