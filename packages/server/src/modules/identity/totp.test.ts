import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotpStep, otpauthUrl, totpCode } from './totp';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (20 bytes). */
const seed = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238)', () => {
  it('should give the 8-digit SHA-1 test vectors of appendix B', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1_111_111_109, '07081804'],
      [1_111_111_111, '14050471'],
      [1_234_567_890, '89005924'],
      [2_000_000_000, '69279037'],
      [20_000_000_000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(seed, seconds * 1000, 8)).toBe(code);
    }
  });

  it('should truncate the same vectors to their last 6 digits', () => {
    expect(totpCode(seed, 59_000)).toBe('287082');
    expect(totpCode(seed, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(seed, 20_000_000_000_000)).toBe('353130');
  });

  it('should accept one step before and after, and nothing further', () => {
    const secret = base32Encode(seed);
    const now = 1_111_111_109_000;
    expect(matchTotpStep(secret, totpCode(seed, now - 30_000), now)).toBe(37_037_035);
    expect(matchTotpStep(secret, totpCode(seed, now + 30_000), now)).toBe(37_037_037);
    expect(matchTotpStep(secret, totpCode(seed, now - 60_000), now)).toBeNull();
  });

  it('should round-trip base32 and build an otpauth URI', () => {
    expect(base32Encode(seed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(seed);
    expect(otpauthUrl('PoolKit', 'alice', 'ABC')).toBe(
      'otpauth://totp/PoolKit%3Aalice?secret=ABC&issuer=PoolKit&algorithm=SHA1&digits=6&period=30',
    );
  });
});
