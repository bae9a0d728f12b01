import { type Consumer, type ConsumerMessages, type JsMsg, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { type Ingest, pruneShareIds, type ShareRecord } from '../engine/ingest';
import {
  DEFAULT_ACK_WAIT_MS,
  defaultShareStreamNames,
  parseShareMessage,
  SHARE_ID_RETENTION_MS,
  type ShareStreamNames,
  toShareRecord,
} from './shareStream';

/** Where the consumer reports what it does (pino's logger fits). */
export interface StreamLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Options of {@link createShareConsumer}. */
export interface ShareConsumerOptions {
  readonly connection: NatsConnection;
  readonly database: Database;
  /** The seam shares go to; it dedupes by share id in the transaction that accounts them. */
  readonly ingest: Ingest;
  readonly clock: Clock;
  readonly names?: ShareStreamNames;
  /** Most shares fetched, recorded (in one transaction) and acknowledged at once. Default 500. */
  readonly batchSize?: number;
  /** How long one fetch waits to fill a batch, in ms (JetStream's minimum is 1000). Default 1000. */
  readonly fetchExpiresMs?: number;
  /** The consumer's `ack_wait`: while a batch is being recorded it is kept in progress. Default 30 s. */
  readonly ackWaitMs?: number;
  /** Delay before a batch that could not be recorded (database down) is delivered again. Default 5 s. */
  readonly retryDelayMs?: number;
  readonly log?: StreamLog;
}

/** Counters of a {@link ShareConsumer}, since it was created. */
export interface ShareConsumerStats {
  /** Messages fetched. */
  received: number;
  /** Fetched messages JetStream had delivered before (not acknowledged in time). */
  redelivered: number;
  /** Shares accounted. */
  recorded: number;
  /** Shares skipped because their id was accounted before. */
  duplicates: number;
  /** Messages terminated as schema-invalid. */
  terminated: number;
  /** Messages terminated because the ingest seam refused the share (unknown account, …). */
  refused: number;
  /** Batches recorded. */
  batches: number;
  /** Largest batch fetched. */
  largestBatch: number;
}

/**
 * How long the last ack of a batch waits for the server's answer: short, so that a slow answer
 * never holds up a shutdown (the ack still lands, or the share comes back as a duplicate).
 */
const ACK_ANSWER_TIMEOUT_MS = 2000;

/** A durable pull consumer of the share stream feeding the ingest seam. */
export interface ShareConsumer {
  /** Starts fetching in the background. */
  start(): void;
  /**
   * Stops fetching: the batch in hand is recorded and acknowledged, then the loop ends. The
   * connection stays open (drain it afterwards).
   */
  stop(): Promise<void>;
  /** Counters so far (a copy). */
  stats(): ShareConsumerStats;
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * Creates the share stream's consumer. It fetches bounded batches (`batchSize`) from the durable
 * pull consumer, records each batch with one `recordShares` call (one transaction, which also
 * claims the share ids) and only then acknowledges it: at-least-once delivery, accounted once.
 * The next batch is fetched after the last one is acknowledged, so a slow database leaves the
 * backlog in the stream, not in memory (back-pressure). A schema-invalid message, or a share
 * the seam refuses, is terminated (`term()`) and logged with its reason, never its payload; a
 * batch that fails to record (database down) is handed back (`nak`) for a later delivery.
 *
 * @example
 * const consumer = createShareConsumer({ connection, database, ingest, clock: systemClock });
 * consumer.start(); … await consumer.stop(); await connection.drain();
 */
export function createShareConsumer(options: ShareConsumerOptions): ShareConsumer {
  const { connection, database, ingest, clock, log } = options;
  const names = options.names ?? defaultShareStreamNames;
  const batchSize = options.batchSize ?? 500;
  const fetchExpiresMs = options.fetchExpiresMs ?? 1000;
  const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const retryDelayMs = options.retryDelayMs ?? 5000;
  const counters: ShareConsumerStats = {
    received: 0,
    redelivered: 0,
    recorded: 0,
    duplicates: 0,
    terminated: 0,
    refused: 0,
    batches: 0,
    largestBatch: 0,
  };
  let stopping = false;
  let running: Promise<void> | null = null;
  let fetching: ConsumerMessages | null = null;
  let lastPrune = Number.NEGATIVE_INFINITY;

  // Terminations carry no reason (it is logged here instead): servers before 2.10 do not read
  // `+TERM <reason>` and would deliver the message again and again.

  /** Acks and naks are fire-and-forget; on a closed connection JetStream redelivers anyway. */
  function settle(action: () => void): void {
    try {
      action();
    } catch {
      // The connection is gone: the message was not acknowledged and comes back.
    }
  }

  /**
   * Acknowledges a recorded batch. The last ack waits for the server's answer: JetStream
   * handles one consumer's acks in order, so once it answers, the whole batch has left the
   * ack-pending count and the next fetch never holds more than `batchSize` messages.
   */
  async function acknowledge(messages: readonly JsMsg[]): Promise<void> {
    const last = messages.at(-1);
    if (last === undefined) return;
    for (const message of messages.slice(0, -1)) settle(() => message.ack());
    try {
      await last.ackAck({ timeout: ACK_ANSWER_TIMEOUT_MS });
    } catch {
      // No answer (connection gone or slow): the ack may still land; if not, JetStream
      // redelivers the message and the share id makes the second record a duplicate.
    }
  }

  async function recordBatch(messages: readonly JsMsg[]): Promise<void> {
    const records: ShareRecord[] = [];
    const owners: JsMsg[] = [];
    for (const message of messages) {
      if (message.redelivered) counters.redelivered += 1;
      const parsed = parseShareMessage(message.subject, message.data, names.subjectPrefix);
      if (!parsed.ok) {
        counters.terminated += 1;
        log?.warn(
          {
            subject: message.subject,
            seq: message.seq,
            bytes: message.data.length,
            reason: parsed.reason,
          },
          'share stream: invalid message terminated',
        );
        settle(() => message.term());
        continue;
      }
      records.push(toShareRecord(parsed.message));
      owners.push(message);
    }
    if (records.length === 0) return;

    // A long transaction must not let the ack wait run out, or the batch comes back meanwhile.
    const keepAlive = setInterval(
      () => {
        for (const message of owners) settle(() => message.working());
      },
      Math.max(1000, Math.floor(ackWaitMs / 3)),
    );
    let result: Awaited<ReturnType<Ingest['recordShares']>>;
    try {
      result = await ingest.recordShares(records);
    } catch (error) {
      log?.error(
        { err: error, shares: records.length },
        'share stream: a batch could not be recorded',
      );
      for (const message of owners) settle(() => message.nak(retryDelayMs));
      if (!stopping && !connection.isClosed()) await delay(retryDelayMs);
      return;
    } finally {
      clearInterval(keepAlive);
    }
    const refused = new Map(result.refused.map((entry) => [entry.index, entry.reason]));
    const accepted: JsMsg[] = [];
    owners.forEach((message, index) => {
      const reason = refused.get(index);
      if (reason === undefined) {
        accepted.push(message);
        return;
      }
      counters.refused += 1;
      log?.warn(
        { subject: message.subject, seq: message.seq, shareId: records[index]?.id, reason },
        'share stream: refused share terminated',
      );
      settle(() => message.term());
    });
    await acknowledge(accepted);
    counters.recorded += result.recorded;
    counters.duplicates += result.duplicates;
    counters.batches += 1;
  }

  async function pruneIfDue(): Promise<void> {
    const now = clock.now();
    if (now - lastPrune < 60 * 60_000) return;
    lastPrune = now;
    try {
      const forgotten = await pruneShareIds(database, now - SHARE_ID_RETENTION_MS);
      if (forgotten > 0) log?.info({ forgotten }, 'share stream: old share ids forgotten');
    } catch (error) {
      log?.error({ err: error }, 'share stream: share ids could not be pruned');
    }
  }

  async function loop(): Promise<void> {
    let consumer: Consumer | null = null;
    while (consumer === null && !stopping && !connection.isClosed()) {
      try {
        consumer = await jetstream(connection).consumers.get(names.stream, names.durable);
      } catch (error) {
        // NATS away at this moment (or the consumer deleted by hand): try again, do not give up.
        log?.warn({ err: error }, 'share stream: the durable consumer is not reachable; retrying');
        await delay(retryDelayMs);
      }
    }
    while (consumer !== null && !stopping && !connection.isClosed()) {
      await pruneIfDue();
      const batch: JsMsg[] = [];
      try {
        fetching = await consumer.fetch({ max_messages: batchSize, expires: fetchExpiresMs });
        for await (const message of fetching) batch.push(message);
      } catch (error) {
        if (stopping || connection.isClosed()) {
          // Fall through: what was delivered is still recorded and acknowledged below.
        } else {
          log?.warn({ err: error }, 'share stream: fetch failed; retrying');
          await delay(1000);
        }
      } finally {
        fetching = null;
      }
      counters.received += batch.length;
      counters.largestBatch = Math.max(counters.largestBatch, batch.length);
      if (batch.length > 0) await recordBatch(batch);
    }
  }

  return {
    start() {
      if (running !== null) return;
      stopping = false;
      running = loop().catch((error: unknown) => {
        log?.error({ err: error }, 'share stream: the consumer stopped');
      });
    },
    async stop() {
      stopping = true;
      // Ends the fetch in progress now rather than when it expires; its messages are kept.
      await fetching?.close();
      const current = running;
      running = null;
      await current;
    },
    stats() {
      return { ...counters };
    },
  };
}
