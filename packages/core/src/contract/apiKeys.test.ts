import { describe, expect, it } from 'vitest';
import { CIDR_MESSAGE, createApiKeyBodySchema, isCidr } from './apiKeys';

describe('isCidr', () => {
  it('should take IPv4 and IPv6 addresses and blocks', () => {
    for (const text of [
      '203.0.113.7',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '2001:db8::/32',
      '::1',
      '::ffff:1.2.3.4',
    ]) {
      expect(isCidr(text), text).toBe(true);
    }
  });

  it('should refuse malformed addresses and prefixes', () => {
    for (const text of [
      '',
      '10.0.0',
      '256.1.1.1',
      '01.2.3.4',
      '10.0.0.0/33',
      '10.0.0.0/',
      '2001:db8::/129',
      'host.example',
      '1.2.3.4/8/8',
      'gg::1',
    ]) {
      expect(isCidr(text), text).toBe(false);
    }
  });
});

describe('createApiKeyBodySchema', () => {
  it('should name the field of a malformed allow-list entry', () => {
    const result = createApiKeyBodySchema.safeParse({
      name: 'monitor',
      scopes: ['miner.view'],
      accounts: ['alice01'],
      expiry: 'forever',
      ip_allow: ['10.0.0.1', 'nonsense'],
      validation_token: 'vt_x',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['ip_allow', 1]);
    expect(result.error?.issues[0]?.message).toBe(CIDR_MESSAGE);
  });

  it('should ask for at least one account', () => {
    const result = createApiKeyBodySchema.safeParse({
      name: 'monitor',
      scopes: ['miner.view'],
      accounts: [],
      expiry: 'forever',
      validation_token: 'vt_x',
    });
    expect(result.error?.issues[0]?.message).toBe('Select at least one account');
  });

  it('should ask for the validation token of a fresh second validation', () => {
    const body = {
      name: 'monitor',
      scopes: ['miner.view'],
      accounts: ['alice01'],
      expiry: 'forever',
    };
    const result = createApiKeyBodySchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['validation_token']]);
    expect(createApiKeyBodySchema.safeParse({ ...body, validation_token: 'vt_x' }).success).toBe(
      true,
    );
  });
});
