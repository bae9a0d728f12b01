import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Endpoint } from '../contract';
import type { Database } from '../db/connect';
import type { LiveHub } from '../modules/live/hub';
import type { Authenticate } from './authenticate';
import type { HotReads } from './hotReads';
import type { RateLimitStore, RateLimitWindow } from './rateLimit';

/**
 * What every route of the server shares, decorated on the Fastify instance as `app.platform`.
 * Modules read it at request time, so a later module may replace `authenticate`.
 */
export interface Platform {
  readonly config: Config;
  readonly database: Database;
  readonly clock: Clock;
  readonly rateLimitStore: RateLimitStore;
  /**
   * The limit of each API key and each app authorisation, on every path that answers them
   * (`DELEGATE_RATE_LIMIT` in `rateLimit.ts`: 600 calls in 10 minutes, unless a test says less).
   */
  readonly delegateRateLimit: RateLimitWindow;
  /** Who is calling; the identity module replaces it through {@link setAuthenticate}. */
  authenticate: Authenticate;
  /** True when `buildApp` was given its own `authenticate` (tests): modules must keep it. */
  readonly authenticateInjected: boolean;
  /** Check every JSON answer against its endpoint's `response` schema (on in test mode). */
  readonly validateResponses: boolean;
  /** Endpoints registered with `registerEndpoint`, in order; the OpenAPI document lists them. */
  readonly endpoints: Endpoint[];
  /** The node's hot-read cache (`http/hotReads.ts`); off (`null`) in test mode by default. */
  readonly hotReads: HotReads | null;
  /** The node's live streams (`modules/live`), once the module is registered. */
  live?: LiveHub;
  /** Epoch milliseconds (from `clock`) when the app was built. */
  readonly startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's shared services, see {@link Platform}. */
    platform: Platform;
  }
}

/** Plugs in the function that tells who is calling (the identity module's token verifier). */
export function setAuthenticate(app: FastifyInstance, authenticate: Authenticate): void {
  app.platform.authenticate = authenticate;
}
