import { createHash } from 'node:crypto';
import { jetstream, jetstreamManager, type PubAck } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { type ShareMessageInput, shareMessageSchema } from '@poolkit/core';
import type { Ingest, IngestResult, ShareRecord } from '../engine/ingest';
import { defaultShareStreamNames, type ShareStreamNames, toShareMessage } from './shareStream';

/** Options of {@link createSharePublisher}. */
export interface SharePublisherOptions {
  readonly connection: NatsConnection;
  readonly names?: ShareStreamNames;
  /** Publishes awaiting their stream acknowledgement at once. Default 256. */
  readonly window?: number;
}

/** What {@link SharePublisher.publish} did. */
export interface PublishResult {
  /** Messages the stream stored. */
  readonly stored: number;
  /** Messages the stream dropped as duplicates of a `Nats-Msg-Id` in its window. */
  readonly duplicates: number;
  /** Highest stream sequence of this call's messages (0 when nothing was published). */
  readonly lastSequence: number;
}

/** Publishes share messages to the share stream, as a stratum server written in Node would. */
export interface SharePublisher {
  /**
   * Checks each message against core's `shareMessageSchema` (throws on the first bad one, before
   * publishing anything), then publishes them on `<prefix>.<coin>` with `Nats-Msg-Id` set to the
   * share id, and waits for the stream to store each.
   */
  publish(messages: readonly ShareMessageInput[]): Promise<PublishResult>;
}

/**
 * Creates a {@link SharePublisher}.
 *
 * @example
 * const publisher = createSharePublisher({ connection });
 * await publisher.publish([{ v: 1, share_id: 'eu1:7f3a:000129', account: 'alice01', coin: 'btc', worker: 'rig01', difficulty: 65536, accepted: true, timestamp: Date.now() }]);
 */
export function createSharePublisher(options: SharePublisherOptions): SharePublisher {
  const names = options.names ?? defaultShareStreamNames;
  const window = options.window ?? 256;
  const client = jetstream(options.connection);
  const encoder = new TextEncoder();
  return {
    async publish(messages) {
      const checked = messages.map((message) => shareMessageSchema.parse(message));
      let stored = 0;
      let duplicates = 0;
      let lastSequence = 0;
      const note = (ack: PubAck) => {
        if (ack.duplicate) duplicates += 1;
        else stored += 1;
        lastSequence = Math.max(lastSequence, ack.seq);
      };
      const pending = new Set<Promise<void>>();
      for (const message of checked) {
        const sent = client
          .publish(
            `${names.subjectPrefix}.${message.coin}`,
            encoder.encode(JSON.stringify(message)),
            {
              msgID: message.share_id,
            },
          )
          .then(note);
        const tracked: Promise<void> = sent.finally(() => pending.delete(tracked));
        pending.add(tracked);
        if (pending.size >= window) await Promise.race(pending);
      }
      await Promise.all(pending);
      return { stored, duplicates, lastSequence };
    },
  };
}

/**
 * Resolves once the durable consumer has acknowledged (or terminated) every message up to
 * `sequence`, whichever server node consumed them; `false` when `timeoutMs` passed first or
 * `shouldStop` said so.
 */
export async function waitUntilAcknowledged(
  connection: NatsConnection,
  sequence: number,
  options: { names?: ShareStreamNames; timeoutMs?: number; shouldStop?: () => boolean } = {},
): Promise<boolean> {
  const names = options.names ?? defaultShareStreamNames;
  const manager = await jetstreamManager(connection);
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const info = await manager.consumers.info(names.stream, names.durable);
    if (info.ack_floor.stream_seq >= sequence) return true;
    if (Date.now() > deadline || options.shouldStop?.() === true) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function contentDigest(record: ShareRecord): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        record.account ?? null,
        record.address ?? null,
        record.farm ?? null,
        record.coin,
        record.worker,
        record.difficulty,
        record.accepted,
        record.at,
        record.count ?? 1,
      ]),
    )
    .digest('hex')
    .slice(0, 32);
}

/**
 * A share id made from the share's content, for sources without ids of their own (the demo
 * simulator): `demo:<hash>:<occurrence>`, where identical shares of one batch count 1, 2, …
 * So a batch simulated again (after a restart) publishes the same ids and is accounted once.
 */
export function contentShareId(record: ShareRecord, occurrence: number): string {
  return `demo:${contentDigest(record)}:${occurrence}`;
}

/** Options of {@link createStreamingIngest}. */
export interface StreamingIngestOptions {
  /** Where blocks and chain state still go directly. */
  readonly ingest: Ingest;
  readonly connection: NatsConnection;
  readonly names?: ShareStreamNames;
  /** Longest wait for the consumers to account a published batch. Default 120 s. */
  readonly timeoutMs?: number;
  /** Asked while waiting: true returns at once (server shutdown; the shares stay in the stream). */
  readonly shouldStop?: () => boolean;
  /** Told when a wait ran out before the consumers caught up. */
  readonly onTimeout?: (sequence: number) => void;
}

/**
 * An {@link Ingest} for the demo simulator that sends shares through the share stream, as a
 * stratum server would, instead of calling the seam: `recordShares` publishes the batch (ids
 * from {@link contentShareId}) and resolves when the consumers have acknowledged it, so the
 * engine's rollup that follows sees the shares as it does without the stream. Blocks and chain
 * state go to `ingest` directly (the stream carries shares only).
 */
export function createStreamingIngest(options: StreamingIngestOptions): Ingest {
  const publisher = createSharePublisher({
    connection: options.connection,
    ...(options.names === undefined ? {} : { names: options.names }),
  });
  return {
    async recordShares(batch): Promise<IngestResult> {
      const seen = new Map<string, number>();
      const messages = batch.map((record) => {
        const digest = contentDigest(record);
        const occurrence = (seen.get(digest) ?? 0) + 1;
        seen.set(digest, occurrence);
        return toShareMessage({ ...record, id: `demo:${digest}:${occurrence}` });
      });
      const published = await publisher.publish(messages);
      if (published.lastSequence > 0) {
        const caughtUp = await waitUntilAcknowledged(options.connection, published.lastSequence, {
          ...(options.names === undefined ? {} : { names: options.names }),
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          ...(options.shouldStop === undefined ? {} : { shouldStop: options.shouldStop }),
        });
        if (!caughtUp && options.shouldStop?.() !== true) {
          options.onTimeout?.(published.lastSequence);
        }
      }
      return { recorded: published.stored, refused: [], duplicates: published.duplicates };
    },
    recordBlock: (block) => options.ingest.recordBlock(block),
    recordNetwork: (network) => options.ingest.recordNetwork(network),
  };
}
