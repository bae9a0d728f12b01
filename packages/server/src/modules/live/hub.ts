import type { ServerResponse } from 'node:http';
import { formatLiveCursor, type LiveCursor, type LiveEvent } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Clock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows, toNullableNumber, toNumber } from '../../engine/sql';
import {
  type CredentialCheck,
  credentialKey,
  type Principal,
  type PrincipalCredential,
} from '../../http/authenticate';
import type { PriceService } from '../prices/service';
import {
  accountSnapshot,
  add,
  blockEvents,
  type EventSources,
  messageEvents,
  type Pending,
  type Stream,
  tickEvents,
} from './liveEvents';

/** Options of {@link createLiveHub}. */
export interface LiveHubOptions {
  readonly database: Database;
  readonly clock: Clock;
  readonly prices: PriceService;
  /** With Redis, a change seen by one node wakes every node's streams at once. */
  readonly redisUrl?: string;
  /** How often the node looks for changes while streams are open, in ms. Default 1000. */
  readonly pollMs?: number;
  /** How often an idle stream gets a comment line, in ms. Default 15,000. */
  readonly heartbeatMs?: number;
  /** The reconnection delay the stream suggests (`retry:`), in ms. Default 3000. */
  readonly retryMs?: number;
  /** A stream ends after this long (the client resumes at once), in ms. Default 30 minutes. */
  readonly maxLifetimeMs?: number;
  /** Most open streams per client address. Default 8. */
  readonly maxPerAddress?: number;
  /** Most open streams on the node. Default 10,000. */
  readonly maxStreams?: number;
  /**
   * Tells which credentials of open streams still work (the identity module's, see
   * {@link LiveHub}). Without it, streams are never checked again after they open.
   */
  readonly checkCredentials?: CredentialCheck;
  /** How often the credentials of open streams are checked again, in ms. Default 30,000. */
  readonly credentialCheckMs?: number;
}

/** Why a stream's credential no longer works: the `reason` of the `unauthorized` event. */
export type LiveEndReason = 'revoked' | 'expired';

/** What {@link LiveHub.admit} answers when a stream would pass a limit. */
export type LiveRefusal = 'address' | 'node';

/** A stream to open. */
export interface LiveStreamRequest {
  readonly response: ServerResponse;
  readonly address: string;
  readonly topics: readonly string[];
  readonly principal: Principal | null;
  /** Where the client stopped (`Last-Event-ID`), when it resumes. */
  readonly resumeFrom: LiveCursor | undefined;
  /** Headers to send with the stream's head (security headers, request id). */
  readonly headers: Record<string, string | number | string[]>;
}

/** The node's live streams. See {@link createLiveHub}. */
export interface LiveHub {
  /** Whether one more stream from `address` fits the limits; the reason when it does not. */
  admit(address: string): LiveRefusal | null;
  /** Writes the stream's head, replays what the client missed, and keeps it open. */
  open(request: LiveStreamRequest): Promise<void>;
  /** Something changed (a roll-up, a block, a message): look now, on every node. */
  nudge(): void;
  /**
   * Looks for changes now and sends them, after checking the streams' credentials when they
   * are due (tests; the poll calls it every second).
   */
  poll(): Promise<void>;
  start(): Promise<void>;
  /** Ends every stream (the server is stopping). */
  closeAll(): void;
  stop(): Promise<void>;
  /** Open streams. */
  size(): number;
}

