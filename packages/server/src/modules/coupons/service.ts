import { sql } from 'drizzle-orm';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { readPage } from '../../db/readPage';
import { iso, isoSeconds } from '../../db/sql';
import type { Page, PageQuery } from '../../domain/paging';
import { findPool } from '../../engine/poolCatalog';
import { dayStartMs, utcDay } from '../../engine/settlement';
import {
  execute,
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
} from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { normaliseCouponCode } from './codes';

const DAY_MS = 86_400_000;

/** A coupon as the user calls answer it. */
export type CouponAnswer = AnswerOf<'coupon'>;

/** A coupon state. */
export type CouponState = CouponAnswer['status'];

/** An error of one field: `msg` is `<field>: <message>` and `fields` names it. */
function fieldError(status: number, code: number, field: string, message: string): HttpError {
  return new HttpError(status, code, `${field}: ${message}`, { fields: [{ field, message }] });
}

/** Ids are bigserials: anything else names no row (and never reaches a `::bigint` cast). */
function isRowId(id: string): boolean {
  return /^\d{1,18}$/.test(id);
}

const couponColumns = sql`c.id::text AS id, c.batch_id::text AS batch_id, c.code,
  b.fee_reduction_percent, COALESCE(c.coin, b.coin) AS coin, a.name AS account, b.validity_days,
  (extract(epoch from b.use_before) * 1000)::float8 AS use_before_ms,
  (extract(epoch from c.started_at) * 1000)::float8 AS started_ms,
  (extract(epoch from c.ends_at) * 1000)::float8 AS ends_ms,
  c.status, (extract(epoch from c.redeemed_at) * 1000)::float8 AS redeemed_ms`;

const couponFrom = sql`coupons c JOIN coupon_batches b ON b.id = c.batch_id
  LEFT JOIN mining_accounts a ON a.id = c.account_id`;

interface CouponRow extends Record<string, unknown> {
  id: string;
  batch_id: string;
  code: string;
  fee_reduction_percent: unknown;
  coin: string | null;
  account: string | null;
  validity_days: unknown;
  use_before_ms: unknown;
  started_ms: unknown;
  ends_ms: unknown;
  status: string;
  redeemed_ms: unknown;
}

function couponAnswer(row: CouponRow): CouponAnswer {
  const started = toNullableNumber(row.started_ms);
  const ends = toNullableNumber(row.ends_ms);
  return {
    id: row.id,
    batch_id: row.batch_id,
    code: row.code,
    fee_reduction_percent: toDecimalString(row.fee_reduction_percent),
    coin: row.coin as CoinId | null,
    account: row.account,
    validity_days: toNumber(row.validity_days),
    use_before: isoSeconds(toNumber(row.use_before_ms)),
    started_at: started === null ? null : isoSeconds(started),
    ends_at: ends === null ? null : isoSeconds(ends),
    status: row.status as CouponState,
    redeemed_at: isoSeconds(toNumber(row.redeemed_ms)),
  };
}

