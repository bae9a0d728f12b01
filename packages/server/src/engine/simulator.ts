import { ADDRESS_MINING_COINS, addDecimal, type CoinId } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import type { BlockRecord, Ingest, NetworkRecord, ShareRecord } from './ingest';
import {
  baseNetworkDifficulty,
  blockTimeSec,
  estimatedHeight,
  findPool,
  POOLS,
  type PoolDefinition,
  subsidyAt,
} from './poolCatalog';
import { hashString, hashUnit, mulberry32, poisson, type Random } from './prng';
import { readState, writeState } from './rollup';
import { queryRows } from './sql';

const MINUTE_MS = 60_000;
const TEN_MINUTES_MS = 10 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Default seed of the demo simulator. */
export const DEFAULT_SIMULATOR_SEED = 20_260_101;

/** How a simulated worker behaves: always on, off in some hours, or off for whole days. */
export type WorkerBehaviour = 'steady' | 'flaky' | 'sleepy';

/** One simulated worker. */
export interface SimulatedWorker {
  readonly pool: PoolDefinition;
  /** Who is paid: exactly one of account, address or farm. */
  readonly owner: { readonly account?: string; readonly address?: string; readonly farm?: string };
  /** The miner key as the tables store it (account name, address or `~farm`). */
  readonly miner: string;
  readonly name: string;
  /** Mean hashrate in the coin's unit per second. */
  readonly hashrate: number;
  /** Share of rejected work, 0-1. */
  readonly rejectRate: number;
  readonly behaviour: WorkerBehaviour;
  readonly ip: string;
}

/** Everything the simulator mines with at one moment. */
export interface SimulationPlan {
  readonly workers: readonly SimulatedWorker[];
  /** `pool\u0000miner` of miners in SOLO mode. */
  readonly soloMiners: ReadonlySet<string>;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = '023456789acdefghjklmnpqrstuvwxyz';

function pick(random: Random, alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += alphabet[Math.floor(random() * alphabet.length)] ?? alphabet[0];
  }
  return text;
}

/**
 * The demo addresses of the address-mining coins: three per coin, shaped as core's
 * `miningAddressPattern` expects, the same for the same seed.
 */
export function demoAddresses(seed: number): { coin: CoinId; address: string }[] {
  const result: { coin: CoinId; address: string }[] = [];
  for (const coin of ADDRESS_MINING_COINS) {
    const random = mulberry32(hashString(seed, 'addresses', coin));
    for (let index = 0; index < 3; index += 1) {
      let address: string;
      switch (coin) {
        case 'alph':
          address = `1${pick(random, BASE58, 44)}`;
          break;
        case 'kas':
          address = `kaspa:q${pick(random, BECH32, 60)}`;
          break;
        case 'sumo':
          address = `Sumo${pick(random, BASE58, 95)}`;
          break;
        case 'zeph':
          address = `ZEPH${pick(random, BASE58, 94)}`;
          break;
        case 'aleo':
          address = `aleo1${pick(random, BECH32, 58)}`;
          break;
        default:
          address = coin satisfies never;
      }
      result.push({ coin, address });
    }
  }
  return result;
}

const WORKER_PREFIXES = ['rig', 'miner', 'box', 'gpu', 'asic'] as const;

/** The account pools an account mines on: btc plus two others picked by its name. */
export function accountPools(account: string): PoolDefinition[] {
  const candidates = [...POOLS.values()].filter(
    (pool) => !pool.addressMining && !pool.lab && pool.name !== 'btc',
  );
  const pools: PoolDefinition[] = [];
  const btc = findPool('btc');
  if (btc !== undefined) pools.push(btc);
  const first = hashString(account, 'pool1') % candidates.length;
  let second = hashString(account, 'pool2') % candidates.length;
  if (second === first) second = (second + 1) % candidates.length;
  for (const index of [first, second]) {
    const pool = candidates[index];
    if (pool !== undefined) pools.push(pool);
  }
  return pools;
}

