/**
 * Cloud-mining contracts: products, orders and their life (spec sections 2-5 and 9).
 *
 * An order takes its units from the product's inventory in the one `UPDATE` that checks them
 * (`inventory >= quantity`), so concurrent purchases queue on the product's row and never
 * oversell. It is `unpaid` until paid from the wallet (→ `pending` at once) or until evidence
 * of a transfer is uploaded (→ `review`, then the operator approves → `pending` or rejects →
 * `reject`). An order still `unpaid` 2 hours after it was made is `cancelled` by the minute
 * job, as is one the user cancels; both give the units back. From its effective date (T+n UTC
 * days after payment) it is `effect` and each mining day is credited once through the ledger
 * (reference `contract:<order id>:<day>`); after its last day it is `finish`.
 *
 * Amounts are in the product's coin: price, pay amount, electricity fee and output.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import {
  type CoinId,
  type ContractOrderStatus,
  ERROR_CODES,
  MAX_CERTIFICATE_BYTES,
} from '../../contract';
import type { Database } from '../../db/connect';
import { findPool, type PoolDefinition } from '../../engine/poolCatalog';
import { dayStartMs, utcDay } from '../../engine/settlement';
import { queryRows, type SqlExecutor, toDecimalString, toNumber } from '../../engine/sql';
import { ppsUnitOutput } from '../../engine/unitOutput';
import { HttpError } from '../../http/httpError';
import { recordAudit } from '../admin/audit';
import { CATALOGUE_MACHINES } from '../catalogue/catalogueData';
import { iso, isoSeconds } from '../identity/db';
import type { PriceSnapshot } from '../prices/service';
import { InsufficientBalanceError, inLedgerTransaction, postLedgerRecords } from '../wallet/ledger';
import { transferDecimals } from '../wallet/transfer';
import { type EvidenceStore, matchesContentType } from './evidenceStore';
import { contractDayOutput } from './output';

const DAY_MS = 86_400_000;
/** Spec section 9: unpaid orders cancel after 2 h. */
export const PAY_WINDOW_MS = 2 * 3_600_000;
/** Most evidence files an order keeps. */
export const MAX_CERTIFICATES_PER_ORDER = 5;

