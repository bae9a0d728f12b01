import { sha256 } from '@noble/hashes/sha2.js';
import type { CaptchaChallenge, CaptchaResult } from '../contract/identity';

/** Leading zero bits of a digest. */
function leadingZeroBits(digest: Uint8Array): number {
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

/** Options of {@link solveCaptcha}. */
export interface SolveCaptchaOptions {
  /** Stops the search (throws the signal's reason). Default: never. */
  readonly signal?: AbortSignal;
  /** Hashes between two yields to the event loop, so a page stays responsive. Default `2000`. */
  readonly batchSize?: number;
}

/**
 * Solves a proof-of-work captcha of `GET /captcha/challenge`: finds a nonce `captcha_output`
 * such that SHA-256(`lot_number + ':' + captcha_output`) starts with `difficulty_bits` zero bits,
 * and answers the captcha result the login and code-sending calls take. About
 * 2^difficulty_bits hashes on average (65,536 for 16 bits).
 *
 * The hashes are @noble/hashes' synchronous SHA-256, from a copy of the prefix's state: WebCrypto's
 * `subtle.digest` costs a promise and a copy per hash, and solving 16 bits with it took about 4 s
 * of CPU in Node 20 against 0.1 to 0.3 s this way (`npm run bench -w @poolkit/core`).
 *
 * @example
 * const result = await solveCaptcha(await api.captchaChallenge());
 * await api.login({ query: result, body });
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  options: SolveCaptchaOptions = {},
): Promise<CaptchaResult> {
  const encoder = new TextEncoder();
  const batchSize = options.batchSize ?? 2000;
  // Every candidate starts with `lot_number:`: hash that once and go on from a copy of its state.
  const prefix = sha256.create().update(encoder.encode(`${challenge.lot_number}:`));
  for (let nonce = 0; ; nonce += 1) {
    if (nonce % batchSize === 0 && nonce > 0) {
      options.signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const output = nonce.toString(36);
    const digest = prefix.clone().update(encoder.encode(output)).digest();
    if (leadingZeroBits(digest) >= challenge.difficulty_bits) {
      return {
        lot_number: challenge.lot_number,
        gen_time: challenge.gen_time,
        captcha_output: output,
        pass_token: challenge.pass_token,
      };
    }
  }
}
