import { randomBytes } from 'node:crypto';
import {
  isLiveTopic,
  isPrivateLiveTopic,
  MAX_LIVE_TOPICS,
  PRIVATE_LIVE_TOPICS,
  parseLiveCursor,
} from '@poolkit/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '../../contract';
import { createIngest } from '../../engine/ingest';
import { findPool, subsidyAt } from '../../engine/poolCatalog';
import type { Principal } from '../../http/authenticate';
import { corsDecision, FOREIGN_ORIGIN_MESSAGE } from '../../http/cors';
import { HttpError } from '../../http/httpError';
import { enforceDelegateRateLimit } from '../../http/rateLimit';
import { createCredentialCheck } from '../identity/credentialCheck';
import { networkState } from '../pools/queries';
import type { PriceService } from '../prices/service';
import { createLiveHub, type LiveHub, type LiveHubOptions } from './hub';

/** Test knobs of the hub (poll, heartbeat, limits); the rest comes from the app. */
export type LiveModuleOptions = Omit<LiveHubOptions, 'database' | 'clock' | 'prices' | 'redisUrl'>;

function badTopics(message: string): never {
  throw new HttpError(400, ERROR_CODES.validation, `topics: ${message}`, {
    fields: [{ field: 'topics', message }],
  });
}

/** The topics of `?topics=a,b`: known, at most {@link MAX_LIVE_TOPICS}, of a pool that exists. */
export function parseTopics(value: unknown): string[] {
  if (typeof value !== 'string' || value.trim() === '') {
    badTopics('a comma-separated list of topics is required (pool:<coin>, blocks:<coin>, …)');
  }
  const topics = [...new Set(value.split(',').map((topic) => topic.trim()))].filter(Boolean);
  if (topics.length > MAX_LIVE_TOPICS) badTopics(`at most ${MAX_LIVE_TOPICS} topics`);
  for (const topic of topics) {
    const known =
      isLiveTopic(topic) &&
      (isPrivateLiveTopic(topic) || findPool(topic.split(':')[1] ?? '') !== undefined);
    if (!known) {
      badTopics(
        `unknown topic "${topic.slice(0, 40)}": expected pool:<coin>, blocks:<coin>, ${PRIVATE_LIVE_TOPICS.join(', ')}`,
      );
    }
  }
  return topics;
}

/** The request as the token check reads it, with the query's token as a bearer header. */
function withQueryToken(request: FastifyRequest, token: string): FastifyRequest {
  return Object.create(request, {
    headers: { value: { ...request.headers, authorization: `Bearer ${token}` } },
  }) as FastifyRequest;
}

const devBlockBodySchema = z.object({ coin: z.string().min(1).max(32) });

/**
 * Live updates: `GET /api/live?topics=…` answers a Server-Sent Events stream (see `hub.ts` and
 * the README's "Live updates"). Public topics (`pool:<coin>`, `blocks:<coin>`) need nothing;
 * private ones (`account`, `workers`, `messages`) need the session's access token, as a bearer
 * header or, for a browser's `EventSource` (which sends no headers), the `access_token` query
 * parameter (kept out of the logs like every token-looking parameter). An API key or app token
 * may follow `account` and `workers` of the accounts it was given; each opening counts against
 * its limit of calls. The credential is checked again while the stream is open (every 30 s, one
 * query for all streams, `createCredentialCheck`); once it is revoked or expired the stream gets
 * the event `unauthorized` and ends (see `hub.ts`).
 *
 * Outside production it also serves `POST /api/dev/pool-blocks {coin}`: records a block found
 * by the pool now, through the ingest seam, as a stratum server would (how tests see a new block
 * without waiting for the simulator's luck).
 */
