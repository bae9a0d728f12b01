import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { queryRows, toNumber } from '../engine/sql';
import { type Principal, principalScopeKey } from './authenticate';
import { type CorsAccess, corsDecision } from './cors';
import { type RateLimitCount, rateLimitHeaders } from './rateLimit';

/**
 * Who may share a cached answer: everyone (`public`, family A) or one caller (`principal`:
 * a user, or an observer link of one account, family B).
 */
export type HotReadScope = 'public' | 'principal';

/** The data version: the engine's roll-up watermark (`engine_state.rollup_until`). */
const TICK_SQL = sql`SELECT value::float8 AS value FROM engine_state WHERE key = 'rollup_until'`;

/** Roll-ups run once a minute: a public answer stays fresh at most this long after its tick. */
const TICK_MS = 60_000;

/**
 * Headers that belong to one response and are never replayed from the cache. The rate-limit
 * headers belong to the caller whose call filled the cache (an API key's budget): each hit of
 * a key gets its own, and nobody else any.
 */
const PER_RESPONSE_HEADERS = new Set([
  'x-request-id',
  'cache-control',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'ratelimit-limit',
  'ratelimit-remaining',
  'retry-after',
]);

/**
 * CORS headers depend on the caller's `Origin`: they are added per response
 * (`http/cors.ts`), never replayed from the answer that filled the cache.
 */
const isCorsHeader = (name: string) => name.startsWith('access-control-');

/** A flat header list without its `content-type` (a 304 has no body to describe). */
function withoutContentType(headers: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < headers.length; index += 2) {
    if (headers[index] !== 'content-type')
      kept.push(headers[index] ?? '', headers[index + 1] ?? '');
  }
  return kept;
}

const incomingRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

interface Entry {
  readonly tick: number;
  /** The caller's write generation when the answer was computed (principal scope). */
  readonly generation: number;
  readonly userId: string | null;
  readonly scope: HotReadScope;
  /** The endpoint's cross-origin access: only `public` entries are served to other origins. */
  readonly access: CorsAccess;
  /** The endpoint counts API keys' and app tokens' calls against their limit. */
  readonly delegable: boolean;
  readonly body: Buffer;
  readonly etag: string;
  /**
   * Headers of the first answer (security headers, content type, cache control) as a flat
   * `[name, value, …]` list, the form `writeHead` takes fastest; without the per-response ones.
   */
  readonly headers: readonly string[];
}

/** What a miss records before its handler runs, so the answer can be stored afterwards. */
export interface PendingHotRead {
  readonly key: string;
  readonly tick: number;
  readonly generation: number;
  readonly userId: string | null;
  readonly scope: HotReadScope;
  readonly access: CorsAccess;
  readonly delegable: boolean;
  readonly etag: (body: string) => string;
}

/** What {@link HotReads.begin} learns of the endpoint besides its scope and access. */
export interface HotReadEndpoint {
  /**
   * An API key or app token may call it, each call counted against the credential's own limit
   * (`isDelegableRead` of the contract). Default false.
   */
  readonly delegable?: boolean;
}

/**
 * How the cache holds API keys and app tokens to their own limit (`DELEGATE_RATE_LIMIT` in
 * `rateLimit.ts`) when it answers them itself, before the framework's `registerEndpoint`
 * would have counted the call. `buildApp` passes the app's.
 */
export interface HotReadMeter {
  /**
   * True when a bearer token is an API key or an app's access token, told by its prefix. Only
   * such a token is checked on a public answer; the others (a session on a public page) read
   * public answers with no token check, as anyone does.
   */
  isDelegateToken(token: string): boolean;
  /** Counts one call of a delegate (API key, app token) in its bucket of the app's store. */
  count(principal: Principal): Promise<RateLimitCount>;
}

/** Options of {@link createHotReads}. */
export interface HotReadsOptions {
  readonly database: Database;
  readonly clock: Clock;
  /** How often each node reads the tick, in wall milliseconds. Default 1000. */
  readonly pollMs?: number;
  /** With Redis, a caller's writes invalidate their cached answers on every node at once. */
  readonly redisUrl?: string;
  /** Most answers kept; the oldest go first. Default 20,000. */
  readonly maxEntries?: number;
  /** Most bytes of answers kept. Default 64 MiB. */
  readonly maxBytes?: number;
  /** `CORS_ORIGINS`: the origins allowed every call (`http/cors.ts`). Default: none. */
  readonly corsOrigins?: readonly string[];
}