export interface Page<T> {
  readonly list: T[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
}
export interface PageQuery {
  readonly page: number;
  readonly page_size: number;
}

function badField(field: string, message: string, code: number = ERROR_CODES.validation): never {
  throw new HttpError(400, code, `${field}: ${message}`, { fields: [{ field, message }] });
}
function notFound(field: string, message: string): never {
  throw new HttpError(404, ERROR_CODES.notFound, message, { fields: [{ field, message }] });
}

/** A pool that can back a contract: an account pool (output goes to a mining account). */
export function contractPool(coin: string): PoolDefinition | undefined {
  const pool = findPool(coin);
  return pool === undefined || pool.addressMining || pool.lab ? undefined : pool;
}

function addDays(day: string, days: number): string {
  return utcDay(dayStartMs(day) + days * DAY_MS);
}

// ---------------------------------------------------------------------------------------------
// Estimates
// ---------------------------------------------------------------------------------------------

/**
 * The pool's PPS+ output of one pool unit on its latest settled day (yesterday when none is
 * settled yet): the figure the estimates scale. Cached per call site through `cache`.
 */
export async function latestUnitOutput(
  executor: SqlExecutor,
  pool: PoolDefinition,
  nowMs: number,
  cache?: Map<string, string>,
): Promise<string> {
  const cached = cache?.get(pool.name);
  if (cached !== undefined) return cached;
  const [row] = await queryRows<{ day: string | null }>(
    executor,
    sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM settlements WHERE pool = ${pool.name}`,
  );
  const day = row?.day ?? utcDay(nowMs - DAY_MS);
  const output = await ppsUnitOutput(executor, pool, day);
  cache?.set(pool.name, output);
  return output;
}

interface Terms {
  readonly unitHashrate: number;
  readonly quantity: number;
  readonly electricityFee: string;
  readonly managementFeePercent: string;
}

async function estimate(
  executor: SqlExecutor,
  coin: string,
  terms: Terms,
  nowMs: number,
  cache: Map<string, string>,
): Promise<string> {
  const pool = contractPool(coin);
  if (pool === undefined) return '0';
  return contractDayOutput({
    unitOutput: await latestUnitOutput(executor, pool, nowMs, cache),
    poolUnitHashrate: pool.params.unitHashrate,
    unitHashrate: terms.unitHashrate,
    quantity: terms.quantity,
    electricityFeePerUnit: terms.electricityFee,
    managementFeePercent: terms.managementFeePercent,
    decimals: transferDecimals(pool.coin),
  }).net;
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

type Language = 'en' | 'zh-CN' | 'ru' | 'ja' | 'ko';
type TermsText = Record<Language, string>;

/** A product as users see it (core's `contractProductSchema`). */
export interface ProductAnswer {
  readonly id: string;
  readonly name: string;
  readonly coin: CoinId;
  readonly miner: string;
  readonly power: number;
  readonly price: string;
  readonly currency: string;
  readonly electricity_fee: string;
  readonly management_fee_percent: string;
  readonly duration_days: number;
  readonly effective_delay_days: number;
  readonly inventory: number;
  readonly estimated_earnings: string;
  readonly estimated_earnings_usd: string | null;
  readonly status: 'on_sale' | 'sold_out' | 'off_shelf';
  readonly terms_url: string | null;
  readonly terms: TermsText;
}

/** A product as operators see it. */
export interface AdminProductAnswer extends ProductAnswer {
  readonly pay_address: string;
  readonly on_sale: boolean;
}

const productColumns = sql`p.id::text AS id, p.name, p.coin, p.miner, p.unit_hashrate,
  p.price::text AS price, p.electricity_fee::text AS electricity_fee,
  p.management_fee_percent::text AS management_fee_percent, p.duration_days,
  p.effective_delay_days, p.inventory, p.pay_address, p.terms, p.on_sale`;

interface ProductRow extends Record<string, unknown> {
  id: string;
  name: string;
  coin: string;
  miner: string;
  unit_hashrate: unknown;
  price: string;
  electricity_fee: string;
  management_fee_percent: string;
  duration_days: unknown;
  effective_delay_days: unknown;
  inventory: unknown;
  pay_address: string;
  terms: unknown;
  on_sale: boolean;
}

function termsOf(value: unknown): TermsText {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<TermsText>;
  return {
    en: parsed.en ?? '',
    'zh-CN': parsed['zh-CN'] ?? '',
    ru: parsed.ru ?? '',
    ja: parsed.ja ?? '',
    ko: parsed.ko ?? '',
  };
}

async function productAnswer(
  executor: SqlExecutor,
  row: ProductRow,
  nowMs: number,
  prices: PriceSnapshot | undefined,
  cache: Map<string, string>,
): Promise<AdminProductAnswer> {
  const inventory = toNumber(row.inventory);
  const earnings = await estimate(
    executor,
    row.coin,
    {
      unitHashrate: toNumber(row.unit_hashrate),
      quantity: 1,
      electricityFee: row.electricity_fee,
      managementFeePercent: row.management_fee_percent,
    },
    nowMs,
    cache,
  );
  const usd = prices?.coins.get(row.coin as CoinId)?.usd;
  return {
    id: row.id,
    name: row.name,
    coin: row.coin as CoinId,
    miner: row.miner,
    power: toNumber(row.unit_hashrate),
    price: toDecimalString(row.price),
    currency: row.coin.toUpperCase(),
    electricity_fee: toDecimalString(row.electricity_fee),
    management_fee_percent: toDecimalString(row.management_fee_percent),
    duration_days: toNumber(row.duration_days),
    effective_delay_days: toNumber(row.effective_delay_days),
    inventory,
    estimated_earnings: earnings,
    estimated_earnings_usd:
      usd === undefined ? null : new Big(earnings).times(usd).round(2, Big.roundHalfUp).toFixed(2),
    status: !row.on_sale ? 'off_shelf' : inventory === 0 ? 'sold_out' : 'on_sale',
    terms_url: null,
    terms: termsOf(row.terms),
    pay_address: row.pay_address,
    on_sale: row.on_sale,
  };
}

function publicProduct(answer: AdminProductAnswer): ProductAnswer {
  const { pay_address: _address, on_sale: _onSale, ...rest } = answer;
  return rest;
}

/** Products users may see (on sale, sold out included), oldest first, optionally of one coin. */
export async function readProducts(
  executor: SqlExecutor,
  query: PageQuery & { readonly coin?: string | undefined },
  nowMs: number,
  prices: PriceSnapshot | undefined,
): Promise<Page<ProductAnswer>> {
  const coin = query.coin === undefined ? sql`` : sql`AND p.coin = ${query.coin}`;
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM contract_products p WHERE p.on_sale ${coin}`,
  );
  const rows = await queryRows<ProductRow>(
    executor,
    sql`SELECT ${productColumns} FROM contract_products p WHERE p.on_sale ${coin}
        ORDER BY p.id LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  const cache = new Map<string, string>();
  const list: ProductAnswer[] = [];
  for (const row of rows) {
    list.push(publicProduct(await productAnswer(executor, row, nowMs, prices, cache)));
  }
  return {
    list,
    total: toNumber(counted?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** One product; 404 naming `id` when it does not exist or is off sale. */
export async function readProduct(
  executor: SqlExecutor,
  id: string,
  nowMs: number,
  prices: PriceSnapshot | undefined,
): Promise<ProductAnswer> {
  if (!/^\d{1,18}$/.test(id)) notFound('id', 'No such product');
  const [row] = await queryRows<ProductRow>(
    executor,
    sql`SELECT ${productColumns} FROM contract_products p WHERE p.id = ${id}::bigint AND p.on_sale`,
  );
  if (row === undefined) notFound('id', 'No such product');
  return publicProduct(await productAnswer(executor, row, nowMs, prices, new Map()));
}

/** Every product (operators), newest first. */
export async function readAdminProducts(
  executor: SqlExecutor,
  query: PageQuery,
  nowMs: number,
  prices: PriceSnapshot | undefined,
): Promise<Page<AdminProductAnswer>> {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM contract_products`,
  );
  const rows = await queryRows<ProductRow>(
    executor,
    sql`SELECT ${productColumns} FROM contract_products p ORDER BY p.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  const cache = new Map<string, string>();
  const list: AdminProductAnswer[] = [];
  for (const row of rows) list.push(await productAnswer(executor, row, nowMs, prices, cache));
  return {
    list,
    total: toNumber(counted?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** A product as operators write it (core's `contractProductInputSchema`, parsed). */
export interface ProductInput {
  readonly name: string;
  readonly coin: CoinId;
  readonly miner: string;
  readonly power: number;
  readonly price: string;
  readonly electricity_fee: string;
  readonly management_fee_percent: string;
  readonly duration_days: number;
  readonly effective_delay_days: number;
  readonly inventory: number;
  readonly pay_address: string;
  readonly terms: TermsText;
  readonly on_sale: boolean;
}

function checkProductInput(input: ProductInput): void {
  const pool = contractPool(input.coin);
  if (pool === undefined) badField('coin', 'No account pool mines this coin');
  const decimals = transferDecimals(pool.coin);
  for (const field of ['price', 'electricity_fee'] as const) {
    const value = new Big(input[field]);
    if (value.round(decimals, Big.roundDown).cmp(value) !== 0) {
      badField(field, `A ${input.coin} amount has at most ${decimals} decimal places`);
    }
  }
  if (new Big(input.price).lte(0)) badField('price', 'The price must be above 0');
  const percent = new Big(input.management_fee_percent);
  if (percent.gte(100) || percent.round(2, Big.roundDown).cmp(percent) !== 0) {
    badField('management_fee_percent', 'A percent below 100 with at most 2 decimal places');
  }
  const wanted = input.miner.toLowerCase();
  const model = CATALOGUE_MACHINES.find(
    (machine) =>
      machine.coins.includes(input.coin) &&
      (machine.model.toLowerCase() === wanted ||
        `${machine.vendor} ${machine.model}`.toLowerCase() === wanted),
  );
  if (model === undefined) badField('miner', 'No miner model of the catalogue mines this coin');
}

/** Adds a product and audits it (`contracts.product_create`). */
export async function createProduct(
  database: Database,
  input: { operatorId: string; product: ProductInput; ip: string | null; nowMs: number },
  prices: PriceSnapshot | undefined,
): Promise<AdminProductAnswer> {
  const { product, nowMs } = input;
  checkProductInput(product);
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<ProductRow>(
      tx,
      sql`INSERT INTO contract_products AS p (name, coin, miner, unit_hashrate, price,
            electricity_fee, management_fee_percent, duration_days, effective_delay_days,
            inventory, pay_address, terms, on_sale, created_at, updated_at)
          VALUES (${product.name}, ${product.coin}, ${product.miner}, ${product.power},
            ${product.price}::numeric, ${product.electricity_fee}::numeric,
            ${product.management_fee_percent}::numeric, ${product.duration_days},
            ${product.effective_delay_days}, ${product.inventory}, ${product.pay_address},
            ${JSON.stringify(product.terms)}::jsonb, ${product.on_sale},
            ${iso(nowMs)}::timestamptz, ${iso(nowMs)}::timestamptz)
          RETURNING ${productColumns}`,
    );
    if (row === undefined) throw new Error('The new product was not returned');
    await recordAudit(tx, {
      actorId: input.operatorId,
      action: 'contracts.product_create',
      targetType: 'contract_product',
      targetId: row.id,
      details: auditDetails(product),
      ip: input.ip,
      nowMs,
    });
    return productAnswer(tx, row, nowMs, prices, new Map());
  });
}

function auditDetails(product: ProductInput): Record<string, string | number | boolean> {
  return {
    name: product.name,
    coin: product.coin,
    miner: product.miner,
    power: product.power,
    price: product.price,
    electricity_fee: product.electricity_fee,
    management_fee_percent: product.management_fee_percent,
    duration_days: product.duration_days,
    effective_delay_days: product.effective_delay_days,
    inventory: product.inventory,
    pay_address: product.pay_address,
    on_sale: product.on_sale,
  };
}

/**
 * Changes a product and audits it (`contracts.product_update`). Orders already placed keep the
 * terms they were placed under; `inventory` sets what is left to sell.
 */
export async function updateProduct(
  database: Database,
  input: {
    operatorId: string;
    id: string;
    product: ProductInput;
    ip: string | null;
    nowMs: number;
  },
  prices: PriceSnapshot | undefined,
): Promise<AdminProductAnswer> {
  const { product, nowMs } = input;
  if (!/^\d{1,18}$/.test(input.id)) notFound('id', 'No such product');
  checkProductInput(product);
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<ProductRow>(
      tx,
      sql`UPDATE contract_products AS p SET name = ${product.name}, coin = ${product.coin},
            miner = ${product.miner}, unit_hashrate = ${product.power},
            price = ${product.price}::numeric, electricity_fee = ${product.electricity_fee}::numeric,
            management_fee_percent = ${product.management_fee_percent}::numeric,
            duration_days = ${product.duration_days},
            effective_delay_days = ${product.effective_delay_days},
            inventory = ${product.inventory}, pay_address = ${product.pay_address},
            terms = ${JSON.stringify(product.terms)}::jsonb, on_sale = ${product.on_sale},
            updated_at = ${iso(nowMs)}::timestamptz
          WHERE p.id = ${input.id}::bigint RETURNING ${productColumns}`,
    );
    if (row === undefined) notFound('id', 'No such product');
    await recordAudit(tx, {
      actorId: input.operatorId,
      action: 'contracts.product_update',
      targetType: 'contract_product',
      targetId: row.id,
      details: auditDetails(product),
      ip: input.ip,
      nowMs,
    });
    return productAnswer(tx, row, nowMs, prices, new Map());
  });
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/** An order (core's `contractOrderSchema`). */
export interface OrderAnswer {
  readonly id: string;
  readonly batch: string;
  readonly product_id: string;
  readonly product_name: string;
  readonly account: string;
  readonly coin: CoinId;
  readonly miner: string;
  readonly quantity: number;
  readonly power: number;
  readonly status: ContractOrderStatus;
  readonly pay_method: 'wallet' | 'transfer' | null;
  readonly created_at: string;
  readonly pay_amount: string;
  readonly currency: string;
  readonly pay_address: string;
  readonly pay_deadline: string;
  readonly payment_certificates: string[];
  readonly effective_date: string | null;
  readonly end_time: string | null;
  readonly electricity_fee: string;
  readonly management_fee_percent: string;
  readonly management_fee: string;
  readonly estimated_earnings: string;
  readonly actual_earnings: string;
  readonly reject_reason: string | null;
}

const orderColumns = sql`o.id::text AS id, o.user_id::text AS user_id, o.batch,
  o.product_id::text AS product_id, o.product_name, a.name AS account, o.coin, o.miner,
  o.quantity, o.unit_hashrate, o.status, o.pay_method,
  (extract(epoch from o.created_at) * 1000)::float8 AS created_ms, o.pay_amount::text AS pay_amount,
  o.pay_address, (extract(epoch from o.pay_deadline) * 1000)::float8 AS deadline_ms,
  to_char(o.effective_date, 'YYYY-MM-DD') AS effective_date,
  to_char(o.end_date, 'YYYY-MM-DD') AS end_date, o.electricity_fee::text AS electricity_fee,
  o.management_fee_percent::text AS management_fee_percent, o.reject_reason,
  u.username,
  (SELECT COALESCE(sum(d.net), 0)::text FROM contract_order_days d WHERE d.order_id = o.id)
    AS actual_earnings,
  (SELECT COALESCE(sum(d.management_fee), 0)::text FROM contract_order_days d
    WHERE d.order_id = o.id) AS management_fee_total,
  (SELECT COALESCE(array_agg(c.id::text ORDER BY c.id), '{}') FROM contract_certificates c
    WHERE c.order_id = o.id) AS certificate_ids`;
const orderFrom = sql`contract_orders o JOIN mining_accounts a ON a.id = o.account_id
  JOIN users u ON u.id = o.user_id`;

interface OrderRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  batch: string;
  product_id: string;
  product_name: string;
  account: string;
  coin: string;
  miner: string;
  quantity: unknown;
  unit_hashrate: unknown;
  status: ContractOrderStatus;
  pay_method: 'wallet' | 'transfer' | null;
  created_ms: unknown;
  pay_amount: string;
  pay_address: string;
  deadline_ms: unknown;
  effective_date: string | null;
  end_date: string | null;
  electricity_fee: string;
  management_fee_percent: string;
  reject_reason: string | null;
  username: string;
  actual_earnings: string;
  management_fee_total: string;
  certificate_ids: unknown;
}

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',');
  }
  return [];
}

async function orderAnswer(
  executor: SqlExecutor,
  row: OrderRow,
  baseUrl: string,
  nowMs: number,
  cache: Map<string, string>,
): Promise<OrderAnswer> {
  const quantity = toNumber(row.quantity);
  const unitHashrate = toNumber(row.unit_hashrate);
  const electricityPerUnit = new Big(row.electricity_fee);
  return {
    id: row.id,
    batch: row.batch,
    product_id: row.product_id,
    product_name: row.product_name,
    account: row.account,
    coin: row.coin as CoinId,
    miner: row.miner,
    quantity,
    power: unitHashrate * quantity,
    status: row.status,
    pay_method: row.pay_method,
    created_at: isoSeconds(toNumber(row.created_ms)),
    pay_amount: toDecimalString(row.pay_amount),
    currency: row.coin.toUpperCase(),
    pay_address: row.pay_address,
    pay_deadline: isoSeconds(toNumber(row.deadline_ms)),
    payment_certificates: idsOf(row.certificate_ids).map(
      (certificate) => `${baseUrl}/api/contracts/orders/${row.id}/certificates/${certificate}`,
    ),
    effective_date: row.effective_date,
    end_time: row.end_date === null ? null : isoSeconds(dayStartMs(row.end_date)),
    electricity_fee: electricityPerUnit.times(quantity).toFixed(),
    management_fee_percent: toDecimalString(row.management_fee_percent),
    management_fee: toDecimalString(row.management_fee_total),
    estimated_earnings: await estimate(
      executor,
      row.coin,
      {
        unitHashrate,
        quantity,
        electricityFee: row.electricity_fee,
        managementFeePercent: row.management_fee_percent,
      },
      nowMs,
      cache,
    ),
    actual_earnings: toDecimalString(row.actual_earnings),
    reject_reason: row.reject_reason,
  };
}

async function readOrderRow(
  executor: SqlExecutor,
  orderId: string,
  userId: string | null,
): Promise<OrderRow> {
  if (!/^\d{1,18}$/.test(orderId)) notFound('order_id', 'No such order');
  const owner = userId === null ? sql`` : sql`AND o.user_id = ${userId}::bigint`;
  const [row] = await queryRows<OrderRow>(
    executor,
    sql`SELECT ${orderColumns} FROM ${orderFrom} WHERE o.id = ${orderId}::bigint ${owner}`,
  );
  if (row === undefined) notFound('order_id', 'No such order');
  return row;
}

/** One of the user's orders; 404 naming `order_id` for anyone else's. */
export async function readOrder(
  executor: SqlExecutor,
  userId: string,
  orderId: string,
  baseUrl: string,
  nowMs: number,
): Promise<OrderAnswer> {
  return orderAnswer(
    executor,
    await readOrderRow(executor, orderId, userId),
    baseUrl,
    nowMs,
    new Map(),
  );
}

/** The user's orders, newest first, optionally of one state. */
export async function readOrders(
  executor: SqlExecutor,
  userId: string,
  query: PageQuery & { readonly status?: ContractOrderStatus | undefined },
  baseUrl: string,
  nowMs: number,
): Promise<Page<OrderAnswer>> {
  const status = query.status === undefined ? sql`` : sql`AND o.status = ${query.status}`;
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM contract_orders o
        WHERE o.user_id = ${userId}::bigint ${status}`,
  );
  const rows = await queryRows<OrderRow>(
    executor,
    sql`SELECT ${orderColumns} FROM ${orderFrom} WHERE o.user_id = ${userId}::bigint ${status}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  const cache = new Map<string, string>();
  const list: OrderAnswer[] = [];
  for (const row of rows) list.push(await orderAnswer(executor, row, baseUrl, nowMs, cache));
  return {
    list,
    total: toNumber(counted?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** The batch of an order: the product's production batch of the order's day. */
function batchOf(productId: string, nowMs: number): string {
  return `B${utcDay(nowMs).replaceAll('-', '')}-${productId}`;
}

/**
 * Places an order: takes `quantity` units of the product in one conditional `UPDATE` (400
 * naming `quantity` when fewer are left, `product_id` when it is unknown or off sale) and
 * inserts the `unpaid` order with its pay deadline (now + 2 h) in the same transaction.
 */
export async function createOrder(
  database: Database,
  input: {
    readonly userId: string;
    readonly productId: string;
    readonly account: string;
    readonly quantity: number;
    readonly baseUrl: string;
    readonly nowMs: number;
  },
): Promise<OrderAnswer> {
  const { nowMs } = input;
  if (!/^\d{1,18}$/.test(input.productId)) badField('product_id', 'No such product');
  const [account] = await queryRows<{ id: string; status: string }>(
    database.db,
    sql`SELECT id::text AS id, status FROM mining_accounts
        WHERE lower(name) = lower(${input.account}) AND user_id = ${input.userId}::bigint`,
  );
  if (account === undefined) badField('account', 'No such mining account of yours');
  if (account.status !== 'normal') badField('account', 'This account cannot buy contracts');
  const orderId = await database.db.transaction(async (tx) => {
    const [product] = await queryRows<ProductRow>(
      tx,
      sql`UPDATE contract_products AS p SET inventory = p.inventory - ${input.quantity}
          WHERE p.id = ${input.productId}::bigint AND p.on_sale AND p.inventory >= ${input.quantity}
          RETURNING ${productColumns}`,
    );
    if (product === undefined) {
      const [exists] = await queryRows<{ inventory: unknown }>(
        tx,
        sql`SELECT inventory FROM contract_products
            WHERE id = ${input.productId}::bigint AND on_sale`,
      );
      if (exists === undefined) badField('product_id', 'No such product on sale');
      badField(
        'quantity',
        `Only ${toNumber(exists.inventory)} units are left`,
        ERROR_CODES.validation,
      );
    }
    const payAmount = new Big(product.price).times(input.quantity).toFixed();
    const [order] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO contract_orders (user_id, account_id, product_id, batch, coin, miner,
            product_name, quantity, unit_hashrate, pay_amount, electricity_fee,
            management_fee_percent, duration_days, effective_delay_days, pay_address, status,
            created_at, pay_deadline)
          VALUES (${input.userId}::bigint, ${account.id}::bigint, ${product.id}::bigint,
            ${batchOf(product.id, nowMs)}, ${product.coin}, ${product.miner}, ${product.name},
            ${input.quantity}, ${toNumber(product.unit_hashrate)}, ${payAmount}::numeric,
            ${product.electricity_fee}::numeric, ${product.management_fee_percent}::numeric,
            ${toNumber(product.duration_days)}, ${toNumber(product.effective_delay_days)},
            ${product.pay_address}, 'unpaid', ${iso(nowMs)}::timestamptz,
            ${iso(nowMs + PAY_WINDOW_MS)}::timestamptz)
          RETURNING id::text AS id`,
    );
    if (order === undefined) throw new Error('The new order was not returned');
    return order.id;
  });
  return readOrder(database.db, input.userId, orderId, input.baseUrl, nowMs);
}

