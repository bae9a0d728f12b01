import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type AnswerOf, ERROR_CODES } from '../../contract';
import { iso, queryRow, queryRows } from '../../db/sql';
import { HttpError } from '../../http/httpError';
import { deriveKey, safeEqual } from './crypto';
import { codeRefused } from './refusals';

/** A code works for 10 minutes. */
export const CODE_TTL_MS = 10 * 60_000;
/** Another code for the same target and scene may be asked for after 60 s (spec section 9). */
export const CODE_RESEND_MS = 60_000;
/** Tries a code takes: after 5 wrong ones it is void. */
export const CODE_MAX_ATTEMPTS = 5;

/** Where a code goes: an email address or a phone. */
export type CodeChannel = 'email' | 'sms';

/** The stored form of a phone target. */
export function phoneTarget(countryCode: string, phone: string): string {
  return `${countryCode}:${phone}`;
}

async function codeHash(context: AppContext, target: string, scene: string, code: string) {
  return createHmac('sha256', deriveKey(await context.secret(), 'code'))
    .update(`${target}|${scene}|${code}`)
    .digest('base64url');
}

/** Answer of the code-sending calls. */
export type CodeSentAnswer = AnswerOf<'sendCode'>;

/**
 * Makes a 6-digit code for `target` and `scene` and delivers it. HTTP 429 code 42900 (with
 * `Retry-After`) when the last code for the same target and scene is less than 60 s old.
 */
export async function sendVerificationCode(
  context: AppContext,
  channel: CodeChannel,
  target: string,
  scene: string,
): Promise<CodeSentAnswer> {
  const now = context.clock.now();
  const last = await queryRow<{ created_ms: number }>(
    context.database,
    sql`SELECT (extract(epoch from created_at) * 1000)::float8 AS created_ms
        FROM verification_codes
        WHERE channel = ${channel} AND target = ${target} AND scene = ${scene}
        ORDER BY created_at DESC, verification_codes.id DESC LIMIT 1`,
  );
  if (last !== undefined && now - last.created_ms < CODE_RESEND_MS) {
    const wait = Math.max(1, Math.ceil((last.created_ms + CODE_RESEND_MS - now) / 1000));
    throw new HttpError(
      429,
      ERROR_CODES.rateLimited,
      `A code was sent less than 60 s ago; resend_after_s: ${wait}`,
      { headers: { 'retry-after': String(wait) } },
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Older codes of the same target and scene stop working when a new one is sent.
  await context.database.db.execute(
    sql`UPDATE verification_codes SET consumed_at = ${iso(now)}::timestamptz
        WHERE channel = ${channel} AND target = ${target} AND scene = ${scene} AND consumed_at IS NULL`,
  );
  await context.database.db.execute(
    sql`INSERT INTO verification_codes (channel, target, scene, code_hash, created_at, expires_at)
        VALUES (${channel}, ${target}, ${scene}, ${await codeHash(context, target, scene, code)},
                ${iso(now)}::timestamptz, ${iso(now + CODE_TTL_MS)}::timestamptz)`,
  );
  const to = channel === 'email' ? target : `+${target.replace(':', ' ')}`;
  await context.mailer.send(
    {
      channel,
      to,
      subject: `PoolKit verification code (${scene})`,
      text: `Your PoolKit verification code is ${code}. It expires in 10 minutes.`,
    },
    now,
  );
  return { resend_after_s: CODE_RESEND_MS / 1000, expires_in_s: CODE_TTL_MS / 1000 };
}

/** HTTP 400 code 40002 naming `field`: the code is not the one sent, or it is spent. */
function wrongCode(field: string): never {
  codeRefused(field, 'The verification code is wrong or expired');
}

/**
 * Uses up a code: HTTP 400 code 40002 when it is wrong, expired, already used or out of tries.
 * A code takes 5 tries: each is claimed before the code is checked, with one atomic
 * `UPDATE … SET attempts = attempts + 1 … WHERE attempts < 5 RETURNING`, so concurrent tries
 * are counted one by one and never more than 5 are checked; after 5 wrong ones the code is void.
 */
export async function consumeVerificationCode(
  context: AppContext,
  channel: CodeChannel,
  target: string,
  scene: string,
  code: string,
  field = 'code',
): Promise<void> {
  const now = iso(context.clock.now());
  const row = await queryRow<{ id: string; code_hash: string }>(
    context.database,
    sql`UPDATE verification_codes SET attempts = attempts + 1
        WHERE id = (
            SELECT id FROM verification_codes
            WHERE channel = ${channel} AND target = ${target} AND scene = ${scene}
              AND consumed_at IS NULL AND expires_at > ${now}::timestamptz
            ORDER BY created_at DESC, id DESC LIMIT 1)
          AND consumed_at IS NULL AND attempts < ${CODE_MAX_ATTEMPTS}
        RETURNING id::text AS id, code_hash`,
  );
  if (row === undefined) wrongCode(field);
  if (!safeEqual(row.code_hash, await codeHash(context, target, scene, code))) wrongCode(field);
  const used = await queryRows<{ id: string }>(
    context.database,
    sql`UPDATE verification_codes SET consumed_at = ${now}::timestamptz
        WHERE id = ${row.id}::bigint AND consumed_at IS NULL
        RETURNING id::text AS id`,
  );
  if (used.length === 0) wrongCode(field);
}
