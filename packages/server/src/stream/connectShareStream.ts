import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { createIngest, type Ingest } from '../engine/ingest';
import { createShareConsumer, type ShareConsumer, type StreamLog } from './shareConsumer';
import { createStreamingIngest } from './sharePublisher';
import { defaultShareStreamNames, ensureShareStream, type ShareStreamNames } from './shareStream';

/** Options of {@link connectShareStream}. */
export interface ShareStreamOptions {
  /** NATS server URLs (`NATS_URL`, split at commas). */
  readonly servers: readonly string[];
  readonly database: Database;
  readonly clock: Clock;
  readonly log?: StreamLog;
  /** Default the pool's names (`POOLKIT_SHARES`, `poolkit.shares.v1`, `poolkit-ingest`). */
  readonly names?: ShareStreamNames;
  /** Shares per fetched batch. Default 500. */
  readonly batchSize?: number;
}

/** The server's side of the share stream: one NATS connection, the consumer, the demo's publisher. */
export interface ShareStream {
  readonly connection: NatsConnection;
  /** The consumer feeding the ingest seam; started by {@link connectShareStream}. */
  readonly consumer: ShareConsumer;
  /**
   * The ingest the demo simulator uses here: shares are published to the stream and accounted
   * by the consumers; blocks and chain state go to the seam directly.
   */
  readonly demoIngest: Ingest;
  /**
   * Makes the demo ingest's waits for the consumers return at once. Call it first on shutdown,
   * so an engine pass in progress ends; its shares stay in the stream.
   */
  interrupt(): void;
  /**
   * Shuts down: {@link ShareStream.interrupt}, the consumer records and acknowledges the batch in
   * hand, then the connection drains (pending acks and publishes are flushed).
   */
  close(): Promise<void>;
}

/**
 * Connects to NATS, creates the share stream and its durable consumer when missing, and starts
 * consuming into the ingest seam. Fails (so the server does not start) when NATS does not answer
 * or has no JetStream.
 *
 * @example
 * const stream = await connectShareStream({ servers: ['nats://127.0.0.1:4222'], database, clock: systemClock, log: app.log });
 * … await stream.close();
 */
export async function connectShareStream(options: ShareStreamOptions): Promise<ShareStream> {
  const { database, clock, log } = options;
  const names = options.names ?? defaultShareStreamNames;
  const connection = await connect({
    servers: [...options.servers],
    name: 'poolkit-server',
    // Keep reconnecting for as long as the server runs; the stream keeps the shares meanwhile.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 2000,
  });
  try {
    await ensureShareStream(await jetstreamManager(connection), { names });
  } catch (error) {
    await connection.close();
    throw error;
  }
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        log?.warn(
          { nats: status.type, server: status.server },
          `share stream: NATS ${status.type}`,
        );
      }
    }
  })().catch(() => undefined);

  const ingest = createIngest(database, { clock });
  const consumer = createShareConsumer({
    connection,
    database,
    ingest,
    clock,
    names,
    ...(log === undefined ? {} : { log }),
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
  });
  let closing = false;
  const demoIngest = createStreamingIngest({
    ingest,
    connection,
    names,
    shouldStop: () => closing,
    onTimeout: (sequence) =>
      log?.warn({ sequence }, 'share stream: the consumers have not caught up with the demo yet'),
  });
  consumer.start();
  log?.info(
    { server: connection.getServer(), stream: names.stream, consumer: names.durable },
    'share stream: consuming shares from NATS JetStream',
  );
  return {
    connection,
    consumer,
    demoIngest,
    interrupt() {
      closing = true;
    },
    async close() {
      closing = true;
      await consumer.stop();
      if (!connection.isClosed()) await connection.drain();
    },
  };
}
