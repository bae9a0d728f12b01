import { sql } from 'drizzle-orm';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { readPage } from '../../db/readPage';
import { iso, isoSeconds } from '../../db/sql';
import { offsetOf, type Page, type PageQuery } from '../../domain/paging';
import { findPool } from '../../engine/poolCatalog';
import {
  chunks,
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
  valuesList,
} from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { recordAudit } from '../admin/audit';
import { newCouponCode } from './codes';
import type { CouponState } from './service';

/** What an operator issues (core's `issueCouponsBodySchema`, parsed). */
export interface CouponIssue {
  readonly fee_reduction_percent: string;
  readonly coin?: CoinId | null | undefined;
  readonly validity_days: number;
  readonly use_before: string;
  readonly count: number;
  readonly note?: string | undefined;
}

/** A batch as operators see it. */
export type CouponBatchAnswer = AnswerOf<'adminCouponBatches'>['list'][number];

/** One code of a batch. */
export type CouponCodeAnswer = AnswerOf<'adminCouponCodes'>['list'][number];

function fieldError(status: number, code: number, field: string, message: string): HttpError {
  return new HttpError(status, code, `${field}: ${message}`, { fields: [{ field, message }] });
}

const batchColumns = sql`b.id::text AS id, b.fee_reduction_percent, b.coin, b.validity_days,
  (extract(epoch from b.use_before) * 1000)::float8 AS use_before_ms, b.count,
  (SELECT count(*)::int FROM coupons c WHERE c.batch_id = b.id AND c.user_id IS NOT NULL)
    AS redeemed,
  b.note, u.username AS created_by, (extract(epoch from b.created_at) * 1000)::float8 AS created_ms`;

interface BatchRow extends Record<string, unknown> {
  id: string;
  fee_reduction_percent: unknown;
  coin: string | null;
  validity_days: unknown;
  use_before_ms: unknown;
  count: unknown;
  redeemed: unknown;
  note: string | null;
  created_by: string;
  created_ms: unknown;
}

function batchAnswer(row: BatchRow): CouponBatchAnswer {
  return {
    id: row.id,
    fee_reduction_percent: toDecimalString(row.fee_reduction_percent),
    coin: row.coin as CoinId | null,
    validity_days: toNumber(row.validity_days),
    use_before: isoSeconds(toNumber(row.use_before_ms)),
    count: toNumber(row.count),
    redeemed: toNumber(row.redeemed),
    note: row.note,
    created_by: row.created_by,
    created_at: isoSeconds(toNumber(row.created_ms)),
  };
}

async function readBatch(executor: SqlExecutor, batchId: string): Promise<CouponBatchAnswer> {
  const [row] = await queryRows<BatchRow>(
    executor,
    sql`SELECT ${batchColumns} FROM coupon_batches b JOIN users u ON u.id = b.created_by
        WHERE b.id = ${batchId}::bigint`,
  );
  if (row === undefined) throw fieldError(404, ERROR_CODES.notFound, 'batch_id', 'No such batch');
  return batchAnswer(row);
}

/** How many times the codes still missing are drawn again after a collision. */
const maxCodeRounds = 5;

/**
 * Issues a batch of coupon codes and writes its audit entry (`coupons.issue`, target the
 * batch, details the batch's terms; never the codes) in one transaction. 400 naming
 * `use_before` when it is not later than now, or `coin` for a coin no account pool mines.
 * Resolves the batch and its codes in the order they were issued.
 */
