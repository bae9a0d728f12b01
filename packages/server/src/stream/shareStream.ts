import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import {
  SHARE_SUBJECT_PREFIX,
  type ShareMessage,
  type ShareMessageInput,
  shareMessageSchema,
} from '@poolkit/core';
import type { ShareRecord } from '../engine/ingest';

/**
 * Where the share stream lives: the JetStream stream, the subjects it captures and the durable
 * consumer the servers share. Tests use their own names so they never meet a running pool's.
 */
export interface ShareStreamNames {
  /** Stream name. Default {@link SHARE_STREAM_NAME}. */
  readonly stream: string;
  /** Subject prefix; a share of coin `c` is on `<prefix>.c`. Default core's `SHARE_SUBJECT_PREFIX`. */
  readonly subjectPrefix: string;
  /** Durable consumer name, shared by every server node. Default {@link SHARE_CONSUMER_NAME}. */
  readonly durable: string;
}

/** The stream that keeps published shares. */
export const SHARE_STREAM_NAME = 'POOLKIT_SHARES';
/** The durable pull consumer every server node fetches from (each message goes to one node). */
export const SHARE_CONSUMER_NAME = 'poolkit-ingest';

/** The names a pool uses: `POOLKIT_SHARES`, `poolkit.shares.v1.>`, `poolkit-ingest`. */
export const defaultShareStreamNames: ShareStreamNames = {
  stream: SHARE_STREAM_NAME,
  subjectPrefix: SHARE_SUBJECT_PREFIX,
  durable: SHARE_CONSUMER_NAME,
};

/**
 * How long the stream keeps a share: 24 hours, acknowledged or not (limits retention), so a
 * consumer that was down for a day still finds its backlog and a day can be replayed. The
 * consumer remembers share ids for 48 hours ({@link SHARE_ID_RETENTION_MS}), longer than this.
 */
export const SHARE_STREAM_MAX_AGE_MS = 24 * 60 * 60_000;

/** Publish-side dedupe window: a `Nats-Msg-Id` seen in the last 2 minutes is stored once. */
export const SHARE_STREAM_DUPLICATE_WINDOW_MS = 2 * 60_000;

/** How long the consumer keeps the ids of accounted shares (`ingested_shares`): 48 hours. */
export const SHARE_ID_RETENTION_MS = 48 * 60 * 60_000;

/** Default time a delivered share may stay unacknowledged before JetStream redelivers it. */
export const DEFAULT_ACK_WAIT_MS = 30_000;

/** Options of {@link ensureShareStream}. */
export interface EnsureShareStreamOptions {
  readonly names?: ShareStreamNames;
  /**
   * Redelivery delay of the durable consumer when it is created. Default
   * {@link DEFAULT_ACK_WAIT_MS}; tests shorten it.
   */
  readonly ackWaitMs?: number;
  /** Most unacknowledged shares across all nodes (the consumer's `max_ack_pending`). Default 10,000. */
  readonly maxAckPending?: number;
}

function isNotFound(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/**
 * Creates the share stream and its durable consumer when they do not exist; existing ones are
 * left as they are, so an operator may create them with other settings first (replicas in a
 * cluster, a longer `max_age`).
 *
 * Stream: subjects `<prefix>.>`, file storage, limits retention, `max_age` 24 h, duplicate
 * window 2 min, one replica. Consumer: durable pull, explicit acks, deliver all, `ack_wait`
 * 30 s, unlimited deliveries (a share is only ever dropped by `term()`, never by retry count).
 */
export async function ensureShareStream(
  manager: JetStreamManager,
  options: EnsureShareStreamOptions = {},
): Promise<void> {
  const names = options.names ?? defaultShareStreamNames;
  try {
    await manager.streams.info(names.stream);
  } catch (error) {
    if (!isNotFound(error, JetStreamApiCodes.StreamNotFound)) throw error;
    await manager.streams.add({
      name: names.stream,
      description: 'PoolKit shares from stratum servers (poolkit.shares.v1.<coin>)',
      subjects: [`${names.subjectPrefix}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      max_age: nanos(SHARE_STREAM_MAX_AGE_MS),
      duplicate_window: nanos(SHARE_STREAM_DUPLICATE_WINDOW_MS),
      num_replicas: 1,
    });
  }
  try {
    await manager.consumers.info(names.stream, names.durable);
  } catch (error) {
    if (!isNotFound(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
    await manager.consumers.add(names.stream, {
      durable_name: names.durable,
      description: 'PoolKit servers: shares into the ingest seam',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${names.subjectPrefix}.>`,
      ack_wait: nanos(options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
      max_deliver: -1,
      max_ack_pending: options.maxAckPending ?? 10_000,
    });
  }
}

/** What {@link parseShareMessage} made of a message. */
export type ParsedShareMessage =
  | { readonly ok: true; readonly message: ShareMessage }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads one message of the share stream: JSON, core's `shareMessageSchema`, and the coin of the
 * subject. The reason of a refusal names the fields and never quotes the payload (it holds
 * accounts, addresses and IPs), so it can be logged and given to `term()` as it is.
 */
export function parseShareMessage(
  subject: string,
  data: Uint8Array,
  subjectPrefix: string = SHARE_SUBJECT_PREFIX,
): ParsedShareMessage {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    // JSON.parse's message quotes the input: say only what is wrong.
    return { ok: false, reason: 'payload: not UTF-8 JSON' };
  }
  const parsed = shareMessageSchema.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`)
      .join('; ');
    return { ok: false, reason };
  }
  if (subject !== `${subjectPrefix}.${parsed.data.coin}`) {
    return { ok: false, reason: 'coin: does not match the subject' };
  }
  return { ok: true, message: parsed.data };
}

/** The ingest seam's form of a stream message (`share_id` → `id`, `timestamp` → `at`). */
export function toShareRecord(message: ShareMessage): ShareRecord {
  return {
    id: message.share_id,
    ...(message.account === undefined ? {} : { account: message.account }),
    ...(message.address === undefined ? {} : { address: message.address }),
    ...(message.farm === undefined ? {} : { farm: message.farm }),
    coin: message.coin,
    worker: message.worker,
    difficulty: message.difficulty,
    accepted: message.accepted,
    at: message.timestamp,
    ...(message.ip === undefined ? {} : { ip: message.ip }),
    ...(message.count === undefined ? {} : { count: message.count }),
  };
}

/**
 * The stream message of a share record that has an id (the demo simulator's form of
 * {@link toShareRecord}'s input).
 */
export function toShareMessage(record: ShareRecord & { readonly id: string }): ShareMessageInput {
  return {
    v: 1,
    share_id: record.id,
    ...(record.account === undefined ? {} : { account: record.account }),
    ...(record.address === undefined ? {} : { address: record.address }),
    ...(record.farm === undefined ? {} : { farm: record.farm }),
    coin: record.coin as ShareMessageInput['coin'],
    worker: record.worker,
    difficulty: record.difficulty,
    accepted: record.accepted,
    timestamp: record.at,
    ...(record.ip === undefined ? {} : { ip: record.ip }),
    ...(record.count === undefined ? {} : { count: record.count }),
  };
}
