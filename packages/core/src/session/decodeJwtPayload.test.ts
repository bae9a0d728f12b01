import { describe, expect, it } from 'vitest';
import { decodeJwtExpiry, decodeJwtIssuedAt, decodeJwtPayload } from './decodeJwtPayload';

function jwt(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

describe('decodeJwtPayload', () => {
  it('should decode a base64url payload with UTF-8 text', () => {
    // '~~~' and '???' produce '-' and '_' in base64url, and the length needs padding.
    const token = jwt({ sub: 'пользователь', note: '~~~???', n: 1 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeJwtPayload(token)).toEqual({ sub: 'пользователь', note: '~~~???', n: 1 });
  });

  it('should return null for anything that is not a JWT with an object payload', () => {
    expect(decodeJwtPayload('not-a-token')).toBeNull();
    expect(decodeJwtPayload('a.b')).toBeNull();
    expect(decodeJwtPayload('a..c')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(decodeJwtPayload(jwt([1, 2]))).toBeNull();
    expect(decodeJwtPayload(jwt('text'))).toBeNull();
    expect(decodeJwtPayload(`a.${Buffer.from('{oops').toString('base64url')}.c`)).toBeNull();
  });
});

describe('decodeJwtExpiry', () => {
  it('should read the exp claim in milliseconds', () => {
    expect(decodeJwtExpiry(jwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('should return null without a numeric exp', () => {
    expect(decodeJwtExpiry(jwt({ sub: 'x' }))).toBeNull();
    expect(decodeJwtExpiry(jwt({ exp: '1700000000' }))).toBeNull();
    expect(decodeJwtExpiry('garbage')).toBeNull();
  });
});

describe('decodeJwtIssuedAt', () => {
  it('should read the iat claim in milliseconds', () => {
    expect(decodeJwtIssuedAt(jwt({ iat: 1_699_990_000, exp: 1_700_000_000 }))).toBe(
      1_699_990_000_000,
    );
    expect(decodeJwtIssuedAt(jwt({ exp: 1_700_000_000 }))).toBeNull();
  });
});
