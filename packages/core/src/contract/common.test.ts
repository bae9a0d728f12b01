import { describe, expect, it } from 'vitest';
import {
  accountNameSchema,
  coinIdSchema,
  daysInRange,
  emailSchema,
  hashrateSeriesQuerySchema,
  isoDateTimeSchema,
  miningAddressSchema,
  moneySchema,
  pagedDateRangeQuerySchema,
  paginatedSchema,
  paginationQuerySchema,
  percentSchema,
  positiveMoneySchema,
  queryBooleanSchema,
  timezoneSchema,
  urlSchema,
  workerNameSchema,
} from './common';

describe('moneySchema', () => {
  it('should accept decimal strings', () => {
    for (const value of ['0', '0.1', '12.5', '-0.00012345', '123456789012345678.123456789']) {
      expect(moneySchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('should reject a JS number such as 0.1', () => {
    expect(moneySchema.safeParse(0.1).success).toBe(false);
    expect(moneySchema.safeParse(100).success).toBe(false);
  });

  it('should reject exponents and malformed decimals', () => {
    for (const value of ['1e5', '1E5', '.5', '1.', '+1', ' 1', '1,000', '', 'NaN', 'Infinity']) {
      expect(moneySchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('positiveMoneySchema', () => {
  it('should accept a positive amount', () => {
    expect(positiveMoneySchema.parse('0.5')).toBe('0.5');
    expect(positiveMoneySchema.parse('0.000000000000000001')).toBe('0.000000000000000001');
  });

  it('should reject zero, a sign and more than 18 decimals', () => {
    for (const value of ['0', '0.000', '-1', '+1', '0.0000000000000000001', '1e3']) {
      expect(positiveMoneySchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('percentSchema', () => {
  it('should accept percentages up to 100', () => {
    expect(percentSchema.parse('0.5')).toBe('0.5');
    expect(percentSchema.parse('100')).toBe('100');
  });

  it('should reject more than 100, negatives and numbers', () => {
    expect(percentSchema.safeParse('100.01').success).toBe(false);
    expect(percentSchema.safeParse('-1').success).toBe(false);
    expect(percentSchema.safeParse(2).success).toBe(false);
  });
});

describe('paginationQuerySchema', () => {
  it('should default to page 1 of 10', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
  });

  it('should coerce query strings to integers', () => {
    expect(paginationQuerySchema.parse({ page: '2', page_size: '25' })).toEqual({
      page: 2,
      page_size: 25,
    });
  });

  it('should reject page 0', () => {
    expect(paginationQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('should reject fractional, non-numeric and empty pages', () => {
    expect(paginationQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '' }).success).toBe(false);
  });

  it('should keep page_size within 1..100', () => {
    expect(paginationQuerySchema.safeParse({ page_size: '100' }).success).toBe(true);
    expect(paginationQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page_size: '0' }).success).toBe(false);
  });

  it('should reject unknown query keys', () => {
    expect(paginationQuerySchema.safeParse({ page: '1', limit: '5' }).success).toBe(false);
  });
});

describe('paginatedSchema', () => {
  it('should read a paginated answer', () => {
    const schema = paginatedSchema(workerNameSchema);
    expect(schema.parse({ list: ['rig1'], total: 1, page: 1, page_size: 10 }).list).toEqual([
      'rig1',
    ]);
    expect(schema.safeParse({ list: [], total: -1, page: 1, page_size: 10 }).success).toBe(false);
  });
});

describe('timezoneSchema', () => {
  it('should accept UTC offsets in UTC±hh:mm form', () => {
    for (const value of ['UTC+00:00', 'UTC+08:00', 'UTC-03:30', 'UTC+05:45', 'UTC+14:00']) {
      expect(timezoneSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('should reject other forms', () => {
    for (const value of [
      'UTC+8',
      'UTC+8:00',
      'GMT+08:00',
      'utc+08:00',
      'UTC+15:00',
      'UTC+08:60',
      'Asia/Shanghai',
      'UTC',
    ]) {
      expect(timezoneSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('workerNameSchema', () => {
  it('should accept digits and lower-case letters up to 64 characters', () => {
    expect(workerNameSchema.safeParse('rig01').success).toBe(true);
    expect(workerNameSchema.safeParse('a'.repeat(64)).success).toBe(true);
  });

  it('should reject upper case, punctuation, empty and over-long names', () => {
    for (const value of ['Rig01', 'rig-01', 'rig.01', 'rig 01', '', 'a'.repeat(65)]) {
      expect(workerNameSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('accountNameSchema', () => {
  it('should accept 4-30 letters or digits', () => {
    expect(accountNameSchema.safeParse('Alice01').success).toBe(true);
    expect(accountNameSchema.safeParse('a'.repeat(30)).success).toBe(true);
  });

  it('should reject short, long and punctuated names', () => {
    for (const value of ['abc', 'a'.repeat(31), 'alice_01', 'alice 01']) {
      expect(accountNameSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('identity pieces', () => {
  it('should accept known coins only', () => {
    expect(coinIdSchema.parse('grin-c32')).toBe('grin-c32');
    expect(coinIdSchema.safeParse('BTC').success).toBe(false);
  });

  it('should check only the common shape of a mining address', () => {
    expect(
      miningAddressSchema.safeParse(
        'kaspa:qr0lr4ml9fn3chekrqmjdkergxl93l4wrk3dankcgvjq776s9wn9jkdskewva',
      ).success,
    ).toBe(true);
    expect(miningAddressSchema.safeParse('k:abc').success).toBe(true);
    expect(miningAddressSchema.safeParse('').success).toBe(false);
    expect(miningAddressSchema.safeParse('addr with space').success).toBe(false);
    expect(miningAddressSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });

  it('should reject a malformed email', () => {
    expect(emailSchema.safeParse('a@example.com').success).toBe(true);
    expect(emailSchema.safeParse('a@').success).toBe(false);
  });
});

describe('time', () => {
  it('should accept ISO UTC date-times only', () => {
    expect(isoDateTimeSchema.safeParse('2024-04-20T00:09:27Z').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2024-04-20T00:09:27.123Z').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2024-04-20T08:09:27+08:00').success).toBe(false);
    expect(isoDateTimeSchema.safeParse(1713571767000).success).toBe(false);
  });

  it('should count days of a range inclusively', () => {
    expect(daysInRange('2024-01-01', '2024-01-01')).toBe(1);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('should refuse a date range whose start follows its end', () => {
    expect(
      pagedDateRangeQuerySchema.safeParse({ start_date: '2024-02-01', end_date: '2024-01-01' })
        .success,
    ).toBe(false);
    expect(pagedDateRangeQuerySchema.safeParse({ start_date: '2024-02-01' }).success).toBe(true);
  });
});

describe('hashrateSeriesQuerySchema', () => {
  it('should default to hourly points over 24 hours', () => {
    expect(hashrateSeriesQuerySchema.parse({})).toEqual({ interval: '1h', range: '24h' });
  });

  it('should refuse 10-minute steps over 30 days', () => {
    expect(hashrateSeriesQuerySchema.safeParse({ interval: '10m', range: '7d' }).success).toBe(
      true,
    );
    expect(hashrateSeriesQuerySchema.safeParse({ interval: '10m', range: '30d' }).success).toBe(
      false,
    );
  });

  it('should refuse an unknown interval', () => {
    expect(hashrateSeriesQuerySchema.safeParse({ interval: '5m' }).success).toBe(false);
  });
});

describe('queryBooleanSchema', () => {
  it('should read "false" as false, unlike z.coerce.boolean', () => {
    expect(queryBooleanSchema.parse('false')).toBe(false);
    expect(queryBooleanSchema.parse('true')).toBe(true);
    expect(queryBooleanSchema.parse(false)).toBe(false);
    expect(queryBooleanSchema.safeParse('maybe').success).toBe(false);
  });
});

describe('urlSchema', () => {
  it('should accept http and https links only', () => {
    expect(
      urlSchema.safeParse('https://pool.example/observer_redirect?observer_token=t').success,
    ).toBe(true);
    expect(urlSchema.safeParse('http://localhost:3000/').success).toBe(true);
    expect(urlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(urlSchema.safeParse('ftp://pool.example/file').success).toBe(false);
  });
});