/** Counters of the cache, for the health of a node and for tests. */
export interface HotReadStats {
  hits: number;
  misses: number;
  notModified: number;
  /** Misses that joined a computation already running. */
  joined: number;
  entries: number;
  bytes: number;
}

/**
 * The hot-read cache: the answers every dashboard polls (pool statistics, a miner's worker list
 * and hashrate series), kept as the bytes sent, per URL (and per caller for family B), until the
 * data changes. See {@link createHotReads}.
 */
export interface HotReads {
  /** The current tick (the roll-up watermark in epoch ms; -1 before the first roll-up). */
  tick(): number;
  /** Reads the tick from the database now (the poll does it every second). */
  refreshTick(): Promise<void>;
  /** Starts polling the tick (and listening on Redis). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A caller wrote something: their cached answers are stale on every node. */
  invalidateUser(userId: string): void;
  /**
   * Serves a request from the cache when it can, before the framework sees it; calls
   * `fallback` otherwise. Only GETs of API paths qualify; a request from another origin
   * (`Origin` not the server's host) only for a public read of family A, answered with the CORS
   * headers of `http/cors.ts` for that origin (the framework answers the rest, refusals too).
   * An API key's or app token's call is counted by `meter` like any other of its calls, with
   * the `RateLimit-*` headers; over its limit, or with a token that does not check out, the
   * framework answers it (the 429 envelope with `Retry-After`, the 401), as on a miss.
   */
  serve(
    request: IncomingMessage,
    response: ServerResponse,
    fallback: () => void,
    authenticate: (request: IncomingMessage) => Promise<Principal | null>,
    meter: HotReadMeter,
  ): void;
  /** What a miss records before computing its answer. */
  begin(
    url: string,
    scope: HotReadScope,
    principal: Principal | null,
    access?: CorsAccess,
    endpoint?: HotReadEndpoint,
  ): PendingHotRead;
  /**
   * Runs `compute` for a miss, or joins the same computation already running for the same key,
   * tick and generation (a thundering herd after a tick costs one query, not one per caller).
   */
  shared(pending: PendingHotRead, compute: () => Promise<string>): Promise<string>;
  /** Stores the answer of a miss once sent. */
  store(
    pending: PendingHotRead,
    body: string,
    headers: Record<string, number | string | string[] | undefined>,
  ): void;
  /** `Cache-Control` for an answer of `scope` at `tick`, read at `nowMs`. */
  cacheControl(scope: HotReadScope, tick: number, nowMs: number): string;
  stats(): HotReadStats;
}

/**
 * The cache key's part for one caller: its whole scope ({@link principalScopeKey}), hashed so
 * the key stays short and holds no `|` (the separator before the URL).
 */
function principalKey(principal: Principal): string {
  return createHash('sha1').update(principalScopeKey(principal)).digest('base64url');
}

/** The bearer token of a raw request, when it has one. */
function rawBearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/**
 * Creates the hot-read cache of one API node.
 *
 * - **When an answer is fresh.** Each entry carries the tick it was computed at: the engine's
 *   roll-up watermark, which moves once a minute when shares are rolled into worker statistics
 *   and series. Each node reads it from the database every second, so a new tick reaches every
 *   node within a second and every older entry is stale at once. Family-B entries also carry
 *   their caller's write generation: any write call by that user (deleting workers, moving them
 *   between groups, changing the pay method…) bumps it, on this node at once and, with
 *   `REDIS_URL`, on every node through a Redis channel; several nodes without Redis see such a
 *   change at the next tick at the latest.
 * - **What is served.** The exact bytes and headers of the first answer, with a fresh request
 *   id, an `ETag` (a hash of the bytes, so an answer that did not change across ticks still
 *   revalidates) and `If-None-Match` answered 304. Public answers say
 *   `Cache-Control: public, max-age=<seconds to the next tick>`; family-B answers `private,
 *   no-cache` (a browser revalidates, and gets a 304 while nothing changed).
 * - **Where.** Before Fastify routes the request (the node's `serverFactory`), so a hit costs a
 *   map lookup (and, for family B, the token check that every call makes). A miss, and anything
 *   else, goes through the framework as always.
 * - **Who.** Family-B keys hold the caller's whole scope (kind, user, permissions, the observer
 *   link's account and pools, an API key's or app token's accounts), and the token is checked
 *   on every hit as on every call, so an expired or revoked token is refused from the cache too.
 * - **API keys and app tokens.** Each call of one is counted against its limit (600 in 10
 *   minutes) whether the cache or the framework answers it: on a hit the cache checks the
 *   token (on a public answer too, when the endpoint takes one) and counts the call in the same
 *   bucket of the same store, so a key cannot read past its limit by asking what is cached.
 */
