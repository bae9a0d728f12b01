/**
 * Contract products (spec section 2): what users see on sale, with each unit's estimated day
 * earnings, and what operators add and change (checked against the pools and the machine
 * catalogue, audited).
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { AnswerOf, CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { badField, notFound } from '../../domain/errors';
import { offsetOf, type Page, type PageQuery } from '../../domain/paging';
import { queryRows, type SqlExecutor, toDecimalString, toNumber } from '../../engine/sql';
import { recordAudit } from '../admin/audit';
import { CATALOGUE_MACHINES } from '../catalogue/catalogueData';
import type { PriceSnapshot } from '../prices/service';
import { transferDecimals } from '../wallet/transfer';
import { estimateDayEarnings } from './estimates';
import { contractPool, ID_PATTERN } from './shared';

/** A product as users see it. */
export type ProductAnswer = AnswerOf<'contractProduct'>;

/** A product as operators see it: with its pay address and sale switch. */
export type AdminProductAnswer = AnswerOf<'createContractProduct'>;

/** A product's terms text in each interface language. */
type TermsText = ProductAnswer['terms'];

/** The columns of a product row (`contract_products p`) that {@link ProductRow} reads. */
export const productColumns = sql`p.id::text AS id, p.name, p.coin, p.miner, p.unit_hashrate,
  p.price::text AS price, p.electricity_fee::text AS electricity_fee,
  p.management_fee_percent::text AS management_fee_percent, p.duration_days,
  p.effective_delay_days, p.inventory, p.pay_address, p.terms, p.on_sale`;

/** A product as {@link productColumns} selects it. */
export interface ProductRow extends Record<string, unknown> {
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
  const earnings = await estimateDayEarnings(
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
        ORDER BY p.id LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
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
  if (!ID_PATTERN.test(id)) notFound('id', 'No such product');
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
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
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
  if (!ID_PATTERN.test(input.id)) notFound('id', 'No such product');
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
