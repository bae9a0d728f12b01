import { jetstreamManager } from '@nats-io/jetstream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import type { Database } from '../db/connect';
import type { ShareRecord } from '../engine/ingest';
import { createPoolEngine } from '../engine/poolEngine';
import { writeState } from '../engine/rollup';
import { queryRows, toNumber } from '../engine/sql';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { findTestNats, type TestNats, testShareStreamNames } from '../testing/testNats';
import { connectShareStream, type ShareStream } from './connectShareStream';
import { contentShareId } from './sharePublisher';
import { parseShareMessage, toShareMessage, toShareRecord } from './shareStream';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 20, 8, 0);
const SEED = 11;

/** NATS with JetStream, or why the tests skip. */
const nats: TestNats | string = await findTestNats();

const record: ShareRecord = {
  address: 'kaspa:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73',
  coin: 'kas',
  worker: 'gpu01',
  difficulty: 0.125,
  accepted: false,
  at: T0 + 1234,
  ip: '10.1.2.3',
  count: 3,
};

describe('share messages (pure)', () => {
  it('should give a share the same content id every time, and another id to other content', () => {
    expect(contentShareId(record, 1)).toBe(contentShareId({ ...record }, 1));
    expect(contentShareId(record, 1)).toMatch(/^demo:[0-9a-f]{32}:1$/);
    expect(contentShareId(record, 2)).not.toBe(contentShareId(record, 1));
    expect(contentShareId({ ...record, at: record.at + 1 }, 1)).not.toBe(contentShareId(record, 1));
    expect(contentShareId({ ...record, accepted: true }, 1)).not.toBe(contentShareId(record, 1));
  });

  it('should carry a share record through a stream message unchanged', () => {
    const message = toShareMessage({ ...record, id: 'demo:1' });
    const parsed = parseShareMessage(
      'poolkit.shares.v1.kas',
      new TextEncoder().encode(JSON.stringify(message)),
    );
    expect(parsed.ok && toShareRecord(parsed.message)).toEqual({ ...record, id: 'demo:1' });
  });

  it('should refuse a message on another subject prefix or coin', () => {
    const data = new TextEncoder().encode(JSON.stringify(toShareMessage({ ...record, id: 'x' })));
    expect(parseShareMessage('poolkit.shares.v1.kas', data).ok).toBe(true);
    expect(parseShareMessage('poolkit.shares.v1.btc', data)).toEqual({
      ok: false,
      reason: 'coin: does not match the subject',
    });
    expect(parseShareMessage('other.kas', data, 'other').ok).toBe(true);
    expect(parseShareMessage('poolkit.shares.v1.kas', Uint8Array.of(0xff, 0xfe)).ok).toBe(false);
  });
});

type Rows = Map<string, { acc: number; rej: number; accN: number; rejN: number }>;

/** share_minutes per pool, miner, worker and minute. */
async function shareMinutes(database: Database): Promise<Rows> {
  const rows = await queryRows<{
    key: string;
    acc_diff: unknown;
    rej_diff: unknown;
    acc_count: unknown;
    rej_count: unknown;
  }>(
    database.db,
    sql`SELECT w.pool || ' ' || w.miner || ' ' || w.name || ' ' || m.minute_ms AS key,
        m.acc_diff, m.rej_diff, m.acc_count, m.rej_count
      FROM share_minutes m JOIN workers w ON w.id = m.worker_id`,
  );
  return new Map(
    rows.map((row) => [
      row.key,
      {
        acc: toNumber(row.acc_diff),
        rej: toNumber(row.rej_diff),
        accN: toNumber(row.acc_count),
        rejN: toNumber(row.rej_count),
      },
    ]),
  );
}

/** The rollup's 10-minute points per pool, miner, worker and bucket. */
async function tenMinutePoints(database: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; acc_diff: unknown }>(
    database.db,
    sql`SELECT pool || ' ' || miner || ' ' || worker_id || ' ' || bucket_ms AS key, acc_diff
      FROM hashrate_10m WHERE miner = '' OR worker_id = 0`,
  );
  return new Map(rows.map((row) => [row.key, toNumber(row.acc_diff)]));
}

/** Equal up to float rounding: the stream adds the same shares in other batches (other order). */
function expectClose(actual: number | undefined, expected: number): void {
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThanOrEqual(
    Math.abs(expected) * 1e-12,
  );
}

function expectSameSums(actual: Map<string, number>, expected: Map<string, number>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, value] of expected) expectClose(actual.get(key), value);
}

describe.runIf(typeof nats !== 'string')('demo simulator through the share stream', () => {
  const server = nats as TestNats;

  afterAll(async () => {
    await server.stop();
  });

  describe.each(testDrivers)('on %s', (driver) => {
    let direct: Database;
    let streamed: Database;
    let stream: ShareStream;
    const names = testShareStreamNames();

    beforeAll(async () => {
      direct = await openTestDatabase(driver);
      streamed = await openTestDatabase(driver);
    });

    afterAll(async () => {
      if (stream !== undefined) {
        await (await jetstreamManager(stream.connection)).streams.delete(names.stream);
        await stream.close();
      }
      await direct?.close();
      await streamed?.close();
    });

    it('should fill the same tables as calling the seam, and count a re-run once', async () => {
      const clock = createManualClock(T0);
      stream = await connectShareStream({
        servers: [server.url],
        database: streamed,
        clock,
        names,
        batchSize: 200,
      });
      // Five minutes to simulate, on both databases.
      for (const database of [direct, streamed]) {
        await writeState(database.db, 'sim_until', T0 - 5 * MINUTE);
      }
      const plain = createPoolEngine({ database: direct, clock, demo: true, seed: SEED });
      const through = createPoolEngine({
        database: streamed,
        clock,
        demo: true,
        seed: SEED,
        simulatorIngest: stream.demoIngest,
      });
      await plain.runOnce();
      await through.runOnce();

      const expected = await shareMinutes(direct);
      const shares = [...expected.values()].reduce((sum, row) => sum + row.accN + row.rejN, 0);
      expect(shares).toBeGreaterThan(1000);
      const actual = await shareMinutes(streamed);
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, row] of expected) {
        const got = actual.get(key);
        expect(got?.accN).toBe(row.accN);
        expect(got?.rejN).toBe(row.rejN);
        expectClose(got?.acc, row.acc);
        expectClose(got?.rej, row.rej);
      }
      // The engine's rollup that follows the simulator saw every share: runOnce waited for them.
      expectSameSums(await tenMinutePoints(streamed), await tenMinutePoints(direct));
      expect(stream.consumer.stats()).toMatchObject({ recorded: shares, duplicates: 0 });

      // A restart that simulates the same minutes again publishes the same share ids.
      await writeState(streamed.db, 'sim_until', T0 - 5 * MINUTE);
      await through.runOnce();
      const again = await shareMinutes(streamed);
      expect([...again.values()].map((row) => row.accN + row.rejN)).toEqual(
        [...actual.values()].map((row) => row.accN + row.rejN),
      );
      expect(stream.consumer.stats().recorded).toBe(shares);
    });
  });
});