export function createHotReads(options: HotReadsOptions): HotReads {
  const { database, clock } = options;
  const corsOrigins = options.corsOrigins ?? [];
  const maxEntries = options.maxEntries ?? 20_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  /** URLs with at least one principal-scoped entry: only those are worth a token check. */
  const principalUrls = new Map<string, number>();
  const generations = new Map<string, number>();
  const counters = { hits: 0, misses: 0, notModified: 0, joined: 0 };
  const inFlight = new Map<string, { tick: number; generation: number; body: Promise<string> }>();
  let bytes = 0;
  let currentTick = -1;
  let timer: NodeJS.Timeout | undefined;
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  const channel = 'poolkit:hot-reads:invalidate';

  const generationOf = (userId: string | null) =>
    userId === null ? 0 : (generations.get(userId) ?? 0);

  function drop(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.body.length;
    if (entry.scope === 'principal') {
      const url = key.slice(key.indexOf('|') + 1);
      const count = (principalUrls.get(url) ?? 1) - 1;
      if (count <= 0) principalUrls.delete(url);
      else principalUrls.set(url, count);
    }
  }

  function bumpLocal(userId: string): void {
    generations.set(userId, generationOf(userId) + 1);
    if (generations.size > 100_000) generations.clear();
  }

  async function refreshTick(): Promise<void> {
    const rows = await queryRows<{ value: unknown }>(database.db, TICK_SQL);
    const value = rows[0] === undefined ? -1 : toNumber(rows[0].value);
    if (value !== currentTick) {
      currentTick = value;
      // Every entry of an older tick is stale now: free them.
      for (const [key, entry] of entries) if (entry.tick !== value) drop(key);
    }
  }

  function fresh(entry: Entry | undefined): entry is Entry {
    return (
      entry !== undefined &&
      entry.tick === currentTick &&
      entry.generation === generationOf(entry.userId)
    );
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    entry: Entry,
    cors: readonly (readonly [string, string])[],
  ): void {
    const corsHeaders = cors.flat();
    const incoming = request.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && incomingRequestId.test(incoming) ? incoming : randomUUID();
    const control =
      entry.scope === 'public'
        ? cacheControl('public', entry.tick, clock.now())
        : cacheControl('principal', entry.tick, 0);
    if (request.headers['if-none-match'] === entry.etag) {
      counters.notModified += 1;
      response.writeHead(304, [
        ...withoutContentType(entry.headers),
        'x-request-id',
        requestId,
        'cache-control',
        control,
        ...corsHeaders,
      ]);
      response.end();
      return;
    }
    counters.hits += 1;
    response.writeHead(200, [
      ...entry.headers,
      'x-request-id',
      requestId,
      'cache-control',
      control,
      'content-length',
      String(entry.body.length),
      ...corsHeaders,
    ]);
    response.end(entry.body);
  }

  function cacheControl(scope: HotReadScope, tick: number, nowMs: number): string {
    if (scope === 'principal') return 'private, no-cache';
    const next = tick < 0 ? nowMs : tick + TICK_MS;
    // The next roll-up lands a little after the minute turns: a few seconds' grace.
    const seconds = Math.max(0, Math.min(60, Math.ceil((next - nowMs) / 1000) + 5));
    return `public, max-age=${seconds}`;
  }

  return {
    tick: () => currentTick,
    refreshTick,
    async start() {
      await refreshTick().catch(() => {});
      timer = setInterval(() => {
        refreshTick().catch(() => {});
      }, options.pollMs ?? 1000);
      timer.unref();
      if (options.redisUrl !== undefined) {
        publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
        subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
        publisher.on('error', () => {});
        subscriber.on('error', () => {});
        subscriber.on('message', (_channel: string, userId: string) => bumpLocal(userId));
        await subscriber.subscribe(channel).catch(() => {});
      }
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      await Promise.all(
        [publisher, subscriber].map((client) => client?.quit().catch(() => client.disconnect())),
      );
    },
    invalidateUser(userId) {
      bumpLocal(userId);
      publisher?.publish(channel, userId).catch(() => {});
    },
    serve(request, response, fallback, authenticate, meter) {
      const url = request.url ?? '';
      if (request.method !== 'GET' || !url.startsWith('/api/')) {
        fallback();
        return;
      }
      const miss = () => {
        counters.misses += 1;
        fallback();
      };
      /**
       * Sends `entry` to `principal`; an API key or app token first has the call counted, and
       * over its limit goes to the framework, which counts it once more (nothing changes over
       * the limit) and answers the 429 envelope with `Retry-After`, as on any other path.
       */
      const answer = (
        entry: Entry,
        cors: readonly (readonly [string, string])[],
        principal: Principal | null,
      ) => {
        if (principal?.kind !== 'delegate') {
          send(request, response, entry, cors);
          return;
        }
        meter.count(principal).then(
          (count) => {
            if (count.retryAfterSeconds !== null) fallback();
            else send(request, response, entry, [...cors, ...rateLimitHeaders(count)]);
          },
          () => fallback(),
        );
      };
      const publicEntry = entries.get(`p|${url}`);
      const decision = corsDecision(
        request.headers.origin,
        request.headers.host,
        publicEntry?.access ?? null,
        corsOrigins,
      );
      let servable: { entry: Entry; cors: readonly (readonly [string, string])[] } | undefined;
      if (decision.kind !== 'same') {
        // Another origin: a public read is served with its CORS headers; a configured origin's
        // or a refused call goes to the framework, which knows the endpoint.
        if (fresh(publicEntry) && publicEntry.access === 'public' && decision.kind === 'allow') {
          servable = { entry: publicEntry, cors: decision.headers };
        } else {
          miss();
          return;
        }
      } else if (fresh(publicEntry)) {
        servable = { entry: publicEntry, cors: [] };
      }
      if (servable !== undefined) {
        const { entry, cors } = servable;
        const token = entry.delegable ? rawBearerToken(request) : undefined;
        if (token === undefined || !meter.isDelegateToken(token)) {
          send(request, response, entry, cors);
          return;
        }
        // An API key or app token asking a public read that takes tokens: checked and counted
        // as the framework would (a revoked key gets its 401 there).
        authenticate(request).then(
          (principal) => answer(entry, cors, principal),
          () => fallback(),
        );
        return;
      }
      if (!principalUrls.has(url)) {
        miss();
        return;
      }
      authenticate(request).then(
        (principal) => {
          const entry =
            principal === null ? undefined : entries.get(`${principalKey(principal)}|${url}`);
          if (fresh(entry)) answer(entry, [], principal);
          else miss();
        },
        // A bad or expired token: the framework answers it with the right error.
        () => fallback(),
      );
    },
    begin(url, scope, principal, access = 'private', endpoint = {}) {
      const userId = scope === 'principal' && principal !== null ? principal.userId : null;
      const tick = currentTick;
      return {
        key:
          scope === 'public' || principal === null
            ? `p|${url}`
            : `${principalKey(principal)}|${url}`,
        tick,
        generation: generationOf(userId),
        userId,
        scope,
        access,
        delegable: endpoint.delegable ?? false,
        etag: (body) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      };
    },
    shared(pending, compute) {
      const running = inFlight.get(pending.key);
      if (
        running !== undefined &&
        running.tick === pending.tick &&
        running.generation === pending.generation
      ) {
        counters.joined += 1;
        return running.body;
      }
      const body = compute();
      const flight = { tick: pending.tick, generation: pending.generation, body };
      inFlight.set(pending.key, flight);
      const done = () => {
        if (inFlight.get(pending.key) === flight) inFlight.delete(pending.key);
      };
      body.then(done, done);
      return body;
    },
    store(pending, body, headers) {
      // Only an answer computed at the tick and generation that are still current is kept.
      if (pending.tick !== currentTick || pending.generation !== generationOf(pending.userId)) {
        return;
      }
      if (headers['set-cookie'] !== undefined) return;
      const kept: string[] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name) || isCorsHeader(name)) continue;
        kept.push(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const buffer = Buffer.from(body);
      drop(pending.key);
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + buffer.length > maxBytes)) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      entries.set(pending.key, {
        tick: pending.tick,
        generation: pending.generation,
        userId: pending.userId,
        scope: pending.scope,
        access: pending.access,
        delegable: pending.delegable,
        body: buffer,
        etag: String(headers.etag ?? pending.etag(body)),
        headers: kept,
      });
      bytes += buffer.length;
      if (pending.scope === 'principal') {
        const url = pending.key.slice(pending.key.indexOf('|') + 1);
        principalUrls.set(url, (principalUrls.get(url) ?? 0) + 1);
      }
    },
    cacheControl,
    stats: () => ({ ...counters, entries: entries.size, bytes }),
  };
}

/** The parts of a request a token check reads, from a raw Node request. */
export function asAuthRequest(request: IncomingMessage): FastifyRequest {
  return {
    headers: request.headers,
    url: request.url ?? '',
    method: request.method ?? 'GET',
    ip: request.socket.remoteAddress ?? '',
  } as unknown as FastifyRequest;
}