async function readOwnCoupon(
  executor: SqlExecutor,
  userId: string,
  couponId: string,
  lock = false,
): Promise<CouponAnswer> {
  const notFound = fieldError(404, ERROR_CODES.notFound, 'coupon_id', 'No such coupon');
  if (!isRowId(couponId)) throw notFound;
  const [row] = await queryRows<CouponRow>(
    executor,
    sql`SELECT ${couponColumns} FROM ${couponFrom}
        WHERE c.id = ${couponId}::bigint AND c.user_id = ${userId}::bigint
        ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  if (row === undefined) throw notFound;
  return couponAnswer(row);
}

// ---------------------------------------------------------------------------------------------
// State changes off the clock
// ---------------------------------------------------------------------------------------------

/**
 * Moves coupons on at `nowMs`: `unused` ones (redeemed or not) whose use-before date has come
 * become `expired`; `in_use` ones whose period has ended become `used`. Idempotent and safe on
 * several nodes at once (each row moves once, by a conditional update). Resolves the counts.
 */
export async function advanceCoupons(
  executor: SqlExecutor,
  nowMs: number,
): Promise<{ expired: number; used: number }> {
  const now = iso(nowMs);
  const expired = await queryRows<{ id: string }>(
    executor,
    sql`UPDATE coupons c SET status = 'expired', status_changed_at = ${now}::timestamptz
        FROM coupon_batches b
        WHERE b.id = c.batch_id AND c.status = 'unused' AND b.use_before <= ${now}::timestamptz
        RETURNING c.id::text AS id`,
  );
  const used = await queryRows<{ id: string }>(
    executor,
    sql`UPDATE coupons SET status = 'used', status_changed_at = ${now}::timestamptz
        WHERE status = 'in_use' AND ends_at <= ${now}::timestamptz
        RETURNING id::text AS id`,
  );
  return { expired: expired.length, used: used.length };
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/**
 * Of `codes` (as typed anywhere: normalised here), the ones a user could redeem at `nowMs`:
 * the code exists, nobody has redeemed it, it is unused and its use-before date is ahead. An
 * event page advertises only these (issue 27: a page must never show a code that answers
 * "does not exist" or "has been redeemed").
 */
export async function redeemableCouponCodes(
  database: Database,
  codes: readonly string[],
  nowMs: number,
): Promise<Set<string>> {
  const wanted = [...new Set(codes.map(normaliseCouponCode))];
  if (wanted.length === 0) return new Set();
  const rows = await queryRows<{ code: string }>(
    database.db,
    sql`SELECT c.code FROM coupons c JOIN coupon_batches b ON b.id = c.batch_id
        WHERE c.code IN (${sql.join(
          wanted.map((code) => sql`${code}`),
          sql`, `,
        )})
          AND c.user_id IS NULL AND c.status = 'unused'
          AND b.use_before > ${iso(nowMs)}::timestamptz`,
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * Redeems a code for a user: one code, one coupon, whoever comes first. 404 naming `code` when
 * no such code exists, 409 when it was redeemed already (by anyone), 400 when its use-before
 * date has passed.
 */
export async function redeemCoupon(
  database: Database,
  userId: string,
  typedCode: string,
  nowMs: number,
): Promise<CouponAnswer> {
  const code = normaliseCouponCode(typedCode);
  return database.db.transaction(async (tx) => {
    const [found] = await queryRows<{
      id: string;
      user_id: string | null;
      status: string;
      use_before_ms: unknown;
    }>(
      tx,
      sql`SELECT c.id::text AS id, c.user_id::text AS user_id, c.status,
            (extract(epoch from b.use_before) * 1000)::float8 AS use_before_ms
          FROM coupons c JOIN coupon_batches b ON b.id = c.batch_id
          WHERE c.code = ${code} FOR UPDATE OF c`,
    );
    if (found === undefined) {
      throw fieldError(404, ERROR_CODES.notFound, 'code', 'This coupon code does not exist');
    }
    if (found.user_id !== null) {
      throw fieldError(409, ERROR_CODES.conflict, 'code', 'This coupon code has been redeemed');
    }
    if (found.status !== 'unused' || toNumber(found.use_before_ms) <= nowMs) {
      throw fieldError(400, ERROR_CODES.validation, 'code', 'This coupon code has expired');
    }
    await execute(
      tx,
      sql`UPDATE coupons SET user_id = ${userId}::bigint, redeemed_at = ${iso(nowMs)}::timestamptz
          WHERE id = ${found.id}::bigint AND user_id IS NULL`,
    );
    return readOwnCoupon(tx, userId, found.id);
  });
}

/**
 * Starts a coupon (unused → in use) on one of the user's accounts and a coin: from now, for
 * `validity_days` UTC days counting today, so it ends at 00:00 UTC after the last. 404 naming
 * `coupon_id` or `account` for what the user does not own; 400 naming `coin` for a coin without
 * an account pool or other than the coupon's; 409 naming `coupon_id` when it is not unused (or
 * its use-before date has passed), or `account` when another coupon is in use there for that
 * coin.
 */
export async function startCoupon(
  database: Database,
  input: {
    readonly userId: string;
    readonly couponId: string;
    readonly account: string;
    readonly coin: CoinId;
    readonly nowMs: number;
  },
): Promise<CouponAnswer> {
  const { userId, couponId, nowMs } = input;
  const pool = findPool(input.coin);
  if (pool === undefined || pool.addressMining) {
    throw fieldError(400, ERROR_CODES.validation, 'coin', 'No account pool mines this coin');
  }
  try {
    return await database.db.transaction(async (tx) => {
      const coupon = await readOwnCoupon(tx, userId, couponId, true);
      if (coupon.status !== 'unused') {
        throw fieldError(409, ERROR_CODES.conflict, 'coupon_id', `The coupon is ${coupon.status}`);
      }
      if (Date.parse(coupon.use_before) <= nowMs) {
        throw fieldError(409, ERROR_CODES.conflict, 'coupon_id', 'The coupon has expired');
      }
      if (coupon.coin !== null && coupon.coin !== input.coin) {
        throw fieldError(
          400,
          ERROR_CODES.validation,
          'coin',
          `This coupon reduces the fee of ${coupon.coin.toUpperCase()} only`,
        );
      }
      const [account] = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id::text AS id FROM mining_accounts
            WHERE user_id = ${userId}::bigint AND name = ${input.account}`,
      );
      if (account === undefined) {
        throw fieldError(404, ERROR_CODES.notFound, 'account', 'No such mining account');
      }
      // A coupon whose period ended before the minute job noticed is done: it frees the place.
      await execute(
        tx,
        sql`UPDATE coupons SET status = 'used', status_changed_at = ${iso(nowMs)}::timestamptz
            WHERE account_id = ${account.id}::bigint AND coin = ${input.coin}
              AND status = 'in_use' AND ends_at <= ${iso(nowMs)}::timestamptz`,
      );
      const [busy] = await queryRows<{ ends_ms: unknown }>(
        tx,
        sql`SELECT (extract(epoch from ends_at) * 1000)::float8 AS ends_ms FROM coupons
            WHERE account_id = ${account.id}::bigint AND coin = ${input.coin} AND status = 'in_use'`,
      );
      if (busy !== undefined) throw anotherInUse(isoSeconds(toNumber(busy.ends_ms)));
      const endsMs = dayStartMs(utcDay(nowMs)) + coupon.validity_days * DAY_MS;
      await execute(
        tx,
        sql`UPDATE coupons SET status = 'in_use', account_id = ${account.id}::bigint,
              coin = ${input.coin}, started_at = ${iso(nowMs)}::timestamptz,
              ends_at = ${iso(endsMs)}::timestamptz, status_changed_at = ${iso(nowMs)}::timestamptz
            WHERE id = ${couponId}::bigint AND status = 'unused'`,
      );
      return readOwnCoupon(tx, userId, couponId);
    });
  } catch (error) {
    // Two coupons started on the same account and coin at the same moment: the index decides.
    if (isUniqueViolation(error)) throw anotherInUse(null);
    throw error;
  }
}

