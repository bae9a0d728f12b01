import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ShareMessageInput } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import type { Database } from '../db/connect';
import { createIngest, type Ingest } from '../engine/ingest';
import { queryRows, toNumber } from '../engine/sql';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { findTestNats, type TestNats, testShareStreamNames } from '../testing/testNats';
import { createShareConsumer, type ShareConsumer, type StreamLog } from './shareConsumer';
import { createSharePublisher } from './sharePublisher';
import { ensureShareStream, type ShareStreamNames } from './shareStream';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 10, 12, 0);

/** NATS with JetStream, or why the tests skip. */
const nats: TestNats | string = await findTestNats();
if (typeof nats === 'string') console.warn(`share stream tests skipped: ${nats}`);

async function addAccount(database: Database, account: string): Promise<void> {
  await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES (${account}, 'x') ON CONFLICT (username) DO NOTHING`,
  );
  await database.db.execute(
    sql`INSERT INTO mining_accounts (user_id, name) SELECT id, ${account} FROM users WHERE username = ${account}`,
  );
}

/**
 * `count` shares of `account` on btc: three workers, ten minutes, every seventh rejected, whole
 * difficulties (so float sums are exact).
 */
function shares(account: string, count: number): ShareMessageInput[] {
  return Array.from({ length: count }, (_, index) => ({
    v: 1 as const,
    share_id: `${account}:${index}`,
    account,
    coin: 'btc' as const,
    worker: `rig${index % 3}`,
    difficulty: 1000 + (index % 5),
    accepted: index % 7 !== 0,
    timestamp: T0 + (index % 10) * MINUTE + index,
    ip: '192.0.2.10',
  }));
}

type Totals = Record<string, { acc: number; rej: number; accN: number; rejN: number }>;

/** What the shares should add up to, per `worker minute`. */
function expectedTotals(messages: readonly ShareMessageInput[]): Totals {
  const totals: Totals = {};
  for (const message of messages) {
    const key = `${message.worker} ${Math.floor(message.timestamp / MINUTE) * MINUTE}`;
    const entry = totals[key] ?? { acc: 0, rej: 0, accN: 0, rejN: 0 };
    if (message.accepted) {
      entry.acc += message.difficulty;
      entry.accN += 1;
    } else {
      entry.rej += message.difficulty;
      entry.rejN += 1;
    }
    totals[key] = entry;
  }
  return totals;
}

/** The worker/minute table of an account's btc workers, per `worker minute`. */
async function accountedTotals(database: Database, account: string): Promise<Totals> {
  const rows = await queryRows<{
    name: string;
    minute_ms: unknown;
    acc_diff: unknown;
    rej_diff: unknown;
    acc_count: unknown;
    rej_count: unknown;
  }>(
    database.db,
    sql`SELECT w.name, m.minute_ms::float8 AS minute_ms, m.acc_diff, m.rej_diff, m.acc_count, m.rej_count
      FROM share_minutes m JOIN workers w ON w.id = m.worker_id
      WHERE w.pool = 'btc' AND w.miner = ${account}`,
  );
  const totals: Totals = {};
  for (const row of rows) {
    totals[`${row.name} ${toNumber(row.minute_ms)}`] = {
      acc: toNumber(row.acc_diff),
      rej: toNumber(row.rej_diff),
      accN: toNumber(row.acc_count),
      rejN: toNumber(row.rej_count),
    };
  }
  return totals;
}

async function sharesOf(database: Database, account: string): Promise<number> {
  const rows = await queryRows<{ n: unknown }>(
    database.db,
    sql`SELECT COALESCE(SUM(m.acc_count + m.rej_count), 0)::int AS n
      FROM share_minutes m JOIN workers w ON w.id = m.worker_id
      WHERE w.pool = 'btc' AND w.miner = ${account}`,
  );
  return toNumber(rows[0]?.n);
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** True once the durable consumer has nothing left to deliver and nothing unacknowledged. */
async function drained(connection: NatsConnection, names: ShareStreamNames): Promise<boolean> {
  const manager = await jetstreamManager(connection);
  const info = await manager.consumers.info(names.stream, names.durable);
  return info.num_pending === 0 && info.num_ack_pending === 0;
}

/** A log that keeps what it is told. */
function recordingLog(): StreamLog & {
  lines: { details: Record<string, unknown>; message: string }[];
} {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const keep = (details: Record<string, unknown>, message: string) => {
    lines.push({ details, message });
  };
  return { lines, info: keep, warn: keep, error: keep };
}

describe.runIf(typeof nats !== 'string')('share stream', () => {
  const server = nats as TestNats;

  afterAll(async () => {
    await server.stop();
  });

  describe.each(testDrivers)('on %s', (driver) => {
    let database: Database;
    let ingest: Ingest;
    let names: ShareStreamNames;
    const connections: NatsConnection[] = [];
    const consumers: ShareConsumer[] = [];

    async function open(): Promise<NatsConnection> {
      const connection = await connect({ servers: server.url });
      connections.push(connection);
      return connection;
    }

    beforeAll(async () => {
      database = await openTestDatabase(driver);
      ingest = createIngest(database);
      for (const account of ['stream01', 'stream02', 'stream03', 'stream04', 'stream05']) {
        await addAccount(database, account);
      }
    });

    afterEach(async () => {
      for (const consumer of consumers.splice(0)) await consumer.stop();
      const admin = await connect({ servers: server.url });
      await (await jetstreamManager(admin)).streams.delete(names.stream).catch(() => false);
      await admin.close();
      for (const connection of connections.splice(0)) {
        if (!connection.isClosed()) await connection.close();
      }
    });

    afterAll(async () => {
      await database?.close();
    });

    it('should account every published share exactly once', async () => {
      names = testShareStreamNames();
      const connection = await open();
      await ensureShareStream(await jetstreamManager(connection), { names });
      const messages = shares('stream01', 300);
      const published = await createSharePublisher({ connection, names }).publish(messages);
      expect(published).toMatchObject({ stored: 300, duplicates: 0 });

      const consumer = createShareConsumer({
        connection,
        database,
        ingest,
        clock: systemClock,
        names,
        batchSize: 64,
      });
      consumers.push(consumer);
      consumer.start();
      await waitFor(
        async () => consumer.stats().recorded === 300 && (await drained(connection, names)),
      );

      expect(await accountedTotals(database, 'stream01')).toEqual(expectedTotals(messages));
      expect(consumer.stats()).toMatchObject({
        received: 300,
        recorded: 300,
        duplicates: 0,
        redelivered: 0,
      });
      expect(consumer.stats().largestBatch).toBeLessThanOrEqual(64);
      const ids = await queryRows<{ n: unknown }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM ingested_shares WHERE share_id LIKE 'stream01:%'`,
      );
      expect(toNumber(ids[0]?.n)).toBe(300);
    });

    it('should count a share id published twice once', async () => {
      names = testShareStreamNames();
      const connection = await open();
      await ensureShareStream(await jetstreamManager(connection), { names });
      const [first, second] = shares('stream02', 2);
      if (first === undefined || second === undefined) throw new Error('no shares');
      const publisher = createSharePublisher({ connection, names });

      // The same share id through the publisher: JetStream's Nats-Msg-Id window keeps one.
      expect(await publisher.publish([first])).toMatchObject({ stored: 1, duplicates: 0 });
      expect(await publisher.publish([first])).toMatchObject({ stored: 0, duplicates: 1 });
      // Without the header (another publisher, or after the window) both copies are stored…
      const client = jetstream(connection);
      const subject = `${names.subjectPrefix}.btc`;
      await client.publish(subject, JSON.stringify(second));
      await client.publish(subject, JSON.stringify(second));

      // …and the consumer's share-id table counts it once, across separate transactions.
      const consumer = createShareConsumer({
        connection,
        database,
        ingest,
        clock: systemClock,
        names,
        batchSize: 1,
      });
      consumers.push(consumer);
      consumer.start();
      await waitFor(
        async () => consumer.stats().received === 3 && (await drained(connection, names)),
      );

      expect(consumer.stats()).toMatchObject({
        received: 3,
        recorded: 2,
        duplicates: 1,
        batches: 3,
      });
      expect(await accountedTotals(database, 'stream02')).toEqual(expectedTotals([first, second]));
    });

    it('should terminate a schema-invalid message, log it without its payload and go on', async () => {
      names = testShareStreamNames();
      const connection = await open();
      await ensureShareStream(await jetstreamManager(connection), { names, ackWaitMs: 3000 });
      const [good, alsoGood, template] = shares('stream03', 3);
      if (good === undefined || alsoGood === undefined || template === undefined)
        throw new Error('no shares');
      const client = jetstream(connection);
      const subject = `${names.subjectPrefix}.btc`;
      await client.publish(subject, 'account=stream03 not json');
      await client.publish(subject, JSON.stringify({ ...template, share_id: 'bad:1', v: 2 }));
      await client.publish(
        subject,
        JSON.stringify({ ...template, share_id: 'bad:2', difficulty: -5 }),
      );
      await client.publish(
        `${names.subjectPrefix}.ltc`,
        JSON.stringify({ ...template, share_id: 'bad:3' }),
      );
      // Valid on the wire, refused by the seam: no such account.
      await client.publish(
        subject,
        JSON.stringify({ ...template, share_id: 'bad:4', account: 'nobody01' }),
      );
      await client.publish(subject, JSON.stringify(good));
      await client.publish(subject, JSON.stringify(alsoGood));

      const log = recordingLog();
      const consumer = createShareConsumer({
        connection,
        database,
        ingest,
        clock: systemClock,
        names,
        batchSize: 10,
        ackWaitMs: 3000,
        log,
      });
      consumers.push(consumer);
      consumer.start();
      await waitFor(
        async () => consumer.stats().received === 7 && (await drained(connection, names)),
      );
      // Terminated messages are not delivered again once the ack wait has passed. The wait is
      // 3 s, not less: on a busy machine a batch can take over a second to record, and a
      // shorter ack wait would redeliver it before its acks and terminations arrive.
      await new Promise((resolve) => setTimeout(resolve, 3500));

      expect(consumer.stats()).toMatchObject({
        received: 7,
        redelivered: 0,
        terminated: 4,
        refused: 1,
        recorded: 2,
      });
      expect(await accountedTotals(database, 'stream03')).toEqual(expectedTotals([good, alsoGood]));
      const info = await (await jetstreamManager(connection)).consumers.info(
        names.stream,
        names.durable,
      );
      expect(info.num_redelivered).toBe(0);
      const reasons = log.lines.map((line) => line.details.reason);
      expect(reasons).toEqual([
        'payload: not UTF-8 JSON',
        expect.stringContaining('v:'),
        expect.stringContaining('difficulty:'),
        'coin: does not match the subject',
        'account: unknown mining account',
      ]);
      const logged = JSON.stringify(log.lines);
      expect(logged).not.toContain('192.0.2.10');
      expect(logged).not.toContain('not json');
      expect(logged).not.toContain('-5');
    });

    it('should keep the backlog in the stream while a batch is recorded (back-pressure)', async () => {
      names = testShareStreamNames();
      const connection = await open();
      await ensureShareStream(await jetstreamManager(connection), { names });
      const messages = shares('stream04', 200);
      await createSharePublisher({ connection, names }).publish(messages);

      const seen: { ackPending: number; pending: number }[] = [];
      const manager = await jetstreamManager(connection);
      const watched: Ingest = {
        ...ingest,
        async recordShares(batch) {
          const info = await manager.consumers.info(names.stream, names.durable);
          seen.push({ ackPending: info.num_ack_pending, pending: info.num_pending });
          return ingest.recordShares(batch);
        },
      };
      const consumer = createShareConsumer({
        connection,
        database,
        ingest: watched,
        clock: systemClock,
        names,
        batchSize: 25,
      });
      consumers.push(consumer);
      consumer.start();
      await waitFor(
        async () => consumer.stats().recorded === 200 && (await drained(connection, names)),
      );

      expect(seen).toHaveLength(8);
      expect(seen[0]).toEqual({ ackPending: 25, pending: 175 });
      for (const point of seen) expect(point.ackPending).toBeLessThanOrEqual(25);
      expect(await accountedTotals(database, 'stream04')).toEqual(expectedTotals(messages));
    });

    it('should account every share exactly once when the consumer is killed mid-batch and restarted', async () => {
      names = testShareStreamNames();
      const setup = await open();
      await ensureShareStream(await jetstreamManager(setup), { names, ackWaitMs: 2000 });
      const messages = shares('stream05', 300);
      await createSharePublisher({ connection: setup, names }).publish(messages);

      // The first consumer records 20 shares of its first batch of 50 (committed), then its
      // connection dies before it acknowledges anything: a crash in the middle of a batch.
      const doomed = await open();
      let killed = false;
      const crashing: Ingest = {
        ...ingest,
        async recordShares(batch) {
          await ingest.recordShares(batch.slice(0, 20));
          killed = true;
          await doomed.close();
          throw new Error('killed');
        },
      };
      const first = createShareConsumer({
        connection: doomed,
        database,
        ingest: crashing,
        clock: systemClock,
        names,
        batchSize: 50,
        ackWaitMs: 2000,
      });
      first.start();
      await waitFor(() => killed && doomed.isClosed());
      await first.stop();
      expect(first.stats()).toMatchObject({ received: 50, recorded: 0 });
      expect(await sharesOf(database, 'stream05')).toBe(20);

      // A new consumer on a new connection: the unacknowledged batch comes back after the ack
      // wait, the 20 shares already accounted are skipped by id, the rest is accounted.
      const connection = await open();
      const second = createShareConsumer({
        connection,
        database,
        ingest,
        clock: systemClock,
        names,
        batchSize: 50,
        ackWaitMs: 2000,
      });
      consumers.push(second);
      second.start();
      await waitFor(
        async () =>
          (await sharesOf(database, 'stream05')) >= 300 && (await drained(connection, names)),
      );

      const stats = second.stats();
      console.info(
        `kill mid-batch on ${driver}: published ${messages.length}, accounted before the kill 20, ` +
          `redelivered ${stats.redelivered}, skipped as accounted ${stats.duplicates}, ` +
          `accounted after the restart ${stats.recorded}, in the tables ${await sharesOf(database, 'stream05')}`,
      );
      // The 50 of the killed batch come again; on a busy machine a slow batch may come again
      // too, and is then skipped as accounted. Every delivery is recorded once or skipped.
      expect(stats.recorded).toBe(280);
      expect(stats.redelivered).toBeGreaterThanOrEqual(50);
      expect(stats.duplicates).toBeGreaterThanOrEqual(20);
      expect(stats.received).toBe(stats.recorded + stats.duplicates);
      expect(await sharesOf(database, 'stream05')).toBe(300);
      expect(await accountedTotals(database, 'stream05')).toEqual(expectedTotals(messages));
    });
  });
});