/** A stream whose socket holds more than this unsent is too slow: it is ended. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CURSOR_SQL = sql`SELECT
    (SELECT value::float8 FROM engine_state WHERE key = 'rollup_until') AS tick,
    (SELECT COALESCE(max(id), 0)::float8 FROM blocks) AS block,
    (SELECT COALESCE(max(id), 0)::float8 FROM messages) AS message`;

/**
 * Creates the live hub of one API node: the Server-Sent Events streams of `GET /api/live`.
 *
 * - **Where events come from.** The database: each node looks, once a second while it has
 *   streams open, at three watermarks (the engine's roll-up tick, the newest block id and the
 *   newest message id) in one query. A new tick sends pool statistics (`pool`), the callers'
 *   account hashrates (`account`) and the workers whose state changed (`workers`); new block
 *   ids send the blocks (`block`); new message ids the callers' unread counts (`message`).
 * - **Several nodes.** Every node reads the same database, so every node sees every change;
 *   with `REDIS_URL`, a node that makes a change (a roll-up, a dev block) publishes a nudge on
 *   a Redis channel and every node looks at once instead of within the second, as the hot
 *   reads share their write generations.
 * - **Resuming.** Each batch's last event carries the watermarks as its id
 *   (`<tick>.<block>.<message>`). A client that comes back with `Last-Event-ID` gets the blocks
 *   and messages after it from the database, and the statistics at once when a roll-up
 *   happened meanwhile, on whichever node it reaches. No replay buffer to lose.
 * - **Credentials.** A stream is authenticated when it opens; what it carried goes on being
 *   checked while it is open, so a stolen token's stream does not outlive the owner's remedy.
 *   Each poll compares the expiry known with the credential (a session's access token `exp`) to
 *   the clock; every `credentialCheckMs` (30 s), one batched query (`checkCredentials`) asks
 *   which credentials of every open stream still work: a session not revoked (logout,
 *   password change or reset), an API key or an app's authorisation not revoked nor expired,
 *   an observer link not deleted nor expired, their user active. A stream whose credential no
 *   longer works gets one last event, `unauthorized` `{reason: 'revoked' | 'expired'}`, and is
 *   ended; core's `subscribeLive` does not reconnect with that token.
 *
 *   Decision: 30 s, on the poll rather than a timer per stream: one query per node per 30 s
 *   whatever the number of streams (10,000 streams of 10,000 users cost one query with their
 *   ids), and a revoked credential streams at most 30 s more; an expired session's stream ends
 *   within the second.
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { database, clock, prices } = options;
  const sources: EventSources = { db: database.db, clock, prices };
  const pollMs = options.pollMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const retryMs = options.retryMs ?? 3000;
  const maxLifetimeMs = options.maxLifetimeMs ?? 30 * 60_000;
  const maxPerAddress = options.maxPerAddress ?? 8;
  const maxStreams = options.maxStreams ?? 10_000;
  const credentialCheckMs = options.credentialCheckMs ?? 30_000;
  /** When the credentials were last checked (clock ms); `undefined`: never. */
  let credentialsCheckedAt: number | undefined;
  const streams = new Set<Stream>();
  const perAddress = new Map<string, number>();
  let current: LiveCursor | undefined;
  /** Polls and openings run one at a time, so no batch is sent twice or missed. */
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let stopping = false;
  const channel = 'poolkit:live:nudge';

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  async function readCursor(): Promise<LiveCursor> {
    const rows = await queryRows<{ tick: unknown; block: unknown; message: unknown }>(
      database.db,
      CURSOR_SQL,
    );
    const row = rows[0];
    return {
      tick: Math.max(0, toNullableNumber(row?.tick) ?? 0),
      block: toNumber(row?.block),
      message: toNumber(row?.message),
    };
  }

  function write(stream: Stream, text: string): void {
    if (stream.closed) return;
    stream.response.write(text);
    if (stream.response.writableLength > MAX_BUFFERED_BYTES) end(stream);
  }

  function flush(pending: Pending, id: string): void {
    for (const [stream, events] of pending) {
      let text = '';
      events.forEach((event, index) => {
        text += `event: ${event.type}\n`;
        if (index === events.length - 1) text += `id: ${id}\n`;
        text += `data: ${JSON.stringify(event.data)}\n\n`;
      });
      write(stream, text);
    }
  }

  function end(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    for (const handle of stream.timers) clearTimeout(handle);
    streams.delete(stream);
    const count = (perAddress.get(stream.address) ?? 1) - 1;
    if (count <= 0) perAddress.delete(stream.address);
    else perAddress.set(stream.address, count);
    if (!stream.response.writableEnded) stream.response.end();
  }

  /** Tells the stream its credential no longer works, and ends it. */
  function endUnauthorized(stream: Stream, reason: LiveEndReason): void {
    if (stream.closed) return;
    const event: LiveEvent = { type: 'unauthorized', data: { reason } };
    write(stream, `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    end(stream);
  }

  /**
   * Ends the streams whose credential has expired (each poll) or no longer works (every
   * `credentialCheckMs`, one batched check for all of them).
   */
  async function checkCredentials(): Promise<void> {
    const now = clock.now();
    for (const stream of streams) {
      const expiresAt = stream.credential?.expiresAt;
      if (expiresAt !== undefined && expiresAt <= now) endUnauthorized(stream, 'expired');
    }
    const check = options.checkCredentials;
    if (check === undefined) return;
    // A clock that went back (a test's) checks at once rather than after a long wait.
    const due =
      credentialsCheckedAt === undefined ||
      now < credentialsCheckedAt ||
      now - credentialsCheckedAt >= credentialCheckMs;
    if (!due) return;
    const checked = [...streams].filter((stream) => stream.credential !== undefined);
    credentialsCheckedAt = now;
    if (checked.length === 0) return;
    const unique = new Map<string, PrincipalCredential>();
    for (const stream of checked) {
      if (stream.credential !== undefined) {
        unique.set(credentialKey(stream.credential), stream.credential);
      }
    }
    let working: ReadonlySet<string>;
    try {
      working = await check([...unique.values()], now);
    } catch {
      // The database did not answer: keep the streams, and ask again at the next poll.
      credentialsCheckedAt = undefined;
      return;
    }
    for (const stream of checked) {
      if (stream.credential !== undefined && !working.has(credentialKey(stream.credential))) {
        endUnauthorized(stream, 'revoked');
      }
    }
  }

  /** Sends what changed between `from` and `to` to `targets`. */
  async function deltas(
    targets: readonly Stream[],
    from: LiveCursor,
    to: LiveCursor,
    pending: Pending,
  ): Promise<void> {
    await blockEvents(sources, targets, from.block, to.block, pending);
    await messageEvents(sources, targets, from.message, to.message, pending);
    if (to.tick > from.tick) await tickEvents(sources, targets, pending);
  }

  async function pollOnce(): Promise<void> {
    if (streams.size === 0) {
      current = undefined;
      return;
    }
    await checkCredentials();
    if (streams.size === 0) {
      current = undefined;
      return;
    }
    const next = await readCursor();
    const previous = current ?? next;
    const merged: LiveCursor = {
      tick: Math.max(previous.tick, next.tick),
      block: Math.max(previous.block, next.block),
      message: Math.max(previous.message, next.message),
    };
    const pending: Pending = new Map();
    await deltas([...streams], previous, merged, pending);
    current = merged;
    flush(pending, formatLiveCursor(merged));
  }

  function poll(): Promise<void> {
    return serial(pollOnce);
  }

  function schedulePoll(): void {
    if (streams.size > 0) poll().catch(() => {});
  }

  return {
    admit(address) {
      if (stopping || streams.size >= maxStreams) return 'node';
      if ((perAddress.get(address) ?? 0) >= maxPerAddress) return 'address';
      return null;
    },
    open(request) {
      const stream: Stream = {
        response: request.response,
        address: request.address,
        topics: new Set(request.topics),
        principal: request.principal,
        credential: request.principal?.credential,
        workers: undefined,
        timers: [],
        closed: false,
      };
      streams.add(stream);
      perAddress.set(request.address, (perAddress.get(request.address) ?? 0) + 1);
      const { response } = request;
      response.on('close', () => end(stream));
      response.writeHead(200, {
        ...request.headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      response.write(`retry: ${retryMs}\n\n`);
      response.flushHeaders();
      const heartbeat = setInterval(() => write(stream, ': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const lifetime = setTimeout(() => end(stream), maxLifetimeMs);
      lifetime.unref();
      stream.timers.push(heartbeat, lifetime);
      return serial(async () => {
        if (stream.closed) return;
        // Catch the others up first, so the new stream starts from the same place as them.
        const now = await readCursor();
        if (current !== undefined && streams.size > 1) {
          const others = [...streams].filter((other) => other !== stream);
          const pending: Pending = new Map();
          const to: LiveCursor = {
            tick: Math.max(current.tick, now.tick),
            block: Math.max(current.block, now.block),
            message: Math.max(current.message, now.message),
          };
          await deltas(others, current, to, pending);
          current = to;
          flush(pending, formatLiveCursor(to));
        } else {
          current = now;
        }
        const at = current;
        if ((stream.topics.has('workers') || stream.topics.has('account')) && stream.principal) {
          stream.workers = (await accountSnapshot(sources, stream.principal)).workers;
        }
        const pending: Pending = new Map();
        const from = request.resumeFrom;
        if (
          from !== undefined &&
          from.tick <= at.tick &&
          from.block <= at.block &&
          from.message <= at.message
        ) {
          const workers = stream.workers;
          await deltas([stream], from, at, pending);
          stream.workers = workers;
        }
        add(pending, stream, { type: 'ready', data: { topics: [...stream.topics] } });
        flush(pending, formatLiveCursor(at));
      });
    },
    nudge() {
      schedulePoll();
      publisher?.publish(channel, '1').catch(() => {});
    },
    poll,
    async start() {
      timer = setInterval(schedulePoll, pollMs);
      timer.unref();
      if (options.redisUrl !== undefined) {
        publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
        subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
        publisher.on('error', () => {});
        subscriber.on('error', () => {});
        subscriber.on('message', () => schedulePoll());
        await subscriber.subscribe(channel).catch(() => {});
      }
    },
    closeAll() {
      stopping = true;
      for (const stream of [...streams]) end(stream);
    },
    async stop() {
      stopping = true;
      if (timer !== undefined) clearInterval(timer);
      for (const stream of [...streams]) end(stream);
      await queue;
      await Promise.all(
        [publisher, subscriber].map((client) => client?.quit().catch(() => client.disconnect())),
      );
    },
    size: () => streams.size,
  };
}
