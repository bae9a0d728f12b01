import { z } from 'zod';
import { COIN_IDS } from '../domain/coinIds';
import { coinIdSchema, hashrateSchema, workerStatusSchema } from './common';
import { poolBlockSchema, poolStatsSchema } from './pools';

/**
 * Live updates: `GET /api/live?topics=…` answers a Server-Sent Events stream (not a JSON
 * envelope, so it is not one of the contract's endpoints; the server's README describes the
 * stream). These are its topics, its event names and the schemas of their `data`.
 *
 * A stream opened with a credential (a session's access token, an API key, an app's token, an
 * observer link) is checked again while it is open: once the credential is revoked or expired,
 * the stream's last event is `unauthorized` `{reason}` ({@link liveUnauthorizedSchema}), then it
 * ends.
 */

/** Topics anyone may follow: a coin's pool statistics and its new blocks. */
export type PublicLiveTopic = `pool:${string}` | `blocks:${string}`;
/** Topics of the signed-in caller's own accounts and messages (a session is needed). */
export type PrivateLiveTopic = 'account' | 'workers' | 'messages';
/** One topic of `GET /api/live?topics=`. */
export type LiveTopic = PublicLiveTopic | PrivateLiveTopic;

/** The private topics. */
export const PRIVATE_LIVE_TOPICS: readonly PrivateLiveTopic[] = ['account', 'workers', 'messages'];

/** Most topics one stream may follow. */
export const MAX_LIVE_TOPICS = 32;

const coinIds = new Set<string>(COIN_IDS);

/** Whether `topic` is one the server knows (`pool:<coin>`, `blocks:<coin>` or a private one). */
export function isLiveTopic(topic: string): topic is LiveTopic {
  if ((PRIVATE_LIVE_TOPICS as readonly string[]).includes(topic)) return true;
  const match = /^(pool|blocks):(.+)$/.exec(topic);
  return match !== null && coinIds.has(match[2] ?? '');
}

/** Whether `topic` needs a session. */
export function isPrivateLiveTopic(topic: string): topic is PrivateLiveTopic {
  return (PRIVATE_LIVE_TOPICS as readonly string[]).includes(topic);
}

/**
 * The position of a stream, sent as each batch's event `id` and given back as `Last-Event-ID`:
 * `<tick>.<block>.<message>`: the roll-up watermark (epoch ms) and the newest block and
 * message ids seen. Each part only grows, so ids never go back; they come from the database, so
 * a stream resumes on any node.
 */
export interface LiveCursor {
  readonly tick: number;
  readonly block: number;
  readonly message: number;
}

/** Writes a cursor as an event id. */
export function formatLiveCursor(cursor: LiveCursor): string {
  return `${cursor.tick}.${cursor.block}.${cursor.message}`;
}

/** Reads an event id back; `undefined` when it is not one. */
export function parseLiveCursor(id: string | null | undefined): LiveCursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})$/.exec(id ?? '');
  if (match === null) return undefined;
  return { tick: Number(match[1]), block: Number(match[2]), message: Number(match[3]) };
}

/** `ready`: sent first on every connection, with the topics it follows. */
export const liveReadySchema = z.object({ topics: z.array(z.string()) });

/** `pool`: a coin's pool statistics after a roll-up (about once a minute). */
export const livePoolSchema = z.object({ coin: coinIdSchema, stats: poolStatsSchema });

/** `block`: a block the pool just found. */
export const liveBlockSchema = z.object({ coin: coinIdSchema, block: poolBlockSchema });

/** One mining account on one pool in an `account` event. */
export const liveAccountSchema = z.object({
  pool: z.string(),
  coin: coinIdSchema,
  account: z.string(),
  accept_15m: hashrateSchema,
  accept_1h: hashrateSchema,
  accept_24h: hashrateSchema,
  workers: z.object({
    active: z.number().int().nonnegative(),
    inactive: z.number().int().nonnegative(),
    dead: z.number().int().nonnegative(),
  }),
});

/** `account`: the caller's accounts' hashrates and worker counts after a roll-up. */
export const liveAccountsSchema = z.object({ list: z.array(liveAccountSchema) });

/** `workers`: workers of the caller's accounts whose state changed since the last roll-up. */
export const liveWorkersSchema = z.object({
  changes: z.array(
    z.object({
      pool: z.string(),
      account: z.string(),
      worker: z.string(),
      status: workerStatusSchema,
    }),
  ),
});

/** `message`: new messages for the caller: the newest id and how many are unread now. */
export const liveMessageSchema = z.object({
  id: z.string(),
  unread: z.number().int().nonnegative(),
});

/**
 * `unauthorized`: the stream's credential no longer works, and the server ends the stream right
 * after this event. The server checks the credential of every open stream again while it is open
 * (every 30 s; an access token's expiry within the second): `revoked` when the session was ended
 * (logout, password change, password reset), the API key or the app's authorisation revoked or
 * expired, the observer link deleted or expired; `expired` when the session's access token ran
 * out. Reconnecting with the same token is pointless: a client refreshes its session (for
 * `expired`, and `revoked` ends in signing in again) or stops. Core's `subscribeLive` does not
 * reconnect with that token.
 */
export const liveUnauthorizedSchema = z.object({ reason: z.enum(['revoked', 'expired']) });

/** The event names of the stream and their data. */
export const liveEventSchemas = {
  ready: liveReadySchema,
  pool: livePoolSchema,
  block: liveBlockSchema,
  account: liveAccountsSchema,
  workers: liveWorkersSchema,
  message: liveMessageSchema,
  unauthorized: liveUnauthorizedSchema,
} as const;

/** One event of the stream. */
export type LiveEvent = {
  [K in keyof typeof liveEventSchemas]: { type: K; data: z.infer<(typeof liveEventSchemas)[K]> };
}[keyof typeof liveEventSchemas];

/** An event name of the stream. */
export type LiveEventType = LiveEvent['type'];
