import { createHmac, randomBytes } from 'node:crypto';

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (authenticator apps read secrets this way). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += base32Alphabet[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes {@link base32Encode} (case-insensitive, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[=\s]/g, '');
  let bits = 0;
  let value = 0;
  const output: number[] = [];
  for (const character of clean) {
    const index = base32Alphabet.indexOf(character);
    if (index < 0) throw new Error(`Invalid base32 character "${character}"`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      output.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(output);
}

/** A new 20-byte authenticator secret in base32 (32 characters). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The 30-second time step of RFC 6238 that `epochMs` falls in. */
export function totpStep(epochMs: number, periodSeconds = 30): number {
  return Math.floor(epochMs / 1000 / periodSeconds);
}

/** HOTP (RFC 4226) with HMAC-SHA-1 of a counter, truncated to `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary =
    (((digest[offset] ?? 0) & 0x7f) << 24) |
    ((digest[offset + 1] ?? 0) << 16) |
    ((digest[offset + 2] ?? 0) << 8) |
    (digest[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP code (RFC 6238, SHA-1, 30 s) of a raw key at `epochMs`. */
export function totpCode(key: Uint8Array, epochMs: number, digits = 6): string {
  return hotp(key, totpStep(epochMs), digits);
}

/**
 * Finds the step (now, one before or one after) whose 6-digit code is `code`; `null` when
 * none matches. The caller makes the code single use by accepting only steps after the last
 * one used.
 */
export function matchTotpStep(secretBase32: string, code: string, epochMs: number): number | null {
  const key = base32Decode(secretBase32);
  const current = totpStep(epochMs);
  for (const step of [current - 1, current, current + 1]) {
    if (hotp(key, step, 6) === code) return step;
  }
  return null;
}

/** The `otpauth://totp/…` URI authenticator apps read from a QR code. */
export function otpauthUrl(issuer: string, accountName: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