function behaviourOf(seed: number, key: string, index: number): WorkerBehaviour {
  if (index === 0) return 'steady';
  const draw = hashUnit(seed, key, 'behaviour');
  if (draw < 0.12) return 'flaky';
  if (draw < 0.2) return 'sleepy';
  return 'steady';
}

function ipOf(key: string): string {
  const hash = hashString(key, 'ip');
  return `10.${(hash >>> 16) & 0xff}.${(hash >>> 8) & 0xff}.${(hash & 0xfe) + 1}`;
}

/**
 * The demo's workers: a few per mining account on three pools (count and hashrate from the
 * account's name, so they stay stable), 2-4 per demo address, and a two-worker farm per pool
 * sized so the pool finds up to about 24 blocks a day (2 % of the network at most).
 */
export function planSimulation(
  seed: number,
  accounts: readonly string[],
  soloMiners: ReadonlySet<string> = new Set(),
): SimulationPlan {
  const workers: SimulatedWorker[] = [];
  const add = (
    pool: PoolDefinition,
    owner: SimulatedWorker['owner'],
    miner: string,
    count: number,
    scale: number,
  ) => {
    const prefix = WORKER_PREFIXES[hashString(miner, pool.name, 'prefix') % WORKER_PREFIXES.length];
    for (let index = 0; index < count; index += 1) {
      const name = `${prefix ?? 'rig'}${String(index + 1).padStart(2, '0')}`;
      const key = `${pool.name}/${miner}/${name}`;
      workers.push({
        pool,
        owner,
        miner,
        name,
        hashrate: scale * (0.6 + 0.8 * hashUnit(seed, key, 'hashrate')),
        rejectRate: 0.003 + 0.025 * hashUnit(seed, key, 'reject'),
        behaviour: behaviourOf(seed, key, index),
        ip: ipOf(key),
      });
    }
  };
  for (const account of [...accounts].sort()) {
    for (const pool of accountPools(account)) {
      add(
        pool,
        { account },
        account,
        2 + (hashString(account, pool.name, 'count') % 4),
        pool.params.workerHashrate,
      );
    }
  }
  for (const { coin, address } of demoAddresses(seed)) {
    const pool = findPool(coin);
    if (pool === undefined) continue;
    // Demo addresses mine a tenth of the farm at most, so fast chains stay near 24 blocks a day.
    add(
      pool,
      { address },
      address,
      2 + (hashString(address, 'count') % 3),
      Math.min(pool.params.workerHashrate * 20, farmHashrate(pool) / 40),
    );
  }
  for (const pool of POOLS.values()) {
    const farm = farmHashrate(pool);
    for (let index = 0; index < 2; index += 1) {
      const name = `farm${String(index + 1).padStart(2, '0')}`;
      const key = `${pool.name}/~farm/${name}`;
      workers.push({
        pool,
        owner: { farm: 'farm' },
        miner: '~farm',
        name,
        hashrate: (farm / 2) * (0.9 + 0.2 * hashUnit(seed, key, 'hashrate')),
        rejectRate: 0.005,
        behaviour: 'steady',
        ip: ipOf(key),
      });
    }
  }
  return { workers, soloMiners };
}

/** The demo farm of a pool: up to 2 % of the network, so the pool finds about 24 blocks a day at most. */
function farmHashrate(pool: PoolDefinition): number {
  return pool.params.networkHashrate * Math.min(0.02, (24 * blockTimeSec(pool)) / 86_400);
}

/** Whether a simulated worker is mining at `atMs` (flaky: off in 30 % of hours; sleepy: off on half the days). */
export function workerOnline(seed: number, worker: SimulatedWorker, atMs: number): boolean {
  const key = `${worker.pool.name}/${worker.miner}/${worker.name}`;
  switch (worker.behaviour) {
    case 'steady':
      return true;
    case 'flaky':
      return hashUnit(seed, key, Math.floor(atMs / HOUR_MS)) >= 0.3;
    case 'sleepy':
      return hashUnit(seed, key, Math.floor(atMs / DAY_MS)) >= 0.5;
    default:
      return worker.behaviour satisfies never;
  }
}

