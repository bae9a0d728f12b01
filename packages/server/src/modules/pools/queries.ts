import {
  averageLuck,
  type BlockList,
  type BlockStatus,
  luckFromEffort,
  type MinerHashrateSeries,
  minerStatus,
  type PoolBlock,
  type PoolStats,
  type SeriesInterval,
  type SeriesRange,
  type WorkerRow,
  type WorkerSort,
} from '@poolkit/core';
import { type SQL, sql } from 'drizzle-orm';
import {
  baseNetworkDifficulty,
  blockTimeSec,
  estimatedHeight,
  hashrateFromDifficulty,
  type PoolDefinition,
  PPS_PLUS_FEE_PERCENT,
} from '../../engine/poolCatalog';
import {
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
} from '../../engine/sql';
import { readCountSnapshot, statusCondition } from './workerCounts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** `2026-01-01T00:00:00Z` from epoch milliseconds (no fraction). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `isoTime`, or null. */
export function isoTimeOrNull(ms: number | null): string | null {
  return ms === null ? null : isoTime(ms);
}

/** The chain state of a pool: from the ingest seam, else estimated from the coin's facts. */
export async function networkState(
  db: SqlExecutor,
  pool: PoolDefinition,
  nowMs: number,
): Promise<{ height: number; difficulty: number }> {
  const rows = await queryRows<{ height: unknown; difficulty: unknown }>(
    db,
    sql`SELECT height::float8 AS height, difficulty FROM pool_network WHERE pool = ${pool.name}`,
  );
  const row = rows[0];
  if (row === undefined) {
    return { height: estimatedHeight(pool, nowMs), difficulty: baseNetworkDifficulty(pool) };
  }
  return { height: toNumber(row.height), difficulty: toNumber(row.difficulty) };
}

/** Network hashrate from a difficulty: D × hashes per difficulty / block time. */
export function networkHashrate(pool: PoolDefinition, difficulty: number): number {
  return (difficulty * pool.params.hashesPerDifficulty) / blockTimeSec(pool);
}

/** The statistics of a pool (`/pools/{pool}/stats`, `/address-mining/{coin}/pool/stats`). */
export async function readPoolStats(
  db: SqlExecutor,
  pool: PoolDefinition,
  nowMs: number,
): Promise<PoolStats> {
  const weekAgo = nowMs - 7 * DAY_MS;
  const rows = await queryRows<{
    diff_15m: unknown;
    diff_24h: unknown;
    miners: unknown;
    workers: unknown;
    height: unknown;
    difficulty: unknown;
    last_ms: unknown;
    efforts: unknown;
  }>(
    db,
    sql`SELECT s.diff_15m, s.diff_24h, s.miners, s.workers,
        n.height::float8 AS height, n.difficulty,
        (SELECT max(found_ms)::float8 FROM blocks WHERE pool = ${pool.name}) AS last_ms,
        (SELECT COALESCE(json_agg(json_build_array(found_ms::float8, effort) ORDER BY found_ms DESC), '[]'::json)
          FROM blocks WHERE pool = ${pool.name} AND found_ms >= ${weekAgo}::bigint) AS efforts
      FROM (SELECT 1) AS one
      LEFT JOIN pool_stats s ON s.pool = ${pool.name}
      LEFT JOIN pool_network n ON n.pool = ${pool.name}`,
  );
  const row = rows[0];
  const rawEfforts = typeof row?.efforts === 'string' ? JSON.parse(row.efforts) : row?.efforts;
  const efforts = (Array.isArray(rawEfforts) ? rawEfforts : []) as [number, number][];
  const dayAgo = nowMs - DAY_MS;
  const week = efforts.map(([, effort]) => ({ effort }));
  const day = efforts.filter(([found]) => found >= dayAgo).map(([, effort]) => ({ effort }));
  const luck = (blocks: { effort: number }[]) => {
    const percent = averageLuck(blocks);
    return percent === null ? null : percent / 100;
  };
  const difficulty =
    row?.difficulty === null || row?.difficulty === undefined
      ? baseNetworkDifficulty(pool)
      : toNumber(row.difficulty);
  const height =
    row?.height === null || row?.height === undefined
      ? estimatedHeight(pool, nowMs)
      : toNumber(row.height);
  const lastMs = toNullableNumber(row?.last_ms);
  return {
    coin: pool.coin,
    pool_hashrate: hashrateFromDifficulty(pool, toNumber(row?.diff_15m), 900),
    pool_hashrate_24h: hashrateFromDifficulty(pool, toNumber(row?.diff_24h), 86_400),
    miners: toNumber(row?.miners),
    workers: toNumber(row?.workers),
    network_difficulty: difficulty,
    network_hashrate: networkHashrate(pool, difficulty),
    block_height: Math.round(height),
    price: null,
    fee_percent: PPS_PLUS_FEE_PERCENT,
    payout_model: 'PPS+',
    min_payout: pool.minPayout,
    last_block_time: isoTimeOrNull(lastMs),
    blocks_24h: day.length,
    luck_24h: luck(day),
    luck_7d: luck(week),
  };
}

