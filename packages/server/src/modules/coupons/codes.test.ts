import { describe, expect, it } from 'vitest';
import { newCouponCode, normaliseCouponCode } from './codes';

describe('coupon codes', () => {
  it('should draw XXXX-XXXX-XXXX codes without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCouponCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){2}$/);
  });

  it('should read a typed code in any case and without surrounding spaces', () => {
    expect(normaliseCouponCode('  abcd-efgh-jk23 ')).toBe('ABCD-EFGH-JK23');
  });
});
