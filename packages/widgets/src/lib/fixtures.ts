/**
 * Deterministic sample data for stories, tests and benchmarks. Never shipped: no widget entry
 * imports this file.
 */
import type {
  CatalogueMiner,
  HashratePoint,
  PoolBlock,
  PoolStats,
  WorkerGroup,
  WorkerRow,
} from '@poolkit/core';

/** A fixed "now" for repeatable stories: 2025-03-14 12:00:00 UTC. */
export const FIXED_NOW = Date.UTC(2025, 2, 14, 12, 0, 0);

/** A small seeded random generator (mulberry32), so every run draws the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A hashrate series of `count` points every `stepMs`, ending at `end`, wandering around `base`
 * H/s with a daily swing and noise.
 */
export function hashrateSeries(
  count: number,
  stepMs: number,
  base: number,
  { end = FIXED_NOW, seed = 1, noise = 0.08 } = {},
): HashratePoint[] {
  const random = seededRandom(seed);
  const points: HashratePoint[] = new Array(count);
  let drift = 0;
  for (let index = 0; index < count; index += 1) {
    const time = end - (count - 1 - index) * stepMs;
    drift = drift * 0.98 + (random() - 0.5) * noise;
    const daily = Math.sin((time / 86_400_000) * Math.PI * 2) * 0.06;
    points[index] = {
      time,
      hashrate: Math.max(0, base * (1 + daily + drift + (random() - 0.5) * noise)),
    };
  }
  return points;
}

/** A rejected-hashrate series: about `share` of an accepted series, with noise. */
export function rejectedSeries(
  accepted: readonly HashratePoint[],
  share = 0.015,
  seed = 7,
): HashratePoint[] {
  const random = seededRandom(seed);
  return accepted.map((point) => ({
    time: point.time,
    hashrate: point.hashrate * share * (0.4 + random() * 1.2),
  }));
}

/** A trailing average of a series over `window` points. */
export function averageSeries(points: readonly HashratePoint[], window: number): HashratePoint[] {
  const result: HashratePoint[] = [];
  let sum = 0;
  for (let index = 0; index < points.length; index += 1) {
    sum += points[index]?.hashrate ?? 0;
    if (index >= window) sum -= points[index - window]?.hashrate ?? 0;
    const count = Math.min(index + 1, window);
    result.push({ time: points[index]?.time ?? 0, hashrate: sum / count });
  }
  return result;
}

/** Sample worker groups. */
export const SAMPLE_GROUPS: WorkerGroup[] = [
  {
    id: 'g-hall-a',
    name: 'Hall A',
    worker_count: 0,
    active_count: 0,
    created_at: '2024-01-02T00:00:00Z',
  },
  {
    id: 'g-hall-b',
    name: 'Hall B',
    worker_count: 0,
    active_count: 0,
    created_at: '2024-02-02T00:00:00Z',
  },
  {
    id: 'g-backup',
    name: 'Backup rigs',
    worker_count: 0,
    active_count: 0,
    created_at: '2024-03-02T00:00:00Z',
  },
];

/**
 * `count` worker rows: mostly active, some inactive (silent 15 min – 24 h), some dead, a few
 * that never shared; names `rig0001`…, groups cycling through {@link SAMPLE_GROUPS} and none.
 */
export function workerRows(
  count: number,
  { now = FIXED_NOW, seed = 3, nameLength = 0 } = {},
): WorkerRow[] {
  const random = seededRandom(seed);
  const rows: WorkerRow[] = new Array(count);
  const width = String(count).length;
  for (let index = 0; index < count; index += 1) {
    const roll = random();
    let silenceMs: number | null;
    if (roll < 0.78) silenceMs = random() * 10 * 60_000;
    else if (roll < 0.9) silenceMs = 20 * 60_000 + random() * 20 * 3_600_000;
    else if (roll < 0.99) silenceMs = 26 * 3_600_000 + random() * 20 * 86_400_000;
    else silenceMs = null;
    const active = silenceMs !== null && silenceMs < 15 * 60_000;
    const base = 80e12 + random() * 60e12;
    const group = SAMPLE_GROUPS[index % 4];
    const suffix = nameLength > 0 ? 'x'.repeat(nameLength) : '';
    rows[index] = {
      worker_name: `rig${String(index + 1).padStart(width, '0')}${suffix}`,
      accept_15m: { value: active ? base * (0.9 + random() * 0.2) : 0 },
      accept_1h: { value: active ? base * (0.95 + random() * 0.1) : base * random() * 0.5 },
      accept_24h: { value: silenceMs !== null && silenceMs < 86_400_000 ? base : 0 },
      reject_rate: Math.round(random() * random() * 500) / 10_000,
      last_share_time: silenceMs === null ? null : new Date(now - silenceMs).toISOString(),
      status: 'active',
      group: group ? { id: group.id, name: group.name } : null,
    };
  }
  return rows;
}

