import { randomInt } from 'node:crypto';

/** Letters and digits of a code, without the look-alikes 0, O, 1 and I. */
export const COUPON_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new random coupon code, `XXXX-XXXX-XXXX` from {@link COUPON_CODE_ALPHABET}: 60 bits from
 * the system's secure random source, so codes can be neither guessed nor enumerated.
 */
export function newCouponCode(): string {
  const characters = Array.from(
    { length: 12 },
    () => COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)],
  ).join('');
  return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
}

/** A code as stored: trimmed and in upper case, so users may type it in any case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