export function registerLiveModule(
  app: FastifyInstance,
  prices: PriceService,
  options: LiveModuleOptions = {},
): LiveHub {
  const { database, clock, config } = app.platform;
  const hub = createLiveHub({
    database,
    clock,
    prices,
    checkCredentials: createCredentialCheck(database.db),
    ...(config.redisUrl === undefined ? {} : { redisUrl: config.redisUrl }),
    ...options,
  });
  app.addHook('onReady', () => hub.start());
  // Streams never go idle: they are ended before the server waits for its connections.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', () => hub.stop());

  // Public topics are public reads: any origin may follow them (a partner's page, a connected
  // widget), answered `Access-Control-Allow-Origin: *` by the CORS hook. A stream with a token
  // or private topics is a signed-in call: only the site itself and `CORS_ORIGINS` may open one.
  app.get('/api/live', { config: { corsAccess: 'public' } }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const topics = parseTopics(query.topics);
    const queryToken = typeof query.access_token === 'string' ? query.access_token : undefined;
    const wantsPrivate = topics.some(isPrivateLiveTopic);
    const signedIn =
      wantsPrivate || queryToken !== undefined || request.headers.authorization !== undefined;
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    if (
      signedIn &&
      corsDecision(origin, request.host, 'private', config.corsOrigins).kind === 'refuse'
    ) {
      throw new HttpError(403, ERROR_CODES.forbidden, FOREIGN_ORIGIN_MESSAGE);
    }
    let principal: Principal | null = null;
    if (request.headers.authorization !== undefined || queryToken !== undefined) {
      principal = await app.platform.authenticate(
        queryToken === undefined ? request : withQueryToken(request, queryToken),
      );
    }
    if (wantsPrivate && principal === null) {
      throw new HttpError(
        401,
        ERROR_CODES.unauthorized,
        `topics: ${PRIVATE_LIVE_TOPICS.join(', ')} need a signed-in session`,
      );
    }
    if (topics.includes('messages') && principal !== null && principal.kind !== 'user') {
      throw new HttpError(
        403,
        ERROR_CODES.forbidden,
        'topics: messages are for the signed-in user only (not observer links or API keys)',
      );
    }
    // Opening a stream is a call like any other of an API key or app token: it counts against
    // the credential's own limit (429 with `Retry-After` over it); the events that follow on
    // the open stream do not.
    if (principal !== null) await enforceDelegateRateLimit(request, reply, principal);
    const refusal = hub.admit(request.ip);
    if (refusal !== null) {
      throw new HttpError(
        refusal === 'node' ? 503 : 429,
        ERROR_CODES.rateLimited,
        refusal === 'node'
          ? 'Too many live streams on this server; try again shortly'
          : 'Too many live streams from this address',
        { headers: { 'retry-after': '10' } },
      );
    }
    const lastEventId = request.headers['last-event-id'];
    const resumeFrom = parseLiveCursor(
      typeof lastEventId === 'string'
        ? lastEventId
        : typeof query.last_event_id === 'string'
          ? query.last_event_id
          : undefined,
    );
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && name !== 'cache-control') headers[name] = value;
    }
    reply.hijack();
    await hub
      .open({ response: reply.raw, address: request.ip, topics, principal, resumeFrom, headers })
      .catch((error: unknown) => {
        // The head is sent: end the stream; the client reconnects and resumes.
        request.log.error({ err: error }, 'live stream failed to start');
        reply.raw.end();
      });
  });

  if (config.env !== 'production') {
    const ingest = createIngest(database, { clock });
    app.post('/api/dev/pool-blocks', async (request, reply) => {
      const parsed = devBlockBodySchema.safeParse(request.body ?? {});
      const pool = parsed.success ? findPool(parsed.data.coin) : undefined;
      if (pool === undefined) {
        const message = 'coin: the id of a coin with a pool';
        throw new HttpError(400, ERROR_CODES.validation, message, {
          fields: [{ field: 'coin', message }],
        });
      }
      const now = clock.now();
      const { height } = await networkState(database.db, pool, now);
      const blockHeight = Math.round(height) + 1;
      const hash = randomBytes(32).toString('hex');
      await ingest.recordBlock({
        coin: pool.coin,
        height: blockHeight,
        hash,
        reward: subsidyAt(pool, blockHeight),
        finder: 'demo-farm',
        at: now,
        effort: 1,
      });
      hub.nudge();
      return reply.send({
        code: 0,
        msg: 'success',
        data: { coin: pool.coin, height: blockHeight, hash },
      });
    });
  }
  return hub;
}
