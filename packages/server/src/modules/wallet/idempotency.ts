/**
 * Idempotency keys of money-moving calls (`idempotency_keys`, keyed by user and key). The
 * first successful answer under a key is stored in the transaction that moves the money, so
 * it exists exactly when the money moved; a repeat gets that answer back and moves nothing. A
 * repeat that arrives while the first is still running waits for it on the key's row (the
 * claim's unique index), then reads its answer. Answers that are errors are not stored: the
 * transaction rolls back with its claim, so a retry after a refusal (a wrong pay password, too
 * little balance) runs again and, if nothing changed, is refused again.
 *
 * A call runs as {@link answerOnce}: a repeat that overtakes the first in its checks (it finds
 * the first's validation spent, its quote used) is not refused for that, but waits for the first
 * and gets its answer. Waiting, not a 409 "in progress": the first's transaction holds no
 * outside call (the chain is paid later, by the withdrawal job), so the wait is as short as one
 * ledger transaction, and a client retrying on a timeout gets the answer it was waiting for.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { isRefusal } from '../../http/isRefusal';
import { inLedgerTransaction } from './ledger';

/** How long a key is kept: a retry later than this runs as a new call. */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 3_600_000;

/** One idempotent call: who, under which key, to which endpoint, with which fields. */
export interface IdempotentCall {
  readonly userId: string;
  readonly key: string;
  /** The endpoint id (`transfer`), so one key cannot serve two kinds of call. */
  readonly endpoint: string;
  /** {@link requestHash} of the call's fields. */
  readonly requestHash: string;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * SHA-256 of the fields that define a call, in a canonical JSON form (sorted keys). Leave out
 * the secrets and single-use proofs (the pay password is encrypted afresh on every try, a
 * retry may carry a new validation token) and the key itself.
 */
export function requestHash(fields: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(fields)))
    .digest('hex');
}

function keyReused(): never {
  const message = 'This idempotency key was used for another request';
  throw new HttpError(409, ERROR_CODES.conflict, message, {
    fields: [{ field: 'idempotency_key', message }],
  });
}

/**
 * The stored answer of an earlier call under the same user and key, or `undefined`. HTTP 409
 * code 40900 naming `idempotency_key` when the key was used for another endpoint or other
 * fields.
 */
export async function findIdempotentAnswer(
  executor: SqlExecutor,
  call: IdempotentCall,
): Promise<unknown> {
  const [row] = await queryRows<{ endpoint: string; request_hash: string; response: unknown }>(
    executor,
    sql`SELECT endpoint, request_hash, response FROM idempotency_keys
        WHERE user_id = ${call.userId}::bigint AND key = ${call.key} AND status > 0`,
  );
  if (row === undefined) return undefined;
  if (row.endpoint !== call.endpoint || row.request_hash !== call.requestHash) keyReused();
  return typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
}

/** Marks "claimed, no answer yet" (never visible outside the claiming transaction). */
const CLAIMED = 0;
/** The status stored with a successful answer. */
const SUCCEEDED = 200;

/**
 * Runs a money-moving `work` once per user and key, in one ledger transaction: claims the key,
 * runs `work`, stores its answer, commits. When the key was claimed meanwhile by a concurrent
 * call, waits for that call and resolves its stored answer instead, with `replayed` true (409
 * when its fields differ).
 * Call it inside {@link answerOnce}, which skips the checks before `work` for a plain repeat.
 */
export async function runIdempotent<T>(
  database: Database,
  call: IdempotentCall,
  nowMs: number,
  work: (tx: SqlExecutor) => Promise<T>,
): Promise<{ answer: T; replayed: boolean }> {
  const outcome = await inLedgerTransaction(database, async (tx) => {
    const claimed = await queryRows<{ key: string }>(
      tx,
      sql`INSERT INTO idempotency_keys (user_id, key, endpoint, request_hash, status, response, created_at)
          VALUES (${call.userId}::bigint, ${call.key}, ${call.endpoint}, ${call.requestHash},
                  ${CLAIMED}, 'null'::json, ${new Date(nowMs).toISOString()}::timestamptz)
          ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    );
    if (claimed.length === 0) return { replay: true as const };
    const answer = await work(tx);
    await execute(
      tx,
      sql`UPDATE idempotency_keys SET status = ${SUCCEEDED}, response = ${JSON.stringify(answer)}::json
          WHERE user_id = ${call.userId}::bigint AND key = ${call.key}`,
    );
    return { replay: false as const, answer };
  });
  if (!outcome.replay) return { answer: outcome.answer, replayed: false };
  const stored = await findIdempotentAnswer(database.db, call);
  if (stored === undefined) throw new Error('An idempotency key was claimed but has no answer');
  return { answer: stored as T, replayed: true };
}

/** Thrown inside {@link settledAnswer}'s probe to roll it back. */
class ProbeRollback extends Error {}

/**
 * The answer stored under `call`'s key once no other call holds the key: first waits for a call
 * that claimed the key and has not committed yet (its claim is invisible, but inserting the same
 * key waits on the unique index until that call commits or rolls back; the probe's own insert is
 * rolled back), then reads the answer. `undefined` when there is none.
 */
export async function settledAnswer(database: Database, call: IdempotentCall): Promise<unknown> {
  await database.db
    .transaction(async (tx) => {
      await execute(
        tx,
        sql`INSERT INTO idempotency_keys (user_id, key, endpoint, request_hash, status, response, created_at)
            VALUES (${call.userId}::bigint, ${call.key}, ${call.endpoint}, ${call.requestHash},
                    ${CLAIMED}, 'null'::json, now())
            ON CONFLICT (user_id, key) DO NOTHING`,
      );
      throw new ProbeRollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof ProbeRollback)) throw error;
    });
  return findIdempotentAnswer(database.db, call);
}

/**
 * Runs a whole idempotent call once per user and key: `run` makes the call's checks and ends in
 * {@link runIdempotent}. A repeat of a call that has answered gets the stored answer at once,
 * without `run`. When `run` fails, the key is looked at again ({@link settledAnswer}, which
 * waits for a call with the same key still running): if that call succeeded, its answer is the
 * answer, so a repeat sent while the first was running never answers a refusal the first
 * caused (its validation spent, its quote used) while the first succeeds. Otherwise the failure
 * stands. 409 naming `idempotency_key` when the key holds another call's answer.
 */
export async function answerOnce<T>(
  database: Database,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<T> {
  const replay = await findIdempotentAnswer(database.db, call);
  if (replay !== undefined) return replay as T;
  try {
    return await run();
  } catch (error) {
    let settled: unknown;
    try {
      settled = await settledAnswer(database, call);
    } catch (lookup) {
      // A key used for another call says more than the refusal; a failed look-up says less.
      if (isRefusal(lookup)) throw lookup;
      throw error;
    }
    if (settled === undefined) throw error;
    return settled as T;
  }
}

/** Deletes keys older than {@link IDEMPOTENCY_KEY_TTL_MS}; resolves how many. */
export async function pruneIdempotencyKeys(database: Database, nowMs: number): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    database.db,
    sql`DELETE FROM idempotency_keys
        WHERE created_at < ${new Date(nowMs - IDEMPOTENCY_KEY_TTL_MS).toISOString()}::timestamptz
        RETURNING key`,
  );
  return rows.length;
}
