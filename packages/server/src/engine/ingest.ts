import { isMiningAddressShape, shareIdSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../clock';
import type { Database } from '../db/connect';
import { findPool, type PoolDefinition, subsidyAt } from './poolCatalog';
import { chunks, execute, queryRows, toNumber, valuesList } from './sql';

/**
 * One share (or a run of shares summed by the stratum server) as a stratum server reports it.
 * Exactly one of `account`, `address` or `farm` names who is paid for it.
 */
export interface ShareRecord {
  /**
   * The share's unique id, when the source gives one (the share stream's `share_id`). A share
   * whose id was accounted before is skipped, checked in the transaction that accounts it, so a
   * redelivered share counts once. Without an id every call counts.
   */
  readonly id?: string;
  /** A mining account (the stratum user name), for account pools. */
  readonly account?: string;
  /** A payout address, for address-mining pools (alph, kas, sumo, zeph, aleo). */
  readonly address?: string;
  /** A pool-side miner with neither (the demo simulator's background farm). */
  readonly farm?: string;
  /** Coin id; the share goes to the coin's pool. */
  readonly coin: string;
  /** Worker name: digits and lower-case letters, 1-64 characters. */
  readonly worker: string;
  /** Share difficulty in network-difficulty units (the coin's share multiplier applied). */
  readonly difficulty: number;
  readonly accepted: boolean;
  /** Epoch milliseconds the share arrived. */
  readonly at: number;
  /** Remote address of the worker's connection, when known. */
  readonly ip?: string;
  /**
   * How many shares this record sums (`difficulty` is then their total). Default 1. Lets a
   * stratum server (or the simulator's back-fill) send one record per worker and interval.
   */
  readonly count?: number;
}

/** A block found by the pool. */
export interface BlockRecord {
  readonly coin: string;
  readonly height: number;
  readonly hash: string;
  /** Whole block reward (subsidy plus transaction fees), a decimal string. */
  readonly reward: string;
  /** Account name, address or farm that found it. */
  readonly finder: string;
  /** Epoch milliseconds. */
  readonly at: number;
  /** Work of the round over the work expected (Σ share difficulty / network difficulty). */
  readonly effort: number;
  /** Found by a miner in SOLO mode: the finder gets the block (less the SOLO fee). */
  readonly solo?: boolean;
  /** The chain dropped it. */
  readonly orphaned?: boolean;
}

/** The chain's state as the stratum server sees it. */
export interface NetworkRecord {
  readonly coin: string;
  readonly height: number;
  readonly difficulty: number;
  readonly at: number;
}

/** A share the seam refused, by its index in the batch. */
export interface RefusedShare {
  readonly index: number;
  readonly reason: string;
}

/** What {@link Ingest.recordShares} did. */
export interface IngestResult {
  /** Shares accounted by this call. */
  readonly recorded: number;
  readonly refused: readonly RefusedShare[];
  /** Shares skipped because their id was accounted before (or earlier in the same batch). */
  readonly duplicates: number;
}

/**
 * The seam a stratum server (or a stream consumer in front of several) calls. The demo
 * simulator uses it too, so it is the only way shares, blocks and chain state enter the tables.
 */
export interface Ingest {
  /**
   * Records shares: creates miners and workers on their first share, sums shares per minute.
   * Shares with an {@link ShareRecord.id} already accounted are skipped (one transaction).
   */
  recordShares(batch: readonly ShareRecord[]): Promise<IngestResult>;
  /**
   * Records found blocks (one or a batch); a repeated (pool, height, hash) is ignored.
   * Resolves how many were new.
   */
  recordBlock(block: BlockRecord | readonly BlockRecord[]): Promise<number>;
  /** Records the chain height and network difficulty (also kept per hour for PPS). */
  recordNetwork(network: NetworkRecord | readonly NetworkRecord[]): Promise<void>;
}

/** One array parameter (drizzle would otherwise expand a JS array into a list). */
function array(values: readonly unknown[]) {
  return sql.param(values);
}

const workerNamePattern = /^[0-9a-z]{1,64}$/;
const farmPattern = /^[a-z0-9-]{1,32}$/;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

interface ResolvedShare {
  readonly pool: PoolDefinition;
  readonly miner: string;
  readonly kind: 'account' | 'address' | 'demo';
  readonly share: ShareRecord;
}

/** Options of {@link createIngest}. */
export interface IngestOptions {
  /** Where the time a share id was seen comes from (`ingested_shares.seen_ms`). Default the wall clock. */
  readonly clock?: Clock;
}

/**
 * Creates the ingest seam on a database.
 *
 * @example
 * const ingest = createIngest(database);
 * await ingest.recordShares([{ account: 'alice01', coin: 'btc', worker: 'rig1', difficulty: 65536, accepted: true, at: Date.now() }]);
 */
export function createIngest(database: Database, options: IngestOptions = {}): Ingest {
  const { db } = database;
  const clock = options.clock ?? systemClock;

  async function accountIds(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await queryRows<{ id: unknown; name: string }>(
      db,
      sql`SELECT id, name FROM mining_accounts WHERE name IN (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((row) => [row.name, toNumber(row.id)]));
  }

  return {
    async recordShares(batch) {
      const refused: RefusedShare[] = [];
      const accountNames = new Set<string>();
      for (const share of batch)
        if (typeof share.account === 'string') accountNames.add(share.account);
      const accounts = await accountIds([...accountNames].filter((name) => name.length <= 64));

      const resolved: ResolvedShare[] = [];
      const batchIds = new Set<string>();
      let duplicates = 0;
      batch.forEach((share, index) => {
        const reason = refusal(share, accounts);
        if (typeof reason === 'string') {
          refused.push({ index, reason });
          return;
        }
        if (share.id !== undefined) {
          if (batchIds.has(share.id)) {
            duplicates += 1;
            return;
          }
          batchIds.add(share.id);
        }
        resolved.push(reason);
      });
      if (resolved.length === 0) return { recorded: 0, refused, duplicates };

      let recorded = 0;
      await db.transaction(async (transaction) => {
        // Claim the ids first, in this transaction: a share whose id is already there was
        // accounted by an earlier (committed) call, and a concurrent call with the same id waits
        // on the primary key until this one commits or rolls back.
        let fresh = resolved;
        if (batchIds.size > 0) {
          const ids = [...batchIds].sort();
          const claimed = new Set<string>();
          for (const part of chunks(ids, 50_000)) {
            const rows = await queryRows<{ share_id: string }>(
              transaction,
              sql`INSERT INTO ingested_shares (share_id, seen_ms)
                SELECT id, ${Math.round(clock.now())}::bigint FROM unnest(${array(part)}::text[]) AS id
                ON CONFLICT (share_id) DO NOTHING RETURNING share_id`,
            );
            for (const row of rows) claimed.add(row.share_id);
          }
          fresh = resolved.filter(({ share }) => share.id === undefined || claimed.has(share.id));
          duplicates += resolved.length - fresh.length;
        }
        recorded = fresh.length;
        if (fresh.length === 0) return;
        const { miners, workers } = sumPerMinerAndWorker(fresh, accounts);
        const minerRows = [...miners.values()].sort((a, b) =>
          `${a.pool} ${a.miner}`.localeCompare(`${b.pool} ${b.miner}`),
        );
        await execute(
          transaction,
          sql`INSERT INTO pool_miners (pool, miner, kind, account_id, first_share_ms, last_share_ms)
            SELECT * FROM unnest(${array(minerRows.map((row) => row.pool))}::text[],
              ${array(minerRows.map((row) => row.miner))}::text[],
              ${array(minerRows.map((row) => row.kind))}::text[],
              ${array(minerRows.map((row) => row.accountId))}::bigint[],
              ${array(minerRows.map((row) => row.first))}::bigint[],
              ${array(minerRows.map((row) => row.last))}::bigint[])
            ON CONFLICT (pool, miner) DO UPDATE SET
              first_share_ms = LEAST(pool_miners.first_share_ms, excluded.first_share_ms),
              last_share_ms = GREATEST(pool_miners.last_share_ms, excluded.last_share_ms)`,
        );

        const workerRows = [...workers.values()].sort((a, b) =>
          `${a.pool} ${a.miner} ${a.name}`.localeCompare(`${b.pool} ${b.miner} ${b.name}`),
        );
        const ids = new Map<string, number>();
        const returned = await queryRows<{
          id: unknown;
          pool: string;
          miner: string;
          name: string;
        }>(
          transaction,
          sql`INSERT INTO workers (pool, miner, name, first_share_ms, last_share_ms, last_difficulty, last_ip)
            SELECT * FROM unnest(${array(workerRows.map((row) => row.pool))}::text[],
              ${array(workerRows.map((row) => row.miner))}::text[],
              ${array(workerRows.map((row) => row.name))}::text[],
              ${array(workerRows.map((row) => row.first))}::bigint[],
              ${array(workerRows.map((row) => row.last))}::bigint[],
              ${array(workerRows.map((row) => row.difficulty))}::float8[],
              ${array(workerRows.map((row) => row.ip))}::text[])
            ON CONFLICT (pool, miner, name) DO UPDATE SET
              first_share_ms = LEAST(workers.first_share_ms, excluded.first_share_ms),
              last_share_ms = GREATEST(workers.last_share_ms, excluded.last_share_ms),
              last_difficulty = excluded.last_difficulty,
              last_ip = COALESCE(excluded.last_ip, workers.last_ip),
              hidden = false
            RETURNING id, pool, miner, name`,
        );
        for (const row of returned) {
          ids.set(`${row.pool}\u0000${row.miner}\u0000${row.name}`, toNumber(row.id));
        }

        const minutes = new Map<
          string,
          { workerId: number; minute: number; acc: number; rej: number; accN: number; rejN: number }
        >();
        for (const { pool, miner, share } of fresh) {
          const workerId = ids.get(`${pool.name}\u0000${miner}\u0000${share.worker}`);
          if (workerId === undefined) continue;
          const minute = Math.floor(share.at / MINUTE_MS) * MINUTE_MS;
          const key = `${workerId}:${minute}`;
          let entry = minutes.get(key);
          if (entry === undefined) {
            entry = { workerId, minute, acc: 0, rej: 0, accN: 0, rejN: 0 };
            minutes.set(key, entry);
          }
          const count = share.count ?? 1;
          if (share.accepted) {
            entry.acc += share.difficulty;
            entry.accN += count;
          } else {
            entry.rej += share.difficulty;
            entry.rejN += count;
          }
        }
        const minuteRows = [...minutes.values()].sort(
          (a, b) => a.workerId - b.workerId || a.minute - b.minute,
        );
        for (const part of chunks(minuteRows, 50_000)) {
          await execute(
            transaction,
            sql`INSERT INTO share_minutes (worker_id, minute_ms, acc_diff, rej_diff, acc_count, rej_count)
              SELECT * FROM unnest(${array(part.map((row) => row.workerId))}::bigint[],
                ${array(part.map((row) => row.minute))}::bigint[],
                ${array(part.map((row) => row.acc))}::float8[],
                ${array(part.map((row) => row.rej))}::float8[],
                ${array(part.map((row) => row.accN))}::int[],
                ${array(part.map((row) => row.rejN))}::int[])
              ON CONFLICT (worker_id, minute_ms) DO UPDATE SET
                acc_diff = share_minutes.acc_diff + excluded.acc_diff,
                rej_diff = share_minutes.rej_diff + excluded.rej_diff,
                acc_count = share_minutes.acc_count + excluded.acc_count,
                rej_count = share_minutes.rej_count + excluded.rej_count`,
          );
        }
      });
      return { recorded, refused, duplicates };
    },

    async recordBlock(block) {
      const records: readonly BlockRecord[] = Array.isArray(block)
        ? (block as readonly BlockRecord[])
        : [block as BlockRecord];
      const rows = records.map((record) => {
        const pool = findPool(record.coin);
        if (pool === undefined) throw new RangeError(`recordBlock: unknown coin ${record.coin}`);
        if (!/^\d+(\.\d+)?$/.test(record.reward)) {
          throw new RangeError(`recordBlock: reward must be a decimal string: ${record.reward}`);
        }
        if (!Number.isInteger(record.height) || record.height < 0) {
          throw new RangeError(`recordBlock: bad height ${record.height}`);
        }
        if (!Number.isFinite(record.effort) || record.effort <= 0) {
          throw new RangeError(`recordBlock: effort must be positive: ${record.effort}`);
        }
        return [
          pool.name,
          record.height,
          record.hash,
          record.reward,
          // The subsidy of the block's own height: a block past a halving stores the halved one.
          subsidyAt(pool, record.height),
          record.finder,
          record.solo ?? false,
          record.orphaned ?? false,
          record.effort,
          Math.round(record.at),
        ];
      });
      let recorded = 0;
      for (const part of chunks(rows, 500)) {
        const inserted = await queryRows<{ id: unknown }>(
          db,
          sql`INSERT INTO blocks (pool, height, hash, reward, subsidy, finder, solo, orphaned, effort, found_ms)
            SELECT v.pool, v.height::bigint, v.hash, v.reward::numeric,
              LEAST(v.subsidy::numeric, v.reward::numeric), v.finder, v.solo::boolean,
              v.orphaned::boolean, v.effort::float8, v.found_ms::bigint
            FROM (VALUES ${valuesList(part)}) AS v (pool, height, hash, reward, subsidy, finder, solo,
              orphaned, effort, found_ms)
            ON CONFLICT (pool, height, hash) DO NOTHING RETURNING id`,
        );
        recorded += inserted.length;
      }
      return recorded;
    },

    async recordNetwork(network) {
      const records: readonly NetworkRecord[] = Array.isArray(network)
        ? (network as readonly NetworkRecord[])
        : [network as NetworkRecord];
      const latest = new Map<string, NetworkRecord>();
      const hourly = new Map<string, NetworkRecord & { hour: number; pool: string }>();
      for (const record of records) {
        const pool = findPool(record.coin);
        if (pool === undefined) throw new RangeError(`recordNetwork: unknown coin ${record.coin}`);
        if (!Number.isFinite(record.difficulty) || record.difficulty <= 0) {
          throw new RangeError(`recordNetwork: difficulty must be positive: ${record.difficulty}`);
        }
        const known = latest.get(pool.name);
        if (known === undefined || known.at <= record.at) latest.set(pool.name, record);
        const hour = Math.floor(record.at / HOUR_MS) * HOUR_MS;
        const key = `${pool.name}:${hour}`;
        const seen = hourly.get(key);
        if (seen === undefined || seen.at <= record.at) {
          hourly.set(key, { ...record, hour, pool: pool.name });
        }
      }
      if (records.length === 0) return;
      await db.transaction(async (transaction) => {
        const latestRows = [...latest.entries()].sort(([a], [b]) => a.localeCompare(b));
        await execute(
          transaction,
          sql`INSERT INTO pool_network (pool, height, difficulty, updated_ms)
            SELECT v.pool, v.height::bigint, v.difficulty::float8, v.at::bigint
            FROM (VALUES ${valuesList(
              latestRows.map(([pool, record]) => [
                pool,
                Math.round(record.height),
                record.difficulty,
                Math.round(record.at),
              ]),
            )}) AS v (pool, height, difficulty, at)
            ON CONFLICT (pool) DO UPDATE SET height = excluded.height,
              difficulty = excluded.difficulty, updated_ms = excluded.updated_ms
            WHERE pool_network.updated_ms <= excluded.updated_ms`,
        );
        const hourRows = [...hourly.values()].sort(
          (a, b) => a.pool.localeCompare(b.pool) || a.hour - b.hour,
        );
        for (const part of chunks(hourRows, 1000)) {
          await execute(
            transaction,
            sql`INSERT INTO network_hourly (pool, hour_ms, difficulty, height)
              SELECT v.pool, v.hour::bigint, v.difficulty::float8, v.height::bigint
              FROM (VALUES ${valuesList(
                part.map((row) => [row.pool, row.hour, row.difficulty, Math.round(row.height)]),
              )}) AS v (pool, hour, difficulty, height)
              ON CONFLICT (pool, hour_ms) DO UPDATE SET difficulty = excluded.difficulty,
                height = excluded.height`,
          );
        }
      });
    },
  };
}

interface MinerSum {
  pool: string;
  miner: string;
  kind: string;
  accountId: number | null;
  first: number;
  last: number | null;
}

interface WorkerSum {
  pool: string;
  miner: string;
  name: string;
  first: number;
  last: number | null;
  lastAt: number;
  difficulty: number;
  ip: string | null;
}

/** Sums shares per miner and per worker before touching the database. */
function sumPerMinerAndWorker(
  resolved: readonly ResolvedShare[],
  accounts: ReadonlyMap<string, number>,
): { miners: Map<string, MinerSum>; workers: Map<string, WorkerSum> } {
  const miners = new Map<string, MinerSum>();
  const workers = new Map<string, WorkerSum>();
  for (const { pool, miner, kind, share } of resolved) {
    const minerKey = `${pool.name}\u0000${miner}`;
    const known = miners.get(minerKey);
    const acceptedAt = share.accepted ? share.at : null;
    if (known === undefined) {
      miners.set(minerKey, {
        pool: pool.name,
        miner,
        kind,
        accountId: kind === 'account' ? (accounts.get(miner) ?? null) : null,
        first: share.at,
        last: acceptedAt,
      });
    } else {
      known.first = Math.min(known.first, share.at);
      if (acceptedAt !== null) known.last = Math.max(known.last ?? acceptedAt, acceptedAt);
    }
    const workerKey = `${minerKey}\u0000${share.worker}`;
    const worker = workers.get(workerKey);
    if (worker === undefined) {
      workers.set(workerKey, {
        pool: pool.name,
        miner,
        name: share.worker,
        first: share.at,
        last: acceptedAt,
        lastAt: share.at,
        difficulty: share.difficulty,
        ip: share.ip ?? null,
      });
    } else {
      worker.first = Math.min(worker.first, share.at);
      if (acceptedAt !== null) worker.last = Math.max(worker.last ?? acceptedAt, acceptedAt);
      if (share.at >= worker.lastAt) {
        worker.lastAt = share.at;
        worker.difficulty = share.difficulty;
        if (share.ip !== undefined) worker.ip = share.ip;
      }
    }
  }

  return { miners, workers };
}

/**
 * Forgets the share ids seen before `beforeMs` (`ingested_shares`), so the table holds only the
 * dedupe window. Call it with a time older than the longest a share can still be redelivered
 * (the share stream keeps messages 24 hours; its consumer keeps ids 48).
 *
 * @returns how many ids were forgotten
 */
export async function pruneShareIds(database: Database, beforeMs: number): Promise<number> {
  const rows = await queryRows<{ forgotten: unknown }>(
    database.db,
    sql`WITH gone AS (
        DELETE FROM ingested_shares WHERE seen_ms < ${Math.round(beforeMs)}::bigint RETURNING 1
      ) SELECT count(*)::int AS forgotten FROM gone`,
  );
  return toNumber(rows[0]?.forgotten);
}

function refusal(
  share: ShareRecord,
  accounts: ReadonlyMap<string, number>,
): ResolvedShare | string {
  const pool = findPool(String(share.coin));
  if (pool === undefined) return 'coin: no pool for this coin';
  if (typeof share.worker !== 'string' || !workerNamePattern.test(share.worker)) {
    return 'worker: expected 1-64 digits or lower-case letters';
  }
  if (
    typeof share.difficulty !== 'number' ||
    !Number.isFinite(share.difficulty) ||
    share.difficulty <= 0
  ) {
    return 'difficulty: must be a positive number';
  }
  if (typeof share.at !== 'number' || !Number.isFinite(share.at) || share.at < 0) {
    return 'at: must be epoch milliseconds';
  }
  if (share.count !== undefined && (!Number.isInteger(share.count) || share.count < 1)) {
    return 'count: must be a positive whole number';
  }
  if (share.id !== undefined && !shareIdSchema.safeParse(share.id).success) {
    return 'id: expected 1-128 letters, digits or ._:-';
  }
  const named = [share.account, share.address, share.farm].filter((value) => value !== undefined);
  if (named.length !== 1) return 'account: give exactly one of account, address or farm';
  if (share.account !== undefined) {
    if (pool.addressMining) return 'account: this pool is mined by address';
    if (!accounts.has(share.account)) return 'account: unknown mining account';
    return { pool, miner: share.account, kind: 'account', share };
  }
  if (share.address !== undefined) {
    if (!pool.addressMining) return 'address: this pool is mined by account';
    if (!isMiningAddressShape(pool.coin, share.address)) return 'address: The address is wrong';
    return { pool, miner: share.address, kind: 'address', share };
  }
  if (share.farm === undefined || !farmPattern.test(share.farm)) return 'farm: bad farm name';
  return { pool, miner: `~${share.farm}`, kind: 'demo', share };
}
