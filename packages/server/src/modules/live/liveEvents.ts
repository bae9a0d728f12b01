import type { ServerResponse } from 'node:http';
import { type LiveEvent, minerStatus, type WorkerStatus } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { findPool, hashrateFromDifficulty } from '../../engine/poolCatalog';
import { queryRows, type SqlExecutor, toNullableNumber, toNumber } from '../../engine/sql';
import {
  type Principal,
  type PrincipalCredential,
  principalScopeKey,
} from '../../http/authenticate';
import { unreadCount } from '../notifications/messages';
import { type BlockDbRow, networkState, readPoolStats, toPoolBlock } from '../pools/queries';
import { type PriceService, priceCny } from '../prices/service';

/** What the live events are read from. */
export interface EventSources {
  readonly db: SqlExecutor;
  readonly clock: Clock;
  readonly prices: PriceService;
}

/** One open stream of the hub. */
export interface Stream {
  readonly response: ServerResponse;
  readonly address: string;
  readonly topics: ReadonlySet<string>;
  readonly principal: Principal | null;
  /** The credential to check again on the cadence, when the stream has a principal. */
  readonly credential: PrincipalCredential | undefined;
  /** Worker states at the last roll-up, for `workers` (key `pool/account/worker`). */
  workers: Map<string, WorkerStatus> | undefined;
  readonly timers: NodeJS.Timeout[];
  closed: boolean;
}

/** Most blocks replayed or sent in one batch. */
const MAX_BLOCKS = 200;

/** The events each stream gets in this batch. */
export type Pending = Map<Stream, LiveEvent[]>;

/** Queues an event for a stream. */
export function add(pending: Pending, stream: Stream, event: LiveEvent): void {
  const list = pending.get(stream);
  if (list === undefined) pending.set(stream, [event]);
  else list.push(event);
}

/** The caller's accounts and their workers' states. */
export interface AccountSnapshot {
  readonly accounts: Extract<LiveEvent, { type: 'account' }>['data'];
  readonly workers: Map<string, WorkerStatus>;
}

function coinsOf(targets: Iterable<Stream>, prefix: 'pool:' | 'blocks:'): Set<string> {
  const coins = new Set<string>();
  for (const stream of targets) {
    for (const topic of stream.topics) {
      if (topic.startsWith(prefix)) coins.add(topic.slice(prefix.length));
    }
  }
  return coins;
}

/** The new blocks of the pools the targets follow, as `block` events. */
export async function blockEvents(
  sources: EventSources,
  targets: readonly Stream[],
  after: number,
  upTo: number,
  pending: Pending,
): Promise<void> {
  const coins = [...coinsOf(targets, 'blocks:')];
  if (coins.length === 0 || upTo <= after) return;
  const rows = await queryRows<BlockDbRow & { pool: string }>(
    sources.db,
    sql`SELECT pool, height::float8 AS height, hash, reward, found_ms::float8 AS found_ms,
        effort, orphaned
      FROM blocks WHERE id > ${after}::bigint AND id <= ${upTo}::bigint
        AND pool IN (${sql.join(
          coins.map((coin) => sql`${coin}`),
          sql`, `,
        )})
      ORDER BY id LIMIT ${MAX_BLOCKS}`,
  );
  const heights = new Map<string, number>();
  for (const row of rows) {
    const pool = findPool(row.pool);
    if (pool === undefined) continue;
    let height = heights.get(pool.name);
    if (height === undefined) {
      height = (await networkState(sources.db, pool, sources.clock.now())).height;
      heights.set(pool.name, height);
    }
    const event: LiveEvent = {
      type: 'block',
      data: {
        coin: pool.coin,
        block: toPoolBlock(row, height, pool.params.requiredConfirmations),
      },
    };
    for (const stream of targets) {
      if (stream.topics.has(`blocks:${pool.name}`)) add(pending, stream, event);
    }
  }
}

/** The callers' unread counts after new messages, as `message` events. */
export async function messageEvents(
  sources: EventSources,
  targets: readonly Stream[],
  after: number,
  upTo: number,
  pending: Pending,
): Promise<void> {
  const users = new Set<string>();
  for (const stream of targets) {
    if (stream.topics.has('messages') && stream.principal?.kind === 'user') {
      users.add(stream.principal.userId);
    }
  }
  if (users.size === 0 || upTo <= after) return;
  const rows = await queryRows<{ user_id: string; id: string }>(
    sources.db,
    sql`SELECT user_id::text AS user_id, max(id)::text AS id FROM messages
      WHERE id > ${after}::bigint AND id <= ${upTo}::bigint
        AND user_id IN (${sql.join(
          [...users].map((user) => sql`${user}::bigint`),
          sql`, `,
        )})
      GROUP BY user_id`,
  );
  for (const row of rows) {
    const { count } = await unreadCount(sources.db, row.user_id);
    const event: LiveEvent = { type: 'message', data: { id: row.id, unread: count } };
    for (const stream of targets) {
      if (
        stream.topics.has('messages') &&
        stream.principal?.kind === 'user' &&
        stream.principal.userId === row.user_id
      ) {
        add(pending, stream, event);
      }
    }
  }
}