/** The SQL that sets an order's mining days from the day it is paid (T+n). */
function effectiveDays(nowMs: number) {
  const today = utcDay(nowMs);
  return sql`effective_date = ${today}::date + effective_delay_days,
    end_date = ${today}::date + effective_delay_days + duration_days`;
}

/**
 * Pays an `unpaid` order from its account's wallet: in one ledger transaction the order turns
 * `pending` (its effective date set, T+n from today) and the pay amount moves from the
 * account to the pool's `contract_sales` (reference `contract-pay:<order id>`). The pay
 * password is checked by the caller first. 400 naming `order_id` when the order is not
 * unpaid (or its 2 hours are over), code 40007 naming `pay_amount` when the balance is short.
 */
export async function payOrderFromWallet(
  database: Database,
  input: {
    readonly userId: string;
    readonly orderId: string;
    readonly baseUrl: string;
    readonly nowMs: number;
  },
): Promise<OrderAnswer> {
  const { nowMs } = input;
  await readOrderRow(database.db, input.orderId, input.userId);
  await inLedgerTransaction(database, async (tx) => {
    const [order] = await queryRows<{
      id: string;
      account_id: string;
      coin: string;
      pay_amount: string;
    }>(
      tx,
      sql`UPDATE contract_orders SET status = 'pending', pay_method = 'wallet',
            paid_at = ${iso(nowMs)}::timestamptz, ${effectiveDays(nowMs)}
          WHERE id = ${input.orderId}::bigint AND user_id = ${input.userId}::bigint
            AND status = 'unpaid' AND pay_deadline > ${iso(nowMs)}::timestamptz
          RETURNING id::text AS id, account_id::text AS account_id, coin,
            pay_amount::text AS pay_amount`,
    );
    if (order === undefined) badField('order_id', 'This order is not waiting for payment');
    const amount = toDecimalString(order.pay_amount);
    try {
      const [posted] = await postLedgerRecords(
        tx,
        [
          {
            type: 'contract',
            status: 'successful',
            coin: order.coin,
            reference: `contract-pay:${order.id}`,
            initiatorUserId: input.userId,
            note: `Contract order ${order.id}`,
            legs: [
              {
                holder: { kind: 'mining_account', miningAccountId: order.account_id },
                coin: order.coin,
                amount: `-${amount}`,
              },
              { holder: { kind: 'system', name: 'contract_sales' }, coin: order.coin, amount },
            ],
          },
        ],
        nowMs,
      );
      if (posted === undefined || !posted.posted) throw new Error('The payment was not posted');
      await queryRows(
        tx,
        sql`UPDATE contract_orders SET ledger_transaction_id = ${posted.id}::bigint
            WHERE id = ${order.id}::bigint RETURNING id`,
      );
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        badField('pay_amount', 'Insufficient balance', ERROR_CODES.insufficientBalance);
      }
      throw error;
    }
  });
  return readOrder(database.db, input.userId, input.orderId, input.baseUrl, nowMs);
}