/** The demo chain of a pool at `atMs`: height from the coin's reference, difficulty drifting ±6 %. */
export function networkAt(
  seed: number,
  pool: PoolDefinition,
  atMs: number,
): { height: number; difficulty: number } {
  const phase = hashUnit(seed, pool.name, 'phase') * 2 * Math.PI;
  const drift =
    1 +
    0.04 * Math.sin((2 * Math.PI * atMs) / (9 * DAY_MS) + phase) +
    0.02 * Math.sin((2 * Math.PI * atMs) / (2.3 * DAY_MS) + 2 * phase);
  return { height: estimatedHeight(pool, atMs), difficulty: baseNetworkDifficulty(pool) * drift };
}

/** What one simulated step produced. */
export interface StepOutput {
  readonly shares: ShareRecord[];
  readonly blocks: BlockRecord[];
}

function hex(random: Random, length: number): string {
  return pick(random, '0123456789abcdef', length);
}

function feeAmount(random: Random, pool: PoolDefinition, subsidy: string): string {
  const decimals = Math.min(pool.info.chainDecimals, 8);
  const units = Math.floor(random() * 0.08 * Number(subsidy) * 10 ** decimals);
  if (units <= 0) return '0';
  const text = String(units).padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/**
 * Simulates `[stepStart, stepStart + stepMs)`. Pure apart from `rounds` (work of each open
 * round, per pool or SOLO miner), which it updates. Randomness comes from the seed and the
 * step's start, so the same step gives the same output however the steps are grouped.
 *
 * `detailed` (live minutes) sends individual shares at about one per 10 s per worker; otherwise
 * (back-fill) one accepted and one rejected record per worker, each summing the step's shares.
 */
export function simulateStep(
  seed: number,
  plan: SimulationPlan,
  rounds: Map<string, number>,
  stepStart: number,
  stepMs: number,
  detailed: boolean,
): StepOutput {
  const random = mulberry32(hashString(seed, 'step', stepStart, stepMs));
  const shares: ShareRecord[] = [];
  const poolWork = new Map<string, { total: number; byMiner: Map<string, number> }>();
  const seconds = stepMs / 1000;
  for (const worker of plan.workers) {
    if (!workerOnline(seed, worker, stepStart)) continue;
    const { pool } = worker;
    const expectedDiff = (worker.hashrate * seconds) / pool.params.hashesPerDifficulty;
    let accepted = 0;
    if (detailed) {
      const shareDiff = (worker.hashrate * 10) / pool.params.hashesPerDifficulty;
      const count = poisson(random, seconds / 10);
      for (let index = 0; index < count; index += 1) {
        const ok = random() >= worker.rejectRate;
        shares.push({
          ...worker.owner,
          coin: pool.coin,
          worker: worker.name,
          difficulty: shareDiff,
          accepted: ok,
          at: stepStart + Math.floor(random() * stepMs),
          ip: worker.ip,
        });
        if (ok) accepted += shareDiff;
      }
    } else {
      const work = expectedDiff * (0.85 + 0.3 * random());
      const count = Math.max(1, Math.round(seconds / 10));
      const rejectedCount = Math.round(count * worker.rejectRate);
      accepted = work * (1 - worker.rejectRate);
      shares.push({
        ...worker.owner,
        coin: pool.coin,
        worker: worker.name,
        difficulty: accepted,
        accepted: true,
        at: stepStart,
        ip: worker.ip,
        count: Math.max(1, count - rejectedCount),
      });
      if (rejectedCount > 0) {
        shares.push({
          ...worker.owner,
          coin: pool.coin,
          worker: worker.name,
          difficulty: work * worker.rejectRate,
          accepted: false,
          at: stepStart,
          ip: worker.ip,
          count: rejectedCount,
        });
      }
    }
    if (accepted <= 0) continue;
    const solo = plan.soloMiners.has(`${pool.name}\u0000${worker.miner}`);
    const roundKey = solo ? `${pool.name}\u0000${worker.miner}` : pool.name;
    let entry = poolWork.get(roundKey);
    if (entry === undefined) {
      entry = { total: 0, byMiner: new Map() };
      poolWork.set(roundKey, entry);
    }
    entry.total += accepted;
    entry.byMiner.set(worker.miner, (entry.byMiner.get(worker.miner) ?? 0) + accepted);
  }

  const blocks: BlockRecord[] = [];
  for (const [roundKey, work] of [...poolWork.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [poolName, soloMiner] = roundKey.split('\u0000');
    const pool = findPool(poolName ?? '');
    if (pool === undefined) continue;
    const network = networkAt(seed, pool, stepStart);
    const found = poisson(random, work.total / network.difficulty);
    let round = rounds.get(roundKey) ?? 0;
    if (found === 0) {
      rounds.set(roundKey, round + work.total);
      continue;
    }
    const cuts = Array.from({ length: found }, () => random()).sort((a, b) => a - b);
    let previous = 0;
    const miners = [...work.byMiner.entries()].sort(([a], [b]) => a.localeCompare(b));
    for (const [index, cut] of cuts.entries()) {
      round += (cut - previous) * work.total;
      previous = cut;
      let draw = random() * work.total;
      let finder = miners[0]?.[0] ?? '~farm';
      for (const [miner, minerWork] of miners) {
        draw -= minerWork;
        if (draw <= 0) {
          finder = miner;
          break;
        }
      }
      const height = network.height + index;
      const subsidy = subsidyAt(pool, height);
      blocks.push({
        coin: pool.coin,
        height,
        hash: hex(random, 64),
        reward: addDecimal(subsidy, feeAmount(random, pool, subsidy)),
        finder: soloMiner ?? finder,
        at: stepStart + Math.floor(cut * stepMs),
        effort: Math.max(round / network.difficulty, 1e-6),
        solo: soloMiner !== undefined,
        orphaned: random() < 0.02,
      });
      round = 0;
    }
    rounds.set(roundKey, (1 - previous) * work.total);
  }
  return { shares, blocks };
}

/** Options of {@link createSimulator}. */
export interface SimulatorOptions {
  readonly database: Database;
  readonly ingest: Ingest;
  readonly clock: Clock;
  /** Default {@link DEFAULT_SIMULATOR_SEED}. */
  readonly seed?: number;
  /** Days of history written on a fresh database. Default 7. */
  readonly backfillDays?: number;
  /** Asked between steps: true stops the pass early (server shutdown); progress is kept. */
  readonly shouldStop?: () => boolean;
}

/** The demo simulator. */
export interface Simulator {
  /**
   * Simulates up to the clock's current minute: on a fresh database (or after a long pause) it
   * back-fills history at 10-minute steps, then runs minute steps.
   *
   * @returns the number of steps simulated
   */
  advance(): Promise<number>;
}

/**
 * Creates the demo simulator. It writes only through `ingest`, like a stratum server would.
 *
 * @example
 * const simulator = createSimulator({ database, ingest: createIngest(database), clock, seed: 42 });
 * await simulator.advance();
 */
export function createSimulator(options: SimulatorOptions): Simulator {
  const { database, ingest, clock } = options;
  const seed = options.seed ?? DEFAULT_SIMULATOR_SEED;
  const backfillDays = options.backfillDays ?? 7;
  const rounds = new Map<string, number>();

  async function currentPlan(): Promise<SimulationPlan> {
    const accounts = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT name FROM mining_accounts WHERE status = 'normal' ORDER BY name`,
    );
    const solo = await queryRows<{ pool: string; name: string }>(
      database.db,
      sql`SELECT p.pool, a.name FROM account_pay_methods p
        JOIN mining_accounts a ON a.id = p.account_id WHERE p.pay_method = 'SOLO'`,
    );
    const plan = planSimulation(
      seed,
      accounts.map((row) => row.name),
      new Set(solo.map((row) => `${row.pool}\u0000${row.name}`)),
    );
    // Workers a developer stopped (`POST /api/dev/workers`, modules/notifications) send nothing.
    const stopped = await queryRows<{ pool: string; miner: string; worker: string }>(
      database.db,
      sql`SELECT pool, miner, worker FROM dev_stopped_workers`,
    );
    if (stopped.length === 0) return plan;
    const keys = new Set(stopped.map((row) => `${row.pool}/${row.miner}/${row.worker}`));
    return {
      ...plan,
      workers: plan.workers.filter(
        (worker) => !keys.has(`${worker.pool.name}/${worker.miner}/${worker.name}`),
      ),
    };
  }

  async function flush(shares: ShareRecord[], blocks: BlockRecord[], network: NetworkRecord[]) {
    if (network.length > 0) await ingest.recordNetwork(network.splice(0));
    if (shares.length > 0) await ingest.recordShares(shares.splice(0));
    if (blocks.length > 0) await ingest.recordBlock(blocks.splice(0));
  }

  function networkRecords(atMs: number): NetworkRecord[] {
    return [...POOLS.values()]
      .map((pool) => ({ coin: pool.coin, ...networkAt(seed, pool, atMs) }))
      .map((record) => ({ ...record, at: atMs }));
  }

  return {
    async advance() {
      const now = Math.floor(clock.now() / MINUTE_MS) * MINUTE_MS;
      const until = await readState(database.db, 'sim_until');
      if (until !== null && until >= now) return 0;
      const plan = await currentPlan();
      const shares: ShareRecord[] = [];
      const blocks: BlockRecord[] = [];
      const network: NetworkRecord[] = [];
      let steps = 0;
      // One hour more than the days asked, so the oldest step of a 7-day chart is filled too.
      const oldest = now - backfillDays * DAY_MS - HOUR_MS;
      let cursor = until ?? oldest;
      if (now - cursor > 2 * HOUR_MS) {
        // Back-fill: hourly steps until a day ago, 10-minute steps until an hour ago, so a
        // fresh database gets a week of charts in a few seconds.
        cursor = Math.max(cursor, oldest);
        cursor = Math.ceil(cursor / HOUR_MS) * HOUR_MS;
        const rolled = await readState(database.db, 'rollup_until');
        if (rolled !== null && rolled > cursor)
          await writeState(database.db, 'rollup_until', cursor);
        const hourlyEnd = Math.floor((now - DAY_MS) / HOUR_MS) * HOUR_MS;
        const tenMinuteEnd = Math.floor((now - HOUR_MS) / TEN_MINUTES_MS) * TEN_MINUTES_MS;
        while (cursor < tenMinuteEnd && options.shouldStop?.() !== true) {
          const stepMs = cursor < hourlyEnd ? HOUR_MS : TEN_MINUTES_MS;
          if (cursor % HOUR_MS === 0) network.push(...networkRecords(cursor));
          const output = simulateStep(seed, plan, rounds, cursor, stepMs, false);
          shares.push(...output.shares);
          blocks.push(...output.blocks);
          steps += 1;
          cursor += stepMs;
          if (shares.length >= 50_000) await flush(shares, blocks, network);
        }
      }
      for (; cursor < now && options.shouldStop?.() !== true; cursor += MINUTE_MS) {
        if (cursor % (10 * MINUTE_MS) === 0 || cursor + MINUTE_MS >= now) {
          network.push(...networkRecords(cursor));
        }
        const output = simulateStep(seed, plan, rounds, cursor, MINUTE_MS, true);
        shares.push(...output.shares);
        blocks.push(...output.blocks);
        steps += 1;
        if (shares.length >= 20_000) await flush(shares, blocks, network);
      }
      await flush(shares, blocks, network);
      await writeState(database.db, 'sim_until', Math.min(cursor, now));
      return steps;
    },
  };
}
