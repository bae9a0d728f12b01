import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connect';
import { openTestDatabase } from '../testing/testDatabase';
import { twoNodeDatabases } from '../testing/twoNodeDatabases';
import { dayKey, minuteKey, pruneJobRuns, runExclusive } from './exclusive';

const databaseUrl = process.env.DATABASE_URL ?? '';

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('period keys', () => {
  it('should name the minute and the UTC day of a time', () => {
    const at = Date.UTC(2026, 10, 24, 9, 5, 59, 999);
    expect(minuteKey(at)).toBe('2026-11-24T09:05');
    expect(dayKey(at)).toBe('2026-11-24');
  });
});

describe('runExclusive on PGlite', () => {
  it('should simply run the work: one process holds the embedded database', async () => {
    const database = await openTestDatabase('pglite');
    try {
      let runs = 0;
      const work = async () => {
        runs += 1;
      };
      expect(await runExclusive(database, 'job', '2026-11-24', 0, work)).toBe('ran');
      expect(await runExclusive(database, 'job', '2026-11-24', 0, work)).toBe('ran');
      expect(runs).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(databaseUrl === '')('runExclusive across two nodes on PostgreSQL', () => {
  const nodes = twoNodeDatabases(databaseUrl);

  it('should run a period on one node: the other is busy meanwhile and finds it done after', async () => {
    const running = gate();
    const release = gate();
    let runs = 0;
    const onFirst = runExclusive(nodes.first, 'settle', '2026-11-24T09:05', 0, async () => {
      runs += 1;
      running.open();
      await release.opened;
    });
    await running.opened;
    expect(
      await runExclusive(nodes.second, 'settle', '2026-11-24T09:05', 0, async () => {
        runs += 1;
      }),
    ).toBe('busy');
    // Another job is not held up by this one's lock.
    expect(await runExclusive(nodes.second, 'coupons', '2026-11-24T09:05', 0, async () => {})).toBe(
      'ran',
    );
    release.open();
    expect(await onFirst).toBe('ran');
    expect(
      await runExclusive(nodes.second, 'settle', '2026-11-24T09:05', 0, async () => {
        runs += 1;
      }),
    ).toBe('done');
    expect(runs).toBe(1);
    expect(
      await runExclusive(nodes.second, 'settle', '2026-11-24T09:06', 0, async () => {
        runs += 1;
      }),
    ).toBe('ran');
    expect(runs).toBe(2);
  });

  it('should give a failed period back, so that the next tick of any node runs it again', async () => {
    await expect(
      runExclusive(nodes.first, 'payout', '2026-11-24', 0, async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    let runs = 0;
    expect(
      await runExclusive(nodes.second, 'payout', '2026-11-24', 0, async () => {
        runs += 1;
      }),
    ).toBe('ran');
    expect(runs).toBe(1);
  });

  it('should not hold up the same job of a deployment in another schema of the database', async () => {
    const otherSchema = `poolkit_test_${randomBytes(6).toString('hex')}`;
    const other = await openDatabase({ databaseUrl, dataDir: '' }, { schema: otherSchema });
    try {
      const running = gate();
      const release = gate();
      const onFirst = runExclusive(nodes.first, 'deposits', '2026-11-24T09:07', 0, async () => {
        running.open();
        await release.opened;
      });
      await running.opened;
      // This schema's other node waits its turn; the other schema's runs its own period now.
      expect(
        await runExclusive(nodes.second, 'deposits', '2026-11-24T09:07', 0, async () => {}),
      ).toBe('busy');
      expect(await runExclusive(other, 'deposits', '2026-11-24T09:07', 0, async () => {})).toBe(
        'ran',
      );
      release.open();
      expect(await onFirst).toBe('ran');
    } finally {
      await other.transaction((session) => session.exec(`DROP SCHEMA ${otherSchema} CASCADE`));
      await other.close();
    }
  });

  it('should forget claims older than the retention', async () => {
    await runExclusive(nodes.first, 'old', 'p1', Date.UTC(2026, 0, 1), async () => {});
    await runExclusive(nodes.first, 'old', 'p2', Date.UTC(2026, 10, 1), async () => {});
    // The claims of the tests above started at 0 (1970): they go too.
    expect(await pruneJobRuns(nodes.first, Date.UTC(2026, 5, 1))).toBeGreaterThanOrEqual(1);
    expect(
      await runExclusive(nodes.first, 'old', 'p1', Date.UTC(2026, 10, 2), async () => {}),
    ).toBe('ran');
    expect(
      await runExclusive(nodes.first, 'old', 'p2', Date.UTC(2026, 10, 2), async () => {}),
    ).toBe('done');
  });
});