/** A row of `blocks` as the lists read it. */
export type BlockDbRow = {
  height: unknown;
  hash: string;
  reward: unknown;
  found_ms: unknown;
  effort: unknown;
  orphaned: boolean;
};

/**
 * A block row on the wire, its state and confirmations as of the chain at `chainHeight`
 * (`required` confirmations make it final).
 */
export function toPoolBlock(row: BlockDbRow, chainHeight: number, required: number): PoolBlock {
  const blockHeight = toNumber(row.height);
  const confirmations = Math.max(0, Math.round(chainHeight - blockHeight));
  const effort = toNumber(row.effort);
  const status: BlockStatus = row.orphaned
    ? 'orphaned'
    : confirmations >= required
      ? 'confirmed'
      : 'pending';
  return {
    height: blockHeight,
    hash: row.hash,
    reward: toDecimalString(row.reward),
    time: isoTime(toNumber(row.found_ms)),
    luck: effort > 0 ? luckFromEffort(effort) / 100 : null,
    status,
    confirmations: row.orphaned ? 0 : confirmations,
    required_confirmations: required,
  };
}

/** A page of a pool's blocks, newest first, optionally of one state. */
export async function readBlockPage(
  db: SqlExecutor,
  pool: PoolDefinition,
  query: { page: number; page_size: number; status?: BlockStatus | undefined },
  nowMs: number,
): Promise<BlockList> {
  const { height } = await networkState(db, pool, nowMs);
  const required = pool.params.requiredConfirmations;
  const confirmedBelow = height - required;
  let filter: SQL = sql``;
  if (query.status === 'orphaned') filter = sql`AND orphaned`;
  if (query.status === 'pending') {
    filter = sql`AND NOT orphaned AND height > ${confirmedBelow}::bigint`;
  }
  if (query.status === 'confirmed') {
    filter = sql`AND NOT orphaned AND height <= ${confirmedBelow}::bigint`;
  }
  const offset = (query.page - 1) * query.page_size;
  const [countRows, rows] = [
    await queryRows<{ total: unknown }>(
      db,
      sql`SELECT count(*)::int AS total FROM blocks WHERE pool = ${pool.name} ${filter}`,
    ),
    await queryRows<BlockDbRow>(
      db,
      sql`SELECT height::float8 AS height, hash, reward, found_ms::float8 AS found_ms, effort, orphaned
        FROM blocks WHERE pool = ${pool.name} ${filter}
        ORDER BY found_ms DESC, id DESC LIMIT ${query.page_size} OFFSET ${offset}`,
    ),
  ];
  return {
    list: rows.map((row) => toPoolBlock(row, height, required)),
    total: toNumber(countRows[0]?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

const STEP_MS: Record<SeriesInterval, number> = {
  '10m': 10 * MINUTE_MS,
  '1h': HOUR_MS,
  '1d': DAY_MS,
};
const RANGE_MS: Record<SeriesRange, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
};

/** Which series to read: a pool, a miner of it, or one worker. */
export interface SeriesScope {
  readonly pool: PoolDefinition;
  /** `''` for the pool itself. */
  readonly miner: string;
  /** 0 for the pool or the miner. */
  readonly workerId: number;
}

/**
 * A hashrate series of closed steps ending at the current step, oldest first, with a point for
 * every step (0 where nothing was mined). Hashrate = Σ accepted difficulty × hashes per
 * difficulty / step seconds; reject rate = rejected / (accepted + rejected) difficulty.
 */
export async function readSeries(
  db: SqlExecutor,
  scope: SeriesScope,
  interval: SeriesInterval,
  range: SeriesRange,
  nowMs: number,
): Promise<MinerHashrateSeries> {
  const step = STEP_MS[interval];
  const end = Math.floor(nowMs / step) * step;
  const start = end - RANGE_MS[range];
  const table = sql.raw(interval === '10m' ? 'hashrate_10m' : 'hashrate_1h');
  const bucket =
    interval === '1d' ? sql.raw(`(bucket_ms / ${DAY_MS}) * ${DAY_MS}`) : sql`bucket_ms`;
  const rows = await queryRows<{ bucket: unknown; acc: unknown; rej: unknown }>(
    db,
    sql`SELECT (${bucket})::float8 AS bucket, sum(acc_diff) AS acc, sum(rej_diff) AS rej
      FROM ${table}
      WHERE pool = ${scope.pool.name} AND miner = ${scope.miner} AND worker_id = ${scope.workerId}
        AND bucket_ms >= ${start}::bigint AND bucket_ms < ${end}::bigint
      GROUP BY 1`,
  );
  const byBucket = new Map(
    rows.map((row) => [toNumber(row.bucket), { acc: toNumber(row.acc), rej: toNumber(row.rej) }]),
  );
  const points: MinerHashrateSeries['points'] = [];
  for (let time = start; time < end; time += step) {
    const value = byBucket.get(time);
    const acc = value?.acc ?? 0;
    const rej = value?.rej ?? 0;
    points.push({
      time,
      hashrate: hashrateFromDifficulty(scope.pool, acc, step / 1000),
      reject_rate: acc + rej > 0 ? Math.min(1, rej / (acc + rej)) : 0,
    });
  }
  return { interval, points };
}

const SORT_COLUMNS: Record<WorkerSort, string> = {
  worker_name: 'w.name',
  accept_15m: 'w.diff_15m',
  accept_1h: 'w.diff_1h',
  accept_24h: 'w.diff_24h',
  reject_rate: 'w.reject_rate',
  last_share_time: 'w.last_share_ms',
};

/** Escapes `%`, `_` and `\` for LIKE. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Query of {@link readWorkerPage}. */
export interface WorkerPageQuery {
  readonly page: number;
  readonly page_size: number;
  readonly sort: WorkerSort;
  readonly order: 'asc' | 'desc';
  readonly status?: 'active' | 'inactive' | 'dead' | undefined;
  readonly search?: string | undefined;
  /** A group id, `ungrouped`, or undefined for all. */
  readonly group_id?: string | undefined;
}

interface WorkerDbRow extends Record<string, unknown> {
  id: unknown;
  name: string;
  diff_15m: unknown;
  diff_1h: unknown;
  diff_24h: unknown;
  reject_rate: unknown;
  last_share_ms: unknown;
  first_share_ms: unknown;
  last_difficulty: unknown;
  last_ip: string | null;
  group_id: string | null;
  group_name: string | null;
}

const workerColumns = sql`w.id, w.name, w.diff_15m, w.diff_1h, w.diff_24h, w.reject_rate,
  w.last_share_ms::float8 AS last_share_ms, w.first_share_ms::float8 AS first_share_ms,
  w.last_difficulty, w.last_ip, g.id::text AS group_id, g.name AS group_name`;

/** Turns a worker row of the database into the wire row. */
export function toWorkerRow(pool: PoolDefinition, row: WorkerDbRow, nowMs: number): WorkerRow {
  const last = toNullableNumber(row.last_share_ms);
  return {
    worker_name: row.name,
    accept_15m: { value: hashrateFromDifficulty(pool, toNumber(row.diff_15m), 900) },
    accept_1h: { value: hashrateFromDifficulty(pool, toNumber(row.diff_1h), 3_600) },
    accept_24h: { value: hashrateFromDifficulty(pool, toNumber(row.diff_24h), 86_400) },
    reject_rate: Math.min(1, Math.max(0, toNumber(row.reject_rate))),
    last_share_time: isoTimeOrNull(last),
    status: minerStatus(last, nowMs),
    group:
      row.group_id === null || row.group_name === null
        ? null
        : { id: row.group_id, name: row.group_name },
  };
}

/** A page of a miner's workers (rolled, not removed), sorted, filtered and searched. */
export async function readWorkerPage(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
  query: WorkerPageQuery,
  nowMs: number,
): Promise<{ list: WorkerRow[]; total: number; page: number; page_size: number }> {
  const searching = query.search !== undefined && query.search !== '';
  // Without a search or a group, the total is the roll-up's count (one row, not every worker).
  const snapshot =
    searching || query.group_id !== undefined
      ? undefined
      : await readCountSnapshot(db, pool, miner, nowMs);
  const statusAt = snapshot?.atMs ?? nowMs;
  const conditions: SQL[] = [
    sql`w.pool = ${pool.name}`,
    sql`w.miner = ${miner}`,
    sql`NOT w.hidden`,
    sql`w.rolled_ms IS NOT NULL`,
  ];
  if (query.status !== undefined) conditions.push(statusCondition(query.status, statusAt));
  if (query.search !== undefined && query.search !== '') {
    conditions.push(sql`w.name LIKE ${likePattern(query.search)}`);
  }
  if (query.group_id !== undefined) {
    if (query.group_id === 'ungrouped') conditions.push(sql`w.group_id IS NULL`);
    else if (/^\d{1,18}$/.test(query.group_id)) {
      conditions.push(sql`w.group_id = ${query.group_id}::bigint`);
    } else conditions.push(sql`false`);
  }
  const where = sql.join(conditions, sql` AND `);
  // Ties break by name in the same direction, so one index per column serves both orders
  // (PostgreSQL's defaults: NULLS LAST ascending, NULLS FIRST descending).
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy =
    query.sort === 'worker_name'
      ? sql.raw(`w.name ${direction}`)
      : sql.raw(`${SORT_COLUMNS[query.sort]} ${direction}, w.name ${direction}`);
  const offset = (query.page - 1) * query.page_size;
  // Count and page at once (two connections on PostgreSQL; PGlite runs them in turn).
  const counted =
    snapshot === undefined
      ? undefined
      : query.status === undefined
        ? snapshot.active + snapshot.inactive + snapshot.dead
        : snapshot[query.status];
  const [countRows, rows] = await Promise.all([
    counted === undefined
      ? queryRows<{ total: unknown }>(
          db,
          sql`SELECT count(*)::int AS total FROM workers w WHERE ${where}`,
        )
      : Promise.resolve([{ total: counted }]),
    queryRows<WorkerDbRow>(
      db,
      sql`SELECT ${workerColumns} FROM workers w LEFT JOIN worker_groups g ON g.id = w.group_id
        WHERE ${where} ORDER BY ${orderBy}
        LIMIT ${query.page_size} OFFSET ${offset}`,
    ),
  ]);
  return {
    list: rows.map((row) => toWorkerRow(pool, row, statusAt)),
    total: toNumber(countRows[0]?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** One worker of a miner with its detail columns, or undefined. */
export async function readWorker(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
  name: string,
): Promise<WorkerDbRow | undefined> {
  const rows = await queryRows<WorkerDbRow>(
    db,
    sql`SELECT ${workerColumns} FROM workers w LEFT JOIN worker_groups g ON g.id = w.group_id
      WHERE w.pool = ${pool.name} AND w.miner = ${miner} AND w.name = ${name}
        AND NOT w.hidden AND w.rolled_ms IS NOT NULL`,
  );
  return rows[0];
}
