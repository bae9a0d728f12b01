import { buildApp } from './app';
import { type Clock, createOffsetClock, type OffsetClock, systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { resolveJwtSecret } from './db/settings';
import { createPoolEngine } from './engine/poolEngine';
import { serializeError } from './http/errorLog';
import { startJobs } from './jobs/appJobs';
import { connectNodeChains } from './modules/chain/connectNodes';
import type { NodeChain } from './modules/chain/nodeChain';
import {
  DEMO_OIDC_CLIENT,
  DEMO_OIDC_IDENTITIES,
  type DemoProvider,
  startDemoOidcProvider,
} from './oidc/demoProvider';
import { isSiteBuilt } from './site/serveSite';
import { connectShareStream, type ShareStream } from './stream/connectShareStream';

/** Seconds to wait for a clean shutdown before forcing the exit. */
const shutdownGraceSeconds = 10;

async function main(): Promise<void> {
  let loaded: ReturnType<typeof loadConfig>;
  // The coins on a node (`<COIN>_RPC_URL`), checked before anything starts: a bad node is a bad
  // configuration.
  let nodeChains: NodeChain[];
  try {
    loaded = loadConfig(process.env);
    nodeChains = await connectNodeChains(loaded.coinNodes);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }

  const database = await openDatabase(loaded);
  let config = loaded;
  try {
    config = {
      ...loaded,
      jwt: { ...loaded.jwt, secret: await resolveJwtSecret(database, loaded) },
    };
  } catch (error) {
    await database.close();
    throw error;
  }

  // In demo mode "Demo ID", a local OpenID provider, runs beside the server, so third-party
  // login works with no outside service (see oidc/demoProvider.ts).
  let demoProvider: DemoProvider | undefined;
  if (config.demo && config.env !== 'test' && !config.oidc.providers.some((p) => p.id === 'demo')) {
    demoProvider = await startDemoOidcProvider({
      port: config.oidc.demoPort,
      clients: [{ ...DEMO_OIDC_CLIENT, redirectUris: 'loopback' }],
      identities: DEMO_OIDC_IDENTITIES,
    });
    config = {
      ...config,
      oidc: {
        ...config.oidc,
        providers: [
          ...config.oidc.providers,
          // Demo ID authenticates nobody: never trusted to link accounts by email.
          {
            id: 'demo',
            name: 'Demo ID',
            issuer: demoProvider.issuer,
            ...DEMO_OIDC_CLIENT,
            trusted: false,
          },
        ],
      },
    };
  }

  // Outside production the clock can be moved forward (`POST /api/dev/clock`) to see tomorrow.
  const devClock: OffsetClock | undefined =
    config.env === 'production' ? undefined : createOffsetClock(systemClock);
  const clock: Clock = devClock ?? systemClock;
  const app = await buildApp({
    config,
    db: database,
    clock,
    ...(devClock === undefined ? {} : { devClock }),
    nodeChains,
    // Started below, once the server listens.
    startJobsOnReady: false,
  }).catch(async (error: unknown) => {
    await demoProvider?.close();
    await database.close();
    throw error;
  });

  // With NATS_URL, shares arrive through the JetStream share stream (and the demo publishes there).
  let stream: ShareStream | null = null;
  if (config.natsServers !== undefined) {
    try {
      stream = await connectShareStream({
        servers: config.natsServers,
        database,
        clock,
        log: app.log,
      });
    } catch (error) {
      await app.close();
      await database.close();
      throw error;
    }
  }

  // The pool data engine: minute rollups and daily settlement always, the simulator in demo mode.
  const engine = createPoolEngine({
    database,
    clock,
    demo: config.demo,
    backfillDays: config.demoHistoryDays,
    log: app.log,
    afterRollup: async () => {
      await app.platform.hotReads?.refreshTick();
      // Live streams send the new statistics now, on every node (through Redis when set).
      app.platform.live?.nudge();
    },
    ...(stream === null ? {} : { simulatorIngest: stream.demoIngest }),
  });
  // Its minute pass is one of the app's scheduled jobs, which start once the server listens.
  app.jobs.declare(engine.job);

  /**
   * The engine's pass in progress ends early; then every job's run in progress ends, and no
   * job runs again, before the share stream closes under them.
   */
  const stopJobs = async () => {
    await engine.stop();
    await app.jobs.stop();
  };

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      process.stderr.write(`Shutdown took over ${shutdownGraceSeconds} s; exiting anyway\n`);
      process.exit(1);
    }, shutdownGraceSeconds * 1000).unref();
    try {
      stream?.interrupt();
      await stopJobs();
      // The consumer records and acknowledges the batch in hand, then the connection drains.
      await stream?.close();
      await app.close();
      await demoProvider?.close();
    } finally {
      await database.close();
    }
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    stream?.interrupt();
    await stopJobs();
    await stream?.close();
    await app.close();
    await database.close();
    process.exitCode = 1;
    return;
  }
  startJobs(app);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  // Every interface, or this machine's loopback (the development default): shown as
  // `localhost`, the name browsers open this machine by and the one passkeys need (WebAuthn
  // takes no IP address as the site's identity).
  const shownHost =
    config.host === '0.0.0.0' ||
    config.host === '::' ||
    config.host === '127.0.0.1' ||
    config.host === '::1'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
  app.log.info(
    {
      url: `http://${shownHost}:${port}`,
      env: config.env,
      db: database.driver,
      shareStream: stream === null ? 'off' : 'nats',
      ...(nodeChains.length === 0
        ? {}
        : {
            nodes: Object.fromEntries(
              nodeChains.map((node) => [node.coin, `${node.network} ${node.redactedUrl}`]),
            ),
          }),
      dataDir: database.driver === 'pglite' ? config.dataDir : undefined,
      site: isSiteBuilt(config.siteDir) ? config.siteDir : 'not built',
    },
    `PoolKit server listening on http://${shownHost}:${port}`,
  );
}

await main().catch((error: unknown) => {
  // Node would print the error as it is: a failed query's message lists its parameter values
  // (the generated JWT secret, for one). Print what the log would keep instead.
  process.stderr.write(
    `PoolKit server could not start: ${JSON.stringify(serializeError(error))}\n`,
  );
  process.exitCode = 1;
});