/** One uploaded file (core's `certificateFileSchema`, parsed). */
export interface CertificateUpload {
  readonly file_name: string;
  readonly content_type: string;
  readonly data: string;
}

/**
 * Stores payment evidence of an order paid by transfer and sends the order to `review`.
 * Each file must be at most 5 MiB decoded and really be the PNG, JPEG, WebP or PDF it claims
 * (its first bytes); an order keeps at most 5 files. Allowed while the order is `unpaid`
 * within its 2 hours, or already in `review` (to add a file). The files are written to the
 * store first and removed again when the order refuses them.
 */
export async function uploadCertificates(
  database: Database,
  store: EvidenceStore,
  input: {
    readonly userId: string;
    readonly orderId: string;
    readonly files: readonly CertificateUpload[];
    readonly baseUrl: string;
    readonly nowMs: number;
  },
): Promise<OrderAnswer> {
  const { nowMs } = input;
  if (input.files.length === 0) badField('files', 'Payment-evidence upload requires documents');
  await readOrderRow(database.db, input.orderId, input.userId);
  const decoded = input.files.map((file, index) => {
    const bytes = new Uint8Array(Buffer.from(file.data, 'base64'));
    if (bytes.byteLength === 0 || bytes.byteLength > MAX_CERTIFICATE_BYTES) {
      badField(`files.${index}.data`, 'A file is at most 5 MiB');
    }
    if (!matchesContentType(file.content_type, bytes)) {
      badField(`files.${index}.content_type`, 'The file is not the image or PDF it claims');
    }
    return { ...file, bytes, key: `${input.orderId}/${randomUUID()}` };
  });
  for (const file of decoded) await store.put(file.key, file.bytes);
  try {
    await database.db.transaction(async (tx) => {
      const [order] = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE contract_orders SET status = 'review', pay_method = 'transfer'
            WHERE id = ${input.orderId}::bigint AND user_id = ${input.userId}::bigint
              AND (status = 'review'
                OR (status = 'unpaid' AND pay_deadline > ${iso(nowMs)}::timestamptz))
            RETURNING id::text AS id`,
      );
      if (order === undefined) badField('order_id', 'This order is not waiting for payment');
      const [counted] = await queryRows<{ count: unknown }>(
        tx,
        sql`SELECT count(*)::int AS count FROM contract_certificates
            WHERE order_id = ${order.id}::bigint`,
      );
      if (toNumber(counted?.count ?? 0) + decoded.length > MAX_CERTIFICATES_PER_ORDER) {
        badField('files', `An order keeps at most ${MAX_CERTIFICATES_PER_ORDER} files`);
      }
      for (const file of decoded) {
        await queryRows(
          tx,
          sql`INSERT INTO contract_certificates (order_id, file_name, content_type, size_bytes,
                storage_key, created_at)
              VALUES (${order.id}::bigint, ${file.file_name}, ${file.content_type},
                ${file.bytes.byteLength}, ${file.key}, ${iso(nowMs)}::timestamptz)
              RETURNING id`,
        );
      }
    });
  } catch (error) {
    for (const file of decoded) await store.delete(file.key).catch(() => undefined);
    throw error;
  }
  return readOrder(database.db, input.userId, input.orderId, input.baseUrl, nowMs);
}

/** One stored evidence file of an order, for its owner or an operator. */
export async function readCertificate(
  executor: SqlExecutor,
  store: EvidenceStore,
  input: { orderId: string; certificateId: string; userId: string | null },
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string } | undefined> {
  if (!/^\d{1,18}$/.test(input.orderId) || !/^\d{1,18}$/.test(input.certificateId)) {
    return undefined;
  }
  const owner = input.userId === null ? sql`` : sql`AND o.user_id = ${input.userId}::bigint`;
  const [row] = await queryRows<{ storage_key: string; content_type: string; file_name: string }>(
    executor,
    sql`SELECT c.storage_key, c.content_type, c.file_name FROM contract_certificates c
        JOIN contract_orders o ON o.id = c.order_id
        WHERE c.id = ${input.certificateId}::bigint AND o.id = ${input.orderId}::bigint ${owner}`,
  );
  if (row === undefined) return undefined;
  const bytes = await store.get(row.storage_key);
  return bytes === undefined
    ? undefined
    : { bytes, contentType: row.content_type, fileName: row.file_name };
}

/** Gives the units of cancelled or rejected orders back to their products. */
async function releaseUnits(
  tx: SqlExecutor,
  orders: readonly { product_id: string; quantity: unknown }[],
): Promise<void> {
  const byProduct = new Map<string, number>();
  for (const order of orders) {
    byProduct.set(
      order.product_id,
      (byProduct.get(order.product_id) ?? 0) + toNumber(order.quantity),
    );
  }
  // Ascending ids: two releases lock the products in the same order.
  for (const [productId, quantity] of [...byProduct].sort((a, b) => Number(a[0]) - Number(b[0]))) {
    await queryRows(
      tx,
      sql`UPDATE contract_products SET inventory = inventory + ${quantity}
          WHERE id = ${productId}::bigint RETURNING id`,
    );
  }
}

/** The user cancels an `unpaid` order (400 naming `order_id` otherwise); its units go back. */
export async function cancelOrder(
  database: Database,
  input: { userId: string; orderId: string; baseUrl: string; nowMs: number },
): Promise<OrderAnswer> {
  await readOrderRow(database.db, input.orderId, input.userId);
  await database.db.transaction(async (tx) => {
    const cancelled = await queryRows<{ product_id: string; quantity: unknown }>(
      tx,
      sql`UPDATE contract_orders SET status = 'cancelled', cancel_reason = 'user',
            cancelled_at = ${iso(input.nowMs)}::timestamptz
          WHERE id = ${input.orderId}::bigint AND user_id = ${input.userId}::bigint
            AND status = 'unpaid'
          RETURNING product_id::text AS product_id, quantity`,
    );
    if (cancelled.length === 0) badField('order_id', 'Only an unpaid order can be cancelled');
    await releaseUnits(tx, cancelled);
  });
  return readOrder(database.db, input.userId, input.orderId, input.baseUrl, input.nowMs);
}

/**
 * Cancels every order still `unpaid` at its deadline (made 2 hours ago) and gives its units
 * back, in one transaction. The conditional `UPDATE` makes each cancellation happen once even
 * if two runs overlap. Returns the ids cancelled.
 */
export async function cancelExpiredOrders(database: Database, nowMs: number): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    const cancelled = await queryRows<{ id: string; product_id: string; quantity: unknown }>(
      tx,
      sql`UPDATE contract_orders SET status = 'cancelled', cancel_reason = 'timeout',
            cancelled_at = ${iso(nowMs)}::timestamptz
          WHERE status = 'unpaid' AND pay_deadline <= ${iso(nowMs)}::timestamptz
          RETURNING id::text AS id, product_id::text AS product_id, quantity`,
    );
    await releaseUnits(tx, cancelled);
    return cancelled.map((row) => row.id);
  });
}

/** An order as operators see it. */
export interface AdminOrderAnswer extends OrderAnswer {
  readonly username: string;
}

/** Orders of one state (operators), oldest first: the review queue by default. */
export async function readAdminOrders(
  executor: SqlExecutor,
  query: PageQuery & { readonly status: ContractOrderStatus },
  baseUrl: string,
  nowMs: number,
): Promise<Page<AdminOrderAnswer>> {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM contract_orders o WHERE o.status = ${query.status}`,
  );
  const rows = await queryRows<OrderRow>(
    executor,
    sql`SELECT ${orderColumns} FROM ${orderFrom} WHERE o.status = ${query.status}
        ORDER BY o.created_at, o.id
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  const cache = new Map<string, string>();
  const list: AdminOrderAnswer[] = [];
  for (const row of rows) {
    list.push({
      ...(await orderAnswer(executor, row, baseUrl, nowMs, cache)),
      username: row.username,
    });
  }
  return {
    list,
    total: toNumber(counted?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * An operator's review of an order in `review`: approve → `pending` (paid now; effective T+n
 * from today) or reject with a reason → `reject` (its units go back). Audited as
 * `contracts.order_approve` / `contracts.order_reject`. 400 naming `order_id` when the order
 * is not in review.
 */
export async function reviewOrder(
  database: Database,
  input: {
    readonly operatorId: string;
    readonly orderId: string;
    readonly decision: { decision: 'approve' } | { decision: 'reject'; reason: string };
    readonly ip: string | null;
    readonly baseUrl: string;
    readonly nowMs: number;
  },
): Promise<AdminOrderAnswer> {
  const { nowMs, decision } = input;
  await readOrderRow(database.db, input.orderId, null);
  await database.db.transaction(async (tx) => {
    const reviewed = sql`reviewed_by = ${input.operatorId}::bigint,
      reviewed_at = ${iso(nowMs)}::timestamptz`;
    const rows = await queryRows<{ id: string; product_id: string; quantity: unknown }>(
      tx,
      decision.decision === 'approve'
        ? sql`UPDATE contract_orders SET status = 'pending', paid_at = ${iso(nowMs)}::timestamptz,
              ${effectiveDays(nowMs)}, ${reviewed}
            WHERE id = ${input.orderId}::bigint AND status = 'review'
            RETURNING id::text AS id, product_id::text AS product_id, quantity`
        : sql`UPDATE contract_orders SET status = 'reject', reject_reason = ${decision.reason},
              ${reviewed}
            WHERE id = ${input.orderId}::bigint AND status = 'review'
            RETURNING id::text AS id, product_id::text AS product_id, quantity`,
    );
    if (rows.length === 0) badField('order_id', 'This order is not waiting for review');
    if (decision.decision === 'reject') await releaseUnits(tx, rows);
    await recordAudit(tx, {
      actorId: input.operatorId,
      action:
        decision.decision === 'approve' ? 'contracts.order_approve' : 'contracts.order_reject',
      targetType: 'contract_order',
      targetId: input.orderId,
      details: decision.decision === 'approve' ? {} : { reason: decision.reason },
      ip: input.ip,
      nowMs,
    });
  });
  const row = await readOrderRow(database.db, input.orderId, null);
  return {
    ...(await orderAnswer(database.db, row, input.baseUrl, nowMs, new Map())),
    username: row.username,
  };
}

// ---------------------------------------------------------------------------------------------
// Mining days
// ---------------------------------------------------------------------------------------------

/** What one {@link advanceOrders} pass did. */
export interface AdvanceOutcome {
  readonly started: number;
  readonly credited: number;
  readonly finished: number;
}

/** Days credited per pass at most (a long outage catches up over the next minutes). */
const DAYS_PER_PASS = 500;

/**
 * Moves orders along the clock and credits their mining days:
 *
 * 1. `pending` orders whose effective date has come turn `effect`.
 * 2. Each closed mining day of an `effect` order that is not credited yet is credited once
 *    the pool has settled that day (its PPS+ unit output is then final), or, for a day no
 *    settlement ever covers (nobody mined), once the day after it has closed too. Each day is
 *    one transaction: a `contract_order_days` row (primary key order + day) and, when the net
 *    is above 0, a ledger record `contract:<order id>:<day>` from the pool's
 *    `contract_payouts` to the order's account; a second run finds the row and does nothing.
 * 3. `effect` orders whose every day is credited turn `finish`.
 */
export async function advanceOrders(database: Database, nowMs: number): Promise<AdvanceOutcome> {
  const today = utcDay(nowMs);
  const yesterday = addDays(today, -1);
  const started = await queryRows<{ id: string }>(
    database.db,
    sql`UPDATE contract_orders SET status = 'effect'
        WHERE status = 'pending' AND effective_date <= ${today}::date RETURNING id::text AS id`,
  );
  const due = await queryRows<{
    id: string;
    day: string;
    coin: string;
    account_id: string;
    quantity: unknown;
    unit_hashrate: unknown;
    electricity_fee: string;
    management_fee_percent: string;
  }>(
    database.db,
    sql`SELECT o.id::text AS id, to_char(d.day, 'YYYY-MM-DD') AS day, o.coin,
          o.account_id::text AS account_id, o.quantity, o.unit_hashrate,
          o.electricity_fee::text AS electricity_fee,
          o.management_fee_percent::text AS management_fee_percent
        FROM contract_orders o
        CROSS JOIN LATERAL generate_series(o.effective_date,
          LEAST(o.end_date - 1, ${yesterday}::date), interval '1 day') AS d(day)
        WHERE o.status = 'effect'
          AND NOT EXISTS (SELECT 1 FROM contract_order_days x
            WHERE x.order_id = o.id AND x.day = d.day::date)
          AND (d.day::date < ${yesterday}::date OR EXISTS (SELECT 1 FROM settlements s
            WHERE s.pool = o.coin AND s.day = d.day::date))
        ORDER BY d.day, o.id LIMIT ${DAYS_PER_PASS}`,
  );
  const unitOutputs = new Map<string, string>();
  let credited = 0;
  for (const row of due) {
    const pool = contractPool(row.coin);
    if (pool === undefined) continue;
    const key = `${pool.name}:${row.day}`;
    let unitOutput = unitOutputs.get(key);
    if (unitOutput === undefined) {
      unitOutput = await ppsUnitOutput(database.db, pool, row.day);
      unitOutputs.set(key, unitOutput);
    }
    const quantity = toNumber(row.quantity);
    const unitHashrate = toNumber(row.unit_hashrate);
    const output = contractDayOutput({
      unitOutput,
      poolUnitHashrate: pool.params.unitHashrate,
      unitHashrate,
      quantity,
      electricityFeePerUnit: row.electricity_fee,
      managementFeePercent: row.management_fee_percent,
      decimals: transferDecimals(pool.coin),
    });
    const wrote = await inLedgerTransaction(database, async (tx) => {
      const inserted = await queryRows<{ order_id: string }>(
        tx,
        sql`INSERT INTO contract_order_days (order_id, day, power, unit_output, gross,
              electricity_fee, management_fee, net, shortfall)
            VALUES (${row.id}::bigint, ${row.day}::date, ${unitHashrate * quantity},
              ${unitOutput}::numeric, ${output.gross}::numeric, ${output.electricityFee}::numeric,
              ${output.managementFee}::numeric, ${output.net}::numeric,
              ${output.shortfall}::numeric)
            ON CONFLICT (order_id, day) DO NOTHING RETURNING order_id::text AS order_id`,
      );
      if (inserted.length === 0) return false;
      if (new Big(output.net).gt(0)) {
        const [posted] = await postLedgerRecords(
          tx,
          [
            {
              type: 'contract',
              status: 'successful',
              coin: pool.coin,
              reference: `contract:${row.id}:${row.day}`,
              miningDay: row.day,
              note: `Contract order ${row.id}`,
              legs: [
                {
                  holder: { kind: 'mining_account', miningAccountId: row.account_id },
                  coin: pool.coin,
                  amount: output.net,
                },
                {
                  holder: { kind: 'system', name: 'contract_payouts' },
                  coin: pool.coin,
                  amount: `-${output.net}`,
                },
              ],
            },
          ],
          nowMs,
        );
        if (posted?.posted === true) {
          await queryRows(
            tx,
            sql`UPDATE contract_order_days SET ledger_transaction_id = ${posted.id}::bigint
                WHERE order_id = ${row.id}::bigint AND day = ${row.day}::date RETURNING day`,
          );
        }
      }
      return true;
    });
    if (wrote) credited += 1;
  }
  const finished = await queryRows<{ id: string }>(
    database.db,
    sql`UPDATE contract_orders o SET status = 'finish'
        WHERE o.status = 'effect' AND o.end_date <= ${today}::date
          AND (SELECT count(*) FROM contract_order_days d WHERE d.order_id = o.id)
            >= o.duration_days
        RETURNING o.id::text AS id`,
  );
  return { started: started.length, credited, finished: finished.length };
}

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

/** An order's mining days, newest first, with its totals. */
export async function readOrderProfits(
  executor: SqlExecutor,
  userId: string,
  orderId: string,
  query: PageQuery,
) {
  await readOrderRow(executor, orderId, userId);
  const [totals] = await queryRows<{ total: unknown; amount: string; net: string }>(
    executor,
    sql`SELECT count(*)::int AS total, COALESCE(sum(gross), 0)::text AS amount,
          COALESCE(sum(net), 0)::text AS net
        FROM contract_order_days WHERE order_id = ${orderId}::bigint`,
  );
  const rows = await queryRows<{
    day: string;
    power: unknown;
    gross: string;
    electricity_fee: string;
    management_fee: string;
    net: string;
  }>(
    executor,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, power, gross::text AS gross,
          electricity_fee::text AS electricity_fee, management_fee::text AS management_fee,
          net::text AS net
        FROM contract_order_days WHERE order_id = ${orderId}::bigint ORDER BY day DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map((row) => ({
      date: row.day,
      power: toNumber(row.power),
      amount: toDecimalString(row.gross),
      electricity_fee: toDecimalString(row.electricity_fee),
      management_fee: toDecimalString(row.management_fee),
      net_amount: toDecimalString(row.net),
    })),
    total: toNumber(totals?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
    total_amount: toDecimalString(totals?.amount ?? '0'),
    total_net_amount: toDecimalString(totals?.net ?? '0'),
  };
}

/** The user's contracts per coin: active orders and hashrate, yesterday's and total output. */
export async function readDashboard(executor: SqlExecutor, userId: string, nowMs: number) {
  const yesterday = utcDay(nowMs - DAY_MS);
  const rows = await queryRows<{
    coin: string;
    active: unknown;
    power: unknown;
    yesterday: string;
    total: string;
  }>(
    executor,
    sql`SELECT o.coin,
          count(*) FILTER (WHERE o.status = 'effect')::int AS active,
          COALESCE(sum(o.unit_hashrate * o.quantity) FILTER (WHERE o.status = 'effect'), 0)
            AS power,
          COALESCE(sum((SELECT sum(d.net) FROM contract_order_days d
            WHERE d.order_id = o.id AND d.day = ${yesterday}::date)), 0)::text AS yesterday,
          COALESCE(sum((SELECT sum(d.net) FROM contract_order_days d
            WHERE d.order_id = o.id)), 0)::text AS total
        FROM contract_orders o
        WHERE o.user_id = ${userId}::bigint AND o.status IN ('pending', 'effect', 'finish')
        GROUP BY o.coin ORDER BY o.coin`,
  );
  return {
    list: rows.map((row) => ({
      coin: row.coin as CoinId,
      active_orders: toNumber(row.active),
      power: toNumber(row.power),
      yesterday_net_amount: toDecimalString(row.yesterday),
      total_net_amount: toDecimalString(row.total),
    })),
  };
}