export async function issueCoupons(
  database: Database,
  input: {
    readonly operatorId: string;
    readonly issue: CouponIssue;
    readonly ip: string | null;
    readonly nowMs: number;
  },
): Promise<AnswerOf<'issueCoupons'>> {
  const { issue, nowMs } = input;
  const coin = issue.coin ?? null;
  // NaN (a date no calendar has) fails too, before PostgreSQL could refuse it.
  if (!(Date.parse(issue.use_before) > nowMs)) {
    throw fieldError(
      400,
      ERROR_CODES.validation,
      'use_before',
      'The use-before date must be later than now',
    );
  }
  if (coin !== null) {
    const pool = findPool(coin);
    if (pool === undefined || pool.addressMining) {
      throw fieldError(400, ERROR_CODES.validation, 'coin', 'No account pool mines this coin');
    }
  }
  const note = issue.note === undefined || issue.note === '' ? null : issue.note;
  return database.db.transaction(async (tx) => {
    const [batch] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO coupon_batches (fee_reduction_percent, coin, validity_days, use_before, count,
            note, created_by, created_at)
          VALUES (${issue.fee_reduction_percent}::numeric, ${coin}, ${issue.validity_days},
            ${issue.use_before}::timestamptz, ${issue.count}, ${note},
            ${input.operatorId}::bigint, ${iso(nowMs)}::timestamptz)
          RETURNING id::text AS id`,
    );
    if (batch === undefined) throw new Error('The new batch was not returned');
    const codes: string[] = [];
    for (let round = 0; codes.length < issue.count; round += 1) {
      if (round === maxCodeRounds) throw new Error('Could not draw unique coupon codes');
      const drawn = new Set<string>();
      while (drawn.size < issue.count - codes.length) drawn.add(newCouponCode());
      for (const part of chunks([...drawn], 200)) {
        const inserted = await queryRows<{ code: string }>(
          tx,
          sql`INSERT INTO coupons (batch_id, code)
              VALUES ${valuesList(part.map((code) => [sql`${batch.id}::bigint`, code]))}
              ON CONFLICT (code) DO NOTHING RETURNING code`,
        );
        codes.push(...inserted.map((row) => row.code));
      }
    }
    await recordAudit(tx, {
      actorId: input.operatorId,
      action: 'coupons.issue',
      targetType: 'coupon_batch',
      targetId: batch.id,
      details: {
        count: issue.count,
        fee_reduction_percent: issue.fee_reduction_percent,
        coin,
        validity_days: issue.validity_days,
        use_before: isoSeconds(Date.parse(issue.use_before)),
        note,
      },
      ip: input.ip,
      nowMs,
    });
    return { ...(await readBatch(tx, batch.id)), codes };
  });
}

/** The batches, newest first. */
export async function readCouponBatches(
  executor: SqlExecutor,
  query: PageQuery,
): Promise<Page<CouponBatchAnswer>> {
  return readPage(
    executor,
    query,
    {
      count: sql`SELECT count(*)::int AS total FROM coupon_batches`,
      rows: sql`SELECT ${batchColumns} FROM coupon_batches b JOIN users u ON u.id = b.created_by
        ORDER BY b.created_at DESC, b.id DESC`,
    },
    batchAnswer,
  );
}

/** A batch's codes in the order they were issued; 404 naming `batch_id` for none. */
export async function readCouponCodes(
  executor: SqlExecutor,
  batchId: string,
  query: PageQuery,
): Promise<Page<CouponCodeAnswer>> {
  if (!/^\d{1,18}$/.test(batchId)) {
    throw fieldError(404, ERROR_CODES.notFound, 'batch_id', 'No such batch');
  }
  const batch = await readBatch(executor, batchId);
  const rows = await queryRows<{
    code: string;
    status: string;
    redeemed_by: string | null;
    redeemed_ms: unknown;
    account: string | null;
  }>(
    executor,
    sql`SELECT c.code, c.status, u.username AS redeemed_by,
          (extract(epoch from c.redeemed_at) * 1000)::float8 AS redeemed_ms, a.name AS account
        FROM coupons c
        LEFT JOIN users u ON u.id = c.user_id
        LEFT JOIN mining_accounts a ON a.id = c.account_id
        WHERE c.batch_id = ${batchId}::bigint
        ORDER BY c.id
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  return {
    list: rows.map((row) => {
      const redeemed = toNullableNumber(row.redeemed_ms);
      const status = row.status as CouponState;
      return {
        code: row.code,
        status: redeemed === null && status === 'unused' ? 'available' : status,
        redeemed_by: row.redeemed_by,
        redeemed_at: redeemed === null ? null : isoSeconds(redeemed),
        account: row.account,
      };
    }),
    total: batch.count,
    page: query.page,
    page_size: query.page_size,
  };
}