/** The caller's accounts (or the observer's one account) with their workers' states. */
export async function accountSnapshot(
  sources: EventSources,
  principal: Principal,
): Promise<AccountSnapshot> {
  // An observer link reads its one account (and pools); a delegate (an API key, an app's
  // token) the accounts it was given; the user all of theirs.
  const names = (list: readonly string[]) =>
    list.length === 0
      ? sql`AND false`
      : sql`AND pm.miner IN (${sql.join(
          list.map((name) => sql`${name}`),
          sql`, `,
        )})`;
  let scope = sql``;
  if (principal.kind === 'observer') {
    const pools = principal.observerPools ?? [];
    scope = sql`${names([principal.observerAccount ?? ''])}${
      pools.length > 0
        ? sql` AND pm.pool IN (${sql.join(
            pools.map((pool) => sql`${pool}`),
            sql`, `,
          )})`
        : sql``
    }`;
  } else if (principal.kind === 'delegate') {
    scope = names(principal.delegation?.accounts ?? []);
  }
  const miners = await queryRows<{
    pool: string;
    miner: string;
    diff_15m: unknown;
    diff_1h: unknown;
    diff_24h: unknown;
  }>(
    sources.db,
    sql`SELECT pm.pool, pm.miner, pm.diff_15m, pm.diff_1h, pm.diff_24h
      FROM pool_miners pm JOIN mining_accounts a ON a.id = pm.account_id
      WHERE a.user_id = ${principal.userId}::bigint ${scope}
      ORDER BY pm.pool, pm.miner`,
  );
  const workerRows = await queryRows<{
    pool: string;
    miner: string;
    name: string;
    last_share_ms: unknown;
  }>(
    sources.db,
    sql`SELECT w.pool, w.miner, w.name, w.last_share_ms::float8 AS last_share_ms
      FROM workers w
      JOIN pool_miners pm ON pm.pool = w.pool AND pm.miner = w.miner
      JOIN mining_accounts a ON a.id = pm.account_id
      WHERE a.user_id = ${principal.userId}::bigint ${scope}
        AND NOT w.hidden AND w.rolled_ms IS NOT NULL`,
  );
  const now = sources.clock.now();
  const workers = new Map<string, WorkerStatus>();
  const counts = new Map<string, { active: number; inactive: number; dead: number }>();
  for (const row of workerRows) {
    const status = minerStatus(toNullableNumber(row.last_share_ms), now);
    workers.set(`${row.pool}/${row.miner}/${row.name}`, status);
    const key = `${row.pool}/${row.miner}`;
    const count = counts.get(key) ?? { active: 0, inactive: 0, dead: 0 };
    count[status] += 1;
    counts.set(key, count);
  }
  const list = miners.flatMap((row) => {
    const pool = findPool(row.pool);
    if (pool === undefined) return [];
    return [
      {
        pool: pool.name,
        coin: pool.coin,
        account: row.miner,
        accept_15m: hashrateFromDifficulty(pool, toNumber(row.diff_15m), 900),
        accept_1h: hashrateFromDifficulty(pool, toNumber(row.diff_1h), 3_600),
        accept_24h: hashrateFromDifficulty(pool, toNumber(row.diff_24h), 86_400),
        workers: counts.get(`${row.pool}/${row.miner}`) ?? { active: 0, inactive: 0, dead: 0 },
      },
    ];
  });
  return { accounts: { list }, workers };
}

/**
 * After a roll-up: pool statistics, the callers' account hashrates and the workers whose state
 * changed since the stream last looked.
 */
export async function tickEvents(
  sources: EventSources,
  targets: readonly Stream[],
  pending: Pending,
): Promise<void> {
  const coins = coinsOf(targets, 'pool:');
  if (coins.size > 0) {
    const snapshot = await sources.prices.current();
    for (const coin of coins) {
      const pool = findPool(coin);
      if (pool === undefined) continue;
      const stats = {
        ...(await readPoolStats(sources.db, pool, sources.clock.now())),
        price: priceCny(snapshot, pool.coin),
      };
      const event: LiveEvent = { type: 'pool', data: { coin: pool.coin, stats } };
      for (const stream of targets) {
        if (stream.topics.has(`pool:${coin}`)) add(pending, stream, event);
      }
    }
  }
  const snapshots = new Map<string, Promise<AccountSnapshot>>();
  for (const stream of targets) {
    const { principal } = stream;
    if (principal === null) continue;
    if (!stream.topics.has('account') && !stream.topics.has('workers')) continue;
    // One snapshot per scope, never per user: two keys of one user given different
    // accounts each get their own (`principalScopeKey`).
    const key = principalScopeKey(principal);
    let snapshot = snapshots.get(key);
    if (snapshot === undefined) {
      snapshot = accountSnapshot(sources, principal);
      snapshots.set(key, snapshot);
    }
    const { accounts, workers } = await snapshot;
    if (stream.topics.has('account')) add(pending, stream, { type: 'account', data: accounts });
    if (stream.topics.has('workers')) {
      const before = stream.workers;
      stream.workers = workers;
      if (before === undefined) continue;
      const changes: Extract<LiveEvent, { type: 'workers' }>['data']['changes'] = [];
      for (const [key, status] of workers) {
        if (before.get(key) === status) continue;
        const [pool = '', account = '', ...rest] = key.split('/');
        changes.push({ pool, account, worker: rest.join('/'), status });
      }
      if (changes.length > 0) add(pending, stream, { type: 'workers', data: { changes } });
    }
  }
}