/** `count` pool blocks, newest first, every ~40 minutes before `now`. */
export function poolBlocks(
  count: number,
  { now = FIXED_NOW, seed = 11, height = 3_912_345 } = {},
): PoolBlock[] {
  const random = seededRandom(seed);
  const blocks: PoolBlock[] = [];
  let time = now - 5 * 60_000;
  for (let index = 0; index < count; index += 1) {
    // Effort is exponential around 1; luck is its inverse.
    const effort = Math.max(0.08, -Math.log(1 - random() * 0.995));
    const confirmations = index === 0 ? 3 : index === 1 ? 40 : 120;
    blocks.push({
      height: height - index * 17,
      hash: `00000000${Math.floor(random() * 1e16)
        .toString(16)
        .padStart(14, '0')}${'ab'.repeat(21)}`,
      reward: (3.125 + random() * 0.2).toFixed(8),
      time: new Date(time).toISOString(),
      luck: Math.round((1 / effort) * 10_000) / 10_000,
      status: index === 4 ? 'orphaned' : confirmations >= 100 ? 'confirmed' : 'pending',
      confirmations,
      required_confirmations: 100,
    });
    time -= (25 + random() * 40) * 60_000;
  }
  return blocks;
}

/** Sample pool statistics (BTC-like). */
export const SAMPLE_POOL_STATS: PoolStats = {
  coin: 'btc',
  pool_hashrate: 42.87e18,
  pool_hashrate_24h: 41.02e18,
  miners: 18_344,
  workers: 402_118,
  network_difficulty: 113_757_508_810_854,
  network_hashrate: 812.4e18,
  block_height: 888_123,
  price: '612345.67',
  fee_percent: '2',
  payout_model: 'PPS+',
  min_payout: '0.005',
  last_block_time: new Date(FIXED_NOW - 47 * 60_000).toISOString(),
  blocks_24h: 7,
  luck_24h: 1.0832,
  luck_7d: 0.9641,
};

/** The specs a machine's maker stated and no one has checked, as the catalogue lists them. */
const UNVERIFIED_SPECS: CatalogueMiner['unverified_specs'] = [
  'release_date',
  'hashrate',
  'power',
  'unit_power',
  'noise_level',
  'size',
  'weight',
  'voltage',
  'temperature',
  'humidity',
];

/** Sample catalogue machines (figures as in shared/data/miners.json, some not verified). */
export const SAMPLE_MINERS: CatalogueMiner[] = [
  {
    id: 'antminer-s21',
    vendor: 'Bitmain',
    model: 'Antminer S21',
    release_date: '2023-09',
    algorithms: ['SHA-256'],
    coins: ['btc'],
    hashrate: 200e12,
    power: 3500,
    unit_power: 17.5,
    unit_power_unit: 'J/TH',
    daily_cost: '29.40',
    daily_revenue: '61.27',
    cost_rate: '47.98',
    coin_price: '612345.67',
    break_even: '0.729',
    profit: '31.87',
    currency: 'CNY',
    noise_level: 75,
    size: '400x195x290',
    weight: 15.4,
    fans: 4,
    voltage: '220-277 V AC',
    temperature: '0-40',
    humidity: '10-90',
    sellers: [
      {
        store: 'Shenzhen Hash Store',
        country_region: 'China',
        price: '21800.00',
        stock: 12,
        url: null,
      },
      {
        store: 'Nordic Mining Supply',
        country_region: 'Finland',
        price: '23500.00',
        stock: null,
        url: null,
      },
    ],
    specs_verified: false,
    unverified_specs: [...UNVERIFIED_SPECS],
  },
  {
    id: 'whatsminer-m60s',
    vendor: 'MicroBT',
    model: 'WhatsMiner M60S',
    release_date: '2023-10',
    algorithms: ['SHA-256'],
    coins: ['btc'],
    hashrate: 186e12,
    power: 3441,
    unit_power: 18.5,
    unit_power_unit: 'J/TH',
    daily_cost: '28.90',
    daily_revenue: '56.98',
    cost_rate: '50.72',
    coin_price: '612345.67',
    break_even: '0.690',
    profit: '28.08',
    currency: 'CNY',
    noise_level: 75,
    size: '430x155x226',
    weight: 13.5,
    fans: 2,
    voltage: '220-277 V AC',
    temperature: '-5-35',
    humidity: '5-95',
    sellers: [],
    specs_verified: false,
    unverified_specs: [...UNVERIFIED_SPECS],
  },
  {
    id: 'avalon-a1466',
    vendor: 'Canaan',
    model: 'Avalon Made A1466',
    release_date: '2023-10',
    algorithms: ['SHA-256'],
    coins: ['btc'],
    hashrate: 150e12,
    power: 3230,
    unit_power: 21.5,
    unit_power_unit: 'J/TH',
    daily_cost: '27.13',
    daily_revenue: '45.95',
    cost_rate: '59.04',
    coin_price: '612345.67',
    break_even: '0.569',
    profit: '18.82',
    currency: 'CNY',
    noise_level: 75,
    size: '331x195x292',
    weight: 14.2,
    fans: 2,
    voltage: '220-240 V AC',
    temperature: '-5-35',
    humidity: '5-95',
    sellers: [
      { store: 'Canaan Online', country_region: 'Singapore', price: null, stock: 0, url: null },
    ],
    specs_verified: false,
    unverified_specs: [...UNVERIFIED_SPECS],
  },
];
