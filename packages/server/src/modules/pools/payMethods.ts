import {
  ERROR_CODES,
  PAY_METHOD_LOCK_MS,
  type PayMethod,
  payMethodChangeAllowed,
  payMethodUnlocksAtMs,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { PoolDefinition } from '../../engine/poolCatalog';
import { queryRows, type SqlExecutor, toNullableNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { notifyAccountSettingUpdate } from '../notifications/messages';
import type { AccountRef } from './access';
import { isoTime } from './queries';

function toPayMethod(
  pool: PoolDefinition,
  method: string | undefined,
  changedMs: number | null,
  nowMs: number,
): PayMethod {
  const unlocks = payMethodUnlocksAtMs(changedMs);
  return {
    pool: pool.name,
    pay_method: method === 'SOLO' ? 'SOLO' : 'PPS+',
    available: [...pool.payoutModels],
    changed_at: changedMs === null ? null : isoTime(changedMs),
    locked_until:
      unlocks === null || payMethodChangeAllowed(changedMs, nowMs) ? null : isoTime(unlocks),
  };
}

/** An account's settlement method on a pool (PPS+ until changed). */
export async function readPayMethod(
  db: SqlExecutor,
  pool: PoolDefinition,
  account: AccountRef,
  nowMs: number,
): Promise<PayMethod> {
  const rows = await queryRows<{ pay_method: string; changed_ms: unknown }>(
    db,
    sql`SELECT pay_method, changed_ms::float8 AS changed_ms FROM account_pay_methods
      WHERE account_id = ${account.id} AND pool = ${pool.name}`,
  );
  const row = rows[0];
  return toPayMethod(pool, row?.pay_method, toNullableNumber(row?.changed_ms), nowMs);
}

/**
 * Changes the settlement method, atomically: the upsert only applies when the method differs
 * and the last change is at least 24 hours old, so two concurrent changes cannot both pass the
 * lock. Asking for the current method changes nothing (and starts no lock). A locked change is
 * HTTP 400 code 40006 naming `pay_method`.
 */
export async function changePayMethod(
  db: SqlExecutor,
  pool: PoolDefinition,
  account: AccountRef,
  method: 'PPS+' | 'SOLO',
  nowMs: number,
): Promise<PayMethod> {
  if (!pool.payoutModels.includes(method)) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      `pay_method: ${method} is not offered by this pool`,
      {
        fields: [{ field: 'pay_method', message: `${method} is not offered by this pool` }],
      },
    );
  }
  const current = await readPayMethod(db, pool, account, nowMs);
  if (current.pay_method === method) return current;
  const changed = await queryRows<{ pay_method: string; changed_ms: unknown }>(
    db,
    sql`INSERT INTO account_pay_methods (account_id, pool, pay_method, changed_ms)
      VALUES (${account.id}, ${pool.name}, ${method}, ${nowMs}::bigint)
      ON CONFLICT (account_id, pool) DO UPDATE SET pay_method = excluded.pay_method,
        changed_ms = excluded.changed_ms
      WHERE account_pay_methods.pay_method <> excluded.pay_method
        AND (account_pay_methods.changed_ms IS NULL
          OR account_pay_methods.changed_ms <= ${nowMs - PAY_METHOD_LOCK_MS}::bigint)
      RETURNING pay_method, changed_ms::float8 AS changed_ms`,
  );
  const row = changed[0];
  if (row === undefined) {
    const now = await readPayMethod(db, pool, account, nowMs);
    if (now.pay_method === method) return now;
    throw new HttpError(
      400,
      ERROR_CODES.payMethodLocked,
      `pay_method: The settlement method cannot be changed again until ${now.locked_until ?? 'later'}`,
      { fields: [{ field: 'pay_method', message: 'Changed less than 24 hours ago' }] },
    );
  }
  await notifyAccountSettingUpdate(db, account, 'payMethod', nowMs, pool.name);
  return toPayMethod(pool, row.pay_method, toNullableNumber(row.changed_ms), nowMs);
}
