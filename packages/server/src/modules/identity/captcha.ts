import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type AnswerOf, ERROR_CODES } from '../../contract';
import { iso, queryRows } from '../../db/sql';
import { HttpError } from '../../http/httpError';
import { deriveKey, safeEqual } from './crypto';

/** How long a challenge can be answered: 5 minutes. */
export const CAPTCHA_MAX_AGE_MS = 5 * 60_000;

/** A captcha result as the login and code-sending calls take it in their query. */
export interface CaptchaResult {
  readonly lot_number: string;
  readonly gen_time: string;
  readonly captcha_output: string;
  readonly pass_token: string;
}

/** A challenge of `GET /captcha/challenge`. */
export type CaptchaChallengeAnswer = AnswerOf<'captchaChallenge'>;

function passToken(secret: string, lotNumber: string, genTime: string, bits: number): string {
  return createHmac('sha256', deriveKey(secret, 'captcha'))
    .update(`${lotNumber}|${genTime}|${bits}`)
    .digest('base64url');
}

/** Makes a new proof-of-work challenge signed with the server secret. */
export async function issueCaptchaChallenge(context: AppContext): Promise<CaptchaChallengeAnswer> {
  const lotNumber = randomBytes(16).toString('hex');
  const genTime = String(Math.floor(context.clock.now() / 1000));
  const bits = context.captchaDifficultyBits;
  return {
    lot_number: lotNumber,
    gen_time: genTime,
    difficulty_bits: bits,
    pass_token: passToken(await context.secret(), lotNumber, genTime, bits),
  };
}

function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

function refuse(reason: string): never {
  throw new HttpError(400, ERROR_CODES.captchaInvalid, `Captcha verification failed: ${reason}`);
}

/**
 * Checks a captcha result: the server's signature, the age (at most 5 minutes), the work, and
 * that the lot was never used (an atomic insert, so two concurrent uses cannot both pass).
 * HTTP 400 code 40003 otherwise.
 */
export async function verifyCaptcha(context: AppContext, result: CaptchaResult): Promise<void> {
  const secret = await context.secret();
  const now = context.clock.now();
  const bits = context.captchaDifficultyBits;
  if (!safeEqual(result.pass_token, passToken(secret, result.lot_number, result.gen_time, bits))) {
    refuse('bad signature');
  }
  const generatedMs = Number(result.gen_time) * 1000;
  if (!(generatedMs <= now + 5_000 && now - generatedMs <= CAPTCHA_MAX_AGE_MS)) refuse('expired');
  const digest = createHash('sha256')
    .update(`${result.lot_number}:${result.captcha_output}`)
    .digest();
  if (leadingZeroBits(digest) < bits) refuse('wrong answer');
  await context.database.db.execute(
    sql`DELETE FROM captcha_used_lots WHERE expires_at < ${iso(now)}::timestamptz`,
  );
  const inserted = await queryRows<{ lot_number: string }>(
    context.database,
    sql`INSERT INTO captcha_used_lots (lot_number, expires_at)
        VALUES (${result.lot_number}, ${iso(generatedMs + CAPTCHA_MAX_AGE_MS + 60_000)}::timestamptz)
        ON CONFLICT (lot_number) DO NOTHING
        RETURNING lot_number`,
  );
  if (inserted.length === 0) refuse('already used');
}