function anotherInUse(until: string | null): HttpError {
  return fieldError(
    409,
    ERROR_CODES.conflict,
    'account',
    until === null
      ? 'Another coupon is in use on this account for this coin'
      : `Another coupon is in use on this account for this coin until ${until}`,
  );
}

/** One of the user's coupons; 404 naming `coupon_id` for another's or none. */
export function readUserCoupon(
  executor: SqlExecutor,
  userId: string,
  couponId: string,
): Promise<CouponAnswer> {
  return readOwnCoupon(executor, userId, couponId);
}

/** The user's coupons, newest redeemed first, optionally in one state. */
export async function readUserCoupons(
  executor: SqlExecutor,
  userId: string,
  query: PageQuery & { readonly status?: CouponState | undefined },
): Promise<Page<CouponAnswer>> {
  const status = query.status === undefined ? sql`` : sql`AND c.status = ${query.status}`;
  return readPage(
    executor,
    query,
    {
      count: sql`SELECT count(*)::int AS total FROM coupons c WHERE c.user_id = ${userId}::bigint ${status}`,
      rows: sql`SELECT ${couponColumns} FROM ${couponFrom}
        WHERE c.user_id = ${userId}::bigint ${status}
        ORDER BY c.redeemed_at DESC, c.id DESC`,
    },
    couponAnswer,
  );
}

/** One settled day a coupon saved fee on. */
export type CouponItemAnswer = AnswerOf<'couponItems'>['list'][number];

/**
 * The fee a coupon saved, one settled day per item, newest first: the fee without it
 * (`fee_before`) and what it took off (`fee_saved`). 404 naming `coupon_id` for another's.
 */
export async function readCouponItems(
  executor: SqlExecutor,
  userId: string,
  couponId: string,
  query: PageQuery,
): Promise<Page<CouponItemAnswer>> {
  await readOwnCoupon(executor, userId, couponId);
  return readPage(
    executor,
    query,
    {
      count: sql`SELECT count(*)::int AS total FROM profit_days
        WHERE coupon_id = ${couponId}::bigint AND status = 'settled'`,
      rows: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, pool, miner, fee + fee_saved AS fee_before,
          fee_saved FROM profit_days
        WHERE coupon_id = ${couponId}::bigint AND status = 'settled'
        ORDER BY day DESC, pool`,
    },
    (row: {
      day: string;
      pool: string;
      miner: string;
      fee_before: unknown;
      fee_saved: unknown;
    }) => ({
      id: row.day,
      date: row.day,
      coin: (findPool(row.pool)?.coin ?? row.pool) as CoinId,
      account: row.miner,
      fee_before: toDecimalString(row.fee_before),
      fee_saved: toDecimalString(row.fee_saved),
    }),
  );
}
