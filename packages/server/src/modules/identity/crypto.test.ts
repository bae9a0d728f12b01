import { describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import {
  hashPassword,
  PASSWORD_HASH_COST,
  TEST_PASSWORD_HASH_COST,
  verifyPassword,
} from './crypto';

describe('password hashes', () => {
  it('should hash at N = 2^14 unless told otherwise, and verify only the right password', async () => {
    const stored = await hashPassword('Right1234');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Right1234', stored)).toBe(true);
    expect(await verifyPassword('Wrong1234', stored)).toBe(false);
  });

  it('should verify a hash at the cost it carries', async () => {
    const cheap = await hashPassword('Right1234', TEST_PASSWORD_HASH_COST);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Right1234', cheap)).toBe(true);
    expect(await verifyPassword('Wrong1234', cheap)).toBe(false);
    expect(await verifyPassword('Right1234', cheap.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('should use the cheaper cost in test mode only', () => {
    const context = (env: Record<string, string>) =>
      createAppContext({
        database: {} as Database,
        clock: { now: () => 0 },
        config: testConfig(env),
        mailer: { send: async () => {} },
      });
    expect(context({}).passwordHashCost).toEqual(TEST_PASSWORD_HASH_COST);
    expect(context({ POOLKIT_ENV: 'development' }).passwordHashCost).toEqual(PASSWORD_HASH_COST);
    expect(
      context({ POOLKIT_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DEMO: '0' })
        .passwordHashCost,
    ).toEqual(PASSWORD_HASH_COST);
  });
});
