import { describe, expect, it } from 'vitest';
import { orderExpired, orderExpiresAtMs } from './orderExpired';

const CREATED = Date.UTC(2025, 5, 1, 10, 0, 0);
const HOUR = 60 * 60 * 1000;

describe('orderExpired', () => {
  it('should keep a new order open', () => {
    expect(orderExpired(CREATED, CREATED)).toBe(false);
  });

  it('should keep the order open 1 ms before 2 hours', () => {
    expect(orderExpired(CREATED, CREATED + 2 * HOUR - 1)).toBe(false);
  });

  it('should cancel the unpaid order at exactly 2 hours', () => {
    expect(orderExpired(CREATED, CREATED + 2 * HOUR)).toBe(true);
  });

  it('should tell when the order expires', () => {
    expect(orderExpiresAtMs(CREATED)).toBe(CREATED + 2 * HOUR);
  });
});
